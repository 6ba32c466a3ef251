// The debug info of debuginfo.mlir with what only LLVM 22 reads: a
// recursive type marked isRecSelf, common blocks, allocated arrays; and,
// on an op, one value of each other kind llvm names by alias.
#f = #llvm.di_file<"a.c" in "/w/">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C_plus_plus, file = #f, producer = "cc", isOptimized = true, emissionKind = Full, nameTableKind = None>
#null = #llvm.di_null_type
#i32 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#u8 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "uchar">
#p = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #i32, sizeInBits = 64, alignInBits = 32, offsetInBits = 4, extraData = #u8>
#ns = #llvm.di_namespace<name = "outer", exportSymbols = true>
#ns2 = #llvm.di_namespace<name = "inner", scope = #ns, exportSymbols = false>
#arr = #llvm.di_composite_type<tag = DW_TAG_array_type, name = "arr", file = #f, scope = #f, baseType = #i32, allocated = <[DW_OP_push_object_address, DW_OP_deref]>, elements = #llvm.di_subrange<count = 4 : i64>>
#cls = #llvm.di_composite_type<tag = DW_TAG_class_type, name = "K", file = #f, scope = #ns2, flags = "TypePassByReference|NonTrivial">
#self = #llvm.di_composite_type<recId = distinct[1]<>, isRecSelf = true>
#node = #llvm.di_composite_type<recId = distinct[1]<>, tag = DW_TAG_structure_type, name = "node", elements = #llvm.di_derived_type<tag = DW_TAG_member, name = "next", baseType = #self, sizeInBits = 64>>
#st = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #null, #i32, #p, #arr, #cls, #node>
#st2 = #llvm.di_subroutine_type<types = #i32, #i32>
#sp = #llvm.di_subprogram<id = distinct[2]<>, compileUnit = #cu, scope = #ns2, name = "f", linkageName = "_Z1f", file = #f, line = 3, scopeLine = 3, subprogramFlags = "Definition|Optimized", type = #st>
#sp2 = #llvm.di_subprogram<scope = #cls, file = #f, type = #st2>
#mod = #llvm.di_module<file = #f, scope = #f, name = "m", configMacros = "x", includePath = "/", apinotes = "/", line = 42, isDecl = true>
#blk = #llvm.di_lexical_block<scope = #sp, file = #f, line = 1, column = 2>
#blkf = #llvm.di_lexical_block_file<scope = #blk, file = #f, discriminator = 1>
#v0 = #llvm.di_local_variable<scope = #blk, name = "a", file = #f, line = 6, arg = 1, alignInBits = 32, type = #i32>
#v1 = #llvm.di_local_variable<scope = #blkf, name = "b">
#lab = #llvm.di_label<scope = #blk, name = "L", file = #f, line = 9>
#cb = #llvm.di_common_block<scope = #sp2, name = "blk", file = #f, line = 3>
#gv = #llvm.di_global_variable<scope = #cb, name = "g", file = #f, line = 2, type = #i32>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <>>
#gv2 = #llvm.di_global_variable<scope = #cu, name = "h", linkageName = "h", file = #f, line = 5, type = #i32, isDefined = true>
#gve2 = #llvm.di_global_variable_expression<var = #gv2, expr = <[DW_OP_plus_uconst(8)]>>
#tbaa_root = #llvm.tbaa_root<id = "Simple C/C++ TBAA">
#tbaa_char = #llvm.tbaa_type_desc<id = "omnipotent char", members = {<#tbaa_root, 0>}>
#tbaa_int = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_char, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_int, access_type = #tbaa_int, offset = 0>
#ag = #llvm.access_group<id = distinct[4]<>>
#unroll = #llvm.loop_unroll<disable = true>
#la = #llvm.loop_annotation<unroll = #unroll, mustProgress = true, parallelAccesses = #ag>
#str = #llvm.di_string_type<tag = DW_TAG_string_type, name = "s", sizeInBits = 32, alignInBits = 8, encoding = DW_ATE_signed>
#imp = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #sp, entity = #mod, file = #f, line = 7>
#dom = #llvm.alias_scope_domain<id = distinct[6]<>, description = "f">
#scope = #llvm.alias_scope<id = distinct[7]<>, domain = #dom>
#lvec = #llvm.loop_vectorize<disable = false, width = 4 : i32>
#lint = #llvm.loop_interleave<count = 2 : i32>
#luaj = #llvm.loop_unroll_and_jam<disable = true>
#llicm = #llvm.loop_licm<disable = true>
#ldist = #llvm.loop_distribute<disable = true>
#lpipe = #llvm.loop_pipeline<disable = false, initiationinterval = 2 : i32>
#lpeel = #llvm.loop_peeled<count = 1 : i32>
#lunsw = #llvm.loop_unswitch<partialDisable = true>
#mmra = #llvm.mmra_tag<"amdgpu-synchronize-as":"local">
module {
  llvm.mlir.global external @g() {dbg_exprs = [#gve]} : i64
  llvm.mlir.global external @h(0 : i32) {dbg_exprs = [#gve2]} : i32
  llvm.func @f(%arg0: i64, %arg1: !llvm.ptr) -> i32 {
    %c = llvm.mlir.constant(1 : i32) : i32
    %a = llvm.alloca %c x i64 : (i32) -> !llvm.ptr loc(#l1)
    llvm.intr.dbg.declare #v0 = %a : !llvm.ptr loc(#l1)
    llvm.intr.dbg.value #v1 #llvm.di_expression<[DW_OP_LLVM_fragment(16, 8), DW_OP_plus_uconst(2), DW_OP_deref]> = %arg0 : i64 loc(#l2)
    llvm.intr.dbg.label #lab loc(#l2)
    %x = llvm.load %arg1 {tbaa = [#tbaa_tag], access_groups = [#ag]} : !llvm.ptr -> i32 loc(#l2)
    llvm.br ^bb1 {loop_annotation = #la} loc(#l2)
  ^bb1:
    llvm.return %x : i32 loc(#l3)
  } loc(#l4)
  llvm.func @k() attributes {u.id = distinct[2]<>, u.other = distinct[5]<42 : i32>, u.refs = [#mod, #str, #imp, #scope, #lvec, #lint, #luaj, #llicm, #ldist, #lpipe, #lpeel, #lunsw, #mmra]} {
    llvm.return loc(#l3)
  } loc(#l4)
}
#l0 = loc("a.c":1:1)
#l1 = loc(fused<#blk>["a.c":6:3])
#l2 = loc(fused<#blkf>["a.c":7:3])
#l3 = loc(callsite("a.c":8:1 at fused<#sp>["a.c":3:1]))
#l4 = loc(fused<#sp>[#l0])
