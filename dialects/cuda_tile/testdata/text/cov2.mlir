cuda_tile.module @k {
  entry @misc(%x: tile<i32>, %f: tile<f32>, %c: tile<i1>) {
    %b = reshape %x : tile<i32> -> tile<1x1xi32>
    %v = broadcast %b : tile<1x1xi32> -> tile<4x8xi32>
    %a = absi %v : tile<4x8xi32>
    %r = remi %v, %v signed : tile<4x8xi32>
    %p = permute %v [1, 0] : tile<4x8xi32> -> tile<8x4xi32>
    %e = exti %v unsigned : tile<4x8xi32> -> tile<4x8xi64>
    %fb = reshape %f : tile<f32> -> tile<1x1xf32>
    %f1 = broadcast %fb : tile<1x1xf32> -> tile<4x8xf32>
    %f2 = broadcast %fb : tile<1x1xf32> -> tile<8x16xf32>
    %f3 = broadcast %fb : tile<1x1xf32> -> tile<4x16xf32>
    %m = mmaf %f1, %f2, %f3 : tile<4x8xf32>, tile<8x16xf32>, tile<4x16xf32>
    %cv = ftof %f1 : tile<4x8xf32> -> tile<4x8xf16>
    %if:2 = if %c -> (tile<i32>, tile<f32>) {
      %q = addi %x, %x : tile<i32>
      %cst = constant <f32: 2.0> : tile<f32>
      yield %q, %cst : tile<i32>, tile<f32>
    } else {
      %q = subi %x, %x : tile<i32>
      %cst = constant <f32: 2.0> : tile<f32>
      %cst2 = constant <f32: 2.0> : tile<f32>
      yield %q, %cst2 : tile<i32>, tile<f32>
    }
    %z = addi %if#0, %x : tile<i32>
    %cst3 = constant <f32: 2.0> : tile<f32>
    %w = addf %if#1, %cst3 : tile<f32>
    %mh = mulhii %v, %v : tile<4x8xi32>
    %ip = int_to_ptr %e : tile<4x8xi64> -> tile<4x8xptr<f32>>
    %of = offset %ip, %v : tile<4x8xptr<f32>>, tile<4x8xi32> -> tile<4x8xptr<f32>>
    %pi = ptr_to_int %of : tile<4x8xptr<f32>> -> tile<4x8xi64>
    %pw = pow %f1, %f1 : tile<4x8xf32>
    %mf = mulf %f1, %f1 rounding<negative_inf> : tile<4x8xf32>
    %sb = subf %f1, %f1 flush_to_zero : tile<4x8xf32>
    %ng = negf %f1 : tile<4x8xf32>
    %cm = cmpi greater_than_or_equal %v, %v, unsigned : tile<4x8xi32> -> tile<4x8xi1>
    %it = itof %v unsigned : tile<4x8xi32> -> tile<4x8xf32>
    return
  }
}
