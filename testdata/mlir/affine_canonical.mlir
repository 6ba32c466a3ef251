// releases: 16 19 22
// Affine maps and integer sets whose canonical form differs by release:
// 16 and 19 keep operands of + and * in the order written
// (d1 + d0, s1 * s0), 22 orders dims before symbols and by position
// (d0 + d1, s0 * s1). Builtin stores them as text in every release, so a
// reader must parse the text with the producer's rules to print it back
// byte for byte.
"u.affine"() {
  a = affine_map<(d0, d1) -> (d1 + d0)>,
  b = affine_map<(d0, d1)[s0, s1] -> (s1 * s0 + d1, d0 floordiv -2)>,
  c = affine_set<(d0, d1) : (d1 + d0 >= 0, d1 - d0 == 0)>,
  d = affine_map<(d0, d1, d2) -> (d2 * 3 + d1 * 2 + d0, (d2 + d0) mod 4)>
} : () -> ()
