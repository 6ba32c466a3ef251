package mlirtext

import (
	"encoding/binary"
	"encoding/hex"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// resourceSection prints the file metadata dictionary, {-# ... #-}: the
// dialect resources the printed attributes referred to (in the order
// they were first printed; declarations without data are left out, as
// mlir-opt leaves them), then the external resource groups.
func (p *printer) resourceSection() {
	started := false
	start := func() {
		if !started {
			started = true
			p.out.Write("\n{-#\n")
		}
	}
	// Group the referenced handles by dialect, dialects in the order
	// they were first referenced.
	var dialects []string
	byDialect := map[string][]*mlirbc.Resource{}
	for _, h := range p.resourceOrder {
		r := p.m.Resources[h]
		if r == nil || r.Declared {
			continue
		}
		if _, ok := byDialect[h.Dialect]; !ok {
			dialects = append(dialects, h.Dialect)
		}
		byDialect[h.Dialect] = append(byDialect[h.Dialect], r)
	}
	sections := 0
	section := func(name string, groups []string, entries func(string) []*mlirbc.Resource) {
		had := false
		for _, g := range groups {
			es := entries(g)
			if len(es) == 0 {
				continue
			}
			start()
			if !had {
				if sections > 0 && p.release >= 19 {
					p.out.Write(",\n")
				}
				p.out.Write("  " + name + "_resources: {\n")
				had = true
				sections++
			} else if p.release >= 19 {
				// LLVM 16 separates neither sections nor groups.
				p.out.Write(",\n")
			}
			p.out.Write("    ")
			p.out.Write(g)
			p.out.Write(": {\n")
			for i, r := range es {
				if i > 0 {
					p.out.Write(",\n")
				}
				p.out.Write("      ")
				p.out.KeywordOrString(r.Key)
				p.out.Write(": ")
				p.resourceValue(r)
			}
			p.out.Write("\n    }")
		}
		if had {
			p.out.Write("\n  }")
		}
	}
	section("dialect", dialects, func(d string) []*mlirbc.Resource { return byDialect[d] })
	var external []string
	groups := map[string][]*mlirbc.Resource{}
	for _, g := range p.m.External {
		external = append(external, g.Name)
		for _, r := range g.Entries {
			if r != nil && !r.Declared {
				groups[g.Name] = append(groups[g.Name], r)
			}
		}
	}
	section("external", external, func(g string) []*mlirbc.Resource { return groups[g] })
	if started {
		p.out.Write("\n#-}\n")
	}
}

func (p *printer) resourceValue(r *mlirbc.Resource) {
	switch r.Kind {
	case mlirbc.ResourceBool:
		if r.Bool {
			p.out.Write("true")
		} else {
			p.out.Write("false")
		}
	case mlirbc.ResourceString:
		p.out.Quoted(r.String)
	default:
		var align [4]byte
		binary.LittleEndian.PutUint32(align[:], uint32(max(r.Alignment, 1)))
		p.out.Write("\"0x")
		p.out.Write(strings.ToUpper(hex.EncodeToString(align[:])))
		p.out.Write(strings.ToUpper(hex.EncodeToString(r.Data)))
		p.out.Byte('"')
	}
}
