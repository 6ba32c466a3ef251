// The overflowFlags native property of llvm.add, mul, sub: LLVM 19 keeps
// it as #llvm.overflow<…> (an EnumProperty converted by C++), 22 as an i32
// (EnumProp); both write the same varint.
llvm.func @f(%a: i32, %b: i32) -> i32 {
  %0 = llvm.add %a, %b overflow<nsw, nuw> : i32
  %1 = llvm.mul %a, %b overflow<nuw> : i32
  %2 = llvm.sub %a, %b : i32
  llvm.return %0 : i32
}
