// releases: 19 22
// crashes: a scalable element in !llvm.array<2 x vector<[4]xi8>>
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !llvm.array<2 x vector<[4]xi8>>
    return
  }
}
