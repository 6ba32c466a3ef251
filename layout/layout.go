package layout

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
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
// that release builds skip). We refuse it and say why.
type UndefinedError struct{ What string }

func (e *UndefinedError) Error() string { return "undefined in MLIR (mlir-opt crashes): " + e.What }

// DataLayout answers layout queries in one scope: a combined spec under
// a release's rules, caching results per type.
type DataLayout struct {
	rules   Rules
	byClass map[Class][]Entry
	classes []Class // in first-seen order
	ids     map[string]*Value
	idOrder []string
	cache   map[string]Result
	active  map[string]bool
}

// New builds the layout of a scope whose own spec is the last of specs,
// the others being the enclosing scopes' from the outermost; nil specs are
// skipped. It checks each spec and combines them as MLIR does.
func New(rules Rules, specs ...*Spec) (*DataLayout, error) {
	dl := &DataLayout{rules: rules, byClass: map[Class][]Entry{}, ids: map[string]*Value{},
		cache: map[string]Result{}, active: map[string]bool{}}
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
	if r, ok := dl.cache[t.Text]; ok && t.Text != "" {
		return r, nil
	}
	if dl.active[t.Text] {
		return Result{}, &UndefinedError{"the layout of " + t.Text + " depends on itself"}
	}
	dl.active[t.Text] = true
	defer delete(dl.active, t.Text)
	var r Result
	b, err := dl.sizeInBits(t)
	if err != nil {
		return Result{}, err
	}
	r.Bits = b
	r.Bytes = Size{Min: divCeil(b.Min, 8), Scalable: b.Scalable}
	if r.ABI, err = dl.abi(t); err != nil {
		return Result{}, err
	}
	if r.Pref, err = dl.pref(t); err != nil {
		return Result{}, err
	}
	if r.Index, r.HasIndex, err = dl.index(t); err != nil {
		return Result{}, err
	}
	if t.Text != "" {
		dl.cache[t.Text] = r
	}
	return r, nil
}

func divCeil(a, b uint64) uint64 { return a/b + min(a%b, 1) }

// pow2Ceil is llvm::PowerOf2Ceil: 0 stays 0.
func pow2Ceil(v uint64) uint64 {
	if v <= 1 {
		return v
	}
	if v > 1<<63 {
		return 0
	}
	return 1 << (64 - bits.LeadingZeros64(v-1))
}

// alignTo is llvm::alignTo; a zero alignment divides by zero in MLIR.
func alignTo(v, align uint64, what string) (uint64, error) {
	if align == 0 {
		return 0, &UndefinedError{"aligning " + what + " to a zero alignment"}
	}
	return (v + align - 1) / align * align, nil
}

func (dl *DataLayout) bytes(t *Type) (Size, error) {
	r, err := dl.Query(t)
	return r.Bytes, err
}

func intType(width uint64) *Type {
	return &Type{Class: ClassInteger, Width: width, Text: fmt.Sprintf("i%d", width)}
}

