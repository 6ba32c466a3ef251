// Ops whose values LLVM 19 and 22 write differently: an enum renumbered
// (arith::AtomicRMWKind in memref.atomic_rmw and affine.parallel), storage
// that changed (vector's I64ArrayAttr that became DenseI64ArrayAttr, nvvm's
// I32Attr that became I64Attr),
// defaults 22 populates (tosa's nan_mode, arith.trunci's overflowFlags,
// llvm.inline_asm's tail_call_kind, gpu's cluster_stride, nvvm.redux.sync's
// abs and nan, acc's modifiers), and the release hooks
// (affine.delinearize_index, linalg's matmuls, acc's varType, llvm's
// operand bundles).
func.func @rmw(%m: memref<4xf32>, %v: f32, %i: index, %n: memref<4xi32>, %w: i32) -> (f32, i32) {
  %a = memref.atomic_rmw maximumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %b = memref.atomic_rmw minnumf %v, %m[%i] : (f32, memref<4xf32>) -> f32
  %c = memref.atomic_rmw ori %w, %n[%i] : (i32, memref<4xi32>) -> i32
  %d = memref.atomic_rmw andi %w, %n[%i] : (i32, memref<4xi32>) -> i32
  return %a, %c : f32, i32
}

func.func @par(%m: memref<10x10xf32>) -> (f32, f32, f32) {
  %0:3 = affine.parallel (%i, %j) = (0, 0) to (10, 10) reduce ("minimumf", "mulf", "maximumf") -> (f32, f32, f32) {
    %x = affine.load %m[%i, %j] : memref<10x10xf32>
    affine.yield %x, %x, %x : f32, f32, f32
  }
  return %0#0, %0#1, %0#2 : f32, f32, f32
}

func.func @vec(%a: vector<4xf32>, %b: vector<2x3xf32>, %acc: vector<2xf32>) -> (vector<3xf32>, vector<2xf32>, vector<2x3xi1>) {
  %s = vector.shuffle %a, %a [7, 0, 2] : vector<4xf32>, vector<4xf32>
  %r = vector.multi_reduction <add>, %b, %acc [1] : vector<2x3xf32> to vector<2xf32>
  %k = vector.constant_mask [1, 2] : vector<2x3xi1>
  return %s, %r, %k : vector<3xf32>, vector<2xf32>, vector<2x3xi1>
}

func.func @tosa(%t: tensor<13x21xf32>) -> (tensor<13x21xf32>, tensor<13x1xf32>) {
  %0 = tosa.maximum %t, %t : (tensor<13x21xf32>, tensor<13x21xf32>) -> tensor<13x21xf32>
  %1 = tosa.reduce_max %t {axis = 1 : i32} : (tensor<13x21xf32>) -> tensor<13x1xf32>
  return %0, %1 : tensor<13x21xf32>, tensor<13x1xf32>
}

func.func @hooks(%i: index, %b0: index, %b1: index, %x: memref<2x4x8xf32>, %y: memref<2x8x4xf32>, %z: memref<4x4xf32>, %p: memref<4x8xf32>, %q: memref<8x4xf32>) -> (index, index) {
  %0:2 = affine.delinearize_index %i into (%b0, %b1) : index, index
  linalg.matmul ins(%p, %q : memref<4x8xf32>, memref<8x4xf32>) outs(%z : memref<4x4xf32>)
  linalg.batch_reduce_matmul ins(%x, %y : memref<2x4x8xf32>, memref<2x8x4xf32>) outs(%z : memref<4x4xf32>)
  return %0#0, %0#1 : index, index
}

func.func @populated(%a: i32) -> (i16, i32, i32, i32) {
  %0 = arith.trunci %a : i32 to i16
  %1 = llvm.inline_asm "nop", "=r" : () -> i32
  %2 = gpu.subgroup_reduce add %a : (i32) -> i32
  %3 = nvvm.redux.sync add %a, %a : i32 -> i32
  return %0, %1, %2, %3 : i16, i32, i32, i32
}

func.func @acc(%p: memref<?xf32>, %q: memref<2x3xi8>) {
  %0 = acc.copyin varPtr(%p : memref<?xf32>) -> memref<?xf32>
  %1 = acc.present varPtr(%q : memref<2x3xi8>) -> memref<2x3xi8>
  acc.copyout accPtr(%0 : memref<?xf32>) to varPtr(%p : memref<?xf32>)
  acc.delete accPtr(%1 : memref<2x3xi8>)
  return
}

llvm.func @g(i32) -> i32
llvm.func @__gxx_personality_v0(...) -> i32
llvm.func @bundles(%a: i32) -> i32 attributes { personality = @__gxx_personality_v0 } {
  %0 = llvm.call @g(%a) : (i32) -> i32
  %1 = llvm.call_intrinsic "llvm.foo"(%a) : (i32) -> i32
  %2 = llvm.invoke @g(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %0 : i32
^bb2:
  %3 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return %a : i32
}

llvm.func @wgmma() {
  nvvm.wgmma.wait.group.sync.aligned 1
  llvm.return
}
