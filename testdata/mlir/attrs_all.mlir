// releases: 16 19 22
// Builtin attributes every release parses, attached as discardable attributes
// of unregistered ops so they reach the bytecode attribute table:
// ArrayAttr, DictionaryAttr, StringAttr (plain, escapes, UTF-8, empty, typed,
// ": none"), FlatSymbolRefAttr, nested SymbolRefAttr, TypeAttr, UnitAttr,
// IntegerAttr (bool/i1, i0, odd widths, i64 limits, index, i128, i200, i1024,
// negative, signed/unsigned), FloatAttr (bf16 f16 f32 f64 f80 f128, NaN,
// +-inf, -0.0, subnormals; f64 in an array, whose type is elided
// unless printed in hex), affine maps, integer sets, strided layouts,
// opaque dialect attributes/types, and attribute/type aliases.
// Decimal float literals are parsed through double: f80/f128 values overflow
// to inf or underflow to 0 as a double would (f80_underflow prints as 0).
// Hex float literals wider than 64 bits (f80/f128 NaN) need 19+: attrs_19.mlir.
#alias_dict = {k = "v", n = 3 : i8}
!alias_ty = tensor<2x?xf32>
"u.containers"() {
  arr = [1, "x", [2, 3], [], @f, unit, i8],
  arr_empty = [],
  arr_nested = [[[[]]]],
  dict = {a = 1 : i32, b = {}, c = "s", d = {e = [true]}},
  dict_empty = {},
  dict_alias = #alias_dict,
  quoted_keys = {"key with space" = 1 : i64, "0digit" = 2 : i64}
} : () -> ()
"u.strings"() {
  str = "plain",
  str_empty = "",
  str_esc = "tab\09nl\0Aquote\22backslash\5Cnul\00end",
  str_utf8 = "\E2\82\AC €  日本",
  str_typed = "typed" : i32,
  str_typed_tensor = "x" : tensor<2xf32>,
  str_typed_none = "n" : none,
  str_same_as_key = "str"
} : () -> ()
"u.symbols"() {
  flat = @sym,
  flat_quoted = @"quoted sym",
  nested1 = @root::@a,
  nested2 = @root::@a::@"b c",
  refs = [@x, @x::@y]
} : () -> ()
"u.types_as_attrs"() {
  ty_i32 = i32,
  ty_tensor = tensor<?x4xf32>,
  ty_fn = (i32, f32) -> (i64),
  ty_alias = !alias_ty,
  ty_opaque = !foo.bar<"y">,
  ty_none = none,
  unit_attr,
  unit_explicit = unit
} : () -> ()
"u.ints"() {
  b_true = true,
  b_false = false,
  i1_one = 1 : i1,
  i1_zero = 0 : i1,
  i0 = 0 : i0,
  i2 = 1 : i2,
  i3 = 5 : i3,
  i3n = -3 : i3,
  i7 = 63 : i7,
  i8 = -128 : i8,
  i16 = 32767 : i16,
  i17 = 65537 : i17,
  i17n = -65536 : i17,
  i32 = -1 : i32,
  i33 = 4294967296 : i33,
  i63 = -4611686018427387904 : i63,
  i64_default = 42,
  i64_max = 9223372036854775807 : i64,
  i64_min = -9223372036854775808 : i64,
  i65 = 18446744073709551616 : i65,
  idx = 123 : index,
  idx_neg = -1 : index,
  idx_big = 9223372036854775807 : index,
  i128_max = 170141183460469231731687303715884105727 : i128,
  i128_min = -170141183460469231731687303715884105728 : i128,
  i200 = 123456789012345678901234567890123456789012345678901234567890 : i200,
  i200_neg = -123456789012345678901234567890123456789012345678901234567890 : i200,
  i1024 = 1 : i1024,
  si1 = -1 : si1,
  si8 = -128 : si8,
  si64 = -5 : si64,
  si128 = -170141183460469231731687303715884105728 : si128,
  ui1 = 1 : ui1,
  ui8 = 255 : ui8,
  ui64 = 18446744073709551615 : ui64,
  ui128 = 340282366920938463463374607431768211455 : ui128
} : () -> ()
"u.floats"() {
  bf16 = 1.5 : bf16,
  bf16_nan = 0x7FC0 : bf16,
  bf16_ninf = 0xFF80 : bf16,
  f16 = -2.0 : f16,
  f16_inf = 0x7C00 : f16,
  f16_nzero = -0.0 : f16,
  f16_sub = 0x0001 : f16,
  f32 = 3.25 : f32,
  f32_nan = 0x7FC00000 : f32,
  f32_snan = 0x7FA00000 : f32,
  f32_nan_payload = 0xFFC00001 : f32,
  f32_inf = 0x7F800000 : f32,
  f32_ninf = 0xFF800000 : f32,
  f32_nzero = -0.0 : f32,
  f32_sub = 1.0e-45 : f32,
  f32_max = 3.40282347e+38 : f32,
  f64 = 0.1 : f64,
  f64_default = 4.0,
  f64_big = 1.0e300 : f64,
  f64_nan = 0x7FF8000000000000 : f64,
  f64_inf = 0x7FF0000000000000 : f64,
  f64_ninf = 0xFFF0000000000000 : f64,
  f64_nzero = -0.0 : f64,
  f64_in_array = [0x7FF8000000000000 : f64, 0xFFF0000000000000 : f64, 2.5 : f64, 0x7F800000 : f32],
  f80 = 1.5 : f80,
  f80_nzero = -0.0 : f80,
  f80_inf_overflow = 1.0e5000 : f80,
  f80_underflow = 3.6452e-4951 : f80,
  f80_sub = 0x0000000000000001 : f80,
  f128 = 2.5 : f128,
  f128_pi = 3.14159265358979323846264338327950288 : f128,
  f128_ninf_overflow = -1.0e5000 : f128
} : () -> ()
"u.affine"() {
  m_id = affine_map<(d0, d1) -> (d0, d1)>,
  m_empty = affine_map<() -> ()>,
  m_const = affine_map<() -> (0)>,
  m_sym = affine_map<(d0)[s0, s1] -> (d0 * s0 + s1 floordiv 4, d0 ceildiv 2, d0 mod 3, -d0 + 7)>,
  m_perm = affine_map<(d0, d1, d2) -> (d2, d0, d1)>,
  s_set = affine_set<(d0, d1)[s0] : (d0 - 10 >= 0, s0 - d1 == 0, d0 + d1 * 2 - 1 >= 0)>,
  s_trivial = affine_set<() : (0 == 0)>,
  s_false = affine_set<(d0) : (1 == 0)>,
  st0 = strided<[]>,
  st1 = strided<[1]>,
  st_dyn = strided<[?, 1], offset: ?>,
  st_off = strided<[4, 1], offset: 16>
} : () -> ()
"u.opaque"() {
  oa = #foo.baz<"x" 1 [2]>,
  ob = #foo<"raw text">,
  oc = #foo.simple,
  ot = !foo.bar<"y", 3>,
  arr = [#foo.baz<1>, !foo<"t">]
} : () -> ()
