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

// ReadEnum reads an enum value as a varint; unknown values and values
// newer than the file are errors.
func ReadEnum[T Enum](d *Decoder, what string) (T, error) {
	x, err := d.Varint(what)
	if err != nil {
		return 0, err
	}
	v := T(x)
	since, ok := v.Since()
	if !ok || x > 0xFFFFFFFF {
		return 0, d.Invalid("a value of %s for %s, not %d", enumName[T](), what, x)
	}
	if !d.Version().AtLeast(since.Major, since.Minor) {
		return 0, d.TooNew(enumName[T]()+" value '"+v.String()+"' of "+what, since)
	}
	return v, nil
}

// EncodeEnum writes an enum value; values the target lacks are errors.
func EncodeEnum[T Enum](e *Encoder, v T, what string) error {
	since, ok := v.Since()
	if !ok {
		return fmt.Errorf("%s: %d is not a value of %s", what, uint32(v), enumName[T]())
	}
	if !e.Version().AtLeast(since.Major, since.Minor) {
		return e.TooNew(enumName[T]()+" value '"+v.String()+"' of "+what, since)
	}
	e.Varint(uint64(v))
	return nil
}
