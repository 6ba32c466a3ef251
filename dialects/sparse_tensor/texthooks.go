package sparsetensor

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin/affine"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// The text forms of the sparse tensor encoding and of a dimension slice,
// which C++ reads and prints:
//
//	#sparse_tensor.encoding<{ map = [s0](d0 : #sparse_tensor<slice(1, ?, 1)>, d1) -> (d0 floordiv 2 : dense, d1 : compressed(nonunique)), posWidth = 64, crdWidth = 64 }>
//
// The map is dimToLvl with each level's type after its expression; the
// dimensions may carry slices. lvlToDim is not printed (MLIR infers it
// from dimToLvl): read from text it is the empty map.

// A level type is a format, its properties and, for structured levels,
// n and m in one word (LevelType in SparseTensor/IR/Enums.h).
var levelFormats = []struct {
	name string
	bits uint64
}{
	{"dense", 0x10000}, {"batch", 0x20000}, {"compressed", 0x40000}, {"singleton", 0x80000},
	{"loose_compressed", 0x100000}, {"structured", 0x200000},
}

var levelProps = []struct {
	name string
	bits uint64
}{{"nonunique", 1}, {"nonordered", 2}, {"soa", 4}}

const (
	formatMask = 0xffff0000
	propMask   = 0xffff
	structured = 0x200000
)

// levelTypeString is LevelType::toMLIRString.
func levelTypeString(lt uint64) (string, bool) {
	var b strings.Builder
	found := false
	for _, f := range levelFormats {
		if lt&formatMask == f.bits {
			b.WriteString(f.name)
			found = true
		}
	}
	if !found || lt&^(formatMask|propMask|0xffff<<32) != 0 {
		return "", false
	}
	if lt&formatMask == structured {
		fmt.Fprintf(&b, "[%d, %d]", lt>>32&0xff, lt>>40&0xff)
	} else if lt>>32 != 0 {
		return "", false
	}
	var props []string
	rest := lt & propMask
	for _, p := range levelProps {
		if rest&p.bits != 0 {
			props = append(props, p.name)
			rest &^= p.bits
		}
	}
	if rest != 0 {
		return "", false
	}
	if len(props) > 0 {
		b.WriteString("(" + strings.Join(props, ", ") + ")")
	}
	return b.String(), true
}

// parseLevelType reads what levelTypeString prints.
func parseLevelType(s string) (uint64, bool) {
	s = strings.TrimSpace(s)
	name, rest := s, ""
	if i := strings.IndexAny(s, "[("); i >= 0 {
		name, rest = s[:i], s[i:]
	}
	var lt uint64
	for _, f := range levelFormats {
		if f.name == name {
			lt = f.bits
		}
	}
	if lt == 0 {
		return 0, false
	}
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		if lt != structured || end < 0 {
			return 0, false
		}
		n, m, ok := strings.Cut(rest[1:end], ", ")
		nv, err1 := strconv.ParseUint(n, 10, 8)
		mv, err2 := strconv.ParseUint(m, 10, 8)
		if !ok || err1 != nil || err2 != nil {
			return 0, false
		}
		lt |= nv<<32 | mv<<40
		rest = rest[end+1:]
	}
	if rest != "" {
		if !strings.HasPrefix(rest, "(") || !strings.HasSuffix(rest, ")") {
			return 0, false
		}
		for _, p := range strings.Split(rest[1:len(rest)-1], ", ") {
			found := false
			for _, q := range levelProps {
				if q.name == p && lt&q.bits == 0 {
					lt |= q.bits
					found = true
				}
			}
			if !found {
				return 0, false
			}
		}
	}
	return lt, true
}

// splitTop splits s at the commas outside brackets.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '<', '{':
			depth++
		case ')', ']', '>', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// balanced returns the length of the bracketed group at the start of s.
func balanced(s string, open, close byte) int {
	if s == "" || s[0] != open {
		return -1
	}
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return i + 1
			}
		case '"':
			return -1
		}
	}
	return -1
}

