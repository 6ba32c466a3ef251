// crashes: 0-d vector
module {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> vector<f32>
    return
  }
}
