// crashes: vector<f32>: the innermost dimension of a 0-d shape
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> vector<f32>
    return
  }
}
