// releases: 16 19 22
// DenseResourceElementsAttr (bytecode code 16) and the resource sections:
// dense_resource blobs with alignments 1, 2, 4, 8 and 16 (the first four
// bytes of each hex blob are the little-endian alignment), two
// attributes sharing one blob, a blob used only inside an array, an
// unreferenced blob (dropped on write), and external_resources entries of
// every kind (string, bool, blob) kept by mlir-opt's fallback resource map.
// 19/22 drop all blob data with --elide-resource-data-from-bytecode.
// Alignments 32 and 64 are in resources_align64.mlir (see there why), the
// empty blob in resources_empty_blob.mlir.
"u.resources"() {
  r_align1 = dense_resource<blob_a1> : tensor<4xi8>,
  r_align2 = dense_resource<blob_a2> : tensor<2xi16>,
  r_align4 = dense_resource<blob_a4> : tensor<2xi32>,
  r_align8 = dense_resource<blob_a8> : tensor<1xf64>,
  r_align16 = dense_resource<blob_a16> : tensor<2xi64>,
  r_shared1 = dense_resource<blob_shared> : tensor<4xi8>,
  r_shared2 = dense_resource<blob_shared> : tensor<2xi16>,
  r_in_array = [dense_resource<blob_in_array> : tensor<3xi8>]
} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob_a1: "0x0100000001020304",
      blob_a2: "0x02000000FFFF0100",
      blob_a4: "0x040000000100000002000000",
      blob_a8: "0x08000000000000000000F03F",
      blob_a16: "0x1000000001000000000000000200000000000000",
      blob_shared: "0x0400000001020304",
      blob_in_array: "0x01000000AABBCC",
      blob_unused: "0x04000000DEADBEEF"
    }
  },
  external_resources: {
    some_tool: {
      str_entry: "a string",
      bool_true: true,
      bool_false: false,
      blob_entry: "0x08000000AABBCCDD11223344"
    },
    other_tool: {
      only: "x"
    }
  }
#-}
