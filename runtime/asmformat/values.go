package asmformat

import "github.com/dialectgen/dialectgen/runtime/ir"

// Conversions between a definition's Go parameters and the values of a
// Def's list, for generated Make and Values functions. The As functions
// clear *ok when a value has the wrong type (a nested value that stayed
// text where a typed one is needed); nil stands for an absent parameter.

// AsInt converts an Int value.
func AsInt[T ~int32 | ~int64](v any, ok *bool) T {
	x, good := v.(int64)
	if !good && v != nil {
		*ok = false
	}
	if T(x) != T(0) && int64(T(x)) != x {
		*ok = false
	}
	return T(x)
}

// AsUint converts a Uint or Enum value.
func AsUint[T ~uint32 | ~uint64](v any, ok *bool) T {
	x, good := v.(uint64)
	if !good && v != nil {
		*ok = false
	}
	if uint64(T(x)) != x {
		*ok = false
	}
	return T(x)
}

// As converts a Bool, String, Type or Attr value to T.
func As[T any](v any, ok *bool) T {
	x, good := v.(T)
	if !good && v != nil {
		*ok = false
	}
	return x
}

// AsList converts a List value with conv applied to each element.
func AsList[T any](v any, ok *bool, conv func(any, *bool) T) []T {
	list, good := v.([]any)
	if !good {
		if v != nil {
			*ok = false
		}
		return nil
	}
	out := make([]T, len(list))
	for i, x := range list {
		out[i] = conv(x, ok)
	}
	return out
}

// FromInt is an Int value.
func FromInt[T ~int32 | ~int64](x T) any { return int64(x) }

// FromUint is a Uint or Enum value.
func FromUint[T ~uint32 | ~uint64](x T) any { return uint64(x) }

// FromAttr is an Attr value; nil stays nil.
func FromAttr[T ir.Attribute](x T) any {
	var a ir.Attribute = x
	if a == nil || isNilHandle(x) {
		return nil
	}
	return a
}

// FromType is a Type value; nil stays nil.
func FromType[T ir.Type](x T) any {
	var t ir.Type = x
	if t == nil || isNilHandle(x) {
		return nil
	}
	return t
}

func isNilHandle[T any](x T) bool {
	var zero T
	return any(x) == any(zero)
}

// FromList is a List value with conv applied to each element.
func FromList[T any](list []T, conv func(T) any) any {
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = conv(x)
	}
	return out
}

// Identity is a conversion of values that need none.
func Identity[T any](x T) any { return x }
