package layers

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/dialectgen/dialectgen/"

func TestRuntimeDependsOnNothingGenerated(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", module+"runtime/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		rest, ok := strings.CutPrefix(p, module)
		if !ok {
			continue
		}
		if !strings.HasPrefix(rest, "runtime/") {
			t.Errorf("the runtime depends on %s; it may depend only on runtime/ and the standard library", p)
		}
	}
}
