// Package wire holds the byte-level primitives shared by the MLIR bytecode
// and NVIDIA Tile IR bytecode formats: PrefixVarInt and LEB128 integers,
// fixed-width little-endian integers, NUL-terminated strings, the section
// framing both formats use, and MLIR's string table.
//
// Writers are append-style functions (AppendX(b, v) []byte). Decoding goes
// through [Reader], a zero-copy cursor that knows the absolute file offset of
// every byte, so each decode error ([Error]) says where in the file it is.
//
// Decoding never panics on malformed input, and every allocation sized by a
// length read from the input is first checked against the bytes remaining
// (see [Reader.Count]), so a few bytes cannot ask for gigabytes.
//
// Slices and strings returned by decoders alias the input; the input must
// not be modified while they are in use.
package wire
