// A module nested in a function is a scope of its own; a function nested
// in it is not run by the pass (only the top-level module's are).
module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i16
    builtin.module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f32, dense<[64, 128]> : vector<2xi64>>, #dlti.dl_entry<index, 16 : i64>> } {
      %1 = "test.data_layout_query"() : () -> f32
      %2 = "test.data_layout_query"() : () -> index
      %3 = "test.data_layout_query"() : () -> i32
      func.func @inner() {
        %4 = "test.data_layout_query"() : () -> f32
        return
      }
    }
    %5 = "test.data_layout_query"() : () -> f32
    return
  }
  %6 = "test.data_layout_query"() : () -> i32
}
