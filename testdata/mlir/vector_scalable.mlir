// releases: 16 19 22
// Scalable vectors whose syntax every release shares: one scalable dimension,
// trailing (vector<[4]xf32>, vector<2x[8]xi16>, vector<1x[1]xi1>), as result
// types, block arguments and inside other types. Bytecode type code 20
// (VectorTypeWithScalableDims) has a different payload in 16 than in 19/22:
// files are not readable across that boundary (19/22 reading 16's output:
// "attempting to parse a byte at the end of the bytecode"; 16 reading 19's
// crashes or fails), while 19 and 22 write identical bytes.
%v:4 = "u.vec"() : () -> (vector<[4]xf32>, vector<2x[8]xi16>, vector<1x[1]xi1>, vector<[16]xi8>)
"u.vec_attrs"() {
  ty = vector<[2]xf64>,
  in_tensor = tensor<2xvector<[4]xf32>>,
  in_fn = (vector<[4]xi32>) -> vector<4xi32>
} : () -> ()
"u.vec_region"() ({
^bb0(%a: vector<[4]xf32>, %b: vector<3x[2]xindex>):
  "u.term"() : () -> ()
}) : () -> ()
