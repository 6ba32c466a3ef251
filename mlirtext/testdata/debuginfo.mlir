// Debug info as a compiler writes it: values nested by alias and printed
// stripped, distinct ids shared across values and with an op attribute
// (u.id), and aliases mlir-opt prints after the module. mlir-opt 19 and 22
// read it; the llvm dialect must be registered.
#file = #llvm.di_file<"k.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "clang", isOptimized = true, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#sty = #llvm.di_subroutine_type<types = #int, #int>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = "Definition|Optimized", type = #sty>
#sp2 = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #file, name = "g", file = #file, line = 9, scopeLine = 9, subprogramFlags = Definition, type = #sty>
#block = #llvm.di_lexical_block<scope = #sp, file = #file, line = 2, column = 3>
#var = #llvm.di_local_variable<scope = #block, name = "x", file = #file, line = 2, type = #int>
#label = #llvm.di_label<scope = #sp, name = "l", file = #file, line = 3>
module {
  llvm.func @f(%arg0: i32) -> i32 {
    llvm.intr.dbg.value #var = %arg0 : i32 loc(#loc2)
    llvm.intr.dbg.label #label loc(#loc2)
    llvm.return %arg0 : i32 loc(#loc2)
  } loc(#loc3)
  llvm.func @g() attributes {u.id = distinct[1]<>, u.other = distinct[3]<42 : i32>} {
    llvm.return loc(#loc4)
  } loc(#loc5)
}
#loc1 = loc("k.c":1:1)
#loc2 = loc("k.c":2:3)
#loc3 = loc(fused<#sp>[#loc1])
#loc4 = loc(fused<#block>[#loc1])
#loc5 = loc(fused<#sp2>[#loc1])
