// crashes: neither the scoping op nor the type class provide data layout information for tensor<?x4xf32>
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> tensor<?x4xf32>
    return
  }
}
