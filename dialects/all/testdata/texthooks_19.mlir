// LLVM 19 only forms of texthooks.mlir: XeGPU's tensor descriptor
// attribute, printed whatever its values; the mesh dialect's sharding.
"q.typed"() {
  x0 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<memory_scope = slm, array_length = 2, boundary_check = false>>,
  x1 = !xegpu.tensor_desc<16xf32, #xegpu.tdesc_attr<scattered = true>>,
  x2 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<>>,
  x3 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<array_length = 1>>,
  m0 = #mesh.shard<@mesh0, [[0]]>,
  m1 = #mesh.shard<@mesh0, [[0], [1, 2], []], partial = sum[3]>,
  m2 = #mesh.shard<@mesh0, [[]], partial = max[0, 1]>,
  m3 = #mesh.shard<@mesh0, [[0]], partial = generic[1]>,
  m4 = #mesh.shard<@mesh0, [[32767]], partial = bitwise_xor[2]>
} : () -> ()
