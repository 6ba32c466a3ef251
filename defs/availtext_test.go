package defs

import "testing"

// Availability.Text words bounds as every version error does, on each axis.
func TestAvailabilityText(t *testing.T) {
	v := func(axis string, parts ...int) *Version { return &Version{Axis: axis, Parts: parts} }
	for _, c := range []struct {
		a    Availability
		want string
	}{
		{Availability{Since: v("llvm", 19)}, "LLVM 19 or newer"},
		{Availability{Until: v("llvm", 17)}, "LLVM 17 or older"},
		{Availability{Since: v("llvm", 19), Until: v("llvm", 21)}, "LLVM 19 to 21"},
		{Availability{Since: v("llvm", 19), Until: v("llvm", 19)}, "LLVM 19"},
		{Availability{Since: v("bytecode", 5)}, "bytecode version 5 or newer"},
		{Availability{Since: v("dialect", 1, 6, 0)}, "vhlo 1.6.0 or newer"},
		{Availability{Since: v("dialect", 1, 2), Until: v("dialect", 2, 0)}, "vhlo 1.2 to 2.0"},
		{Availability{Since: v("llvm", 20), Until: v("bytecode", 5)}, "LLVM 20 or newer and bytecode version 5 or older"},
		{Availability{}, ""},
	} {
		if got := c.a.Text("vhlo"); got != c.want {
			t.Errorf("%+v: %q, want %q", c.a, got, c.want)
		}
	}
}
