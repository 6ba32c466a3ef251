package hooks

// The conversions generated tables use between parameter values (any)
// and Go values. They never panic: a value of the wrong form converts to
// the zero value, as an absent one does.

// As is x as a T, or T's zero value.
func As[T any](x any) T {
	v, _ := x.(T)
	return v
}

// Int is an int64 parameter as a signed integer type.
func Int[T ~int32 | ~int64](x any) T { return T(As[int64](x)) }

// Uint is a uint64 parameter as an unsigned integer or enum type.
func Uint[T ~uint32 | ~uint64](x any) T { return T(As[uint64](x)) }

// Ref is a typed reference as a parameter: nil when p is nil, so that an
// absent value is a nil interface.
func Ref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

// List converts a list parameter element by element; nil stays nil.
func List[T any](x any, elem func(any) T) []T {
	l, _ := x.([]any)
	if l == nil {
		return nil
	}
	out := make([]T, len(l))
	for i, e := range l {
		out[i] = elem(e)
	}
	return out
}

// FromList converts a Go list to a list parameter; nil stays nil.
func FromList[T any](l []T, elem func(T) any) []any {
	if l == nil {
		return nil
	}
	out := make([]any, len(l))
	for i, e := range l {
		out[i] = elem(e)
	}
	return out
}

// Fields is a struct parameter's (or a parameter list's) n values, nil
// past what x holds.
func Fields(x any, n int) []any {
	l, _ := x.([]any)
	if len(l) >= n {
		return l
	}
	out := make([]any, n)
	copy(out, l)
	return out
}
