// releases: 19 22
// Scalable vectors only 19+ parse (16: "expected non-function type"): every
// dimension may be scalable independently, so leading, non-trailing and
// multiple separately bracketed scalable dims appear here.
%v:4 = "u.vec"() : () -> (vector<[2]x[4]xf32>, vector<[2]x4xf32>, vector<2x[4]x8xi16>, vector<[1]x[1]x[1]xi1>)
"u.vec_attrs"() {ty = vector<[3]x5x[7]xf64>} : () -> ()