func parseSparseTensorEncodingAttrText(p *asmformat.Parser) any {
	ctx := p.Context()
	p.Expect("<")
	p.Expect("{")
	var (
		lvlTypes                 []uint64
		dimToLvl                 affine.Map
		posWidth, crdWidth       uint32
		explicitVal, implicitVal ir.Attribute
		slices                   []ir.Attribute
		seen                     = map[string]bool{}
	)
	for !p.Failed() {
		k, ok := p.Keyword()
		if !ok {
			break
		}
		if seen[k] {
			p.Errorf("duplicate '%s'", k)
			return nil
		}
		seen[k] = true
		p.Expect("=")
		switch k {
		case "map":
			var ok bool
			if lvlTypes, dimToLvl, slices, ok = parseDimLvlMap(p); !ok {
				return nil
			}
		case "posWidth", "crdWidth":
			v := p.ExpectUint64("a bit width")
			if uint64(uint32(v)) != v {
				p.Errorf("bit width out of range")
				return nil
			}
			if k == "posWidth" {
				posWidth = uint32(v)
			} else {
				crdWidth = uint32(v)
			}
		case "explicitVal":
			explicitVal = p.Attr()
		case "implicitVal":
			implicitVal = p.Attr()
		default:
			p.Errorf("unexpected key '%s'", k)
			return nil
		}
		if !p.Optional(",") {
			break
		}
	}
	p.Expect("}")
	p.Expect(">")
	if p.Failed() || !seen["map"] {
		return nil
	}
	return GetSparseTensorEncodingAttr(ctx, lvlTypes, dimToLvl, affine.Map{}, posWidth, crdWidth, explicitVal, implicitVal, slices)
}

// parseDimLvlMap reads [symbols](dims) -> (levels) from the source at the
// current token and moves past it.
func parseDimLvlMap(p *asmformat.Parser) ([]uint64, affine.Map, []ir.Attribute, bool) {
	src := p.Source()
	start := p.Tok().Off
	s := src[start:]
	i := 0
	syms := ""
	if n := balanced(s, '[', ']'); n > 0 {
		syms, i = s[:n], n
	}
	n := balanced(s[i:], '(', ')')
	if n < 0 {
		p.Errorf("expected the dimensions of the map")
		return nil, affine.Map{}, nil, false
	}
	dims := s[i+1 : i+n-1]
	i += n
	if !strings.HasPrefix(s[i:], " -> ") {
		p.Errorf("expected '->'")
		return nil, affine.Map{}, nil, false
	}
	i += len(" -> ")
	n = balanced(s[i:], '(', ')')
	if n < 0 {
		p.Errorf("expected the levels of the map")
		return nil, affine.Map{}, nil, false
	}
	lvls := s[i+1 : i+n-1]
	i += n
	var dimNames []string
	var slices []ir.Attribute
	if strings.TrimSpace(dims) != "" {
		for j, d := range splitTop(dims) {
			name, slice, hasSlice := strings.Cut(strings.TrimSpace(d), " : ")
			dimNames = append(dimNames, name)
			if !hasSlice {
				if len(slices) > 0 {
					return fail(p, "slices on some dimensions only")
				}
				continue
			}
			if j > 0 && len(slices) == 0 {
				return fail(p, "slices on some dimensions only")
			}
			a := p.AttrOf(slice)
			if _, ok := a.(*SparseTensorDimSliceAttr); !ok {
				return fail(p, "expected a dimension slice")
			}
			slices = append(slices, a)
		}
	}
	var exprs []string
	var lts []uint64
	if strings.TrimSpace(lvls) != "" {
		for _, l := range splitTop(lvls) {
			k := strings.LastIndex(l, " : ")
			if k < 0 {
				return fail(p, "expected a level type")
			}
			lt, ok := parseLevelType(l[k+3:])
			if !ok {
				return fail(p, "unknown level type")
			}
			exprs = append(exprs, strings.TrimSpace(l[:k]))
			lts = append(lts, lt)
		}
	}
	if syms != "" {
		syms = strings.ReplaceAll(syms, " ", "")
		syms = strings.ReplaceAll(syms, ",", ", ")
	}
	text := "affine_map<(" + strings.Join(dimNames, ", ") + ")" + syms + " -> (" + strings.Join(exprs, ", ") + ")>"
	m, err := affine.ParseMapForRelease(text, p.Release())
	if err != nil {
		return fail(p, "invalid map: "+err.Error())
	}
	p.ResetTo(start + i)
	return lts, m, slices, true
}

