cuda_tile.module @k {
  entry @f() {
    %a = constant <f8E4M3FN: 0x7F> : tile<2xf8E4M3FN>
    %b = constant <f8E5M2: 0x7C> : tile<2xf8E5M2>
    %c = constant <f16: 0x0001> : tile<f16>
    %d = constant <f8E8M0FNU: 0xFF> : tile<2xf8E8M0FNU>
    %e = constant <f16: 2049.0> : tile<f16>
    %g = constant <f32: 100000000.0> : tile<f32>
    %h = constant <f64: 0.5> : tile<f64>
    %i = constant <f4E2M1FN: [0x1, 0x7]> : tile<2xf4E2M1FN>
    %j = constant <f64: 12345678.9> : tile<f64>
    return
  }
}
