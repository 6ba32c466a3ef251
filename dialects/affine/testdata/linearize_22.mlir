// affine.linearize_index (LLVM 22) is the only upstream op with both a native
// property (disjoint, a UnitProp) and segment sizes: before v6 the segment
// sizes go among the attributes, the native property after them all.
func.func @f(%a: index, %b: index, %c: index) -> index {
  %0 = affine.linearize_index disjoint [%a, %b] by (%c, 4) : index
  %1 = affine.linearize_index [%a, %b] by (%c, 4) : index
  return %0 : index
}
