package wire

import (
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// hx parses "85 5b 21" style hex.
func hx(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// wantErr checks err is an *Error at offset off wrapping sentinel.
func wantErr(t testing.TB, err error, sentinel error, off int64) *Error {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want %v at offset %#x", sentinel, off)
	}
	var we *Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
	}
	if !errors.Is(err, sentinel) {
		t.Fatalf("error %v does not wrap %v", err, sentinel)
	}
	if we.Offset != off {
		t.Fatalf("error %v at offset %#x, want %#x", err, we.Offset, off)
	}
	return we
}

// checkErr is the fuzz-side check: any error must be a well-formed *Error
// with a sentinel cause and an offset inside [lo, hi].
func checkErr(t *testing.T, err error, lo, hi int64) {
	t.Helper()
	var we *Error
	if !errors.As(err, &we) {
		t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
	}
	if !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrOverflow) && !errors.Is(err, ErrInvalid) {
		t.Fatalf("error %v wraps no sentinel", err)
	}
	if we.Offset < lo || we.Offset > hi {
		t.Fatalf("error %v: offset outside [%#x, %#x]", err, lo, hi)
	}
	_ = we.Error()
}
