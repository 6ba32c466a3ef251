// releases: 19 22
// Pointers of the ptr dialect and of LLVM with no spec.
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !llvm.ptr<7>
    %1 = "test.data_layout_query"() : () -> !llvm.struct<"opq", opaque>
    %2 = "test.data_layout_query"() : () -> !llvm.array<4 x struct<"a", (i1, f128)>>
    return
  }
}
