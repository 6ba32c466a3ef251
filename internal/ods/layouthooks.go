package ods

// layoutRules declares, per dialect and type, the data-layout rules that
// ODS leaves to C++ (DataLayoutTypeInterface methods written by hand); the
// importer writes them into the definitions as the type's layout block.
// Sizes are in bits, alignments in bytes; entries values in bits (see
// "Data-layout rules" in docs/definitions.md).
var layoutRules = map[string]map[string]string{
	"llvm": {
		// LLVMTypes.cpp: the entry of the pointer's address space (size,
		// ABI, preferred alignment and optionally index width); without
		// one, address space 0 is 64 bits aligned to 8 bytes and any other
		// is laid out as address space 0.
		"LLVMPointerType": `
class: llvm.ptr
size_bits: "has_entry(self) ? entry(self, 0) : addressSpace == 0 ? 64 : size_bits(LLVMPointerType(0))"
abi_align: "has_entry(self) ? entry(self, 1) / 8 : addressSpace == 0 ? 8 : abi(LLVMPointerType(0))"
pref_align: "has_entry(self) ? entry(self, 2) / 8 : addressSpace == 0 ? 8 : pref(LLVMPointerType(0))"
index_bits: "has_entry(self) ? (entry_len(self) > 3 ? entry(self, 3) : entry(self, 0)) : addressSpace == 0 ? 64 : index_bits(LLVMPointerType(0))"
`,
		// Fields at offsets aligned to their ABI alignment (1 when packed),
		// the size aligned to the largest; the !llvm.struct<()> entry
		// raises the alignments.
		"LLVMStructType": `
class: llvm.struct
size_bits: "(packed ? sum_size(body) : align_to(seq_size(body), max_abi(body))) * 8"
abi_align: "packed ? 1 : max(max_abi(body), has_entries ? first_abi / 8 : 1)"
pref_align: "max(max_abi(body), has_entries ? first_pref / 8 : 1)"
`,
		"LLVMArrayType": `
class: llvm.array
size_bits: "align_to(fixed_size(elementType), abi(elementType)) * numElements * 8"
abi_align: abi(elementType)
pref_align: pref(elementType)
`,
		// A float of its own class (22; 19 gives it no layout).
		"LLVMPPCFP128Type": `
class: llvm.ppc_fp128
size_bits: "128"
abi_align: "has_entries ? first_abi / 8 : 16"
pref_align: "has_entries ? first_pref / 8 : abi(self)"
`,
	},
}
