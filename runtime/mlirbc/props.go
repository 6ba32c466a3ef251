package mlirbc

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Properties are how ODS ops store inherent attributes from LLVM 17 on.
// In memory they live in Operation.Attrs with the discardable ones; the
// op's schema says which names are inherent and in what order they travel.
// Segment sizes, which travel with them, are in segments.go.

// hasPropertyStorage reports whether ops of a release keep inherent
// attributes as properties (LLVM 17 on).
func hasPropertyStorage(release int) bool { return release == 0 || release >= 17 }

// propReader decodes one registered op's properties entry.
type propReader struct {
	builtin bytecode.Builtin
	r       *wire.Reader
	dec     *bytecode.Decoder
	version int
	// segs is where segment sizes are carved from, a chunk at a time: a
	// file of many ops with segments would otherwise cost a heap object
	// an op.
	segs []int32
}

// takeSegs returns n zero sizes, n being a count of an op's groups (from
// its schema, not the file).
func (p *propReader) takeSegs(n int) []int32 {
	if len(p.segs) < n {
		p.segs = make([]int32, max(512, n))
	}
	s := p.segs[:n:n]
	p.segs = p.segs[n:]
	return s
}

func (p *propReader) attr(what string) (ir.Attribute, error) {
	at := p.r.Offset()
	i, err := p.r.VarInt()
	if err != nil {
		return nil, err
	}
	a, err := p.dec.Attribute(i)
	if err != nil {
		return nil, p.r.ErrorAt(at, "an attribute index for "+what, err)
	}
	return a, nil
}

func (p *propReader) optionalAttr(what string) (ir.Attribute, error) {
	at := p.r.Offset()
	v, present, err := p.r.VarIntWithFlag()
	if err != nil {
		return nil, err
	}
	if !present {
		if v != 0 {
			return nil, p.r.ErrorAt(at, "0 or (index << 1) | 1 for optional "+what, wire.ErrInvalid)
		}
		return nil, nil
	}
	a, err := p.dec.Attribute(v)
	if err != nil {
		return nil, p.r.ErrorAt(at, "an attribute index for "+what, err)
	}
	return a, nil
}

// readProperties decodes a registered op's entry into named attributes
// (sorted by name) and segment sizes;
// attrs is where to append them.
func readProperties(op *ir.Operation, s *bytecode.OpSchema, p *propReader, attrs []ir.NamedAttr) ([]ir.NamedAttr, error) {
	legacy := func(i int) error {
		if p.version >= 6 {
			return nil
		}
		if s.OperandSegments && legacyPos(s, legacyOperandSegments) == i {
			seg, err := p.legacySegments("operand segment sizes")
			if err != nil {
				return err
			}
			op.SetOperandSegments(seg)
		}
		if s.ResultSegments && legacyPos(s, legacyResultSegments) == i {
			seg, err := p.legacySegments("result segment sizes")
			if err != nil {
				return err
			}
			op.SetResultSegments(seg)
		}
		return nil
	}
	for i, f := range s.Properties {
		if err := legacy(i); err != nil {
			return nil, err
		}
		var a ir.Attribute
		var err error
		switch f.Kind {
		case bytecode.PropAttr:
			a, err = p.attr(f.Name)
		case bytecode.PropOptionalAttr:
			a, err = p.optionalAttr(f.Name)
		case bytecode.PropNative:
			if a, err = f.Native.ReadProp(p.r, p.dec.Context()); err != nil {
				err = fmt.Errorf("property %s of %s: %w", f.Name, s.Name, err)
			}
		default:
			return nil, fmt.Errorf("property %s of %s: unsupported property kind %d", f.Name, s.Name, f.Kind)
		}
		if err != nil {
			return nil, err
		}
		switch {
		case a == nil:
		case f.Kind == bytecode.PropNative:
			// Native properties follow the attributes in declaration
			// order; keep the list sorted by name.
			attrs = insertSorted(attrs, ir.NamedAttr{Name: f.Name, Value: a})
		default:
			attrs = append(attrs, ir.NamedAttr{Name: f.Name, Value: a})
		}
	}
	if err := legacy(len(s.Properties)); err != nil {
		return nil, err
	}
	if p.version >= 6 {
		if s.OperandSegments {
			seg, err := p.sparse(s.OperandGroups, "operand segment sizes")
			if err != nil {
				return nil, err
			}
			op.SetOperandSegments(seg)
		}
		if s.ResultSegments {
			seg, err := p.sparse(s.ResultGroups, "result segment sizes")
			if err != nil {
				return nil, err
			}
			op.SetResultSegments(seg)
		}
	}
	return attrs, nil
}
