// LLVM 22 only forms of texthooks.mlir: kernel tables of GPU objects;
// XeGPU's block and scatter descriptors, layouts, the default block
// descriptor left out, memory descriptors and layouts; every DWARF
// operation name, whose number LLVM 22 encodes; SMT bit-vector constants
// and LLVM constant ranges, printed signed.
"q.typed"() {
  o7 = #gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"kernel0", (i32) -> (), metadata = {sgpr_count = 255}>, #gpu.kernel_metadata<"kernel1", (i32, f32) -> (), arg_attrs = [{llvm.read_only}, {}]>]>, bin = "BLOB">,
  o8 = #gpu.object<#rocdl.target, properties = {O = 3 : i32}, kernels = <>, "BLOB">,
  x1 = !xegpu.tensor_desc<16xf16, #xegpu.block_tdesc_attr<memory_space = slm, array_length = 2, boundary_check = false>>,
  x2 = !xegpu.tensor_desc<16x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>,
  x3 = !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<>>,
  x4 = !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>,
  x5 = !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, #xegpu.block_tdesc_attr<array_length = 2>>,
  x6 = !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<memory_space = global, array_length = 1, boundary_check = true>>,
  m0 = !xegpu.mem_desc<16x64xf16>,
  m1 = !xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<stride = [1, 16], block = [8, 16]>>,
  m2 = !xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<stride = [1, 16], x = 3, y = unit>>,
  l0 = #xegpu.mem_layout<stride = [1, 16]>,
  b0 = #smt.bv<5> : !smt.bv<32>,
  b1 = #smt.bv<-1> : !smt.bv<8>,
  b2 = #smt.bv<255> : !smt.bv<8>,
  b3 = #smt.bv<0> : !smt.bv<1>,
  b4 = #smt.bv<12345678901234567890> : !smt.bv<80>,
  r0 = #llvm.constant_range<i32, 0, 12>,
  r1 = #llvm.constant_range<i8, -1, 5>,
  r2 = #llvm.constant_range<i8, 200, 5>,
  r3 = #llvm.constant_range<i1, 0, 1>,
  r4 = #llvm.constant_range<i128, 0, 170141183460469231731687303715884105727>,
  dw = #llvm.di_expression<[DW_OP_addr, DW_OP_deref, DW_OP_const1u, DW_OP_const1s, DW_OP_const2u, DW_OP_const2s, DW_OP_const4u, DW_OP_const4s, DW_OP_const8u, DW_OP_const8s, DW_OP_constu, DW_OP_consts, DW_OP_dup, DW_OP_drop, DW_OP_over, DW_OP_pick, DW_OP_swap, DW_OP_rot, DW_OP_xderef, DW_OP_abs, DW_OP_and, DW_OP_div, DW_OP_minus, DW_OP_mod, DW_OP_mul, DW_OP_neg, DW_OP_not, DW_OP_or, DW_OP_plus, DW_OP_plus_uconst, DW_OP_shl, DW_OP_shr, DW_OP_shra, DW_OP_xor, DW_OP_bra, DW_OP_eq, DW_OP_ge, DW_OP_gt, DW_OP_le, DW_OP_lt, DW_OP_ne, DW_OP_skip, DW_OP_lit0, DW_OP_lit1, DW_OP_lit2, DW_OP_lit3, DW_OP_lit4, DW_OP_lit5, DW_OP_lit6, DW_OP_lit7, DW_OP_lit8, DW_OP_lit9, DW_OP_lit10, DW_OP_lit11, DW_OP_lit12, DW_OP_lit13, DW_OP_lit14, DW_OP_lit15, DW_OP_lit16, DW_OP_lit17, DW_OP_lit18, DW_OP_lit19, DW_OP_lit20, DW_OP_lit21, DW_OP_lit22, DW_OP_lit23, DW_OP_lit24, DW_OP_lit25, DW_OP_lit26, DW_OP_lit27, DW_OP_lit28, DW_OP_lit29, DW_OP_lit30, DW_OP_lit31, DW_OP_reg0, DW_OP_reg1, DW_OP_reg2, DW_OP_reg3, DW_OP_reg4, DW_OP_reg5, DW_OP_reg6, DW_OP_reg7, DW_OP_reg8, DW_OP_reg9, DW_OP_reg10, DW_OP_reg11, DW_OP_reg12, DW_OP_reg13, DW_OP_reg14, DW_OP_reg15, DW_OP_reg16, DW_OP_reg17, DW_OP_reg18, DW_OP_reg19, DW_OP_reg20, DW_OP_reg21, DW_OP_reg22, DW_OP_reg23, DW_OP_reg24, DW_OP_reg25, DW_OP_reg26, DW_OP_reg27, DW_OP_reg28, DW_OP_reg29, DW_OP_reg30, DW_OP_reg31, DW_OP_breg0, DW_OP_breg1, DW_OP_breg2, DW_OP_breg3, DW_OP_breg4, DW_OP_breg5, DW_OP_breg6, DW_OP_breg7, DW_OP_breg8, DW_OP_breg9, DW_OP_breg10, DW_OP_breg11, DW_OP_breg12, DW_OP_breg13, DW_OP_breg14, DW_OP_breg15, DW_OP_breg16, DW_OP_breg17, DW_OP_breg18, DW_OP_breg19, DW_OP_breg20, DW_OP_breg21, DW_OP_breg22, DW_OP_breg23, DW_OP_breg24, DW_OP_breg25, DW_OP_breg26, DW_OP_breg27, DW_OP_breg28, DW_OP_breg29, DW_OP_breg30, DW_OP_breg31, DW_OP_regx, DW_OP_fbreg, DW_OP_bregx, DW_OP_piece, DW_OP_deref_size, DW_OP_xderef_size, DW_OP_nop, DW_OP_push_object_address, DW_OP_call2, DW_OP_call4, DW_OP_call_ref, DW_OP_form_tls_address, DW_OP_call_frame_cfa, DW_OP_bit_piece, DW_OP_implicit_value, DW_OP_stack_value, DW_OP_implicit_pointer, DW_OP_addrx, DW_OP_constx, DW_OP_entry_value, DW_OP_const_type, DW_OP_regval_type, DW_OP_deref_type, DW_OP_xderef_type, DW_OP_convert, DW_OP_reinterpret, DW_OP_GNU_push_tls_address, DW_OP_HP_is_value, DW_OP_HP_fltconst4, DW_OP_HP_fltconst8, DW_OP_HP_mod_range, DW_OP_HP_unmod_range, DW_OP_HP_tls, DW_OP_INTEL_bit_piece, DW_OP_WASM_location, DW_OP_WASM_location_int, DW_OP_APPLE_uninit, DW_OP_GNU_entry_value, DW_OP_PGI_omp_thread_num, DW_OP_GNU_addr_index, DW_OP_GNU_const_index, DW_OP_LLVM_fragment, DW_OP_LLVM_convert, DW_OP_LLVM_tag_offset, DW_OP_LLVM_entry_value, DW_OP_LLVM_implicit_pointer, DW_OP_LLVM_arg, DW_OP_LLVM_extract_bits_sext, DW_OP_LLVM_extract_bits_zext]>
} : () -> ()
