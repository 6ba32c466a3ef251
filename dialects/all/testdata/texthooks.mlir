// Attributes and types whose text C++ reads and prints, in forms LLVM 19
// and 22 both read: every attribute of the "q.typed" op must read into a
// typed value (dialects/all texthooks_test.go).
"q.typed"() {
  cn0 = #complex.number<:f32 1.0, 2.0> : complex<f32>,
  cn1 = #complex.number<:f64 0.998, -0.0> : complex<f64>,
  cn3 = #complex.number<:bf16 -2.5, 3.0e38> : complex<bf16>,
  tf0 = #llvm.target_features<["+sse", "-avx", "+some-feature"]>,
  tf1 = #llvm.target_features<[]>,
  o0 = #gpu.object<#nvvm.target, "BLOB">,
  o1 = #gpu.object<#nvvm.target, bin = "BLOB">,
  o2 = #gpu.object<#nvvm.target, offload = "BLOB">,
  o3 = #gpu.object<#rocdl.target<chip = "gfx90a">, assembly = "asm">,
  o4 = #gpu.object<#nvvm.target, properties = {O = 3 : i32}, "BLOB">,
  o5 = #gpu.object<#nvvm.target, properties = {O = 3 : i32}, fatbin = "BLOB">,
  o6 = #gpu.object<#nvvm.target<chip = "sm_90">, fatbin = "a\00b">,
  x0 = !xegpu.tensor_desc<8x16xf16>,
  x1 = !xegpu.tensor_desc<?x16xf32>,
  d0 = #llvm.di_expression<[DW_OP_deref, DW_OP_constu(3), DW_OP_plus]>,
  d1 = #llvm.di_expression<[DW_OP_LLVM_convert(16, DW_ATE_signed), DW_OP_LLVM_convert(32, DW_ATE_unsigned), DW_OP_LLVM_fragment(0, 32)]>,
  d2 = #llvm.di_expression<[DW_OP_LLVM_convert(8, 255)]>,
  d3 = #llvm.di_expression<>,
  d4 = #llvm.di_expression<[DW_OP_bregx(3, 18446744073709551615), DW_OP_LLVM_arg(0), DW_OP_stack_value]>,
  s0 = !llvm.struct<packed (i8, i32)>,
  s1 = !llvm.struct<"id", packed (i8, i32)>,
  s2 = !llvm.struct<"op", opaque>,
  s3 = !llvm.struct<()>,
  s4 = !llvm.struct<"e", ()>,
  s5 = !llvm.struct<packed ()>,
  s6 = !llvm.struct<(struct<packed (i8)>, struct<"op", opaque>)>
} : () -> ()
