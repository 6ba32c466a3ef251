// releases: 19 22
// A storage specifier keeps only what decides the storage of its encoding
// (StorageSpecifierType::get): no maps, no widths, level properties but soa
// dropped. So the specifier's encoding is another attribute than the
// tensor's, although for the CSR below both print alike: mlir-opt gives them
// two aliases (#sparse, #sparse1), and a reader that parses the specifier's
// text must normalize it as C++ does to print them so.
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 32, crdWidth = 16 }>
#CSC = #sparse_tensor.encoding<{ map = (i, j) -> (j : dense, i : compressed), posWidth = 64 }>
"u.tensors"() {csr = tensor<8x8xf64, #CSR>, coo = tensor<8x8xf64, #COO>, csc = tensor<8x8xf64, #CSC>} : () -> ()
%s:3 = "u.specifiers"() : () -> (!sparse_tensor.storage_specifier<#CSR>, !sparse_tensor.storage_specifier<#COO>, !sparse_tensor.storage_specifier<#CSC>)
"u.specified"() {coo = !sparse_tensor.storage_specifier<#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>>} : () -> ()
