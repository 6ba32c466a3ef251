package hooks

import (
	"reflect"
	"testing"
)

type mode uint32

type node struct{ n int }

// TestConvert: conversions keep nil apart from empty, take any integer
// type of the right sign and give zero values, never a panic, for a value
// of the wrong form.
func TestConvert(t *testing.T) {
	if got := Uint[mode](uint64(3)); got != 3 {
		t.Errorf("Uint[mode](3) = %d", got)
	}
	if got := Int[int32](int64(-2)); got != -2 {
		t.Errorf("Int[int32](-2) = %d", got)
	}
	if got := Int[int64]("x"); got != 0 {
		t.Errorf("Int of a string = %d, want 0", got)
	}
	if As[*node](nil) != nil || As[string](7) != "" {
		t.Error("As of the wrong form is not the zero value")
	}
	if Ref[node](nil) != nil {
		t.Error("Ref(nil) is a non-nil interface")
	}
	if p := (&node{1}); Ref(p) != any(p) {
		t.Error("Ref(p) is not p")
	}
	elem := func(x any) int64 { return As[int64](x) }
	if List(nil, elem) != nil || List([]any{}, elem) == nil {
		t.Error("List does not keep nil apart from empty")
	}
	if got := List([]any{int64(1), "x"}, elem); !reflect.DeepEqual(got, []int64{1, 0}) {
		t.Errorf("List = %v", got)
	}
	back := func(v int64) any { return v }
	if FromList[int64](nil, back) != nil || FromList([]int64{}, back) == nil {
		t.Error("FromList does not keep nil apart from empty")
	}
	if got := Fields([]any{1}, 3); len(got) != 3 || got[0] != 1 || got[2] != nil {
		t.Errorf("Fields([1], 3) = %v", got)
	}
	if got := Fields("no list", 2); len(got) != 2 {
		t.Errorf("Fields of a non-list = %v", got)
	}
}

func TestRegister(t *testing.T) {
	if Lookup("hooks-test") != nil {
		t.Fatal("a table before Register")
	}
	tb := &Table{Dialect: "hooks-test"}
	built := 0
	Register("hooks-test", func() *Table { built++; return tb })
	if built != 0 {
		t.Error("the table was built as it was registered")
	}
	if Lookup("hooks-test") != tb || Lookup("hooks-test") != tb {
		t.Error("Lookup does not find the registered table")
	}
	if built != 1 {
		t.Errorf("the table was built %d times", built)
	}
}
