// releases: 22
// Small float types added after LLVM 19 (19 rejects them with "expected
// non-function type"): f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN.
// 22 writes them to bytecode as text; 19 reading such a file fails with
// "f8E3M4:1:1: error: expected non-function type".
%f:5 = "u.f8"() : () -> (f8E3M4, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN)
"u.f8_attrs"() {
  e3m4 = 1.5 : f8E3M4,
  e3m4_inf = 0x70 : f8E3M4,
  e8m0fnu = 4.0 : f8E8M0FNU,
  e8m0fnu_nan = 0xFF : f8E8M0FNU,
  f6e2m3fn = 1.25 : f6E2M3FN,
  f6e2m3fn_max = 0x1F : f6E2M3FN,
  f6e3m2fn = -3.0 : f6E3M2FN,
  f4e2m1fn = 6.0 : f4E2M1FN,
  f4e2m1fn_neg = 0xF : f4E2M1FN,
  d_e3m4 = dense<[1.0, 2.0]> : tensor<2xf8E3M4>,
  d_e8m0fnu = dense<[1.0, 2.0, 0.5]> : tensor<3xf8E8M0FNU>,
  d_f6e2m3fn = dense<[1.0, -1.0]> : tensor<2xf6E2M3FN>,
  d_f6e3m2fn_splat = dense<2.0> : tensor<4xf6E3M2FN>,
  d_f4e2m1fn = dense<[0.5, 1.0, 1.5, 6.0]> : tensor<4xf4E2M1FN>
} : () -> ()
