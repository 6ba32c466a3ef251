// LLVM 22's sub-channel quantized types: empty and several-axis block
// sizes, parameters of rank 1 to 3, scales rounded to bf16 and f16, zero
// points that wrap to the storage width (200 in u8 prints -56), splat
// parameters.
"q.types"() {
  s0 = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:10, 3.0:20}, {4.0:30, 5.0:40}}>,
  s1 = !quant.uniform<u8:f32:{}, {{2.0:120,3.0:127}, {4.0,5.0}}>,
  s2 = !quant.uniform<i8:bf16:{1:2}, {{1.1:3,1.1:3}}>,
  s3 = !quant.uniform<i8:f16:{0:2}, {1.1:3,2.2}>,
  s4 = !quant.uniform<i8:f32:{0:2, 1:3}, {{{1.0}}}>,
  s5 = !quant.uniform<u8:f32:{0:2}, {1.0:200, 0.998}>,
  s6 = !quant.uniform<i16<-100:100>:f64:{0:4}, {{1.0e-300:-7}, {0.1:7}}>,
  s7 = !quant.uniform<i8:f32:{0:1}, {1.0, 1.0, 1.0}>
} : () -> ()
