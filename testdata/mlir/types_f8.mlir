// releases: 16 19 22
// The 8-bit float types LLVM 16 already knows (f8E5M2, f8E4M3FN) as result
// types, FloatAttrs (including inf/NaN/-0.0 bit patterns) and dense elements.
// No release up to 22 has a bytecode type code for them (builtin type codes
// end at 20), so the types are written as text ("f8E5M2").
%f:2 = "u.f8"() : () -> (f8E5M2, f8E4M3FN)
"u.f8_attrs"() {
  e5m2 = 1.5 : f8E5M2,
  e5m2_inf = 0x7C : f8E5M2,
  e5m2_nan = 0x7E : f8E5M2,
  e5m2_nzero = -0.0 : f8E5M2,
  e4m3fn = -2.0 : f8E4M3FN,
  e4m3fn_nan = 0x7F : f8E4M3FN,
  e4m3fn_max = 448.0 : f8E4M3FN,
  d_e5m2 = dense<[1.0, 2.0, 0x7C]> : tensor<3xf8E5M2>,
  d_e4m3fn_splat = dense<0.5> : tensor<4xf8E4M3FN>,
  ty = tensor<2xf8E4M3FN>,
  vec = dense<[1.0, 0.0]> : vector<2xf8E5M2>
} : () -> ()
