package datalayout

import (
	"errors"
	"testing"
)

// failEnv records failures; nothing else is asked of it here.
type failEnv struct {
	Env
	err error
}

func (e *failEnv) Fail(format string, args ...any) {
	if e.err == nil {
		e.err = Failf(format, args...)
	}
}

func TestHelpers(t *testing.T) {
	for v, want := range map[uint64]uint64{0: 0, 1: 1, 2: 2, 3: 4, 5: 8, 64: 64, 65: 128, 1 << 63: 1 << 63, 1<<63 + 1: 0} {
		if got := Pow2Ceil(v); got != want {
			t.Errorf("Pow2Ceil(%d) = %d, want %d", v, got, want)
		}
	}
	e := &failEnv{}
	if AlignTo(e, 13, 8) != 16 || DivCeil(e, 13, 8) != 2 || Div(e, 13, 8) != 1 || Mod(e, 13, 8) != 5 || e.err != nil {
		t.Error("arithmetic")
	}
	if Product([]int64{2, 3, 4}) != 24 || Product(nil) != 1 || Last(e, []int64{2, 7}) != 7 || !Any([]bool{false, true}) || Any(nil) {
		t.Error("shape helpers")
	}
	if If(true, func() int { return 1 }, func() int { panic("the other branch ran") }) != 1 {
		t.Error("If")
	}
	for _, f := range []func(){
		func() { AlignTo(e, 1, 0) }, func() { DivCeil(e, 1, 0) }, func() { Div(e, 1, 0) },
		func() { Mod(e, 1, 0) }, func() { Last(e, nil) },
	} {
		e.err = nil
		f()
		var u *Undefined
		if !errors.As(e.err, &u) {
			t.Errorf("no Undefined recorded: %v", e.err)
		}
	}
}
