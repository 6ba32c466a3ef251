// releases: 19
// crashes: neither the scoping op nor the type class provide data layout information for !llvm.ppc_fp128
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !llvm.ppc_fp128
    return
  }
}
