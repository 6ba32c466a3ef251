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

// TestStrictCommit reads the kernel's overcommit mode as it writes it.
func TestStrictCommit(t *testing.T) {
	defer func(p string) { overcommit = p }(overcommit)
	dir := t.TempDir()
	for mode, want := range map[string]bool{"0\n": false, "1\n": false, "2\n": true} {
		overcommit = filepath.Join(dir, "overcommit_memory")
		if err := os.WriteFile(overcommit, []byte(mode), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := strictCommit(); got != want {
			t.Errorf("mode %q: strictCommit() = %v, want %v", mode, got, want)
		}
	}
	overcommit = filepath.Join(dir, "absent")
	if !strictCommit() {
		t.Error("without the setting: strictCommit() = false")
	}
}

// TestHugePagesOnAdvice reads the kernel's setting as it writes it.
func TestHugePagesOnAdvice(t *testing.T) {
	defer func(p string) { thpEnabled = p }(thpEnabled)
	dir := t.TempDir()
	for setting, want := range map[string]bool{
		"always [madvise] never\n": true,
		"[always] madvise never\n": false,
		"always madvise [never]\n": false,
	} {
		thpEnabled = filepath.Join(dir, "enabled")
		if err := os.WriteFile(thpEnabled, []byte(setting), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := hugePagesOnAdvice(); got != want {
			t.Errorf("%q: hugePagesOnAdvice() = %v, want %v", setting, got, want)
		}
	}
	thpEnabled = filepath.Join(dir, "absent")
	if hugePagesOnAdvice() {
		t.Error("without the setting: hugePagesOnAdvice() = true")
	}
}
