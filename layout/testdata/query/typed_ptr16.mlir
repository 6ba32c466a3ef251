// releases: 16
// LLVM 16's typed pointers: entries keyed by !llvm.ptr<i8> apply by address space.
module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<!llvm.ptr<i8>, dense<[32, 32, 64]> : vector<3xi64>>, #dlti.dl_entry<!llvm.ptr<i8, 5>, dense<[64, 64, 64]> : vector<3xi64>>, #dlti.dl_entry<!llvm.ptr<3>, dense<[16, 16, 16]> : vector<3xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !llvm.ptr<i32>
    %1 = "test.data_layout_query"() : () -> !llvm.ptr
    %2 = "test.data_layout_query"() : () -> !llvm.ptr<i8, 5>
    %3 = "test.data_layout_query"() : () -> !llvm.ptr<f32, 5>
    %4 = "test.data_layout_query"() : () -> !llvm.ptr<3>
    %5 = "test.data_layout_query"() : () -> !llvm.ptr<i16, 3>
    %6 = "test.data_layout_query"() : () -> !llvm.ptr<7>
    %7 = "test.data_layout_query"() : () -> !llvm.struct<(ptr<i8>, i8)>
    return
  }
}
