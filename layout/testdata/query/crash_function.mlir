// crashes: neither the scoping op nor the type class provide data layout information for (i32) -> i64
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> ((i32) -> i64)
    return
  }
}
