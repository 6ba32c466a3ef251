cuda_tile.module @k {
  entry @v(%p: tile<ptr<f16>>, %i: tile<i32>, %q: tile<ptr<i8>>) {
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tv0 = make_tensor_view %p, shape = [], strides = [] : tensor_view<f16>
    %sv = make_strided_view %tv : strided_view<tile=(4x8), traversal_strides=[2,1], padding_value = nan, tensor_view<64x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), padding_value = zero, tensor_view<64x64xf16, strides=[64,1]>, sparse_dim=0>
    %x, %t = load_view_tko weak %sv[%i, %i] : strided_view<tile=(4x8), traversal_strides=[2,1], padding_value = nan, tensor_view<64x64xf16, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x8xf16>, token
    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<64x64xf16, strides=[64,1]>>
    %t2 = atomic_red_view_tko relaxed device %pv[%i, %i], addf, %x token = %t : tile<4x8xf16>, partition_view<tile=(4x8), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> token
    %a = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %c = constant <i8: [1, 2, 3, 4]> : tile<4xi8>
    %u = unpack %c : tile<4xi8> -> tile<8xf4E2M1FN>
    %pk = pack %u : tile<8xf4E2M1FN> -> tile<4xi8>
    return
  }
}
