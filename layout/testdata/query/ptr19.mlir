// releases: 19
// LLVM 19's ptr dialect pointer.
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !ptr.ptr<1>
    %1 = "test.data_layout_query"() : () -> !ptr.ptr
    return
  }
}
