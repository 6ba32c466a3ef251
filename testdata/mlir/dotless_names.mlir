// releases: 16 19 22
// bc-roundtrip-unstable: 16 19 22
// An op name without an op part, with and without its dot: two names to
// MLIR, which bytecode writes alike (dialect u, op ""), so a file of this
// holds two equal op-name entries. Read back, they are one name: "u" from
// 19 and 22, "u." from 16, which joins the parts with a dot even before an
// empty op part. Text printed from the bytecode therefore differs from the
// source's, and a second round trip is stable.
"u."() : () -> ()
"u"() : () -> ()
"u.x"() : () -> ()
