package wire

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel causes carried by [Error.Err]; test with errors.Is.
var (
	// ErrTruncated: the data ends (or a count or length claims more bytes
	// than remain) before the expected item is complete.
	ErrTruncated = errors.New("unexpected end of data")
	// ErrOverflow: an integer encoding is longer than 64 bits allow.
	ErrOverflow = errors.New("value overflows")
	// ErrInvalid: the bytes are present but do not form a valid encoding.
	ErrInvalid = errors.New("invalid encoding")
)

// Error is every decode error: where, in which section, what was expected.
type Error struct {
	Offset   int64  // absolute byte offset in the file where the problem is
	Section  string // e.g. "String", "AttrType", "header"; may be empty
	Expected string // what the decoder expected, e.g. "a varint", "16 bytes"
	Err      error  // a sentinel above or a wrapped cause
}

// Error formats as "offset 0x1f (String section): expected 16 bytes:
// unexpected end of data"; empty parts are left out.
func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString("offset 0x")
	sb.WriteString(strconv.FormatInt(e.Offset, 16))
	if e.Section != "" {
		sb.WriteString(" (")
		sb.WriteString(e.Section)
		sb.WriteString(" section)")
	}
	if e.Expected != "" {
		sb.WriteString(": expected ")
		sb.WriteString(e.Expected)
	}
	if e.Err != nil {
		sb.WriteString(": ")
		sb.WriteString(e.Err.Error())
	}
	return sb.String()
}

// Unwrap returns the cause so errors.Is(err, ErrTruncated) works.
func (e *Error) Unwrap() error { return e.Err }
