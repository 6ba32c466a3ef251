// Package tileir reads and writes NVIDIA Tile IR bytecode (magic
// "\x7FTileIR\x00", versions 13.1–13.3): the container (header, sections,
// string/type/constant tables, function table, globals, debug info,
// producer) and the value numbering of function bodies.
//
// Ops, types and self-contained attributes are not known here: a
// generated dialect package (dialects/cuda_tile) implements Dialect, and
// its generated codecs call the Decoder and Encoder primitives. The package
// holds no opcode, tag or op layout.
package tileir
