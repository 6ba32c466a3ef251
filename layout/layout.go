package layout

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/datalayout"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Size is a size in bits or bytes; Scalable sizes are multiples of the
// runtime vector scale, Min being the size at scale 1.
type Size struct {
	Min      uint64
	Scalable bool
}

// Result is everything a query tells about a type: sizes, ABI and
// preferred alignment in bytes, and the index bit width (HasIndex false:
// none, which the test pass prints as 0).
type Result struct {
	Bits, Bytes Size
	ABI, Pref   uint64
	Index       uint64
	HasIndex    bool
}

// NoLayoutError is a query for a type that neither the scope nor the type
// gives a layout (memref, tensor, function, ...); mlir-opt aborts on it
// ("neither the scoping op nor the type class provide data layout
// information for ...").
type NoLayoutError struct{ Type string }

func (e *NoLayoutError) Error() string {
	return "neither the scoping op nor the type class provide data layout information for " + e.Type
}

// UndefinedError is a query or spec on which mlir-opt has no defined
// behaviour (it crashes: division by zero, reads past a shape, an assertion
// that release builds skip). We refuse it and say why. Generated handlers
// report theirs through datalayout.Env.Fail.
type UndefinedError = datalayout.Undefined

// DataLayout answers layout queries in one scope: a combined spec under
// a release's rules, caching each quantity per type. Builtin and LLVM types
// are laid out by their generated handlers (the layout rules of
// dialects/builtin and dialects/llvm); !ptr.ptr and the test dialect's
// test_type_with_layout by the rules in handwritten.go.
type DataLayout struct {
	rules   Rules
	ctx     *ir.Context
	byClass map[Class][]Entry
	classes []Class // in first-seen order
	ids     map[string]*Value
	idOrder []string
	cache   map[memoKey]memoVal
}

type quantity int

const (
	qSize quantity = iota
	qABI
	qPref
	qIndex
)

type memoKey struct {
	q    quantity
	text string
}

type memoVal struct {
	size   Size
	n      uint64
	ok     bool
	active bool
}

// New builds the layout of a scope whose own spec is the last of specs,
// the others being the enclosing scopes' from the outermost; nil specs are
// skipped. It checks each spec and combines them as MLIR does.
func New(rules Rules, specs ...*Spec) (*DataLayout, error) {
	dl := &DataLayout{rules: rules, ctx: ir.NewContext(builtin.Dialect), byClass: map[Class][]Entry{},
		ids: map[string]*Value{}, cache: map[memoKey]memoVal{}}
	for _, s := range specs {
		if s == nil {
			continue
		}
		if err := Verify(rules, s); err != nil {
			return nil, err
		}
		if err := dl.combine(s); err != nil {
			return nil, err
		}
	}
	return dl, nil
}

// Rules returns the release rules the layout applies.
func (dl *DataLayout) Rules() Rules { return dl.rules }

// Spec returns the combined spec: identifier entries first, then type
// entries by class, as MLIR's combineWith builds it.
func (dl *DataLayout) Spec() *Spec {
	s := &Spec{}
	for _, id := range dl.idOrder {
		s.Entries = append(s.Entries, Entry{ID: id, Value: dl.ids[id]})
	}
	for _, c := range dl.classes {
		s.Entries = append(s.Entries, dl.byClass[c]...)
	}
	return s
}

// Identifier returns the value of an identifier entry ("dlti.endianness")
// of the combined spec, or nil.
func (dl *DataLayout) Identifier(id string) *Value { return dl.ids[id] }

// Query computes the layout of t.
func (dl *DataLayout) Query(t *Type) (Result, error) {
	var r Result
	var err error
	if r.Bits, err = dl.sizeInBits(t); err != nil {
		return Result{}, err
	}
	r.Bytes = Size{Min: divCeil(r.Bits.Min, 8), Scalable: r.Bits.Scalable}
	if r.ABI, err = dl.abiOf(t); err != nil {
		return Result{}, err
	}
	if r.Pref, err = dl.prefOf(t); err != nil {
		return Result{}, err
	}
	if r.Index, r.HasIndex, err = dl.indexOf(t); err != nil {
		return Result{}, err
	}
	return r, nil
}

