// LLVM 22 only forms of texthooks.mlir: kernel tables of GPU objects.
"q.typed"() {
  o7 = #gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"kernel0", (i32) -> (), metadata = {sgpr_count = 255}>, #gpu.kernel_metadata<"kernel1", (i32, f32) -> (), arg_attrs = [{llvm.read_only}, {}]>]>, bin = "BLOB">,
  o8 = #gpu.object<#rocdl.target, properties = {O = 3 : i32}, kernels = <>, "BLOB">
} : () -> ()
