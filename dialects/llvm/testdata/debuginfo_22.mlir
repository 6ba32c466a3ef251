// LLVM 22 writes every attribute of LLVMDialectBytecode.td (codes 0 to 18)
// custom-encoded; LLVM 19 writes them all as text.
#file = #llvm.di_file<"foo.c" in "/data">
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#char = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8>
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "clang", isOptimized = true, emissionKind = Full, nameTableKind = None>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64, alignInBits = 32, offsetInBits = 4, dwarfAddressSpace = 3, extraData = #int>
#ptr0 = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #char, sizeInBits = 64>
#subr = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>
#arr = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "arr", file = #file, line = 3, baseType = #int, flags = Vector, sizeInBits = 128, alignInBits = 32, elements = #subr>
#st = #llvm.di_composite_type<recId = distinct[1]<>, tag = DW_TAG_structure_type, name = "S", file = #file, line = 5, scope = #file, sizeInBits = 64, elements = #ptr0, #int>
#ns = #llvm.di_namespace<name = "ns", scope = #file, exportSymbols = true>
#sty = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #int, #ptr>
#sp = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #file, name = "main", linkageName = "main", file = #file, line = 10, scopeLine = 11, subprogramFlags = "Definition|Optimized", type = #sty>
#block = #llvm.di_lexical_block<scope = #sp, file = #file, line = 12, column = 3>
#bfile = #llvm.di_lexical_block_file<scope = #block, file = #file, discriminator = 2>
#var = #llvm.di_local_variable<scope = #bfile, name = "x", file = #file, line = 13, arg = 1, alignInBits = 32, type = #int, flags = Artificial>
#label = #llvm.di_label<scope = #sp, name = "L", file = #file, line = 20>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", linkageName = "g", file = #file, line = 2, type = #int, isLocalToUnit = true, isDefined = true, alignInBits = 8>
#exp = #llvm.di_expression<[DW_OP_deref, DW_OP_constu(3), DW_OP_plus]>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = #exp>
#imp = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #sp, entity = #ns, file = #file, line = 1, name = "imp">
#la = #llvm.loop_annotation<disableNonforced = true, mustProgress = true>
module {
  llvm.mlir.global external @g() {dbg_exprs = [#gve]} : i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.func @main(%arg0: i32) -> i32 {
    llvm.intr.dbg.value #var = %arg0 : i32 loc(#loc1)
    llvm.intr.dbg.label #label
    llvm.br ^bb1 {loop_annotation = #la}
  ^bb1:
    llvm.return %arg0 : i32
  } loc(#loc2)
  "test.keep"() {a = #imp, b = #arr, c = #st, d = #exp} : () -> ()
}
#loc0 = loc("foo.c":1:1)
#loc1 = loc(fused<#block>[#loc0])
#loc2 = loc(fused<#sp>[#loc0])
