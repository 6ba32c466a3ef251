// Quant types in the forms both LLVM 19 and 22 read and print, for the
// text-form tests: storage types signed and unsigned of several widths,
// with and without ranges; expressed types of every float width; scales
// that print in scientific notation, as the shortest decimal, or as hex
// bits; zero points of either sign; a quant type nested in a tensor.
"q.types"() {
  a0 = !quant.any<i8<-8:7>>,
  a1 = !quant.any<u8:f32>,
  a2 = !quant.any<i16<0:100>:f64>,
  a3 = !quant.any<u1>,
  a4 = !quant.any<i32:bf16>,
  c0 = !quant.calibrated<f32<-0.998:1.2321>>,
  c1 = !quant.calibrated<f64<-1.0e10:0.1>>,
  c2 = !quant.calibrated<f16<-1.0:1.0>>,
  c3 = !quant.calibrated<bf16<-2.5:0.998>>,
  u0 = !quant.uniform<i8<-8:7>:f32, 0.99872:127>,
  u1 = !quant.uniform<u16:bf16, 2.0e+2>,
  u2 = !quant.uniform<u8<1:200>:f32, 0x41646ABBA0000000:128>,
  u3 = !quant.uniform<i8:f32, 0x3FF0000000000001>,
  u4 = !quant.uniform<i32:f64, 3.0:-5>,
  u5 = !quant.uniform<i4:f16, 1.0e-3>,
  u6 = !quant.uniform<u8:f32, 0.998:255>,
  u7 = !quant.uniform<u8:bf16, 1.0e-40>,
  u8 = !quant.uniform<i8:f64, 1.0e-300>,
  u9 = !quant.uniform<si8:f32, 1.0>,
  p0 = !quant.uniform<i8:f32:1, {2.0e+2:120,0.99872:127,1.5e-3:-128}>,
  p1 = !quant.uniform<u8:f32:0, {1.0:200}>,
  p2 = !quant.uniform<i8<-127:127>:f16:3, {0.5,0.25:-1,0.998}>
} : () -> ()
%0 = "q.fn"() : () -> tensor<4x!quant.uniform<u8:f32, 1.0>>
