// releases: 16 19 22
// A function returning an arith.constant: func.func and arith.constant carry
// inherent attributes (properties at bytecode v5+; 22's func.func layout differs).
func.func @answer() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
