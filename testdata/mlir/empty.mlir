// releases: 16 19 22
// An empty input: mlir-opt wraps it in an implicit, empty builtin.module.
