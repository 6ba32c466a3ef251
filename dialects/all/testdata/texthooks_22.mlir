// LLVM 22 only forms of texthooks.mlir: kernel tables of GPU objects;
// XeGPU's block and scatter descriptors, layouts, the default block
// descriptor left out, memory descriptors and layouts.
"q.typed"() {
  o7 = #gpu.object<#nvvm.target, kernels = <[#gpu.kernel_metadata<"kernel0", (i32) -> (), metadata = {sgpr_count = 255}>, #gpu.kernel_metadata<"kernel1", (i32, f32) -> (), arg_attrs = [{llvm.read_only}, {}]>]>, bin = "BLOB">,
  o8 = #gpu.object<#rocdl.target, properties = {O = 3 : i32}, kernels = <>, "BLOB">,
  x1 = !xegpu.tensor_desc<16xf16, #xegpu.block_tdesc_attr<memory_space = slm, array_length = 2, boundary_check = false>>,
  x2 = !xegpu.tensor_desc<16x2xf32, #xegpu.scatter_tdesc_attr<chunk_size = 2>>,
  x3 = !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<>>,
  x4 = !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>>,
  x5 = !xegpu.tensor_desc<8x16xf16, #xegpu.layout<lane_layout = [1, 16], lane_data = [1, 1]>, #xegpu.block_tdesc_attr<array_length = 2>>,
  x6 = !xegpu.tensor_desc<8x16xf16, #xegpu.block_tdesc_attr<memory_space = global, array_length = 1, boundary_check = true>>,
  m0 = !xegpu.mem_desc<16x64xf16>,
  m1 = !xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<stride = [1, 16], block = [8, 16]>>,
  m2 = !xegpu.mem_desc<16x64xf16, #xegpu.mem_layout<stride = [1, 16], x = 3, y = unit>>,
  l0 = #xegpu.mem_layout<stride = [1, 16]>
} : () -> ()
