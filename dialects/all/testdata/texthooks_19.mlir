// LLVM 19 only forms of texthooks.mlir.
"q.typed"() {
  tf = #llvm.target_features<["+ptx80"]>
} : () -> ()