// memo computes one quantity of a type once; a quantity that needs itself
// is an error, not a stack overflow.
func (dl *DataLayout) memo(q quantity, t *Type, compute func() (memoVal, error)) (memoVal, error) {
	k := memoKey{q, t.Text}
	if v, ok := dl.cache[k]; ok {
		if v.active {
			return memoVal{}, &UndefinedError{What: "the layout of " + t.Text + " depends on itself"}
		}
		return v, nil
	}
	dl.cache[k] = memoVal{active: true}
	v, err := compute()
	if err != nil {
		delete(dl.cache, k)
		return memoVal{}, err
	}
	dl.cache[k] = v
	return v, nil
}

func (dl *DataLayout) sizeInBits(t *Type) (Size, error) {
	v, err := dl.memo(qSize, t, func() (memoVal, error) {
		s, err := dl.computeSize(t)
		return memoVal{size: s}, err
	})
	return v.size, err
}

func (dl *DataLayout) abiOf(t *Type) (uint64, error) {
	v, err := dl.memo(qABI, t, func() (memoVal, error) {
		n, err := dl.computeABI(t)
		return memoVal{n: n}, err
	})
	return v.n, err
}

func (dl *DataLayout) prefOf(t *Type) (uint64, error) {
	v, err := dl.memo(qPref, t, func() (memoVal, error) {
		n, err := dl.computePref(t)
		return memoVal{n: n}, err
	})
	return v.n, err
}

func (dl *DataLayout) indexOf(t *Type) (uint64, bool, error) {
	v, err := dl.memo(qIndex, t, func() (memoVal, error) {
		n, ok, err := dl.computeIndex(t)
		return memoVal{n: n, ok: ok}, err
	})
	return v.n, v.ok, err
}

func (dl *DataLayout) bytes(t *Type) (Size, error) {
	b, err := dl.sizeInBits(t)
	return Size{Min: divCeil(b.Min, 8), Scalable: b.Scalable}, err
}

func divCeil(a, b uint64) uint64 { return a/b + min(a%b, 1) }

// alignTo is llvm::alignTo; a zero alignment divides by zero in MLIR.
func alignTo(v, align uint64, what string) (uint64, error) {
	if align == 0 {
		return 0, &UndefinedError{What: "aligning " + what + " to a zero alignment"}
	}
	return (v + align - 1) / align * align, nil
}

func (dl *DataLayout) computeSize(t *Type) (Size, error) {
	if h, err := dl.handler(t); h != nil || err != nil {
		var s Size
		err := dl.run(t, err, func(e datalayout.Env) {
			r := h.LayoutSizeBits(e)
			s = Size{Min: r.Min, Scalable: r.Scalable && dl.rules.Scalable}
		})
		return s, err
	}
	return dl.handSize(t)
}

func (dl *DataLayout) computeABI(t *Type) (uint64, error) {
	if h, err := dl.handler(t); h != nil || err != nil {
		var n uint64
		err := dl.run(t, err, func(e datalayout.Env) { n = h.LayoutABIAlign(e) })
		return n, err
	}
	return dl.handABI(t)
}

func (dl *DataLayout) computePref(t *Type) (uint64, error) {
	if h, err := dl.handler(t); h != nil || err != nil {
		var n uint64
		err := dl.run(t, err, func(e datalayout.Env) { n = h.LayoutPrefAlign(e) })
		return n, err
	}
	return dl.handPref(t)
}

func (dl *DataLayout) computeIndex(t *Type) (uint64, bool, error) {
	if h, err := dl.handler(t); h != nil || err != nil {
		var n uint64
		var ok bool
		err := dl.run(t, err, func(e datalayout.Env) { n, ok = h.LayoutIndexBits(e) })
		return n, ok, err
	}
	return dl.handIndex(t)
}

// run calls a generated handler with an environment over the layout and
// returns the first error it recorded.
func (dl *DataLayout) run(t *Type, err error, call func(datalayout.Env)) error {
	if err != nil {
		return err
	}
	e := &env{dl: dl, class: t.Class, text: t.Text}
	call(e)
	return e.err
}

// indexWidth is the index entry's value, 64 without one.
func (dl *DataLayout) indexWidth() (uint64, error) {
	es := dl.byClass[ClassIndex]
	if len(es) == 0 {
		return 64, nil
	}
	v := es[0].Value
	if v.Kind != ValueInteger || len(v.Ints) == 0 {
		return 0, errors.New("expected integer attribute in the data layout entry for 'index'")
	}
	w := uint64(v.Ints[0])
	if w > 1<<24 {
		return 0, &UndefinedError{What: fmt.Sprintf("an index width of %d bits (integer types end at 2^24)", w)}
	}
	return w, nil
}

