// llvm.getelementptr: LLVM 19's inbounds UnitAttr became 22's noWrapFlags
// native property (GEPNoWrapFlags, inbounds = 3).
llvm.func @f(%p: !llvm.ptr, %q: i64) -> !llvm.ptr {
  %0 = llvm.getelementptr inbounds %p[%q] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %1 = llvm.getelementptr %p[%q] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.return %0 : !llvm.ptr
}
