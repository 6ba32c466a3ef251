package layout

import (
	"fmt"
	"math"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/llvm"
	"github.com/dialectgen/dialectgen/runtime/datalayout"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// handler returns the generated layout handler of a builtin or LLVM type,
// nil for the types whose rules are in handwritten.go, or a NoLayoutError.
func (dl *DataLayout) handler(t *Type) (datalayout.Type, error) {
	if !t.Builtin() && !strings.HasPrefix(string(t.Class), "llvm.") {
		return nil, nil
	}
	it, err := dl.irType(t)
	if err != nil {
		return nil, err
	}
	h, ok := it.(datalayout.Type)
	if !ok || Class(h.LayoutClass()) != t.Class {
		return nil, &NoLayoutError{t.Text}
	}
	return h, nil
}

// floatTypes builds each builtin float type by its keyword.
var floatTypes = map[string]func(*ir.Context) ir.Type{
	"bf16": func(c *ir.Context) ir.Type { return builtin.GetBFloat16Type(c) },
	"f16":  func(c *ir.Context) ir.Type { return builtin.GetFloat16Type(c) },
	"f32":  func(c *ir.Context) ir.Type { return builtin.GetFloat32Type(c) },
	"f64":  func(c *ir.Context) ir.Type { return builtin.GetFloat64Type(c) },
	"f80":  func(c *ir.Context) ir.Type { return builtin.GetFloat80Type(c) },
	"f128": func(c *ir.Context) ir.Type { return builtin.GetFloat128Type(c) },
	"tf32": func(c *ir.Context) ir.Type { return builtin.GetFloatTF32Type(c) },

	"f8E5M2":        func(c *ir.Context) ir.Type { return builtin.GetFloat8E5M2Type(c) },
	"f8E4M3":        func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3Type(c) },
	"f8E4M3FN":      func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3FNType(c) },
	"f8E5M2FNUZ":    func(c *ir.Context) ir.Type { return builtin.GetFloat8E5M2FNUZType(c) },
	"f8E4M3FNUZ":    func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3FNUZType(c) },
	"f8E4M3B11FNUZ": func(c *ir.Context) ir.Type { return builtin.GetFloat8E4M3B11FNUZType(c) },
	"f8E3M4":        func(c *ir.Context) ir.Type { return builtin.GetFloat8E3M4Type(c) },
	"f8E8M0FNU":     func(c *ir.Context) ir.Type { return builtin.GetFloat8E8M0FNUType(c) },
	"f6E2M3FN":      func(c *ir.Context) ir.Type { return builtin.GetFloat6E2M3FNType(c) },
	"f6E3M2FN":      func(c *ir.Context) ir.Type { return builtin.GetFloat6E3M2FNType(c) },
	"f4E2M1FN":      func(c *ir.Context) ir.Type { return builtin.GetFloat4E2M1FNType(c) },
}

