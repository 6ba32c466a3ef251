// Integer entries: the narrowest entry at least as wide applies, else the widest.
module attributes { dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<i16, dense<16> : vector<1xi64>>,
    #dlti.dl_entry<i32, dense<[64, 128]> : vector<2xi64>>,
    #dlti.dl_entry<si32, dense<[8, 8]> : vector<2xi64>>,
    #dlti.dl_entry<i64, dense<[128, 256]> : vector<2xi64>>,
    #dlti.dl_entry<ui8, dense<[8, 32]> : vector<2xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i1
    %1 = "test.data_layout_query"() : () -> i8
    %2 = "test.data_layout_query"() : () -> i9
    %3 = "test.data_layout_query"() : () -> i16
    %4 = "test.data_layout_query"() : () -> i17
    %5 = "test.data_layout_query"() : () -> si32
    %6 = "test.data_layout_query"() : () -> i33
    %7 = "test.data_layout_query"() : () -> i64
    %8 = "test.data_layout_query"() : () -> i100
    %9 = "test.data_layout_query"() : () -> index
    %10 = "test.data_layout_query"() : () -> vector<2xindex>
    %11 = "test.data_layout_query"() : () -> complex<i16>
    %12 = "test.data_layout_query"() : () -> !llvm.struct<(i1, i33)>
    return
  }
}
