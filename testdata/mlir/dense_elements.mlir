// releases: 16 19 22
// Dense and sparse elements attributes (bytecode codes 18, 19, 20):
// DenseIntOrFPElementsAttr for int/float/i1, splat and non-splat, vectors,
// odd widths (i3, i17), wide ints (i128, i200), signed/unsigned, index,
// bf16/f16/f32/f64/f80/f128 incl. NaN/inf/-0.0, complex<f32/f64/i16>, 0-d
// tensors, empty shapes, the hex-string form, and >100 elements (printed back
// as hex); i1 data is bit-packed in bytecode, splat true is 0xFF.
// DenseStringElementsAttr splat, non-splat (with NUL and empty strings), 0-d
// and empty; SparseElementsAttr with float/int values, splat values and empty.
// String elements need a non-builtin element type (!u.string).
"u.dense_int"() {
  i32_splat = dense<7> : tensor<4xi32>,
  i32_nonsplat = dense<[1, 2, 3, 4]> : tensor<4xi32>,
  i32_2d = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>,
  i32_dyn_equal = dense<[5, 5, 5]> : tensor<3xi32>,
  i8_neg = dense<[-128, 127, 0]> : tensor<3xi8>,
  i64_vec = dense<[1, -1]> : vector<2xi64>,
  i16_vec2d = dense<[[1, 2], [3, 4]]> : vector<2x2xi16>,
  i3_odd = dense<[1, 2, 3, -4]> : tensor<4xi3>,
  i17_odd = dense<[65535, -1, 0]> : tensor<3xi17>,
  i128_wide = dense<[170141183460469231731687303715884105727, -1]> : tensor<2xi128>,
  i200_splat = dense<123456789012345678901234567890> : tensor<2xi200>,
  ui16 = dense<[65535, 0]> : tensor<2xui16>,
  si16 = dense<[-32768, 5]> : tensor<2xsi16>,
  idx = dense<[0, 1, -1]> : tensor<3xindex>,
  idx_splat = dense<9> : vector<4xindex>
} : () -> ()
"u.dense_i1"() {
  i1_splat_true = dense<true> : tensor<8xi1>,
  i1_splat_false = dense<false> : tensor<3xi1>,
  i1_nonsplat = dense<[true, false, true, true, false, false, true, false, true, true]> : tensor<10xi1>,
  i1_all_true_nonsplat_syntax = dense<[true, true, true]> : tensor<3xi1>,
  i1_vec = dense<[false, true]> : vector<2xi1>,
  i1_zero_d = dense<true> : tensor<i1>,
  i1_empty = dense<> : tensor<0xi1>,
  i1_big = dense<[false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false, true, true, false]> : tensor<130xi1>
} : () -> ()
"u.dense_float"() {
  f32_splat = dense<1.5> : tensor<2x2xf32>,
  f32_nonsplat = dense<[1.0, -0.0, 0x7FC00000, 0xFF800000]> : tensor<4xf32>,
  f16 = dense<[1.0, 2.0, 0x7C00]> : tensor<3xf16>,
  bf16 = dense<[1.0, -2.0]> : tensor<2xbf16>,
  bf16_nan_splat = dense<0x7FC0> : tensor<2xbf16>,
  f64 = dense<[1.0e300, 0x7FF0000000000000, -0.0]> : tensor<3xf64>,
  f80 = dense<[1.5, 2.5, 1.0e5000]> : tensor<3xf80>,
  f128 = dense<[1.5, -2.5]> : tensor<2xf128>,
  f32_vec = dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
} : () -> ()
"u.dense_complex"() {
  c_f32 = dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>,
  c_f32_splat = dense<(1.0, 0.0)> : tensor<3xcomplex<f32>>,
  c_i16 = dense<[(1, 2), (-3, 4)]> : tensor<2xcomplex<i16>>,
  c_f64_zero_d = dense<(0.5, -0.5)> : tensor<complex<f64>>
} : () -> ()
"u.dense_shapes"() {
  zero_d_i32 = dense<42> : tensor<i32>,
  zero_d_f64 = dense<2.0> : tensor<f64>,
  empty_1d = dense<> : tensor<0xi32>,
  empty_2d = dense<> : tensor<2x0xf32>,
  empty_3d = dense<> : tensor<0x3x0xi64>,
  big_i32 = dense<[-500, -493, -486, -479, -472, -465, -458, -451, -444, -437, -430, -423, -416, -409, -402, -395, -388, -381, -374, -367, -360, -353, -346, -339, -332, -325, -318, -311, -304, -297, -290, -283, -276, -269, -262, -255, -248, -241, -234, -227, -220, -213, -206, -199, -192, -185, -178, -171, -164, -157, -150, -143, -136, -129, -122, -115, -108, -101, -94, -87, -80, -73, -66, -59, -52, -45, -38, -31, -24, -17, -10, -3, 4, 11, 18, 25, 32, 39, 46, 53, 60, 67, 74, 81, 88, 95, 102, 109, 116, 123, 130, 137, 144, 151, 158, 165, 172, 179, 186, 193, 200, 207, 214, 221, 228, 235, 242, 249, 256, 263, 270, 277, 284, 291, 298, 305, 312, 319, 326, 333, 340, 347, 354, 361, 368, 375, 382, 389, 396, 403, 410, 417, 424, 431, 438, 445, 452, 459, 466, 473, 480, 487, 494, -499, -492, -485, -478, -471, -464, -457]> : tensor<150xi32>,
  big_f32 = dense<[0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 27.5, 28.5, 29.5, 30.5, 31.5, 32.5, 33.5, 34.5, 35.5, 36.5, 37.5, 38.5, 39.5, 40.5, 41.5, 42.5, 43.5, 44.5, 45.5, 46.5, 47.5, 48.5, 49.5, 50.5, 51.5, 52.5, 53.5, 54.5, 55.5, 56.5, 57.5, 58.5, 59.5, 60.5, 61.5, 62.5, 63.5, 64.5, 65.5, 66.5, 67.5, 68.5, 69.5, 70.5, 71.5, 72.5, 73.5, 74.5, 75.5, 76.5, 77.5, 78.5, 79.5, 80.5, 81.5, 82.5, 83.5, 84.5, 85.5, 86.5, 87.5, 88.5, 89.5, 90.5, 91.5, 92.5, 93.5, 94.5, 95.5, 96.5, 97.5, 98.5, 99.5, 100.5, 101.5, 102.5, 103.5, 104.5, 105.5, 106.5, 107.5, 108.5, 109.5, 110.5, 111.5, 112.5, 113.5, 114.5, 115.5, 116.5, 117.5, 118.5, 119.5]> : tensor<120xf32>,
  big_splat = dense<3> : tensor<1024xi16>,
  big_2d_splat = dense<0.0> : tensor<64x64xf32>,
  hex = dense<"0x0100000002000000"> : tensor<2xi32>,
  hex_splat = dense<"0xFFFFFFFF"> : tensor<5xi32>,
  hex_f64 = dense<"0x000000000000F03F0000000000000040"> : tensor<2xf64>
} : () -> ()
"u.dense_string"() {
  str_splat = dense<"abc"> : tensor<3x!u.string>,
  str_nonsplat = dense<["a", "", "cc\00d", "\E2\82\AC"]> : tensor<4x!u.string>,
  str_zero_d = dense<"only"> : tensor<!u.string>,
  str_2d = dense<[["a", "b"], ["c", "d"]]> : tensor<2x2x!u.string>,
  str_same = dense<["z", "z"]> : tensor<2x!u.string>
} : () -> ()
"u.sparse"() {
  sparse_f32 = sparse<[[0, 0], [1, 2]], [1.0, 2.0]> : tensor<3x4xf32>,
  sparse_i32 = sparse<[[1], [3]], [7, 8]> : tensor<5xi32>,
  sparse_splat = sparse<[[0], [2]], 5> : tensor<4xi64>,
  sparse_empty = sparse<> : tensor<2x2xi8>,
  sparse_str = sparse<[[1]], ["s"]> : tensor<3x!u.string>,
  sparse_vec = sparse<[[0, 1]], [true]> : vector<2x2xi1>
} : () -> ()
