// releases: 19 22
// crashes: !llvm.array<2 x vector<[4]xi8>>: a scalable element
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !llvm.array<2 x vector<[4]xi8>>
    return
  }
}
