package layout

import "fmt"

// The identifier entries of the combined spec, typed. Absent entries give
// the zero value (MLIR's getters return a null attribute or 0).

// Endianness is "big", "little" or "" (not given).
func (dl *DataLayout) Endianness() string { return dl.str("dlti.endianness") }

// ManglingMode is the LLVM mangling mode ("e", "o", ...) or "".
func (dl *DataLayout) ManglingMode() string { return dl.str("dlti.mangling_mode") }

func (dl *DataLayout) str(id string) string {
	if v := dl.ids[id]; v != nil && v.Kind == ValueString {
		return v.Str
	}
	return ""
}

// AllocaMemorySpace, ProgramMemorySpace, GlobalMemorySpace and
// DefaultMemorySpace are the memory space attributes, nil when not given.
func (dl *DataLayout) AllocaMemorySpace() *Value  { return dl.ids["dlti.alloca_memory_space"] }
func (dl *DataLayout) ProgramMemorySpace() *Value { return dl.ids["dlti.program_memory_space"] }
func (dl *DataLayout) GlobalMemorySpace() *Value  { return dl.ids["dlti.global_memory_space"] }
func (dl *DataLayout) DefaultMemorySpace() *Value { return dl.ids["dlti.default_memory_space"] }

// StackAlignment is the natural stack alignment in bits, 0 when not given.
func (dl *DataLayout) StackAlignment() (uint64, error) {
	v := dl.ids["dlti.stack_alignment"]
	if v == nil {
		return 0, nil
	}
	return zext(v)
}

// LegalIntWidths are the native integer widths, nil when not given.
func (dl *DataLayout) LegalIntWidths() []int64 {
	if v := dl.ids["dlti.legal_int_widths"]; v != nil && v.Kind == ValueDenseArray {
		return v.Ints
	}
	return nil
}

// FunctionPointerAlignment is the alignment of function pointers in bits
// and whether it depends on the function's; ok is false when not given.
func (dl *DataLayout) FunctionPointerAlignment() (align uint64, dependent, ok bool, err error) {
	v := dl.ids["dlti.function_pointer_alignment"]
	if v == nil {
		return 0, false, false, nil
	}
	p := &scanner{src: v.Text}
	p.expect("#dlti.function_pointer_alignment<")
	align = p.uint("an alignment")
	p.expect(",")
	p.expect("function_dependent")
	p.expect("=")
	dep := p.ident()
	p.expect(">")
	if p.err == nil && dep != "true" && dep != "false" {
		p.fail("true or false")
	}
	if p.err != nil {
		return 0, false, false, fmt.Errorf("dlti.function_pointer_alignment: %w", p.err)
	}
	return align, dep == "true", true, nil
}
