cuda_tile.module @k {
  global @gv alignment = 16 <f32: [1.0, 2.0]> : tile<2xf32>
  entry @views(%p: tile<ptr<f32>>, %n: tile<i64>, %i: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}, sm_100 = {occupancy = 1}> {
    %tv = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<?x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(2x4), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>
    %s:2 = get_index_space_shape %pv : partition_view<tile=(2x4), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]> -> tile<i32>
    %ts:2 = get_tensor_shape %tv : tensor_view<?x32xf32, strides=[32,1]> -> tile<i64>
    %t0 = make_token : token
    %x, %tok = load_view_tko weak %pv[%i, %i] token = %t0 optimization_hints = <sm_90 = {latency = 3}> : partition_view<tile=(2x4), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<2x4xf32>, token
    %t2 = store_view_tko weak %x, %pv[%i, %i] token = %tok : tile<2x4xf32>, partition_view<tile=(2x4), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> token
    %y, %tok2 = load_view_tko relaxed device %pv[%i, %i] : partition_view<tile=(2x4), tensor_view<?x32xf32, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<2x4xf32>, token
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %a1 = assume div_by<16>, %p : tile<ptr<f32>>
    %a2 = assume div_by<16>, %a1 : tile<ptr<f32>>
    %a3 = assume bounded<0, ?>, %bx : tile<i32>
    %io4 = iota : tile<4xi32>
    %a4 = assume same_elements<[2]>, %io4 : tile<4xi32>
    %c = constant <i32: 7> : tile<i32>
    %a5 = assume div_by<1>, %c : tile<i32>
    %gp = get_global @gv : tile<ptr<f32>>
    return
  }
  entry @loops(%lb: tile<i32>, %ub: tile<i32>) {
    %c1 = constant <i32: 1> : tile<i32>
    %r:2 = for %iv in (%lb to %ub, step %c1) : tile<i32> iter_values(%acc = %lb, %acc2 = %ub) -> (tile<i32>, tile<i32>) {
      %r2 = for %iv2 in (%lb to %ub, step %c1) : tile<i32> iter_values(%a = %acc) -> (tile<i32>) {
        %s = addi %a, %iv2 : tile<i32>
        continue %s : tile<i32>
      }
      %q = addi %r2, %iv : tile<i32>
      continue %q, %acc2 : tile<i32>, tile<i32>
    }
    for %iv3 in (%lb to %ub, step %c1) : tile<i32> {
      %z = addi %iv3, %c1 : tile<i32>
    }
    %l = loop iter_values(%v = %lb) : tile<i32> -> tile<i32> {
      %cond = cmpi less_than %v, %ub, signed : tile<i32> -> tile<i1>
      if %cond {
        break %v : tile<i32>
      }
      %n = addi %v, %c1 : tile<i32>
      continue %n : tile<i32>
    }
    loop {
      break
    }
    %l2 = loop : tile<i32> {
      break %lb : tile<i32>
    }
    %w = addi %l, %l2 : tile<i32>
    return
  }
  entry @reds(%x: tile<f32>) {
    %b = reshape %x : tile<f32> -> tile<1xf32>
    %v = broadcast %b : tile<1xf32> -> tile<8xf32>
    %r = reduce %v dim=0 identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<f32>
    (%lhs: tile<f32>, %rhs: tile<f32>) {
      %add = addf %lhs, %rhs : tile<f32>
      yield %add : tile<f32>
    }
    %r2:2 = reduce %v, %v dim=0 identities=[0.000000e+0 : f32, 1.0 : f32] : tile<8xf32>, tile<8xf32> -> tile<f32>, tile<f32>
    (%a: tile<f32>, %b2: tile<f32>, %c: tile<f32>, %d: tile<f32>) {
      %add = addf %a, %b2 : tile<f32>
      %mul = mulf %c, %d : tile<f32>
      yield %add, %mul : tile<f32>, tile<f32>
    }
    %s = scan %v dim=0 reverse=true identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<8xf32>
    (%a: tile<f32>, %b2: tile<f32>) {
      %add = addf %a, %b2 : tile<f32>
      yield %add : tile<f32>
    }
    %e = exp %v rounding<approx> : tile<8xf32>
    %e2 = exp2 %v flush_to_zero : tile<8xf32>
    %th = tanh %v rounding<approx> : tile<8xf32>
    %sq = sqrt %v rounding<approx> flush_to_zero : tile<8xf32>
    %dv = divf %v, %v rounding<full> : tile<8xf32>
    %mx = maxf %v, %v propagate_nan flush_to_zero : tile<8xf32>
    %mn = minf %v, %v flush_to_zero : tile<8xf32>
    %fm = fma %v, %v, %v rounding<zero> flush_to_zero : tile<8xf32>
    %cf = cmpf greater_than unordered %v, %v : tile<8xf32> -> tile<8xi1>
    %sel = select %cf, %v, %v : tile<8xi1>, tile<8xf32>
    %ct = cat %v, %v dim = 0 : tile<8xf32>, tile<8xf32> -> tile<16xf32>
    %i0 = constant <i32: 0> : tile<i32>
    %ex = extract %v[%i0] : tile<8xf32> -> tile<4xf32>
    %fi = ftoi %v signed : tile<8xf32> -> tile<8xi32>
    %ng = negi %fi overflow<no_signed_wrap> : tile<8xi32>
    %sh = shli %fi, %fi overflow<no_wrap> : tile<8xi32>
    %dvi = divi %fi, %fi unsigned rounding<positive_inf> : tile<8xi32>
    %tr = trunci %fi overflow<no_unsigned_wrap> : tile<8xi32> -> tile<8xi16>
    %io = iota : tile<8xi32>
    %pr = print_tko "x=%f", %v : tile<8xf32> -> token
    %pr2 = print_tko "hello" -> token
    assert %cf, "bad \"quoted\" msg\n" : tile<8xi1>
    return
  }
  entry @mem(%p: tile<ptr<i32>>, %m: tile<i1>, %v: tile<i32>) {
    %t = make_token : token
    %r, %rt = atomic_cas_tko relaxed device %p, %v, %v, %m token=%t : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    %r2, %rt2 = atomic_rmw_tko acq_rel sys %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %l, %lt = load_ptr_tko acquire tl_blk %p, %m, %v token=%rt optimization_hints = <sm_100 = {latency = 2}> : tile<ptr<i32>>, tile<i1>, tile<i32> -> tile<i32>, token
    %s = store_ptr_tko release device %p, %v, %m token=%lt : tile<ptr<i32>>, tile<i32>, tile<i1> -> token
    %j = join_tokens %t, %s, %rt2 : token
    %a = assume div_by<4>, %l : tile<i32>
    %a2 = assume div_by<4>, %r : tile<i32>
    %lt2, %lt3 = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
