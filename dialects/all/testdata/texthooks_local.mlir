// A list of attributes printed stripped (a loop annotation's parallel
// accesses): checked in local scope only (texthooks_test.go). By alias,
// the access groups are distinct attributes whose text does not tell
// which of the file's they are, so the annotation stays text.
"q.typed"() {
  la = #llvm.loop_annotation<disableNonforced = true, parallelAccesses = #llvm.access_group<id = distinct[0]<>>, #llvm.access_group<id = distinct[1]<>>>
} : () -> ()
