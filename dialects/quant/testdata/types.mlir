// Every quant type of QuantDialectBytecode.td: any (codes 1 and 2),
// calibrated (3), uniform (4), per-axis (5); sub-channel (6) is in
// types_22.mlir.
"test.types"() {
  a = !quant.any<i8<-8:7>>,
  b = !quant.any<u8:f32>,
  c = !quant.calibrated<f32<-0.998:1.2321>>,
  d = !quant.uniform<i8<-8:7>:f32, 0.99872:127>,
  e = !quant.uniform<u16:bf16, 2.0e+2>,
  f = !quant.uniform<i8:f32:1, {2.0e+2:120,0.99872:127,1.5e-3:-128}>
} : () -> ()
