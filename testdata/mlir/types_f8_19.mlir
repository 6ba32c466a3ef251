// releases: 19 22
// Small float types added between LLVM 17 and 19 (16 rejects them with
// "expected non-function type"): tf32, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ,
// f8E4M3. All are written to bytecode as text by 19 and 22.
%f:5 = "u.f8"() : () -> (tf32, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E4M3)
"u.f8_attrs"() {
  tf32 = 1.5 : tf32,
  tf32_inf = 0x3FC00 : tf32,
  e5m2fnuz = 2.0 : f8E5M2FNUZ,
  e5m2fnuz_nan = 0x80 : f8E5M2FNUZ,
  e4m3fnuz = -1.0 : f8E4M3FNUZ,
  e4m3fnuz_nan = 0x80 : f8E4M3FNUZ,
  e4m3b11fnuz = 0.25 : f8E4M3B11FNUZ,
  e4m3 = 3.0 : f8E4M3,
  e4m3_inf = 0x78 : f8E4M3,
  e4m3_nan = 0x7F : f8E4M3,
  d_tf32 = dense<[1.0, 2.0]> : tensor<2xtf32>,
  d_e5m2fnuz = dense<[1.0, 0x80]> : tensor<2xf8E5M2FNUZ>,
  d_e4m3fnuz_splat = dense<1.0> : tensor<3xf8E4M3FNUZ>,
  d_e4m3b11fnuz = dense<[0.5, -0.5]> : tensor<2xf8E4M3B11FNUZ>,
  d_e4m3 = dense<[1.0, 0x78]> : tensor<2xf8E4M3>,
  c_tf32 = complex<tf32>
} : () -> ()