func (dl *DataLayout) sizeInBits(t *Type) (Size, error) {
	switch {
	case t.Class == ClassInteger || t.IsFloat():
		return Size{Min: dl.width(t)}, nil
	case t.Class == ClassIndex:
		w, err := dl.indexWidth()
		if err != nil {
			return Size{}, err
		}
		r, err := dl.Query(intType(w))
		return r.Bits, err
	case t.Class == ClassComplex:
		e := t.Elem
		if e == nil || e.Class != ClassInteger && !e.IsFloat() {
			return Size{}, &NoLayoutError{t.Text}
		}
		pref, err := dl.complexPref(t)
		if err != nil {
			return Size{}, err
		}
		w := dl.width(e)
		b, err := alignTo(w, pref*8, t.Text+"'s element")
		return Size{Min: b + w}, err
	case t.Class == ClassVector:
		if len(t.Shape) == 0 || t.Elem == nil {
			return Size{}, &UndefinedError{"the size of a 0-d vector " + t.Text}
		}
		n, scalable := uint64(1), false
		for i, d := range t.Shape {
			n *= d
			scalable = scalable || t.Scalable[i]
		}
		last := t.Shape[len(t.Shape)-1]
		if last == 0 {
			return Size{}, &UndefinedError{"the size of a vector with a zero dimension " + t.Text}
		}
		var elem uint64
		if dl.rules.VectorElementBits {
			r, err := dl.Query(t.Elem)
			if err != nil {
				return Size{}, err
			}
			elem = r.Bits.Min
		} else {
			s, err := dl.bytes(t.Elem)
			if err != nil {
				return Size{}, err
			}
			elem = s.Min * 8
		}
		return Size{Min: n / last * pow2Ceil(last) * elem, Scalable: scalable && dl.rules.Scalable}, nil
	case t.Class == ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrSize); ok || err != nil {
			return Size{Min: v}, err
		}
		r, err := dl.Query(ptr0)
		return r.Bits, err
	case t.Class == ClassLLVMStruct:
		var size, align uint64 = 0, 1
		for _, f := range t.Fields {
			a := uint64(1)
			if !t.Packed {
				var err error
				if a, err = dl.abiOf(f); err != nil {
					return Size{}, err
				}
			}
			var err error
			if size, err = alignTo(size, a, "a field of "+t.Text); err != nil {
				return Size{}, err
			}
			s, err := dl.bytes(f)
			if err != nil {
				return Size{}, err
			}
			if s.Scalable {
				return Size{}, &UndefinedError{"a scalable field in " + t.Text}
			}
			size += s.Min
			align = max(align, a)
		}
		size, err := alignTo(size, align, t.Text)
		return Size{Min: size * 8}, err
	case t.Class == ClassLLVMArray:
		s, err := dl.bytes(t.Elem)
		if err != nil {
			return Size{}, err
		}
		if s.Scalable {
			return Size{}, &UndefinedError{"a scalable element in " + t.Text}
		}
		a, err := dl.abiOf(t.Elem)
		if err != nil {
			return Size{}, err
		}
		b, err := alignTo(s.Min, a, "the element of "+t.Text)
		return Size{Min: b * t.Count * 8}, err
	case t.Class == ClassTestLayout:
		v, err := dl.testKind("size")
		return Size{Min: v}, err
	}
	return Size{}, &NoLayoutError{t.Text}
}

func (dl *DataLayout) abiOf(t *Type) (uint64, error) {
	r, err := dl.Query(t)
	return r.ABI, err
}

// width is an integer's or float's bit width under the release's rules.
func (dl *DataLayout) width(t *Type) uint64 {
	if t.Class == "builtin.tf32" {
		return dl.rules.TF32Bits
	}
	return t.Width
}

// defaultABI and defaultPref are the integer and float rules with no
// entries.
func (dl *DataLayout) defaultABI(t *Type) uint64 {
	if t.Class == ClassInteger && t.Width >= 64 {
		return 4
	}
	return pow2Ceil(divCeil(dl.width(t), 8))
}

func (dl *DataLayout) defaultPref(t *Type) uint64 { return pow2Ceil(divCeil(dl.width(t), 8)) }

// complexPref is a complex type's preferred alignment, which also pads its
// real part: MLIR passes the complex type's own (always empty) entries to
// the element's rules, so an integer element gets its default; a float
// element's default is its ABI alignment through the layout, which does
// honour the float's entry.
func (dl *DataLayout) complexPref(t *Type) (uint64, error) {
	e := t.Elem
	if e == nil || e.Class != ClassInteger && !e.IsFloat() {
		return 0, &NoLayoutError{t.Text}
	}
	if e.IsFloat() {
		return dl.abiOf(e)
	}
	return dl.defaultPref(e), nil
}

