#di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#di_file = #llvm.di_file<"k.c" in "/src">
#distinct = distinct[0]<42 : i32>
#loc2 = loc("debuginfo.mlir":15:16)
#di_compile_unit = #llvm.di_compile_unit<id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>
#di_subroutine_type = #llvm.di_subroutine_type<types = #di_basic_type, #di_basic_type>
#di_subprogram = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "f", file = #di_file, line = 1, scopeLine = 1, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type>
#di_label = #llvm.di_label<scope = #di_subprogram, name = "l", file = #di_file, line = 3>
#di_lexical_block = #llvm.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 2, column = 3>
#di_local_variable = #llvm.di_local_variable<scope = #di_lexical_block, name = "x", file = #di_file, line = 2, type = #di_basic_type>
"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32 loc("debuginfo.mlir":15:16)):
    "llvm.intr.dbg.value"(%arg0) <{locationExpr = #llvm.di_expression<>, varInfo = #di_local_variable}> : (i32) -> () loc(#loc3)
    "llvm.intr.dbg.label"() <{label = #di_label}> : () -> () loc(#loc3)
    "llvm.return"(%arg0) : (i32) -> () loc(#loc3)
  }) : () -> () loc(#loc4)
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "llvm.return"() : () -> () loc(#loc6)
  }) {u.id = distinct[2]<>, u.other = #distinct} : () -> () loc(#loc5)
}) : () -> () loc(#loc)
#loc = loc("debuginfo.mlir":14:1)
#loc1 = loc("k.c":1:1)
#loc3 = loc("k.c":2:3)
#di_subprogram1 = #llvm.di_subprogram<id = distinct[3]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "g", file = #di_file, line = 9, scopeLine = 9, subprogramFlags = Definition, type = #di_subroutine_type>
#loc4 = loc(fused<#di_subprogram>[#loc1])
#loc5 = loc(fused<#di_subprogram1>[#loc1])
#loc6 = loc(fused<#di_lexical_block>[#loc1])

