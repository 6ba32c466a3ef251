// releases: 19 22
// transform.apply_registered_pass without its options: 19 populates a
// StrAttr "", 22 a DictionaryAttr {} (a default per constraint).
"builtin.module"() ({
  "transform.named_sequence"() <{function_type = (!transform.any_op) -> (), sym_name = "s"}> ({
  ^bb0(%t: !transform.any_op):
    %0 = "transform.apply_registered_pass"(%t) <{pass_name = "canonicalize"}> : (!transform.any_op) -> !transform.any_op
    "transform.yield"() : () -> ()
  }) : () -> ()
}) {transform.with_named_sequence} : () -> ()