func (dl *DataLayout) abi(t *Type) (uint64, error) {
	switch {
	case t.Class == ClassInteger || t.IsFloat():
		e, ok, err := dl.scalarEntry(t)
		if !ok || err != nil {
			return dl.defaultABI(t), err
		}
		return uint64(e.Ints[0]) / 8, nil
	case t.Class == ClassIndex:
		w, err := dl.indexWidth()
		if err != nil {
			return 0, err
		}
		return dl.abiOf(intType(w))
	case t.Class == ClassVector:
		b, err := dl.sizeInBits(t)
		return pow2Ceil(divCeil(b.Min, 8)), err
	case t.Class == ClassComplex:
		return dl.defaultABI(t.Elem), nil
	case t.Class == ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrABI); ok || err != nil {
			return v, err
		}
		return dl.abiOf(ptr0)
	case t.Class == ClassLLVMStruct:
		return dl.structAlign(t, false)
	case t.Class == ClassLLVMArray:
		return dl.abiOf(t.Elem)
	case t.Class == ClassTestLayout:
		return dl.testKind("alignment")
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) pref(t *Type) (uint64, error) {
	switch {
	case t.Class == ClassInteger || t.IsFloat():
		e, ok, err := dl.scalarEntry(t)
		if !ok || err != nil {
			return dl.defaultPref(t), err
		}
		return uint64(e.Ints[len(e.Ints)-1]) / 8, nil
	case t.Class == ClassIndex:
		w, err := dl.indexWidth()
		if err != nil {
			return 0, err
		}
		r, err := dl.Query(intType(w))
		return r.Pref, err
	case t.Class == ClassVector:
		return dl.abi(t)
	case t.Class == ClassComplex:
		return dl.complexPref(t)
	case t.Class == ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrPref); ok || err != nil {
			return v, err
		}
		r, err := dl.Query(ptr0)
		return r.Pref, err
	case t.Class == ClassLLVMStruct:
		return dl.structAlign(t, true)
	case t.Class == ClassLLVMArray:
		r, err := dl.Query(t.Elem)
		return r.Pref, err
	case t.Class == ClassTestLayout:
		return dl.testKind("preferred")
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) index(t *Type) (uint64, bool, error) {
	switch t.Class {
	case ClassIndex:
		w, err := dl.indexWidth()
		return w, true, err
	case ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrIndex); ok || err != nil {
			return v, true, err
		}
		r, err := dl.Query(ptr0)
		return r.Index, r.HasIndex, err
	case ClassTestLayout:
		if !dl.rules.IndexKind {
			return 0, false, nil
		}
		v, err := dl.testKind("index")
		return v, true, err
	}
	return 0, false, nil
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
		return 0, &UndefinedError{fmt.Sprintf("an index width of %d bits (integer types end at 2^24)", w)}
	}
	return w, nil
}

// scalarEntry finds the entry that applies to an integer or float type:
// for integers the narrowest entry at least as wide (the widest if none
// is), the first with a given width winning; for floats the class's only
// entry.
func (dl *DataLayout) scalarEntry(t *Type) (*Value, bool, error) {
	es := dl.byClass[t.Class]
	if len(es) == 0 {
		return nil, false, nil
	}
	var best *Entry
	if t.Class == ClassInteger {
		var widest *Entry
		for i := range es {
			e := &es[i]
			w := e.Type.Width
			if widest == nil || w > widest.Type.Width {
				widest = e
			}
			if w >= t.Width && (best == nil || w < best.Type.Width) {
				best = e
			}
		}
		if best == nil {
			best = widest
		}
	} else {
		best = &es[0]
	}
	if best.Value.Kind != ValueDense || len(best.Value.Ints) == 0 {
		return nil, false, fmt.Errorf("expected a dense elements attribute in the data layout entry for %s", best.KeyText())
	}
	return best.Value, true, nil
}

// ptr0 is !llvm.ptr, to which other address spaces fall back.
var ptr0 = &Type{Class: ClassLLVMPtr, Text: "!llvm.ptr"}

