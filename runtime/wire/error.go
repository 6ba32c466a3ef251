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

// ErrUnsupportedVersion is wrapped by errors about a container version
// this package's readers and writers do not handle, in either format.
var ErrUnsupportedVersion = errors.New("unsupported version")

// VersionError says that an element of the IR (an op, attribute, type,
// field, enum value, encoding) exists only in other versions than the one
// written or read. Both formats report version conflicts with it.
type VersionError struct {
	What   string // "op cuda_tile.atan2", "builtin attribute FileLineColRange (code 22)"
	Needs  string // the versions it exists in: "13.2", "LLVM 20", "LLVM 19 to 21"
	Target string // the version being written, or the file's when Reading
	// Reading says the element was found in a file of version Target.
	Reading bool
}

func (e *VersionError) Error() string {
	if e.Reading {
		return e.What + " needs " + e.Needs + ", but the file is " + e.Target
	}
	return e.What + " needs " + e.Needs + ", but the target is " + e.Target
}

// OpError says which op an error belongs to. Readers give the offset where
// the op starts; writers, which have no offsets, a path from the top.
type OpError struct {
	Op     string // the op's full name; empty for a nil op
	Path   string // where the op sits, for writers; may be empty
	Offset int64  // where the op starts, for readers; -1 for writers
	Err    error
}

func (e *OpError) Error() string {
	msg := e.Err.Error()
	switch {
	case e.Op == "":
		return "nil op at " + e.Path
	case e.Offset >= 0:
		return "op " + e.Op + " (at offset " + strconv.FormatInt(e.Offset, 10) + "): " + msg
	case e.Path == "" && namesOp(msg, e.Op):
		return msg // "op llvm.atomicrmw, attribute bin_op: ..."
	case e.Path == "":
		return e.Op + ": " + msg
	case strings.Contains(msg, "'"+e.Op+"'"):
		return msg + " (at " + e.Path + ")" // the cause names the op already
	}
	return e.Op + " at " + e.Path + ": " + msg
}

func (e *OpError) Unwrap() error { return e.Err }

// namesOp reports whether msg starts by naming op, as "op NAME" followed by
// ':', ',' or a space.
func namesOp(msg, op string) bool {
	rest, ok := strings.CutPrefix(msg, "op "+op)
	return ok && rest != "" && strings.ContainsRune(":, ", rune(rest[0]))
}

// A Tracer is told what each byte range of a file holds, by readers that
// explain a file rather than only decode it: [start, end) absolute
// offsets and what the range is. Ranges nest: a section holds entries, an
// entry fields; an enclosing range may be reported after what it holds.
type Tracer interface {
	Span(start, end int64, what string)
}
