// releases: 16 19 22
// readback-error: expected alignment to be a power-of-two
// A dense_resource with an empty blob. Every release parses and writes it,
// but the blob is written with alignment 0 (the text printer shows it as
// "0x00000000"), and reading the bytecode back fails in 16, 19 and 22 with
// "expected alignment to be a power-of-two". Kept apart so other resource
// tests can read their files back; the corpus test expects this failure.
"u.resources"() {
  r_empty = dense_resource<blob_empty> : tensor<0xi32>
} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob_empty: "0x04000000"
    }
  }
#-}
