// LLVM 22's sub-channel quantized type (code 6).
"test.types"() {
  a = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:10, 3.0:20}, {4.0:30, 5.0:40}}>
} : () -> ()
