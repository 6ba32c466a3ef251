// Native properties of the llvm dialect: overflowFlags (LLVM 19's
// EnumProperty, whose attribute is #llvm.overflow<…>; 22's EnumProp, an
// i32) and, in 22, getelementptr's noWrapFlags.
llvm.func @f(%a: i32, %b: i32, %p: !llvm.ptr, %q: i64) -> i32 {
  %0 = llvm.add %a, %b overflow<nsw, nuw> : i32
  %1 = llvm.mul %a, %b overflow<nuw> : i32
  %2 = llvm.sub %a, %b : i32
  %3 = llvm.getelementptr inbounds %p[%q] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %4 = llvm.getelementptr %p[%q] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.return %0 : i32
}
