cuda_tile.module @kernels {
  entry @f() optimization_hints=<sm_100 = {}, sm_90 = {num_cta_in_cga = 1, occupancy = 2}> {
    %cst_7_i32 = constant <i32: 7> : tile<2xi32> loc(#loc)
    %true = constant <i1: true> : tile<4xi1> loc(#loc)
    %cst_i1 = constant <i1: [true, false, true, false]> : tile<4xi1> loc(#loc)
    return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
