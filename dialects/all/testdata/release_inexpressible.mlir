// Values LLVM 22 writes that LLVM 19 cannot express, one op per function:
// converting each to 19 must fail naming the op, the attribute and 19.
// Chunks are separated by lines // -----.
func.func @nan(%t: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tosa.maximum %t, %t {nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @xori(%n: memref<4xi32>, %w: i32, %i: index) -> i32 {
  %0 = memref.atomic_rmw xori %w, %n[%i] : (i32, memref<4xi32>) -> i32
  return %0 : i32
}

// -----

func.func @basis(%i: index, %b: index) -> (index, index) {
  %0:2 = affine.delinearize_index %i into (4, %b) : index, index
  return %0#0, %0#1 : index, index
}

// -----

func.func @maps(%p: memref<8x4xf32>, %q: memref<8x4xf32>, %z: memref<4x4xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
    ins(%p, %q : memref<8x4xf32>, memref<8x4xf32>) outs(%z : memref<4x4xf32>)
  return
}

// -----

llvm.func @h(i32)
llvm.func @b(%a: i32) {
  llvm.call @h(%a) ["tag"(%a : i32)] : (i32) -> ()
  llvm.return
}
