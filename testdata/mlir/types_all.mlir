// releases: 16 19 22
// Builtin types every release parses, as op result types, block-argument
// types, function signatures and TypeAttrs: integers of many widths and each
// signedness, index, function types (nested, multi-result), bf16 f16 f32 f64
// f80 f128, complex, none, tuple (empty, nested), memref (static, dynamic,
// 0-d, empty; identity/strided/offset/affine-map layouts; integer, string,
// dictionary and dialect-attribute memory spaces; memory space 0 is dropped by
// the parser), unranked memref with and without memory space, ranked tensor
// with and without encoding, dynamic dims, unranked tensor, fixed vectors,
// opaque dialect types (!foo...), and a type alias.
!alias = memref<?x?xf32, strided<[?, 1], offset: ?>>
#layout = affine_map<(d0, d1)[s0] -> (d0 * 16 + d1 + s0)>
%ints:12 = "u.ints"() : () -> (i1, i2, i7, i8, i16, i32, i64, i65, i128, i1024, i0, i16777215)
%sints:8 = "u.sints"() : () -> (si1, si8, si32, si64, ui1, ui8, ui64, ui128)
%idx = "u.index"() : () -> index
%floats:6 = "u.floats"() : () -> (bf16, f16, f32, f64, f80, f128)
%cplx:4 = "u.complex"() : () -> (complex<f32>, complex<i8>, complex<f64>, complex<bf16>)
%fns:5 = "u.fn"() {t0 = () -> (), t1 = (i32, f32) -> i64, t2 = (i1) -> (i8, i16), t3 = ((i32) -> i32) -> (() -> ())} : () -> (() -> (), (i32) -> (i32, f32), (index, tensor<2xf32>) -> memref<?xi8>, ((i1) -> i1) -> (), (none) -> tuple<>)
%none = "u.none"() : () -> none
%tup:4 = "u.tuple"() : () -> (tuple<>, tuple<i32, f32>, tuple<tuple<i1>, tensor<2xi8>>, tuple<tuple<>>)
%mr:13 = "u.memref"() : () -> (
  memref<4xf32>,
  memref<?x?xi32>,
  memref<f64>,
  memref<0x4xi8>,
  memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>,
  memref<?x4xf32, strided<[?, 1]>>,
  memref<4x4xf32, strided<[8, 1], offset: 2>>,
  memref<4x4xf32, strided<[?, ?], offset: ?>>,
  memref<4x4xf32, #layout>,
  memref<4x?xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>,
  memref<8xi16, 1>,
  memref<8xi16, "gpu">,
  !alias
)
%mr2:5 = "u.memref_space"() : () -> (
  memref<2xf32, #gpu.address_space<workgroup>>,
  memref<2xf32, strided<[1]>, {k = 1}>,
  memref<2xvector<4xf32>>,
  memref<2xcomplex<f32>, 0>,
  memref<?xmemref<2xi8>>
)
%umr:5 = "u.unranked_memref"() : () -> (memref<*xf32>, memref<*xi8, 2>, memref<*xf16, "shared">, memref<*xf32, #gpu.address_space<private>>, memref<*xf64, 0>)
%tn:8 = "u.tensor"() : () -> (
  tensor<4xf32>, tensor<?x?xi32>, tensor<f64>, tensor<0x?xi1>,
  tensor<4x4xf32, "enc">, tensor<?xf32, {a = 1}>, tensor<2xi8, #foo.enc<x>>,
  tensor<3x!foo.elem>
)
%utn:3 = "u.unranked_tensor"() : () -> (tensor<*xf32>, tensor<*xcomplex<f64>>, tensor<*x!foo.elem>)
%vec:6 = "u.vector"() : () -> (vector<4xf32>, vector<2x3xi8>, vector<1xindex>, vector<2x2x2xf64>, vector<4xi1>, vector<3xbf16>)
%opq:4 = "u.opaque"() : () -> (!foo.bar<"y", 3>, !foo<"raw">, !foo.simple, !foo.nested<!foo.simple, i32>)
"u.block_args"() ({
^bb0(%ba: i32, %bb: memref<?xf32>, %bc: tensor<*xf32>, %bd: !foo.simple, %be: vector<2xi1>):
  "u.term"() : () -> ()
}) : () -> ()
func.func private @sig(i8, memref<4xf32, 1>, tensor<*xf32>) -> (tuple<i1>, complex<f64>, none)
