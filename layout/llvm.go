package layout

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
				return Size{}, &UndefinedError{"a scalable field in " + t.Text}
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
			return Size{}, &UndefinedError{"a scalable element in " + t.Text}
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
	}
	return 0, false, nil
}
