#file = #llvm.di_file<"k.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C, file = #file, producer = "clang", isOptimized = true, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#sty = #llvm.di_subroutine_type<types = #int, #int>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "f", file = #file, line = 1, scopeLine = 1, subprogramFlags = "Definition|Optimized", type = #sty>
#var = #llvm.di_local_variable<scope = #sp, name = "x", file = #file, line = 2, type = #int>
module {
  llvm.func @f(%arg0: i32) -> i32 {
    llvm.intr.dbg.value #var = %arg0 : i32 loc(#loc2)
    llvm.return %arg0 : i32 loc(#loc2)
  } loc(#loc3)
}
#loc1 = loc("k.c":1:1)
#loc2 = loc("k.c":2:3)
#loc3 = loc(fused<#sp>[#loc1])
