// releases: 19 22
// The identifier entries 17 to 19 added.
module attributes { dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<"dlti.endianness", "little">,
    #dlti.dl_entry<"dlti.alloca_memory_space", 5 : ui64>,
    #dlti.dl_entry<"dlti.program_memory_space", 3 : ui32>,
    #dlti.dl_entry<"dlti.global_memory_space", 1 : i64>,
    #dlti.dl_entry<"dlti.stack_alignment", 128 : i64>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> i32
    "test.op_with_data_layout"() ({
      %1 = "test.data_layout_query"() : () -> f32
      "test.maybe_terminator"() : () -> ()
    }) { dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<f32, dense<[32, 128]> : vector<2xi64>>> } : () -> ()
    return
  }
}
