package main

import "testing"

func TestSchedule(t *testing.T) {
	s := schedule(5)
	if len(s) != 5 {
		t.Fatalf("%d runs scheduled, want 5", len(s))
	}
	first := [2]int{}
	for i, order := range s {
		if order[0] == order[1] {
			t.Fatalf("run %d runs build %d twice: %v", i, order[0], order)
		}
		if i > 0 && order[0] == s[i-1][0] {
			t.Errorf("runs %d and %d both start with build %d", i-1, i, order[0])
		}
		first[order[0]]++
	}
	if first[0] != 3 || first[1] != 2 {
		t.Errorf("base went first %d times and head %d, want 3 and 2", first[0], first[1])
	}
}

func TestBinName(t *testing.T) {
	for pkg, want := range map[string]string{
		"./runtime/mlirbc":     "runtime_mlirbc.test",
		"runtime/mlirbc/":      "runtime_mlirbc.test",
		"./dialects/cuda_tile": "dialects_cuda_tile.test",
		".":                    "root.test",
		"./runtime/../cli":     "cli.test",
	} {
		if got := binName(pkg); got != want {
			t.Errorf("binName(%q) = %q, want %q", pkg, got, want)
		}
	}
}
