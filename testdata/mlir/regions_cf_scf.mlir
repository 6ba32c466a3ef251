// releases: 16 19 22
// Container work: a named top-level module, declarations, multiple blocks,
// block arguments with explicit locations (file, name, unknown, fused) and
// parser-assigned ones, cf.cond_br / cf.br / cf.switch, func.call, scf.for
// with iter_args (nested), scf.if with results, scf.while, nested named and
// anonymous modules, symbol visibility, a nested symbol reference, and an
// unregistered op with a multi-block region, successors, an empty region and
// multiple results.
module @outer {
  func.func private @decl(i32) -> i32 attributes {llvm.emit_c_interface}
  func.func @branches(%arg0: i32 loc("arg0.cc":1:1), %cond: i1 loc("cond"), %arg2: f32) -> i32 {
    %c0 = arith.constant 0 : i32
    cf.cond_br %cond, ^bb1(%arg0 : i32), ^bb2
  ^bb1(%x: i32 loc("x.cc":2:2)):
    %y = arith.addi %x, %c0 : i32
    cf.br ^bb3(%y, %x : i32, i32)
  ^bb2:
    %z = func.call @decl(%arg0) : (i32) -> i32
    cf.switch %z : i32, [
      default: ^bb3(%z, %z : i32, i32),
      1: ^bb3(%c0, %z : i32, i32),
      2: ^bb4
    ]
  ^bb3(%r: i32 loc(unknown), %unused: i32 loc(fused["u.cc":1:1, "v.cc":2:2])):
    return %r : i32
  ^bb4:
    return %c0 : i32
  }
  func.func @loops(%lb: index, %ub: index, %init: f32) -> f32 {
    %step = arith.constant 1 : index
    %sum = scf.for %iv = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
      %f = arith.index_cast %iv : index to i32
      %g = arith.sitofp %f : i32 to f32
      %c = arith.cmpf olt, %acc, %g : f32
      %n = scf.if %c -> (f32) {
        %a = arith.addf %acc, %g : f32
        scf.yield %a : f32
      } else {
        %inner = scf.for %j = %lb to %iv step %step iter_args(%b = %acc) -> (f32) {
          %m = arith.mulf %b, %g : f32
          scf.yield %m : f32
        }
        scf.yield %inner : f32
      }
      scf.yield %n : f32
    }
    %w = scf.while (%v = %sum) : (f32) -> f32 {
      %cst = arith.constant 1.0e3 : f32
      %lt = arith.cmpf olt, %v, %cst : f32
      scf.condition(%lt) %v : f32
    } do {
    ^bb0(%v2: f32 loc("w.cc":7:7)):
      %d = arith.addf %v2, %v2 : f32
      scf.yield %d : f32
    }
    return %w : f32
  }
  module @inner {
    func.func nested @callee() {
      return
    }
  }
  module {
  }
  "u.regions"() ({
  ^bb0(%a0: i64 loc("a0")):
    %r:2 = "u.multi"(%a0) : (i64) -> (i64, i1)
    "u.br"(%r#0)[^bb1, ^bb2] : (i64) -> ()
  ^bb1:
    "u.ret"() : () -> ()
  ^bb2:
    "u.ret"(%r#1) : (i1) -> ()
  }, {
  }, {
    "u.ret"() : () -> ()
  }) {ref = @outer::@inner::@callee} : () -> ()
}
