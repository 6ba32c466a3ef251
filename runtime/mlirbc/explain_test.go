package mlirbc_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/internal/spantest"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func TestExplainCoversEveryByte(t *testing.T) {
	files := shippedFiles(t)
	for name, data := range files {
		var s spantest.List
		if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		spantest.Check(t, name, data, &s)
		ops := 0
		for _, w := range s.Whats {
			if strings.HasPrefix(w, "op #") {
				ops++
			}
		}
		if ops == 0 {
			t.Errorf("%s: no op explained", name)
		}
	}
}

func TestExplainUpstream(t *testing.T) {
	for _, p := range upstreamFiles(t) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var s spantest.List
		if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
			t.Fatalf("%s: %v", filepath.Base(p), err)
		}
		spantest.Check(t, filepath.Base(p), data, &s)
	}
}

// TestExplainBadByte: a wrong byte gives the error Read gives, and the
// ranges before it are explained.
func TestExplainBadByte(t *testing.T) {
	data := shippedFiles(t)["locs_all.llvm22.v6.mlirbc"]
	var s spantest.List
	if err := mlirbc.Explain(newContext(), data, mlirbc.ReadOptions{}, &s); err != nil {
		t.Fatal(err)
	}
	mask := int64(-1) // the last op's
	for i, w := range s.Whats {
		if strings.HasPrefix(w, "mask ") {
			mask = max(mask, s.Starts[i])
		}
	}
	if mask < 0 {
		t.Fatal("no op mask found")
	}
	bad := append([]byte(nil), data...)
	bad[mask] = 0x80
	var after spantest.List
	err := mlirbc.Explain(newContext(), bad, mlirbc.ReadOptions{}, &after)
	_, readErr := mlirbc.Read(newContext(), bad, mlirbc.ReadOptions{})
	var we *wire.Error
	if err == nil || !errors.As(err, &we) || we.Offset != mask || fmt.Sprint(err) != fmt.Sprint(readErr) {
		t.Fatalf("got %v, want Read's error at the mask %#x (%v)", err, mask, readErr)
	}
	for i, w := range after.Whats {
		if w == "location loc(\"op2.cc\":2:3)" && after.Ends[i] <= mask {
			return
		}
	}
	t.Error("the ops before the bad byte are not explained")
}
