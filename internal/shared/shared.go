// Package shared finds the project's shared test data: the directory
// "shared" beside the checkout (../shared from the repository root), with
// the format specs, the files upstream tools wrote and NVIDIA's fixtures.
// It is not part of the repository. Tests that need it skip with a message
// where it is absent, and fail instead when DIALECTGEN_SHARED=required (as
// in CI).
package shared

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dialectgen/dialectgen/internal/corpus"
)

// EnvVar makes missing shared data a test failure when set to "required".
const EnvVar = "DIALECTGEN_SHARED"

// Dir returns the path of sub (e.g. "tileir/cxx-lit") in the shared data,
// or skips (or fails) the test when it is not there.
func Dir(t testing.TB, sub string) string {
	t.Helper()
	dir, ok, err := Find(sub)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		return dir
	}
	msg := "the shared test data " + dir + " is absent (it sits beside the checkout, ../shared; CI has it)"
	if os.Getenv(EnvVar) == "required" {
		t.Fatalf("%s (%s=required)", msg, EnvVar)
	}
	t.Skip(msg)
	return ""
}

// Find returns the path of sub in the shared data, and whether that
// directory is there: for tools (benchmarks) that go without it.
func Find(sub string) (dir string, ok bool, err error) {
	root, err := corpus.Root()
	if err != nil {
		return "", false, err
	}
	dir = filepath.Join(filepath.Dir(root), "shared", filepath.FromSlash(sub))
	st, err := os.Stat(dir)
	return dir, err == nil && st.IsDir(), nil
}
