package layout

import (
	"fmt"
	"strconv"
	"strings"
)

// The layout rules of the types whose definitions are not generated here:
// the test dialect's test_type_with_layout (TestTypes.cpp; the test
// dialect is mlir-opt's own) and the ptr dialect's !ptr.ptr (PtrTypes.cpp),
// whose entries are #ptr.spec attributes and whose fallback is the default
// memory space. The LLVM types' rules are declared in dialects/llvm.

func (dl *DataLayout) handSize(t *Type) (Size, error) {
	switch t.Class {
	case ClassTestLayout:
		v, err := dl.testKind("size")
		return Size{Min: v}, err
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return Size{Min: s.size}, err
	}
	return Size{}, &NoLayoutError{t.Text}
}

func (dl *DataLayout) handABI(t *Type) (uint64, error) {
	switch t.Class {
	case ClassTestLayout:
		return dl.testKind("alignment")
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return s.abi / 8, err
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) handPref(t *Type) (uint64, error) {
	switch t.Class {
	case ClassTestLayout:
		return dl.testKind("preferred")
	case ClassPtr:
		s, err := dl.ptrSpec(t)
		return s.pref / 8, err
	}
	return 0, &NoLayoutError{t.Text}
}

func (dl *DataLayout) handIndex(t *Type) (uint64, bool, error) {
	switch t.Class {
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
