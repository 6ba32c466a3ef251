cuda_tile.module @k {
  entry @f() {
    %a = constant <f64: 123456789.0> : tile<f64>
    %b = constant <f32: 0.1> : tile<f32>
    %c = constant <f64: 1.0e20> : tile<f64>
    %d = constant <f64: -0.0> : tile<f64>
    %e = constant <f64: 0.0> : tile<f64>
    %f = constant <f32: 0x7FC00000> : tile<f32>
    %g = constant <f64: 1.0e-7> : tile<f64>
    %h = constant <f32: 16777216.0> : tile<f32>
    %i = constant <f64: 0.1234567890123> : tile<f64>
    %j = constant <f64: 1.2345678901234567e30> : tile<f64>
    %k = constant <f32: 1.0e-45> : tile<f32>
    %l = constant <bf16: 3.14159> : tile<bf16>
    %m = constant <f16: 0.333> : tile<f16>
    %n = constant <f64: 2.5> : tile<4xf64>
    %o = constant <f64: -2.0> : tile<f64>
    %p = constant <f64: 1.0e300> : tile<f64>
    %q = constant <f8E4M3FN: 448.0> : tile<2xf8E4M3FN>
    %r = constant <tf32: 1.5> : tile<tf32>
    %s = constant <f64: 9999999.0> : tile<f64>
    %t = constant <f64: 1234567.0> : tile<f64>
    %u = constant <f32: 3.0e38> : tile<f32>
    %v = constant <i8: [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101,102,103,104,105,106,107,108,109,110,111,112,113,114,115,116,117,118,119,120,121,122,123,124,125,126,127,-128]> : tile<128xi8>
    %w = constant <i1: [true, false, true, false]> : tile<4xi1>
    %x = constant <i32: [7]> : tile<1xi32>
    %y = constant <i32: [7, 7]> : tile<2xi32>
    return
  }
}
