// Ops the pass leaves alone keep their attributes: outside a function, or
// with a "size" already.
module {
  "test.data_layout_query"() {answer = 42 : i32, name = "x"} : () -> i32
  func.func @q() {
    %0 = "test.data_layout_query"() {size = 3 : index, flag} : () -> i32
    %1 = "test.data_layout_query"() {other = 1 : i64} : () -> i8
    return
  }
}
