// releases: 22
// The ptr dialect's pointers (#ptr.spec entries, the default memory space),
// vectors of pointers, and !llvm.ppc_fp128, which 22 lays out as a float.
module attributes {dlti.dl_spec = #dlti.dl_spec<
    !ptr.ptr<#ptr.generic_space> = #ptr.spec<size = 32, abi = 32, preferred = 64>,
    !ptr.ptr<#llvm.address_space<3>> = #ptr.spec<size = 16, abi = 16, preferred = 16, index = 8>,
    "dlti.default_memory_space" = #llvm.address_space<3>,
    !llvm.ptr<2> = dense<[32, 32, 32]> : vector<3xi64>>} {
  func.func @q() {
    %0 = "test.data_layout_query"() : () -> !ptr.ptr<#ptr.generic_space>
    %1 = "test.data_layout_query"() : () -> !ptr.ptr<#llvm.address_space<3>>
    %2 = "test.data_layout_query"() : () -> !ptr.ptr<#llvm.address_space<5>>
    %3 = "test.data_layout_query"() : () -> vector<3x!ptr.ptr<#llvm.address_space<3>>>
    %4 = "test.data_layout_query"() : () -> vector<4x!llvm.ptr<2>>
    %5 = "test.data_layout_query"() : () -> !llvm.ppc_fp128
    %6 = "test.data_layout_query"() : () -> !llvm.struct<(i8, ppc_fp128, ptr<2>)>
    %7 = "test.data_layout_query"() : () -> !llvm.struct<"opq", opaque>
    return
  }
}
