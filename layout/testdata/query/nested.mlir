// Nested scopes: each level adds other type classes; the test type's
// entries combine (same key replaced, new keys appended).
module attributes { dlti.dl_spec = #dlti.dl_spec<
    #dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi64>>,
    #dlti.dl_entry<!llvm.ptr, dense<[64, 64, 64]> : vector<3xi64>>,
    #dlti.dl_entry<!test.test_type_with_layout<10>, ["size", 12]>,
    #dlti.dl_entry<!test.test_type_with_layout<20>, ["alignment", 32]>> } {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !test.test_type_with_layout<1>
    "test.op_with_data_layout"() ({
      %1 = "test.data_layout_query"() : () -> i32
      %2 = "test.data_layout_query"() : () -> f32
      %3 = "test.data_layout_query"() : () -> index
      %4 = "test.data_layout_query"() : () -> !llvm.ptr
      %5 = "test.data_layout_query"() : () -> !test.test_type_with_layout<1>
      %51 = "test.data_layout_query"() : () -> !llvm.struct<(i8)>
      "test.op_with_data_layout"() ({
        %6 = "test.data_layout_query"() : () -> !test.test_type_with_layout<1>
        %7 = "test.data_layout_query"() : () -> f64
        %8 = "test.data_layout_query"() : () -> !llvm.struct<(i8, ptr)>
        %9 = "test.data_layout_query"() : () -> vector<2xindex>
        "test.maybe_terminator"() : () -> ()
      }) { dlti.dl_spec = #dlti.dl_spec<
          #dlti.dl_entry<f64, dense<[32, 64]> : vector<2xi64>>,
          #dlti.dl_entry<!llvm.struct<()>, dense<[16, 64]> : vector<2xi64>>,
          #dlti.dl_entry<!test.test_type_with_layout<10>, ["size", 40]>,
          #dlti.dl_entry<!test.test_type_with_layout<40>, ["alignment", 8]>> } : () -> ()
      "test.maybe_terminator"() : () -> ()
    }) { dlti.dl_spec = #dlti.dl_spec<
        #dlti.dl_entry<f32, dense<[64, 64]> : vector<2xi64>>,
        #dlti.dl_entry<index, 16 : i32>,
        #dlti.dl_entry<!llvm.struct<()>, dense<[32]> : vector<1xi64>>,
        #dlti.dl_entry<!test.test_type_with_layout<30>, ["preferred", 64]>> } : () -> ()
    %10 = "test.data_layout_query"() : () -> index
    return
  }
}
