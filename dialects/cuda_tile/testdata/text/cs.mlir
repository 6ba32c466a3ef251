#file = #cuda_tile.di_file<"a.py" in "/d">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 1>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 10, name = "helper", linkageName = "helper", compileUnit = #cu>
#lb = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 2>
#l1 = loc("a.py":1:1)
#l2 = loc("a.py":2:5)
#l3 = loc("a.py":11:3)
#d1 = #cuda_tile.di_loc<#l1 in #sp>
#d2 = #cuda_tile.di_loc<#l2 in #lb>
#d3 = #cuda_tile.di_loc<#l3 in #sp2>
cuda_tile.module @k {
  entry @k(%a: tile<i32> loc(#d1)) {
    %c = constant <i32: 1> : tile<i32> loc(#d2)
    %x = addi %a, %c : tile<i32> loc(callsite(#d3 at #d2))
    %y = addi %x, %c : tile<i32> loc(callsite(callsite(#d3 at #d2) at #d1))
    return loc(#d1)
  } loc(#d1)
}
