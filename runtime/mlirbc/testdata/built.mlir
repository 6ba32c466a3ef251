// The module built_test.go builds with the generated builders, written by
// hand (scf.for in generic form, to give its block arguments locations).
// mlir-opt's bytecode of this file must equal ours byte for byte, and
// both must print the same generic text.
module {
  func.func @compute(%n: index loc("built.go":2:1), %x: i32 loc("built.go":2:2), %flag: i1 loc("built.go":2:3)) -> i32 {
    %c0 = arith.constant 0 : index loc("built.go":3:1)
    %c1 = arith.constant 1 : index loc("built.go":4:1)
    %init = arith.constant 10 : i32 loc("built.go":5:1)
    %sum = "scf.for"(%c0, %n, %c1, %init) ({
    ^bb0(%i: index loc("built.go":6:2), %acc: i32 loc("built.go":6:3)):
      %y = arith.xori %acc, %x : i32 loc("built.go":7:1)
      scf.yield %y : i32 loc("built.go":8:1)
    }) : (index, index, index, i32) -> i32 loc("built.go":6:1)
    %cmp = arith.cmpi slt, %sum, %x : i32 loc("built.go":9:1)
    %both = arith.andi %cmp, %flag : i1 loc("built.go":10:1)
    cf.cond_br %both, ^bb1(%sum : i32), ^bb2 loc("built.go":11:1)
  ^bb1(%v: i32 loc("built.go":12:1)):
    %m = arith.ori %v, %x : i32 loc("built.go":13:1)
    cf.br ^bb3(%m : i32) loc("built.go":14:1)
  ^bb2:
    cf.br ^bb3(%x : i32) loc("built.go":15:1)
  ^bb3(%r: i32 loc("built.go":16:1)):
    func.return %r : i32 loc("built.go":17:1)
  } loc("built.go":1:1)
  func.func @weights() -> tensor<4xi32> {
    %w = arith.constant dense_resource<table> : tensor<4xi32> loc("built.go":19:1)
    func.return %w : tensor<4xi32> loc("built.go":20:1)
  } loc("built.go":18:1)
} loc("built.go":0:0)

{-#
  dialect_resources: {
    builtin: {
      table: "0x04000000010000000200000003000000FFFFFFFF"
    }
  }
#-}
