#access_group = #llvm.access_group<id = distinct[0]<>>
#alias_scope_domain = #llvm.alias_scope_domain<id = distinct[1]<>, description = "f">
#di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#di_basic_type1 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "uchar">
#di_composite_type = #llvm.di_composite_type<recId = distinct[2]<>, isRecSelf = true>
#di_file = #llvm.di_file<"a.c" in "/w/">
#di_namespace = #llvm.di_namespace<name = "outer", exportSymbols = true>
#di_null_type = #llvm.di_null_type
#di_string_type = #llvm.di_string_type<tag = DW_TAG_string_type, name = "s", sizeInBits = 32, alignInBits = 8, encoding = DW_ATE_signed>
#distinct = distinct[3]<42 : i32>
#loc4 = loc("debuginfo.mlir":53:16)
#loc5 = loc("debuginfo.mlir":53:28)
#loop_distribute = #llvm.loop_distribute<disable = true>
#loop_interleave = #llvm.loop_interleave<count = 2 : i32>
#loop_licm = #llvm.loop_licm<disable = true>
#loop_peeled = #llvm.loop_peeled<count = 1 : i32>
#loop_pipeline = #llvm.loop_pipeline<disable = false, initiationinterval = 2 : i32>
#loop_unroll = #llvm.loop_unroll<disable = true>
#loop_unroll_and_jam = #llvm.loop_unroll_and_jam<disable = true>
#loop_unswitch = #llvm.loop_unswitch<partialDisable = true>
#loop_vectorize = #llvm.loop_vectorize<disable = false, width = 4 : i32>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#alias_scope = #llvm.alias_scope<id = distinct[4]<>, domain = #alias_scope_domain>
#di_compile_unit = #llvm.di_compile_unit<id = distinct[5]<>, sourceLanguage = DW_LANG_C_plus_plus, file = #di_file, producer = "cc", isOptimized = true, emissionKind = Full, nameTableKind = None>
#di_composite_type1 = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "arr", file = #di_file, scope = #di_file, baseType = #di_basic_type, allocated = <[DW_OP_push_object_address, DW_OP_deref]>, elements = #llvm.di_subrange<count = 4 : i64>>
#di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #di_basic_type, sizeInBits = 64, alignInBits = 32, offsetInBits = 4, extraData = #di_basic_type1>
#di_derived_type1 = #llvm.di_derived_type<tag = DW_TAG_member, name = "next", baseType = #di_composite_type, sizeInBits = 64>
#di_module = #llvm.di_module<file = #di_file, scope = #di_file, name = "m", configMacros = "x", includePath = "/", apinotes = "/", line = 42, isDecl = true>
#di_namespace1 = #llvm.di_namespace<name = "inner", scope = #di_namespace, exportSymbols = false>
#di_subroutine_type = #llvm.di_subroutine_type<types = #di_basic_type, #di_basic_type>
#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll, mustProgress = true, parallelAccesses = #access_group>
#di_composite_type2 = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "K", file = #di_file, scope = #di_namespace1, flags = "TypePassByReference|NonTrivial">
#di_composite_type3 = #llvm.di_composite_type<recId = distinct[2]<>, tag = DW_TAG_structure_type, name = "node", elements = #di_derived_type1>
#di_global_variable = #llvm.di_global_variable<scope = #di_compile_unit, name = "h", linkageName = "h", file = #di_file, line = 5, type = #di_basic_type, isDefined = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#di_global_variable_expression = #llvm.di_global_variable_expression<var = #di_global_variable, expr = <[DW_OP_plus_uconst(8)]>>
#di_subprogram = #llvm.di_subprogram<scope = #di_composite_type2, file = #di_file, type = #di_subroutine_type>
#di_subroutine_type1 = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_null_type, #di_basic_type, #di_derived_type, #di_composite_type1, #di_composite_type2, #di_composite_type3>
#di_common_block = #llvm.di_common_block<scope = #di_subprogram, name = "blk", file = #di_file, line = 3>
#di_subprogram1 = #llvm.di_subprogram<id = distinct[6]<>, compileUnit = #di_compile_unit, scope = #di_namespace1, name = "f", linkageName = "_Z1f", file = #di_file, line = 3, scopeLine = 3, subprogramFlags = "Definition|Optimized", type = #di_subroutine_type1>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_type_desc, 0>}>
#di_global_variable1 = #llvm.di_global_variable<scope = #di_common_block, name = "g", file = #di_file, line = 2, type = #di_basic_type>
#di_imported_entity = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #di_subprogram1, entity = #di_module, file = #di_file, line = 7>
#di_lexical_block = #llvm.di_lexical_block<scope = #di_subprogram1, file = #di_file, line = 1, column = 2>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc1, access_type = #tbaa_type_desc1, offset = 0>
#di_global_variable_expression1 = #llvm.di_global_variable_expression<var = #di_global_variable1, expr = <>>
#di_label = #llvm.di_label<scope = #di_lexical_block, name = "L", file = #di_file, line = 9>
#di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_lexical_block, file = #di_file, discriminator = 1>
#di_local_variable = #llvm.di_local_variable<scope = #di_lexical_block, name = "a", file = #di_file, line = 6, arg = 1, alignInBits = 32, type = #di_basic_type>
#di_local_variable1 = #llvm.di_local_variable<scope = #di_lexical_block_file, name = "b">
"builtin.module"() ({
  "llvm.mlir.global"() <{addr_space = 0 : i32, dbg_exprs = [#di_global_variable_expression1], global_type = i64, linkage = #llvm.linkage<external>, sym_name = "g", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  }) : () -> () loc(#loc1)
  "llvm.mlir.global"() <{addr_space = 0 : i32, dbg_exprs = [#di_global_variable_expression], global_type = i32, linkage = #llvm.linkage<external>, sym_name = "h", unnamed_addr = 0 : i64, value = 0 : i32, visibility_ = 0 : i64}> ({
  }) : () -> () loc(#loc2)
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<i32 (i64, ptr)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i64 loc("debuginfo.mlir":53:16), %arg1: !llvm.ptr loc("debuginfo.mlir":53:28)):
    %0 = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32 loc(#loc6)
    %1 = "llvm.alloca"(%0) <{elem_type = i64}> : (i32) -> !llvm.ptr loc(#loc13)
    "llvm.intr.dbg.declare"(%1) <{locationExpr = #llvm.di_expression<>, varInfo = #di_local_variable}> : (!llvm.ptr) -> () loc(#loc13)
    "llvm.intr.dbg.value"(%arg0) <{locationExpr = #llvm.di_expression<[DW_OP_LLVM_fragment(16, 8), DW_OP_plus_uconst(2), DW_OP_deref]>, varInfo = #di_local_variable1}> : (i64) -> () loc(#loc15)
    "llvm.intr.dbg.label"() <{label = #di_label}> : () -> () loc(#loc15)
    %2 = "llvm.load"(%arg1) <{access_groups = [#access_group], ordering = 0 : i64, tbaa = [#tbaa_tag]}> : (!llvm.ptr) -> i32 loc(#loc15)
    "llvm.br"()[^bb1] <{loop_annotation = #loop_annotation}> : () -> () loc(#loc15)
  ^bb1:  // pred: ^bb0
    "llvm.return"(%2) : (i32) -> () loc(#loc14)
  }) : () -> () loc(#loc11)
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "k", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "llvm.return"() : () -> () loc(#loc14)
  }) {u.id = distinct[6]<>, u.other = #distinct, u.refs = [#di_module, #di_string_type, #di_imported_entity, #alias_scope, #loop_vectorize, #loop_interleave, #loop_unroll_and_jam, #loop_licm, #loop_distribute, #loop_pipeline, #loop_peeled, #loop_unswitch]} : () -> () loc(#loc11)
}) : () -> () loc(#loc)
#loc = loc("debuginfo.mlir":50:1)
#loc1 = loc("debuginfo.mlir":51:3)
#loc2 = loc("debuginfo.mlir":52:3)
#loc3 = loc("a.c":1:1)
#loc6 = loc("debuginfo.mlir":54:10)
#loc7 = loc("a.c":6:3)
#loc8 = loc("a.c":7:3)
#loc9 = loc("a.c":8:1)
#loc10 = loc("a.c":3:1)
#loc11 = loc(fused<#di_subprogram1>[#loc3])
#loc12 = loc(fused<#di_subprogram1>[#loc10])
#loc13 = loc(fused<#di_lexical_block>[#loc7])
#loc14 = loc(callsite(#loc9 at #loc12))
#loc15 = loc(fused<#di_lexical_block_file>[#loc8])

