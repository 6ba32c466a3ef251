// Package cudatile is NVIDIA's CUDA Tile IR dialect (cuda_tile) as its
// bytecode stores it, versions 13.1 to 13.3: a Go type per type tag and
// attribute tag, a struct per op (opcodes 0x00–0x75) with its builder,
// accessors, reader and writer, all generated from cuda_tile.yaml. The
// ops and enums there are imported from cuda-tile's ODS records (make
// import-tileir); the types and attributes are written by hand in
// head.yaml.in. Read and Write wrap runtime/tileir with this dialect.
package cudatile

//go:generate go run github.com/dialectgen/dialectgen/cmd/dialectgen cuda_tile.yaml
