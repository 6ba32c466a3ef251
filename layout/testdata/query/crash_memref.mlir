// crashes: neither the scoping op nor the type class provide data layout information for memref<4xf32>
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i32
    %1 = "test.data_layout_query"() : () -> memref<4xf32>
    return
  }
}
