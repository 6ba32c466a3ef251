// LLVM 22 only forms of texthooks.mlir.
"q.typed"() {
  tf = #llvm.target_features<["+ptx80"]>
} : () -> ()
