// releases: 16 19 22
// DenseArrayAttr (bytecode code 17) for every element type the syntax allows
// (i1 i8 i16 i32 i64 f32 f64), with and without elements, including limits,
// NaN/inf/-0.0, and nested in arrays and dictionaries. Bool elements take one
// byte each in the blob.
"u.dense_arrays"() {
  a_i1 = array<i1: true, false, true>,
  a_i8 = array<i8: -1, 2, 127, -128>,
  a_i16 = array<i16: 1000, -1000, 32767>,
  a_i32 = array<i32: 1, 2, 3>,
  a_i64 = array<i64: 9223372036854775807, -1, -9223372036854775808>,
  a_f32 = array<f32: 1.5, -0.0, 0x7FC00000, 0xFF800000>,
  a_f64 = array<f64: 2.5, 0x7FF0000000000000, 1.0e-300>,
  a_one = array<i64: 0>,
  e_i1 = array<i1>,
  e_i8 = array<i8>,
  e_i16 = array<i16>,
  e_i32 = array<i32>,
  e_i64 = array<i64>,
  e_f32 = array<f32>,
  e_f64 = array<f64>,
  nested = [array<i32: 1>, {x = array<f64: 1.0>}]
} : () -> ()