// irType builds the builtin Go type a parsed type stands for (its
// generated handler is a method of it); types of other dialects become
// text types.
func (dl *DataLayout) irType(t *Type) (ir.Type, error) {
	switch {
	case t.Class == ClassInteger:
		s := builtin.SignednessSignless
		switch t.Text[0] {
		case 's':
			s = builtin.SignednessSigned
		case 'u':
			s = builtin.SignednessUnsigned
		}
		return builtin.GetIntegerType(dl.ctx, uint32(t.Width), s), nil
	case t.Class == ClassIndex:
		return builtin.GetIndexType(dl.ctx), nil
	case t.IsFloat():
		return floatTypes[string(t.Class[len("builtin."):])](dl.ctx), nil
	case t.Class == ClassVector || t.Class == ClassComplex:
		if t.Elem == nil {
			return nil, &NoLayoutError{t.Text}
		}
		elem, err := dl.irType(t.Elem)
		if err != nil {
			return nil, err
		}
		if t.Class == ClassComplex {
			return builtin.GetComplexType(dl.ctx, elem), nil
		}
		shape := make([]int64, len(t.Shape))
		for i, d := range t.Shape {
			shape[i] = int64(d)
		}
		return builtin.GetVectorType(dl.ctx, shape, elem, t.Scalable), nil
	case t.Builtin():
		return nil, &NoLayoutError{t.Text}
	case t.Class == ClassLLVMPtr:
		if t.AddrSpace > math.MaxUint32 {
			return nil, &NoLayoutError{t.Text}
		}
		return llvm.GetLLVMPointerType(dl.ctx, uint32(t.AddrSpace)), nil
	case t.Class == ClassLLVMStruct:
		body := make([]ir.Type, len(t.Fields))
		for i, f := range t.Fields {
			var err error
			if body[i], err = dl.irType(f); err != nil {
				return nil, err
			}
		}
		return llvm.GetLLVMStructType(dl.ctx, t.Name, body, t.Packed, t.Opaque), nil
	case t.Class == ClassLLVMArray:
		elem, err := dl.irType(t.Elem)
		if err != nil {
			return nil, err
		}
		return llvm.GetLLVMArrayType(dl.ctx, elem, t.Count), nil
	case t.Class == ClassPPCFP128 && dl.rules.PPCFP128IsFloat:
		// The release's rules: 19 has no layout for it.
		return llvm.GetLLVMPPCFP128Type(dl.ctx), nil
	case strings.HasPrefix(string(t.Class), "llvm."):
		return nil, &NoLayoutError{t.Text}
	}
	dialect, _, _ := cutDialect(t.Text)
	return ir.GetTextType(dl.ctx, dialect, t.Text), nil
}

func cutDialect(text string) (string, string, bool) {
	if len(text) < 2 || text[0] != '!' {
		return "", text, false
	}
	for i := 1; i < len(text); i++ {
		if text[i] == '.' || text[i] == '<' {
			return text[1:i], text[i:], true
		}
	}
	return text[1:], "", true
}

// env is what a generated handler sees of the layout. bare: the handler's
// own type has no entries (MLIR's rules on an empty entry list).
type env struct {
	dl    *DataLayout
	class Class
	text  string // the type being asked about
	bare  bool
	err   error
	// direct: queries evaluate the argument's handler on a bare entry
	// list instead of going through the layout (Env.Bare).
	direct bool
	parent *env
}

func (e *env) root() *env {
	for e.parent != nil {
		e = e.parent
	}
	return e
}

func (e *env) record(err error) {
	if r := e.root(); r.err == nil {
		r.err = err
	}
}

func (e *env) Release() int { return e.dl.rules.Release }

func (e *env) Fail(format string, args ...any) {
	e.record(&UndefinedError{What: e.text + ": " + fmt.Sprintf(format, args...)})
}

func (e *env) parse(t ir.Type) *Type {
	p, err := ParseType(fmt.Sprint(t))
	if err != nil {
		e.record(err)
		return nil
	}
	return p
}

// bareCall evaluates t's own handler on no entries.
func (e *env) bareCall(t ir.Type, call func(datalayout.Type, datalayout.Env)) {
	p := e.parse(t)
	if p == nil {
		return
	}
	h, err := e.dl.handler(p)
	if err == nil && h == nil {
		err = &NoLayoutError{p.Text}
	}
	if err != nil {
		e.record(err)
		return
	}
	call(h, &env{dl: e.dl, class: p.Class, text: p.Text, bare: true, parent: e})
}

func (e *env) SizeInBits(t ir.Type) datalayout.Size {
	var s datalayout.Size
	if e.direct {
		e.bareCall(t, func(h datalayout.Type, b datalayout.Env) { s = h.LayoutSizeBits(b) })
		return s
	}
	if p := e.parse(t); p != nil {
		r, err := e.dl.sizeInBits(p)
		if err != nil {
			e.record(err)
		}
		s = datalayout.Size{Min: r.Min, Scalable: r.Scalable}
	}
	return s
}

func (e *env) ABIAlign(t ir.Type) uint64 {
	var n uint64
	if e.direct {
		e.bareCall(t, func(h datalayout.Type, b datalayout.Env) { n = h.LayoutABIAlign(b) })
		return n
	}
	if p := e.parse(t); p != nil {
		var err error
		if n, err = e.dl.abiOf(p); err != nil {
			e.record(err)
		}
	}
	return n
}

