// releases: 22
// bc-roundtrip-unstable: 22
// duplicate-entries: 22
// (After one round trip, 22's file holds two byte-identical code-22 entries
// (from "0:0 to 0:0" and "0:0 to 0:5") that its reader keeps as two distinct
// attributes; a reader that uniques by value merges them, so the dictionary
// that refers to both re-encodes with one index. See README.md.)
// FileLineColRange locations (LLVM 20+; 19 fails with "expected ')' in inline
// location"). 22 writes bytecode attribute code 11 (FileLineColLoc) only for
// locations parsed as plain "file":L:C; everything written with "to", and the
// line-only form "file":L, is written as code 22 even when start == end.
// Code 22's varint list has every shape:
//   0 []                              "r.cc":0:0 to 0:0
//   1 [line]                          start col 0, same line: the end column
//                                     is NOT stored ("1:0 to 1:7" reads back
//                                     as "1:0"), and "file":L
//   2 [line, col]                     start == end, e.g. "1:2 to 1:2"
//   3 [line, startCol, endCol]        same line
//   4 [startLine, startCol, endLine, endCol]   multi-line
// Reading code 22 with 2 entries yields a plain FileLineColLoc and the parser
// keeps "1:2 to 1:9" and "1:2 to :9" as two distinct attributes that encode
// identically, so bytecode -> bytecode is not byte-identical for this file
// (a second round is), and text printed from the bytecode differs from text
// printed from the source (r_col0_same_line).
"u.ranges"() {
  r_same_line = loc("r.cc":1:2 to 1:9),
  r_same_line_short = loc("r.cc":1:2 to :9),
  r_point = loc("r.cc":1:2 to 1:2),
  r_zero = loc("r.cc":0:0),
  r_zero_to_zero = loc("r.cc":0:0 to 0:0),
  r_zero_to_col = loc("r.cc":0:0 to 0:5),
  r_col_point = loc("r.cc":0:3 to 0:3),
  r_col0_same_line = loc("r.cc":1:0 to 1:7),
  r_col0_to_col0 = loc("r.cc":4:0 to 4:0),
  r_line_only = loc("r.cc":5),
  r_multi_line = loc("r.cc":1:2 to 3:4),
  r_multi_line_col0 = loc("r.cc":7:0 to 9:0),
  r_multi_line_back = loc("r.cc":9:5 to 2:1),
  r_big = loc("r.cc":4294967295:1 to 4294967295:4294967295),
  r_in_name = loc("n"("r.cc":1:1 to 1:3)),
  r_in_fused = loc(fused["r.cc":1:1 to 2:2, "s.cc":3:3 to :5]),
  r_in_callsite = loc(callsite("r.cc":1:1 to 1:4 at "s.cc":2:2 to 3:3))
} : () -> () loc("op.cc":1:2 to 2:3)
"u.op_range_same_line"() : () -> () loc("op.cc":5:1 to :20)
