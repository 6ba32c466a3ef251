// Values whose text holds attributes printed stripped (one, or a list),
// which mlir-opt prints by alias where one is defined (#sparse): checked
// in local scope only, where every value prints in full
// (texthooks_test.go).
"q.typed"() {
  is0 = !sparse_tensor.iter_space<#sparse_tensor.encoding<{map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton)}>, lvls = 0>,
  is1 = !sparse_tensor.iter_space<#sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>, lvls = 0 to 2>,
  it0 = !sparse_tensor.iterator<#sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>, lvls = 1>,
  it1 = !sparse_tensor.iterator<#sparse_tensor.encoding<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>, lvls = 0 to 1>,
  la = #llvm.loop_annotation<disableNonforced = true, parallelAccesses = #llvm.access_group<id = distinct[0]<>>, #llvm.access_group<id = distinct[1]<>>>
} : () -> ()
