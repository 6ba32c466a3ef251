package ods

import "slices"

// What LLVM 16 (Options.Older) defined in C++, outside its records, is
// measured with mlir-opt-16 and listed here.

// olderLacks names, per dialect, the attributes and types LLVM 16 does not
// have (mlir-opt-16: "unknown attrribute type: target_system_spec"): the
// definitions give them since the oldest imported release, and writers
// refuse them for 16.
var olderLacks = map[string][]string{
	"dlti": {"TargetDeviceSpecAttr", "TargetSystemSpecAttr"},
	// mlir-opt-16: "unknown LLVM type: target".
	"llvm": {"LLVMTargetExtType"},
}

// olderUnreadable names, per dialect and definition, the bytecode codes
// that LLVM 16 (Options.Older) neither writes nor reads as the imported
// releases do. Its encodings of these dialects were C++, outside its
// records, so these are measured with mlir-opt-16: the definitions then
// give the codes since the oldest imported release, and writers fall back
// to the text form for 16, as mlir-opt-16 does.
var olderUnreadable = map[string]map[string][]int{
	// mlir-opt-16 writes a per-axis !quant.uniform as text, and refuses
	// code 5 as 19 writes it ("invalid UniformQuantizedPerAxisType").
	"quant": {"UniformQuantizedPerAxisType": {5}},
}

// olderOpNames names, per dialect, the ops LLVM 16 (Options.Older) gave
// another name, by their name in the imported releases: the same op, its
// operands, results and attributes alike (LLVM 17 renamed arith.maxf
// maximumf and minf minimumf, their semantics kept). The definitions give
// the older name (older_names), and a writer converting the op between
// 16 and later releases renames it.
var olderOpNames = map[string]map[string]string{
	"arith": {"maximumf": "maxf", "minimumf": "minf"},
	// LLVM 17 generalized llvm.mlir.null, a null pointer, to
	// llvm.mlir.zero, a zero of any type (zeroRelease refuses other types
	// for 16).
	"llvm": {"mlir.zero": "mlir.null"},
}

// markOlderFacts marks the definitions of olderLacks and the variants of
// olderUnreadable (absentOlder).
func markOlderFacts(dialect string, d *mergedDialect) {
	for _, m := range slices.Concat(d.attrs, d.types) {
		if m.span.first == 0 && slices.Contains(olderLacks[dialect], m.name) {
			m.absentOlder = true
		}
		for _, v := range m.bytecode {
			if v.span.first == 0 && slices.Contains(olderUnreadable[dialect][m.name], v.code) {
				v.absentOlder = true
			}
		}
	}
}

// readElsewhere names, per dialect and op, the attributes that a release
// which does not declare them still reads from the op's attribute
// dictionary, in C++ the records do not show (mlir-opt-19 reads 22's
// inherent affine.if condition there): they get read_outside. Any other
// attribute inherent where an op was read and undeclared in the release
// written for is refused, as that release keeps it only as a discardable
// attribute it ignores (19's omp.parallel proc_bind_val, written for 22,
// which names it proc_bind_kind, lost the binding without an error).
var readElsewhere = map[string]map[string][]string{
	"affine": {"if": {"condition"}},
	// 19's GlobalVariable keeps built_in, which 22 declares, among its
	// discardable attributes, where its parser puts it and it reads it.
	"spirv": {"GlobalVariable": {"built_in"}},
}

// readsOutside says whether a release that does not declare an op's
// attribute still reads it from the dictionary: those readElsewhere
// names, and a symbol's name and visibility, which the Symbol trait reads
// by name, declared or not (16's gpu.module declares no sym_name).
func readsOutside(dialect string, m *mergedOp, attr string) bool {
	if slices.Contains(readElsewhere[dialect][m.name], attr) {
		return true
	}
	// The trait must hold where the attribute is undeclared: in every
	// release of the op (tosa.variable became a symbol when 22 declared
	// its sym_name).
	symbol := slices.ContainsFunc(m.traits, func(t *mergedPart) bool {
		return t.name == "Symbol" && t.span == m.span && (!t.absentOlder || m.absentOlder)
	})
	return symbol && (attr == "sym_name" || attr == "sym_visibility")
}
