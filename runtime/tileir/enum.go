package tileir

import (
	"fmt"
	"strings"
)

// Enum is what generated enum types implement: a uint32 with its keyword
// and the version that added each value.
type Enum interface {
	~uint32
	String() string
	// Since returns the version that added the value; ok is false for
	// values the enum does not have.
	Since() (v Version, ok bool)
}

// enumName is T's name without its package ("RoundingMode").
func enumName[T Enum]() string {
	var zero T
	n := fmt.Sprintf("%T", zero)
	return n[strings.LastIndexByte(n, '.')+1:]
}

// ReadEnum reads an enum value (a ULEB128); unknown values and values
// newer than the file are errors.
func ReadEnum[T Enum](d *Decoder, what string) (T, error) { return readEnum[T](d, text(what)) }

// EncodeEnum writes an enum value; values the target lacks are errors.
func EncodeEnum[T Enum](e *Encoder, v T, what string) error { return encodeEnum(e, v, text(what)) }
