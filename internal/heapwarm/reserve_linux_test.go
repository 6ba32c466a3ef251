package heapwarm

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// anonHuge is how much of the process's memory is in huge pages.
func anonHuge(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip(err)
	}
	for line := range bytes.Lines(b) {
		var kb int64
		if _, err := fmt.Sscanf(string(line), "AnonHugePages: %d kB", &kb); err == nil {
			return kb << 10
		}
	}
	t.Skip("no AnonHugePages in /proc/self/smaps_rollup")
	return 0
}

// TestReserveHugePages: a heap growing into what Reserve reserved takes
// huge pages, and a fault a huge page instead of one a small page. It
// runs in a process of its own, whose heap has not grown yet.
func TestReserveHugePages(t *testing.T) {
	if !CanReserve() || raceDetector {
		t.Skip("needs transparent huge pages on advice and no strict commit limit, and counts pages the race detector would fault too")
	}
	if os.Getenv("HEAPWARM_FRESH") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestReserveHugePages$", "-test.v")
		cmd.Env = append(os.Environ(), "HEAPWARM_FRESH=1")
		out, err := cmd.CombinedOutput()
		t.Logf("in a process of its own:\n%s", out)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(out, []byte("--- SKIP")) {
			t.Skip("skipped in the process of its own")
		}
		return
	}
	const size = 16 << 20
	cold := coldGrowth(t, size)
	before := anonHuge(t)
	if !Reserve(4 * size) {
		t.Fatal("Reserve did not reserve where the kernel takes the advice")
	}
	reserved := grow(t, size)
	huge := anonHuge(t) - before
	t.Logf("growing the heap by %d bytes: %d page faults cold, %d into the reserve, %d bytes more in huge pages", size, cold, reserved, huge)
	// Below its first 2 MiB boundary the reserve is in small pages: up
	// to 512 faults there.
	if reserved > cold/4 {
		t.Errorf("%d page faults growing into the reserve, %d without it", reserved, cold)
	}
	if huge < size/2 {
		t.Errorf("%d bytes more in huge pages after the heap grew by %d into the reserve", huge, size)
	}
}

// TestKernelSettings: the kernel's settings are read as it writes them,
// and a setting that cannot be read answers what keeps the reserve off.
func TestKernelSettings(t *testing.T) {
	for _, c := range []struct {
		name   string
		path   *string
		read   func() bool
		values map[string]bool
		absent bool
	}{
		{"overcommit_memory", &overcommit, strictCommit, map[string]bool{"0\n": false, "1\n": false, "2\n": true}, true},
		{"transparent_hugepage/enabled", &thpEnabled, hugePagesOnAdvice, map[string]bool{
			"always [madvise] never\n": true,
			"[always] madvise never\n": false,
			"always madvise [never]\n": false,
		}, false},
	} {
		saved := *c.path
		dir := t.TempDir()
		for value, want := range c.values {
			*c.path = filepath.Join(dir, "setting")
			if err := os.WriteFile(*c.path, []byte(value), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := c.read(); got != want {
				t.Errorf("%s %q: %v, want %v", c.name, value, got, want)
			}
		}
		*c.path = filepath.Join(dir, "absent")
		if got := c.read(); got != c.absent {
			t.Errorf("%s absent: %v, want %v", c.name, got, c.absent)
		}
		*c.path = saved
	}
}
