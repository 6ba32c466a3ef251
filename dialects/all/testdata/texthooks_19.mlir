// LLVM 19 only forms of texthooks.mlir: XeGPU's tensor descriptor
// attribute, printed whatever its values.
"q.typed"() {
  x0 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<memory_scope = slm, array_length = 2, boundary_check = false>>,
  x1 = !xegpu.tensor_desc<16xf32, #xegpu.tdesc_attr<scattered = true>>,
  x2 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<>>,
  x3 = !xegpu.tensor_desc<8x16xf16, #xegpu.tdesc_attr<array_length = 1>>
} : () -> ()