func fail(p *asmformat.Parser, msg string) ([]uint64, affine.Map, []ir.Attribute, bool) {
	p.Errorf("%s", msg)
	return nil, affine.Map{}, nil, false
}

// mapSyntaxSince is the first release that spells the encoding with
// map = (...) -> (...), the syntax these hooks read and print.
const mapSyntaxSince = 18

func printSparseTensorEncodingAttrText(pr *asmformat.Printer, v any) {
	a := v.(*SparseTensorEncodingAttr)
	if r := pr.Release(); r != 0 && r < mapSyntaxSince {
		// LLVM 16 spells the encoding otherwise (dimLevelType = [...],
		// dimOrdering = ...), which is not modeled here.
		pr.Fail()
		return
	}
	m := a.DimToLvl()
	if m.NumDims == 0 && m.NumSymbols == 0 && len(m.Results) == 0 {
		// No map is the identity (a storage specifier's encoding).
		m = affine.IdentityMap(len(a.LvlTypes()))
	}
	if len(m.Results) != len(a.LvlTypes()) || len(a.DimSlices()) > 0 && len(a.DimSlices()) != m.NumDims {
		pr.Fail()
		return
	}
	pr.Write("<{ map = ")
	if m.NumSymbols > 0 {
		pr.Write("[")
		for i := range m.NumSymbols {
			if i > 0 {
				pr.Write(", ")
			}
			pr.Write("s" + strconv.Itoa(i))
		}
		pr.Write("]")
	}
	pr.Write("(")
	for i := range m.NumDims {
		if i > 0 {
			pr.Write(", ")
		}
		pr.Write("d" + strconv.Itoa(i))
		if len(a.DimSlices()) > 0 {
			pr.Write(" : ")
			pr.Value(a.DimSlices()[i])
		}
	}
	pr.Write(") -> (")
	for i, e := range m.Results {
		if i > 0 {
			pr.Write(", ")
		}
		s, ok := levelTypeString(a.LvlTypes()[i])
		if !ok || e == nil {
			pr.Fail()
			return
		}
		pr.Write(e.String() + " : " + s)
	}
	pr.Write(")")
	if a.PosWidth() != 0 {
		pr.Write(", posWidth = ")
		pr.Uint(uint64(a.PosWidth()))
	}
	if a.CrdWidth() != 0 {
		pr.Write(", crdWidth = ")
		pr.Uint(uint64(a.CrdWidth()))
	}
	if a.ExplicitVal() != nil {
		pr.Write(", explicitVal = ")
		pr.Value(a.ExplicitVal())
	}
	if a.ImplicitVal() != nil {
		pr.Write(", implicitVal = ")
		pr.Value(a.ImplicitVal())
	}
	pr.Write(" }>")
}

// A slice's offset, size and stride, ? where dynamic (-1).
func parseSparseTensorDimSliceAttrText(p *asmformat.Parser) any {
	p.Expect("(")
	var v [3]int64
	for i := range v {
		if i > 0 {
			p.Expect(",")
		}
		if p.Optional("?") {
			v[i] = -1
			continue
		}
		if t := p.Tok(); t.Kind != asm.Integer {
			p.Errorf("expected an integer or '?'")
			return nil
		}
		v[i] = p.ExpectInt64("an integer")
		if v[i] < 0 {
			p.Errorf("expect positive value or ? for slice offset/size/stride")
			return nil
		}
	}
	p.Expect(")")
	if p.Failed() {
		return nil
	}
	return GetSparseTensorDimSliceAttr(p.Context(), v[0], v[1], v[2])
}

func printSparseTensorDimSliceAttrText(pr *asmformat.Printer, v any) {
	a := v.(*SparseTensorDimSliceAttr)
	pr.Write("(")
	for i, x := range []int64{a.Offset(), a.Size(), a.Stride()} {
		if i > 0 {
			pr.Write(", ")
		}
		if x == -1 {
			pr.Write("?")
		} else {
			pr.Int(x)
		}
	}
	pr.Write(")")
}
