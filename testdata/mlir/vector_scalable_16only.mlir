// releases: 16
// LLVM 16's scalable-vector syntax for several trailing scalable dimensions:
// one bracket around the whole scalable suffix ([2x4]); 16 stores only the
// number of trailing scalable dims. 19/22 reject it with "missing ']' closing
// scalable dimension" (they write vector<[2]x[4]xf32> instead, see
// vector_scalable_19.mlir, which 16 rejects).
%v:2 = "u.vec"() : () -> (vector<[2x4]xf32>, vector<3x[2x4]xi8>)
"u.vec_attrs"() {ty = vector<[1x1x2]xf16>} : () -> ()