// combine folds an inner spec into the layout, as MLIR's combineWith does:
// identifier entries must be equal where both give one; type entries of a
// new class are taken as they are; a class both give must be compatible
// (each type's own rule), and then inner entries replace outer ones with
// the same key and the rest are appended.
func (dl *DataLayout) combine(s *Spec) error {
	newIDs := map[string]*Value{}
	var newIDOrder []string
	newByClass := map[Class][]Entry{}
	var newClasses []Class
	for _, e := range s.Entries {
		if e.Type == nil {
			if _, ok := newIDs[e.ID]; !ok {
				newIDOrder = append(newIDOrder, e.ID)
			}
			newIDs[e.ID] = e.Value
			continue
		}
		if _, ok := newByClass[e.Type.Class]; !ok {
			newClasses = append(newClasses, e.Type.Class)
		}
		newByClass[e.Type.Class] = append(newByClass[e.Type.Class], e)
	}
	for _, id := range newIDOrder {
		v := newIDs[id]
		old, ok := dl.ids[id]
		if !ok {
			dl.ids[id] = v
			dl.idOrder = append(dl.idOrder, id)
			continue
		}
		if old.Text != v.Text {
			return fmt.Errorf("data layout does not combine with layouts of enclosing ops: %q is %s outside and %s inside", id, old.Text, v.Text)
		}
	}
	for _, c := range newClasses {
		es := newByClass[c]
		old, ok := dl.byClass[c]
		if !ok {
			dl.byClass[c] = es
			dl.classes = append(dl.classes, c)
			continue
		}
		if es[0].Type.Builtin() {
			return &UndefinedError{What: fmt.Sprintf("entries for the builtin type class of %s in nested scopes (MLIR asserts \"unexpected data layout entry for built-in type\")", es[0].Type.Text)}
		}
		if err := compatible(c, old, es); err != nil {
			return err
		}
		merged := slices.Clone(old)
		for _, e := range es {
			i := slices.IndexFunc(merged, func(o Entry) bool { return o.Type.Text == e.Type.Text })
			if i >= 0 {
				merged[i] = e
			} else {
				merged = append(merged, e)
			}
		}
		dl.byClass[c] = merged
	}
	return nil
}

var errIncompatible = errors.New("data layout does not combine with layouts of enclosing ops")

// compatible is each type class's areCompatible: an inner scope may only
// relax alignments.
func compatible(c Class, outer, inner []Entry) error {
	switch c {
	case ClassTestLayout:
		o := &DataLayout{byClass: map[Class][]Entry{c: outer}}
		n := &DataLayout{byClass: map[Class][]Entry{c: inner}}
		oa, err := o.testKind("alignment")
		if err != nil {
			return err
		}
		na, err := n.testKind("alignment")
		if err != nil {
			return err
		}
		if oa != 1 && na > oa {
			return errIncompatible
		}
	case ClassLLVMPtr:
		if len(outer) > 0 {
			return &UndefinedError{What: "!llvm.ptr entries in nested scopes (mlir-opt 16, 19 and 22 crash in LLVMPointerType::areCompatible)"}
		}
		for _, e := range inner {
			size, abi := uint64(64), uint64(8)
			for _, o := range outer {
				if o.Type.AddrSpace == e.Type.AddrSpace {
					size, abi = uint64(o.Value.Ints[0]), uint64(o.Value.Ints[1])
					break
				}
			}
			nsize, nabi := uint64(e.Value.Ints[0]), uint64(e.Value.Ints[1])
			if nabi == 0 {
				return &UndefinedError{What: "a nested pointer entry with a zero ABI alignment"}
			}
			if size != nsize || abi < nabi || abi%nabi != 0 {
				return errIncompatible
			}
		}
	case ClassLLVMStruct:
		abi := uint64(outer[0].Value.Ints[0])
		for _, e := range inner {
			nabi := uint64(e.Value.Ints[0])
			if nabi == 0 {
				return &UndefinedError{What: "a nested struct entry with a zero ABI alignment"}
			}
			if abi < nabi || abi%nabi != 0 {
				return errIncompatible
			}
		}
	}
	return nil
}
