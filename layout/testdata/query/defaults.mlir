// No spec: every builtin default, LLVM types and the test type.
module {
  func.func @ints() {
    %0 = "test.data_layout_query"() : () -> i1
    %1 = "test.data_layout_query"() : () -> i7
    %2 = "test.data_layout_query"() : () -> si7
    %3 = "test.data_layout_query"() : () -> i8
    %4 = "test.data_layout_query"() : () -> i16
    %5 = "test.data_layout_query"() : () -> i24
    %6 = "test.data_layout_query"() : () -> i32
    %7 = "test.data_layout_query"() : () -> i33
    %8 = "test.data_layout_query"() : () -> i48
    %9 = "test.data_layout_query"() : () -> ui56
    %10 = "test.data_layout_query"() : () -> i63
    %11 = "test.data_layout_query"() : () -> i64
    %12 = "test.data_layout_query"() : () -> i65
    %13 = "test.data_layout_query"() : () -> i128
    %14 = "test.data_layout_query"() : () -> ui129
    %15 = "test.data_layout_query"() : () -> i1000
    %16 = "test.data_layout_query"() : () -> i0
    %17 = "test.data_layout_query"() : () -> index
    return
  }
  func.func @floats() {
    %0 = "test.data_layout_query"() : () -> f16
    %1 = "test.data_layout_query"() : () -> bf16
    %2 = "test.data_layout_query"() : () -> f32
    %3 = "test.data_layout_query"() : () -> f64
    %4 = "test.data_layout_query"() : () -> f80
    %5 = "test.data_layout_query"() : () -> f128
    %7 = "test.data_layout_query"() : () -> f8E5M2
    %8 = "test.data_layout_query"() : () -> f8E4M3FN
    return
  }
  func.func @aggregates() {
    %0 = "test.data_layout_query"() : () -> vector<3xi32>
    %1 = "test.data_layout_query"() : () -> vector<4xf32>
    %2 = "test.data_layout_query"() : () -> vector<2x3xf16>
    %3 = "test.data_layout_query"() : () -> vector<3xi1>
    %4 = "test.data_layout_query"() : () -> vector<5xf64>
    %5 = "test.data_layout_query"() : () -> vector<4xindex>
    %6 = "test.data_layout_query"() : () -> vector<2x3xi8>
    %7 = "test.data_layout_query"() : () -> vector<7xi4>
    %8 = "test.data_layout_query"() : () -> vector<1xf80>
    %9 = "test.data_layout_query"() : () -> vector<[4]xf32>
    %10 = "test.data_layout_query"() : () -> vector<2x[3]xi8>
    %11 = "test.data_layout_query"() : () -> complex<f32>
    %12 = "test.data_layout_query"() : () -> complex<f64>
    %13 = "test.data_layout_query"() : () -> complex<i8>
    %14 = "test.data_layout_query"() : () -> complex<i6>
    %15 = "test.data_layout_query"() : () -> complex<i64>
    %16 = "test.data_layout_query"() : () -> complex<f80>
    %17 = "test.data_layout_query"() : () -> complex<f16>
    %18 = "test.data_layout_query"() : () -> complex<i33>
    return
  }
  func.func @llvm() {
    %0 = "test.data_layout_query"() : () -> !llvm.ptr
    %1 = "test.data_layout_query"() : () -> !llvm.ptr<1>
    %2 = "test.data_layout_query"() : () -> !llvm.struct<(i8, i32)>
    %3 = "test.data_layout_query"() : () -> !llvm.struct<packed (i8, i32)>
    %4 = "test.data_layout_query"() : () -> !llvm.struct<(i8, f64, i16)>
    %5 = "test.data_layout_query"() : () -> !llvm.array<5 x i16>
    %6 = "test.data_layout_query"() : () -> !llvm.struct<(i1, vector<3xi32>, ptr)>
    %7 = "test.data_layout_query"() : () -> !llvm.struct<()>
    %8 = "test.data_layout_query"() : () -> !llvm.struct<(i8, i64)>
    %9 = "test.data_layout_query"() : () -> !llvm.struct<packed (f64, i32)>
    %10 = "test.data_layout_query"() : () -> !llvm.array<0 x f64>
    %11 = "test.data_layout_query"() : () -> !llvm.array<3 x struct<(i8, ptr<3>, f80)>>
    %12 = "test.data_layout_query"() : () -> !llvm.struct<"named", (i16, array<3 x i8>, f128)>
    %13 = "test.data_layout_query"() : () -> !llvm.struct<(complex<f32>, index, vector<2xf16>)>
    %14 = "test.data_layout_query"() : () -> !test.test_type_with_layout<7>
    return
  }
}
