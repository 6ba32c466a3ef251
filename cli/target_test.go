package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
)

func TestTargetFlag(t *testing.T) {
	tf := targetFlags{}
	for _, s := range []string{"test=1.12", "vhlo=1.20.0"} {
		if err := tf.Set(s); err != nil {
			t.Fatal(err)
		}
	}
	if got := tf.String(); got != "test 1.12, vhlo 1.20.0" {
		t.Errorf("String() = %q", got)
	}
	for s, want := range map[string]string{"test": "DIALECT=VERSION", "=1.0": "DIALECT=VERSION", "x=1.a": "numbers separated by dots", "test=2.0": "given twice"} {
		if err := tf.Set(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Set(%q) = %v, want an error containing %q", s, err, want)
		}
	}
	read := bytecode.DialectVersions{"test": {1, 0}, "other": {3}}
	got := withTargets(read, targetFlags{"test": {2, 0}})
	if got.String() != "other 3, test 2.0" || read.String() != "other 3, test 1.0" {
		t.Errorf("withTargets: %s (read: %s)", got, read)
	}
}

func TestConvertTarget(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.mlirbc")
	// No shipped dialect versions itself through DialectVersions: a target
	// names one that does (examples/testdialect tests the writes).
	err := Run([]string{"convert", "--target", "test=1.0", shipped, "-o", out}, nil)
	if err == nil || !strings.Contains(err.Error(), "target test 1.0: no registered dialect test versions itself") {
		t.Errorf("--target test=1.0: %v", err)
	}
	if err := Run([]string{"convert", "--target", "test", shipped, "-o", out}, nil); err == nil || !strings.Contains(err.Error(), "DIALECT=VERSION") {
		t.Errorf("--target test: %v", err)
	}
}