func (e *env) PrefAlign(t ir.Type) uint64 {
	var n uint64
	if e.direct {
		e.bareCall(t, func(h datalayout.Type, b datalayout.Env) { n = h.LayoutPrefAlign(b) })
		return n
	}
	if p := e.parse(t); p != nil {
		var err error
		if n, err = e.dl.prefOf(p); err != nil {
			e.record(err)
		}
	}
	return n
}

func (e *env) IndexBits(t ir.Type) uint64 {
	var n uint64
	if e.direct {
		e.bareCall(t, func(h datalayout.Type, b datalayout.Env) { n, _ = h.LayoutIndexBits(b) })
		return n
	}
	if p := e.parse(t); p != nil {
		var err error
		if n, _, err = e.dl.indexOf(p); err != nil {
			e.record(err)
		}
	}
	return n
}

func (e *env) Bare() datalayout.Env { return &env{dl: e.dl, direct: true, parent: e} }

func (e *env) Integer(width uint64) ir.Type {
	if width > 1<<24 {
		e.Fail("an integer of %d bits (integer types end at 2^24)", width)
		width = 1
	}
	return builtin.GetIntegerType(e.dl.ctx, uint32(width), builtin.SignednessSignless)
}

func (e *env) entries() []Entry {
	if e.bare {
		return nil
	}
	return e.dl.byClass[e.class]
}

func (e *env) HasEntries() bool { return len(e.entries()) > 0 }

func (e *env) FirstEntry() (abi, pref uint64) {
	es := e.entries()
	if len(es) == 0 {
		e.Fail("a %s entry where there is none", e.class)
		return 0, 0
	}
	return e.entryValues(&es[0])
}

func (e *env) entryValues(en *Entry) (abi, pref uint64) {
	v := en.Value
	if v.Kind != ValueDense || len(v.Ints) == 0 {
		e.record(fmt.Errorf("expected a dense elements attribute in the data layout entry for %s", en.KeyText()))
		return 0, 0
	}
	return uint64(v.Ints[0]), uint64(v.Ints[len(v.Ints)-1])
}

// EntryForWidth is MLIR's lookup of integer entries: a map by width (the
// first entry of a width kept), its lower bound, else its last.
func (e *env) EntryForWidth(width uint64) (abi, pref uint64) {
	var best, widest *Entry
	es := e.entries()
	for i := range es {
		en := &es[i]
		w := en.Type.Width
		if widest == nil || w > widest.Type.Width {
			widest = en
		}
		if w >= width && (best == nil || w < best.Type.Width) {
			best = en
		}
	}
	if best == nil {
		best = widest
	}
	if best == nil {
		e.Fail("an integer entry where there is none")
		return 0, 0
	}
	return e.entryValues(best)
}

func (e *env) IndexWidth() uint64 {
	w, err := e.dl.indexWidth()
	if err != nil {
		e.record(err)
	}
	return w
}

func (e *env) Context() *ir.Context { return e.dl.ctx }

// KeyedEntry is the entry whose key is key (pointers: the same address
// space), of key's class.
func (e *env) KeyedEntry(key ir.Type) ([]uint64, bool) {
	if e.bare {
		return nil, false
	}
	k := e.parse(key)
	if k == nil {
		return nil, false
	}
	for _, en := range e.dl.byClass[k.Class] {
		if !sameKey(en.Type, k) {
			continue
		}
		if en.Value.Kind != ValueDense {
			e.record(fmt.Errorf("expected a dense elements attribute in the data layout entry for %s", en.KeyText()))
			return nil, false
		}
		v := make([]uint64, len(en.Value.Ints))
		for i, n := range en.Value.Ints {
			v[i] = uint64(n)
		}
		return v, true
	}
	return nil, false
}

// sameKey reports whether an entry's key type is t, as the spec compares
// keys of one class: by their parameters.
func sameKey(a, b *Type) bool {
	return a.Class == b.Class && a.AddrSpace == b.AddrSpace && a.MemorySpace == b.MemorySpace &&
		a.Width == b.Width && a.Name == b.Name && a.Packed == b.Packed && a.Count == b.Count &&
		len(a.Fields) == len(b.Fields) && len(a.Shape) == len(b.Shape)
}
