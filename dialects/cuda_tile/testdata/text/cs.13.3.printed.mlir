cuda_tile.module @kernels {
  entry @k(%arg0: tile<i32>) {
    %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc6)
    %0 = addi %arg0, %cst_1_i32 : tile<i32> loc(#loc7)
    %1 = addi %0, %cst_1_i32 : tile<i32> loc(#loc8)
    return loc(#loc4)
  } loc(#loc4)
} loc(#loc)
#di_file = #cuda_tile.di_file<"a.py" in "/d">
#loc = loc(unknown)
#loc1 = loc("a.py":1:1)
#loc2 = loc("a.py":2:5)
#loc3 = loc("a.py":11:3)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "k", linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 1>
#di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 10, name = "helper", linkageName = "helper", compileUnit = #di_compile_unit>
#di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 2>
#loc4 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc5 = #cuda_tile.di_loc<#loc3 in #di_subprogram1>
#loc6 = #cuda_tile.di_loc<#loc2 in #di_lexical_block>
#loc7 = loc(callsite(#loc5 at #loc6))
#loc8 = loc(callsite(#loc7 at #loc4))
