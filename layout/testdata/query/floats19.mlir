// releases: 19 22
// Float formats 16 does not have, with and without entries.
module attributes { dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<tf32, dense<[16, 64]> : vector<2xi64>>,
    #dlti.dl_entry<f8E4M3, dense<[8, 16]> : vector<2xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> tf32
    %1 = "test.data_layout_query"() : () -> f8E4M3
    %2 = "test.data_layout_query"() : () -> f8E5M2
    %3 = "test.data_layout_query"() : () -> complex<tf32>
    %4 = "test.data_layout_query"() : () -> vector<3xtf32>
    %5 = "test.data_layout_query"() : () -> f8E5M2FNUZ
    %6 = "test.data_layout_query"() : () -> f8E4M3FNUZ
    %7 = "test.data_layout_query"() : () -> f8E4M3B11FNUZ
    %8 = "test.data_layout_query"() : () -> !llvm.struct<(i8, tf32)>
    return
  }
}
