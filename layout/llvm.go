package layout

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The layout rules of the LLVM dialect's pointer, struct and array types
// (LLVMTypes.cpp) and of the test dialect's test_type_with_layout
// (TestTypes.cpp), whose definitions are not generated here: the LLVM
// dialect's YAML is imported from upstream ODS, and the test dialect is
// mlir-opt's own.

func (dl *DataLayout) llvmSize(t *Type) (Size, error) {
	switch t.Class {
	case ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrSize); ok || err != nil {
			return Size{Min: v}, err
		}
		return dl.sizeInBits(ptr0)
	case ClassLLVMStruct:
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
				return Size{}, &UndefinedError{What: "a scalable field in " + t.Text}
			}
			size += s.Min
			align = max(align, a)
		}
		size, err := alignTo(size, align, t.Text)
		return Size{Min: size * 8}, err
	case ClassLLVMArray:
		s, err := dl.bytes(t.Elem)
		if err != nil {
			return Size{}, err
		}
		if s.Scalable {
			return Size{}, &UndefinedError{What: "a scalable element in " + t.Text}
		}
		a, err := dl.abiOf(t.Elem)
		if err != nil {
			return Size{}, err
		}
		b, err := alignTo(s.Min, a, "the element of "+t.Text)
		return Size{Min: b * t.Count * 8}, err
	case ClassTestLayout:
		v, err := dl.testKind("size")
		return Size{Min: v}, err
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return Size{Min: s.size}, err
	case ClassPPCFP128:
		if dl.rules.PPCFP128IsFloat {
			return Size{Min: 128}, nil
		}
	}
	return Size{}, &NoLayoutError{t.Text}
}

func (dl *DataLayout) llvmABI(t *Type) (uint64, error) {
	switch t.Class {
	case ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrABI); ok || err != nil {
			return v, err
		}
		return dl.abiOf(ptr0)
	case ClassLLVMStruct:
		return dl.structAlign(t, false)
	case ClassLLVMArray:
		return dl.abiOf(t.Elem)
	case ClassTestLayout:
		return dl.testKind("alignment")
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return s.abi / 8, err
	case ClassPPCFP128:
		if dl.rules.PPCFP128IsFloat {
			abi, _, ok, err := dl.floatEntry(t)
			if !ok || err != nil {
				return 16, err
			}
			return abi / 8, nil
		}
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) llvmPref(t *Type) (uint64, error) {
	switch t.Class {
	case ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrPref); ok || err != nil {
			return v, err
		}
		return dl.prefOf(ptr0)
	case ClassLLVMStruct:
		return dl.structAlign(t, true)
	case ClassLLVMArray:
		return dl.prefOf(t.Elem)
	case ClassTestLayout:
		return dl.testKind("preferred")
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return s.pref / 8, err
	case ClassPPCFP128:
		if dl.rules.PPCFP128IsFloat {
			_, pref, ok, err := dl.floatEntry(t)
			if !ok || err != nil {
				v, aerr := dl.abiOf(t)
				return v, errors.Join(err, aerr)
			}
			return pref / 8, nil
		}
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) llvmIndex(t *Type) (uint64, bool, error) {
	switch t.Class {
	case ClassLLVMPtr:
		if v, ok, err := dl.ptrEntry(t, ptrIndex); ok || err != nil {
			return v, true, err
		}
		return dl.indexOf(ptr0)
	case ClassTestLayout:
		if !dl.rules.IndexKind {
			return 0, false, nil
		}
		v, err := dl.testKind("index")
		return v, true, err
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return s.index, true, err
	}
	return 0, false, nil
}

// floatEntry is the first entry of a float-like class: ABI and preferred
// alignment in bits.
func (dl *DataLayout) floatEntry(t *Type) (abi, pref uint64, ok bool, err error) {
	es := dl.byClass[t.Class]
	if len(es) == 0 {
		return 0, 0, false, nil
	}
	v := es[0].Value
	if v.Kind != ValueDense || len(v.Ints) == 0 {
		return 0, 0, false, fmt.Errorf("expected a dense elements attribute in the data layout entry for %s", es[0].KeyText())
	}
	return uint64(v.Ints[0]), uint64(v.Ints[len(v.Ints)-1]), true, nil
}

// ptrSpecValue is a #ptr.spec: size, ABI and preferred alignment and index
// width, all in bits.
type ptrSpecValue struct{ size, abi, pref, index uint64 }

// defaultPtrSpec is the ptr dialect's default: 64-bit pointers aligned to a
// byte.
var defaultPtrSpec = ptrSpecValue{64, 8, 8, 64}

// ptrSpec is the ptr dialect's rule (PtrTypes.cpp): the entry for the
// pointer's memory space; else the default when the memory space is the
// default one (or the spec names none); else the default memory space's
// pointer.
func (dl *DataLayout) ptrSpec(t *Type) (ptrSpecValue, error) {
	for _, e := range dl.byClass[ClassPtr] {
		if e.Type.MemorySpace != t.MemorySpace {
			continue
		}
		if s, ok := parsePtrSpec(e.Value.Text); ok {
			return s, nil
		}
	}
	def := dl.ids["dlti.default_memory_space"]
	if def == nil || def.Text == t.MemorySpace {
		return defaultPtrSpec, nil
	}
	dp := &Type{Class: ClassPtr, MemorySpace: def.Text, Text: "!ptr.ptr<" + def.Text + ">"}
	var s ptrSpecValue
	var err error
	if s.size, err = dl.memoSize(dp); err != nil {
		return s, err
	}
	abi, err := dl.abiOf(dp)
	if err != nil {
		return s, err
	}
	pref, err := dl.prefOf(dp)
	if err != nil {
		return s, err
	}
	s.abi, s.pref = abi*8, pref*8
	s.index, _, err = dl.indexOf(dp)
	return s, err
}

func (dl *DataLayout) memoSize(t *Type) (uint64, error) {
	s, err := dl.sizeInBits(t)
	return s.Min, err
}

// parsePtrSpec reads #ptr.spec<size = 32, abi = 32, preferred = 64[, index = 24]>
// (index defaults to size).
func parsePtrSpec(text string) (ptrSpecValue, bool) {
	body, ok := strings.CutPrefix(text, "#ptr.spec<")
	if !ok || !strings.HasSuffix(body, ">") {
		return ptrSpecValue{}, false
	}
	s := ptrSpecValue{}
	hasIndex := false
	for _, kv := range strings.Split(strings.TrimSuffix(body, ">"), ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return ptrSpecValue{}, false
		}
		n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return ptrSpecValue{}, false
		}
		switch strings.TrimSpace(k) {
		case "size":
			s.size = n
		case "abi":
			s.abi = n
		case "preferred":
			s.pref = n
		case "index":
			s.index, hasIndex = n, true
		default:
			return ptrSpecValue{}, false
		}
	}
	if !hasIndex {
		s.index = s.size
	}
	return s, true
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
