// Complex types: the element ABI alignment is its default, the preferred one a float entry's ABI value.
module attributes { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f16, dense<[16, 64]> : vector<2xi64>>, #dlti.dl_entry<f64, dense<[128, 256]> : vector<2xi64>>, #dlti.dl_entry<i32, dense<[64, 128]> : vector<2xi64>>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> complex<f16>
    %1 = "test.data_layout_query"() : () -> complex<f64>
    %2 = "test.data_layout_query"() : () -> complex<i32>
    %4 = "test.data_layout_query"() : () -> complex<f32>
    %5 = "test.data_layout_query"() : () -> complex<i64>
    return
  }
}
