// releases: 19 22
// text-lossy-below: 5
// Container features beyond regions_cf_scf: properties on unregistered ops
// (one attribute per op, dropped below v5), forward references in a graph
// region, which leave use lists out of order (use-list orders at v3+, for
// one and for several results and for block arguments), scf.if without
// captures (isolated by the LLVM 17+ rule) next to one with captures, ops
// with segment sizes, arith ops with default-valued properties, calls, and
// several functions sharing property entries.
"u.use"(%fwd, %fwd) : (i32, i32) -> ()
"u.use"(%m#1, %m#0, %m#1, %m#0) : (i32, i32, i32, i32) -> ()
"u.use"(%fwd) : (i32) -> ()
"u.use"(%m#0, %m#1, %many#2) : (i32, i32, i32) -> ()
"u.use"(%many#1, %many#0, %many#1) : (i32, i32, i32) -> ()
"u.use"(%many#2, %many#0, %many#2) : (i32, i32, i32) -> ()
%fwd = "u.def"() : () -> i32
%m:2 = "u.def2"() <{kind = "pair"}> : () -> (i32, i32)
%many:3 = "u.def3"() {note} : () -> (i32, i32, i32)
"u.use"(%many#2, %many#0, %many#2, %many#1, %many#2) : (i32, i32, i32, i32, i32) -> ()
"u.props"() <{p = 1 : i32, q = [1, 2]}> {d = "discardable"} : () -> ()
"u.props"() <{p = 1 : i32, q = [1, 2]}> : () -> ()
"u.graph"() ({
^bb0(%ba: i32, %bb: i32):
  "u.use"(%ba, %bb, %ba) : (i32, i32, i32) -> ()
  "u.use"(%bb, %ba) : (i32, i32) -> ()
}) : () -> ()
func.func @isolation(%a: i32, %b: i32, %c: i1) -> i32 {
  %x = scf.if %c -> i32 {
    %k = arith.constant 7 : i32
    scf.yield %k : i32
  } else {
    %s = arith.addi %a, %b overflow<nsw> : i32
    scf.yield %s : i32
  }
  %y = scf.if %c -> i32 {
    %k2 = arith.constant 8 : i32
    scf.yield %k2 : i32
  } else {
    %k3 = arith.constant 9 : i32
    scf.yield %k3 : i32
  }
  %z = arith.muli %x, %y : i32
  %cmp = arith.cmpi slt, %z, %a : i32
  %sel = arith.select %cmp, %z, %a : i32
  %r = func.call @helper(%sel) : (i32) -> i32
  cf.cond_br %cmp, ^bb1(%r, %r : i32, i32), ^bb2(%r : i32)
^bb1(%p: i32, %q: i32):
  %e = scf.execute_region -> i32 {
    %t = arith.subi %p, %q : i32
    scf.yield %t : i32
  }
  return %e : i32
^bb2(%w: i32 loc(unknown)):
  return %w : i32
}
func.func private @helper(%v: i32) -> i32 {
  return %v : i32
}
func.func private @decl1(i32) -> i32
func.func private @decl2(i32) -> i32
