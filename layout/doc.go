// Package layout is MLIR's data layout: the sizes, ABI and preferred
// alignments and index widths of types under DLTI specs, as mlir-opt 16,
// 19 and 22 compute them.
//
// A scope (builtin.module, test.op_with_data_layout, gpu.module) carries a
// #dlti.dl_spec in its dlti.dl_spec attribute; ParseSpec reads both
// spellings (#dlti.dl_entry<KEY, VALUE>, and KEY = VALUE from LLVM 20),
// New checks the specs of a scope and its enclosing scopes and combines
// them as MLIR's combineWith does, and DataLayout.Query lays a type out,
// caching each quantity per type. The rules of builtin types are declared
// in dialects/builtin/builtin.yaml, those of !llvm.ptr, !llvm.struct,
// !llvm.array and !llvm.ppc_fp128 in dialects/llvm/llvm.yaml (added on
// import by internal/ods/layouthooks.go), and generated
// (runtime/datalayout.Type); those of !ptr.ptr (#ptr.spec entries) and
// !test.test_type_with_layout are in handwritten.go. What differs between
// releases outside the type rules (spec syntax, entry element types, the
// test pass's output, the importer's tokens) is declared in Rules.
//
// Queries is mlir-opt's --test-data-layout-query over a module (mlirbc
// layout prints it). ImportDataLayout and ExportDataLayout translate LLVM
// data-layout strings as MLIR's LLVM importer and translation do.
//
// Where mlir-opt aborts or crashes, we return an error instead, by these
// rules:
//
//   - a type neither a scope nor the type lays out (memref, tensor,
//     function, tuple, none, !llvm.func, opaque and unknown dialect types):
//     NoLayoutError, mlir-opt's "neither the scoping op nor the type class
//     provide data layout information" abort;
//   - entries for the same builtin type class in two nested scopes (an
//     assertion that release builds skip, then a crash), and !llvm.ptr
//     entries in two nested scopes (a crash in LLVMPointerType::areCompatible
//     in 16, 19 and 22): UndefinedError when the layout is built;
//   - a 0-d vector, a zero alignment to align to, a division by zero, a
//     scalable vector inside an LLVM struct or array, an integer wider than
//     2^24 bits: UndefinedError naming the type;
//   - a spec mlir-opt's verifier rejects (repeated keys, wrong value shapes,
//     identifiers that differ between nested scopes): an error with MLIR's
//     message.
package layout
