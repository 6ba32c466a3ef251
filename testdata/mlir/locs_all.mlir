// releases: 16 19 22
// Location attributes every release parses, both as attribute values and as
// op locations (incl. location aliases): FileLineColLoc (incl. line/col
// 0 and 2^32-1), UnknownLoc, NameLoc with and without a child, CallSiteLoc
// (flat and nested on both sides), FusedLoc without metadata and
// FusedLocWithMetadata (string, dictionary and empty-array metadata).
// The parser simplifies fused locations: unknown members are dropped, an
// empty fused[] becomes loc(unknown) and a single member without metadata
// becomes that member, so two known members are needed for a FusedLoc.
// There is no textual syntax for OpaqueLoc, so it is not covered.
#loc_alias = loc("alias.cc":11:12)
#loc_fused_alias = loc(fused<"md">[#loc_alias, "other.cc":1:1])
"u.locs"() {
  l_file = loc("f.cc":3:7),
  l_file_zero = loc("f.cc":0:0),
  l_file_big = loc("big.cc":4294967295:4294967295),
  l_file_empty_name = loc("":1:1),
  l_unknown = loc(unknown),
  l_name = loc("nm"),
  l_name_child = loc("nm2"("g.cc":1:2)),
  l_name_unknown_child = loc("nm3"(unknown)),
  l_name_name = loc("outer"("inner"("h.cc":5:6))),
  l_callsite = loc(callsite("callee.cc":10:1 at "caller.cc":20:2)),
  l_callsite_nested = loc(callsite(callsite("a.cc":1:1 at "b.cc":2:2) at callsite("c.cc":3:3 at "d.cc":4:4))),
  l_callsite_names = loc(callsite("fn" at "site"("s.cc":8:9))),
  l_fused = loc(fused["a.cc":1:1, "b.cc":2:2]),
  l_fused_three = loc(fused["a.cc":1:1, "b.cc":2:2, "nm"]),
  l_fused_md_str = loc(fused<"meta">["a.cc":1:1, unknown]),
  l_fused_md_dict = loc(fused<{k = "v", n = 1 : i32}>["x.cc":5:5, "nested"("y.cc":6:6)]),
  l_fused_md_arr = loc(fused<[]>["p.cc":1:1, "q.cc":2:2]),
  l_fused_md_only = loc(fused<unit>[]),
  l_fused_nested = loc(fused[fused["a.cc":1:1, "b.cc":2:2], callsite("c" at "d")]),
  l_fused_dropped = loc(fused[unknown, unknown]),
  l_fused_single = loc(fused["single.cc":1:1]),
  l_alias = #loc_alias,
  l_arr = [loc("x.cc":1:1), loc(unknown)]
} : () -> () loc(fused["op.cc":1:1, callsite("q" at "r.cc":9:9)])
"u.op_file"() : () -> () loc("op2.cc":2:3)
"u.op_name"() : () -> () loc("solo")
"u.op_unknown"() : () -> () loc(unknown)
"u.op_alias"() : () -> () loc(#loc_alias)
"u.op_fused_alias"() : () -> () loc(#loc_fused_alias)
"u.op_default"() : () -> ()
