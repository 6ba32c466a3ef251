// releases: 22
// LLVM 20+'s KEY = VALUE spelling and the identifiers of 21.
module attributes { dlti.dl_spec = #dlti.dl_spec<
    i64 = dense<64> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, index = 32,
    !llvm.ptr<270> = dense<32> : vector<4xi64>,
    "dlti.endianness" = "big", "dlti.mangling_mode" = "e",
    "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>,
    "dlti.function_pointer_alignment" = #dlti.function_pointer_alignment<32, function_dependent = true>,
    "dlti.default_memory_space" = 7 : ui64, "dlti.stack_alignment" = 256 : i32> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i64
    %1 = "test.data_layout_query"() : () -> f80
    %2 = "test.data_layout_query"() : () -> index
    %3 = "test.data_layout_query"() : () -> !llvm.ptr<270>
    %4 = "test.data_layout_query"() : () -> vector<[2]x4xi64>
    %5 = "test.data_layout_query"() : () -> f4E2M1FN
    %6 = "test.data_layout_query"() : () -> f6E3M2FN
    %7 = "test.data_layout_query"() : () -> f8E8M0FNU
    %8 = "test.data_layout_query"() : () -> f8E3M4
    %9 = "test.data_layout_query"() : () -> f8E4M3
    %10 = "test.data_layout_query"() : () -> vector<3xf6E2M3FN>
    return
  }
}
