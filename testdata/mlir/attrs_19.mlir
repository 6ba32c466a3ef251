// releases: 19 22
// Builtin attributes that need LLVM 19+:
// - DistinctAttr (bytecode attribute code 21; 16 cannot parse distinct[N]<...>),
//   including the same distinct id used twice, an empty payload, nesting and a
//   location payload; ids are renumbered in print order;
// - FloatAttr f80/f128 written as hex literals wider than 64 bits (NaN, +-inf,
//   max, an x87 pseudo-infinity pattern without the integer bit); 16 rejects
//   them with "hexadecimal float constant out of range for type";
// - dense tf32 (17+), whose values take four bytes each in 19's data and three
//   in 22's: a splat, a list, complex values.
"u.distinct"() {
  d0 = distinct[0]<42 : i32>,
  d0_again = distinct[0]<42 : i32>,
  d1 = distinct[1]<"s">,
  d_unit = distinct[2]<>,
  d_arr = [distinct[3]<[1, 2]>, distinct[4]<{a = 1}>],
  d_nested = distinct[5]<distinct[6]<unit>>,
  d_loc = distinct[7]<loc("d.cc":1:2)>
} : () -> ()
"u.wide_hex_floats"() {
  f80_inf = 0x7FFF8000000000000000 : f80,
  f80_ninf = 0xFFFF8000000000000000 : f80,
  f80_qnan = 0x7FFFC000000000000000 : f80,
  f80_max = 0x7FFEFFFFFFFFFFFFFFFF : f80,
  f80_pseudo = 0x7FFF0000000000000000 : f80,
  f128_inf = 0x7FFF0000000000000000000000000000 : f128,
  f128_nan = 0x7FFF8000000000000000000000000000 : f128,
  f128_nzero = 0x80000000000000000000000000000000 : f128,
  f128_one_ulp = 0x3FFF0000000000000000000000000001 : f128
} : () -> ()
"u.tf32"() {
  splat = dense<0.5> : tensor<2xtf32>,
  list = dense<[0.5, -1.0, 3.0]> : tensor<3xtf32>,
  complex_splat = dense<(1.0, 2.0)> : tensor<2xcomplex<tf32>>,
  complex_list = dense<[(1.0, 0.5), (0.0, -2.0)]> : tensor<2xcomplex<tf32>>
} : () -> ()