type ptrPos int

const (
	ptrSize ptrPos = iota
	ptrABI
	ptrPref
	ptrIndex
)

// ptrEntry reads a pointer's entry for its address space: size and index
// in bits, alignments in bytes; address space 0 without an entry has the
// defaults (64 bits, 8 bytes). ok is false when the caller must fall back
// to address space 0.
func (dl *DataLayout) ptrEntry(t *Type, pos ptrPos) (uint64, bool, error) {
	for _, e := range dl.byClass[ClassLLVMPtr] {
		if e.Type.AddrSpace != t.AddrSpace {
			continue
		}
		v := e.Value.Ints
		if e.Value.Kind != ValueDense || len(v) < 3 {
			return 0, false, fmt.Errorf("expected layout attribute for '!llvm.ptr' to be a dense integer elements attribute with 3 or 4 elements")
		}
		switch pos {
		case ptrSize:
			return uint64(v[0]), true, nil
		case ptrIndex:
			if len(v) > 3 {
				return uint64(v[3]), true, nil
			}
			return uint64(v[0]), true, nil
		}
		return uint64(v[pos]) / 8, true, nil
	}
	if t.AddrSpace == 0 {
		if pos == ptrSize || pos == ptrIndex {
			return 64, true, nil
		}
		return 8, true, nil
	}
	return 0, false, nil
}

// structAlign is a struct's ABI or preferred alignment: the largest field
// ABI alignment (ABI: 1 when packed), raised to the !llvm.struct<()>
// entry's value.
func (dl *DataLayout) structAlign(t *Type, pref bool) (uint64, error) {
	if !pref && t.Packed {
		return 1, nil
	}
	a := uint64(1)
	for _, f := range t.Fields {
		fa, err := dl.abiOf(f)
		if err != nil {
			return 0, err
		}
		a = max(a, fa)
	}
	if es := dl.byClass[ClassLLVMStruct]; len(es) > 0 {
		v := es[0].Value.Ints
		if es[0].Value.Kind != ValueDense || len(v) == 0 {
			return 0, errors.New("expected layout attribute for '!llvm.struct<()>' to be a dense integer elements attribute of 1 or 2 elements")
		}
		e := v[0]
		if pref && len(v) > 1 {
			e = v[1]
		}
		a = max(a, uint64(e)/8)
	}
	return a, nil
}

// testKind is !test.test_type_with_layout's rule: the value of the first
// entry of the kind across the class's entries, 1 without one.
func (dl *DataLayout) testKind(kind string) (uint64, error) {
	for _, e := range dl.byClass[ClassTestLayout] {
		k, v, err := testEntry(e)
		if err != nil {
			return 0, err
		}
		if k == kind {
			return uint64(v), nil
		}
	}
	return 1, nil
}

func testEntry(e Entry) (string, int64, error) {
	v := e.Value
	if v.Kind != ValueArray || len(v.Elems) != 2 || v.Elems[0].Kind != ValueString || v.Elems[1].Kind != ValueInteger {
		return "", 0, fmt.Errorf("expected [kind, integer] as the value of the data layout entry for %s", e.KeyText())
	}
	return v.Elems[0].Str, v.Elems[1].Ints[0], nil
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
			return &UndefinedError{fmt.Sprintf("entries for the builtin type class of %s in nested scopes (MLIR asserts \"unexpected data layout entry for built-in type\")", es[0].Type.Text)}
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
			return &UndefinedError{"!llvm.ptr entries in nested scopes (mlir-opt 16, 19 and 22 crash in LLVMPointerType::areCompatible)"}
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
				return &UndefinedError{"a nested pointer entry with a zero ABI alignment"}
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
				return &UndefinedError{"a nested struct entry with a zero ABI alignment"}
			}
			if abi < nabi || abi%nabi != 0 {
				return errIncompatible
			}
		}
	}
	return nil
}
