package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestNoGenerator checks that mlirbc does not link the code generator:
// it interprets definitions with the data gen/tables computes, and
// jennifer and go/format would only make the binary bigger.
func TestNoGenerator(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH: cannot list mlirbc's dependencies")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !slices.Contains(deps, "github.com/dialectgen/dialectgen/gen/tables") {
		t.Fatalf("go list -deps gave %d packages without gen/tables: not the list this test expects", len(deps))
	}
	forbidden := []string{
		"github.com/dave/jennifer/",
		"go/format",
		"github.com/dialectgen/dialectgen/gen",
		"github.com/dialectgen/dialectgen/gen/internal/gofile",
		"github.com/dialectgen/dialectgen/gen/internal/mlirgen",
		"github.com/dialectgen/dialectgen/gen/internal/tilegen",
	}
	for _, d := range deps {
		for _, f := range forbidden {
			if d == f || strings.HasSuffix(f, "/") && strings.HasPrefix(d, f) {
				t.Errorf("mlirbc links %s (a code generator package)", d)
			}
		}
	}
}
