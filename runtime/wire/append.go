package wire

import (
	"encoding/binary"
	"strings"
)

// AppendUint16 appends v little-endian.
func AppendUint16(b []byte, v uint16) []byte { return binary.LittleEndian.AppendUint16(b, v) }

// AppendUint32 appends v little-endian.
func AppendUint32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }

// AppendUint64 appends v little-endian.
func AppendUint64(b []byte, v uint64) []byte { return binary.LittleEndian.AppendUint64(b, v) }

// AppendInt16 appends v little-endian, two's complement.
func AppendInt16(b []byte, v int16) []byte { return AppendUint16(b, uint16(v)) }

// AppendInt32 appends v little-endian, two's complement.
func AppendInt32(b []byte, v int32) []byte { return AppendUint32(b, uint32(v)) }

// AppendInt64 appends v little-endian, two's complement.
func AppendInt64(b []byte, v int64) []byte { return AppendUint64(b, uint64(v)) }

// AppendCString appends s and a terminating NUL. It panics if s contains a
// NUL, since that would silently cut the string short on reading.
func AppendCString(b []byte, s string) []byte {
	if strings.IndexByte(s, 0) >= 0 {
		panic("wire: AppendCString: string contains a NUL byte")
	}
	b = append(b, s...)
	return append(b, 0)
}
