// A module spec with integer, float, index, pointer, struct and test entries.
module attributes { dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<i64, dense<[64, 128]> : vector<2xi64>>,
    #dlti.dl_entry<f16, dense<[16, 32]> : vector<2xi64>>,
    #dlti.dl_entry<f80, dense<128> : vector<1xi64>>,
    #dlti.dl_entry<bf16, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<index, 32 : i64>,
    #dlti.dl_entry<!llvm.ptr, dense<[32, 32, 64]> : vector<3xi64>>,
    #dlti.dl_entry<!llvm.ptr<1>, dense<[64, 64, 64, 32]> : vector<4xi64>>,
    #dlti.dl_entry<!llvm.ptr<4>, dense<[32, 64, 64]> : vector<3xi64>>,
    #dlti.dl_entry<!llvm.struct<()>, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<!test.test_type_with_layout<10>, ["size", 12]>,
    #dlti.dl_entry<!test.test_type_with_layout<20>, ["alignment", 32]>,
    #dlti.dl_entry<"dlti.endianness", "big">> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i1
    %1 = "test.data_layout_query"() : () -> i7
    %2 = "test.data_layout_query"() : () -> si16
    %3 = "test.data_layout_query"() : () -> i32
    %4 = "test.data_layout_query"() : () -> i48
    %5 = "test.data_layout_query"() : () -> ui64
    %6 = "test.data_layout_query"() : () -> i65
    %7 = "test.data_layout_query"() : () -> i256
    %8 = "test.data_layout_query"() : () -> index
    %9 = "test.data_layout_query"() : () -> f16
    %10 = "test.data_layout_query"() : () -> f32
    %11 = "test.data_layout_query"() : () -> f80
    %12 = "test.data_layout_query"() : () -> bf16
    %13 = "test.data_layout_query"() : () -> complex<f16>
    %14 = "test.data_layout_query"() : () -> complex<i32>
    %15 = "test.data_layout_query"() : () -> vector<4xindex>
    %16 = "test.data_layout_query"() : () -> vector<3xi32>
    %17 = "test.data_layout_query"() : () -> vector<3xf16>
    %18 = "test.data_layout_query"() : () -> !llvm.ptr
    %19 = "test.data_layout_query"() : () -> !llvm.ptr<1>
    %20 = "test.data_layout_query"() : () -> !llvm.ptr<2>
    %21 = "test.data_layout_query"() : () -> !llvm.ptr<4>
    %22 = "test.data_layout_query"() : () -> !llvm.struct<(i32, ptr)>
    %23 = "test.data_layout_query"() : () -> !llvm.struct<(i8, i64)>
    %24 = "test.data_layout_query"() : () -> !llvm.struct<packed (i16, i16)>
    %25 = "test.data_layout_query"() : () -> !llvm.struct<()>
    %26 = "test.data_layout_query"() : () -> !llvm.array<3 x f16>
    %27 = "test.data_layout_query"() : () -> !llvm.array<2 x ptr<1>>
    %28 = "test.data_layout_query"() : () -> !test.test_type_with_layout<10>
    %29 = "test.data_layout_query"() : () -> !test.test_type_with_layout<99>
    return
  }
}
