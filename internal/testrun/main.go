// Command testrun runs `go test -json` with the arguments it is given and
// prints one line per package as soon as the package is done, whatever
// order the packages finish in (plain `go test` prints them in import-path
// order, so one slow package hides the others until it ends):
//
//	ok    dialects/builtin         11.2s  312 passed, 2 skipped
//	FAIL  runtime/mlirbc            3.1s  1 of 140 failed
//
// followed, for a failed package, by the output of its failed tests and of
// the package itself. While packages run and nothing else is printed, a
// line every 30 seconds says which are still running. `make test` uses it;
// its exit status is go test's.
//
// Usage:
//
//	go run ./internal/testrun [-C dir] [go test flags] [packages]
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// event is one line of `go test -json` (test2json's TestEvent, plus the
// build events of go test).
type event struct {
	Time        time.Time
	Action      string
	Package     string
	ImportPath  string // build-output and build-fail
	Test        string
	Elapsed     float64
	Output      string
	FailedBuild string
}

// pkg is what is known of one package while it runs.
type pkg struct {
	start                   time.Time
	passed, failed, skipped int
	cached, noTests         bool
	failedTests             []string
	output                  map[string][]string // test ("" for the package) → output lines
}

type runner struct {
	mu       sync.Mutex
	out      io.Writer
	module   string
	pkgs     map[string]*pkg
	builds   map[string][]string // import path → build output
	lastLine time.Time
	ok, bad  int
	noTests  []string
}

func main() {
	args := os.Args[1:]
	goArgs := []string{"test"}
	if len(args) >= 2 && args[0] == "-C" {
		goArgs = append(goArgs, args[:2]...)
		args = args[2:]
	}
	goArgs = append(goArgs, "-json")
	goArgs = append(goArgs, args...)

	goBin := os.Getenv("GO")
	if goBin == "" {
		goBin = "go"
	}
	cmd := exec.Command(goBin, goArgs...)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testrun:", err)
		os.Exit(2)
	}
	r := &runner{out: os.Stdout, pkgs: map[string]*pkg{}, builds: map[string][]string{}, lastLine: time.Now()}
	list := exec.Command(goBin, "list", "-m")
	if len(goArgs) >= 3 && goArgs[1] == "-C" {
		list.Dir = goArgs[2]
	}
	if m, err := list.Output(); err == nil {
		r.module = strings.TrimSpace(string(m))
	}
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "testrun:", err)
		os.Exit(2)
	}
	done := make(chan struct{})
	go r.tick(done)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		r.line(sc.Bytes())
	}
	err = cmd.Wait()
	close(done)
	r.summary(time.Since(begin))
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			os.Exit(max(ee.ExitCode(), 1))
		}
		fmt.Fprintln(os.Stderr, "testrun:", err)
		os.Exit(2)
	}
	if r.bad > 0 {
		os.Exit(1)
	}
}

// short drops the module path from an import path.
func (r *runner) short(p string) string {
	if r.module != "" {
		if rest, ok := strings.CutPrefix(p, r.module+"/"); ok {
			return rest
		}
	}
	return p
}

func (r *runner) printf(format string, args ...any) {
	fmt.Fprintf(r.out, format, args...)
	r.lastLine = time.Now()
}

// line handles one line of go test's standard output.
func (r *runner) line(b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var e event
	if len(b) == 0 || b[0] != '{' || json.Unmarshal(b, &e) != nil {
		r.printf("%s\n", b) // not an event: pass it on
		return
	}
	switch e.Action {
	case "build-output":
		r.builds[e.ImportPath] = append(r.builds[e.ImportPath], e.Output)
		return
	case "build-fail":
		for _, l := range r.builds[e.ImportPath] {
			r.printf("%s", l)
		}
		delete(r.builds, e.ImportPath)
		return
	}
	if e.Package == "" {
		return
	}
	p := r.pkgs[e.Package]
	if p == nil {
		p = &pkg{start: time.Now(), output: map[string][]string{}}
		r.pkgs[e.Package] = p
	}
	switch e.Action {
	case "output":
		if e.Test == "" && strings.Contains(e.Output, "(cached)") {
			p.cached = true
		}
		if e.Test == "" && strings.Contains(e.Output, "[no test files]") {
			p.noTests = true
		}
		if !framing(e.Output) {
			p.output[e.Test] = append(p.output[e.Test], e.Output)
		}
	case "pass", "fail", "skip":
		if e.Test != "" {
			switch e.Action {
			case "pass":
				p.passed++
			case "fail":
				p.failed++
				p.failedTests = append(p.failedTests, e.Test)
			case "skip":
				p.skipped++
			}
			if e.Action != "fail" {
				delete(p.output, e.Test)
			}
			return
		}
		r.finish(e, p)
		delete(r.pkgs, e.Package)
	}
}

// framing reports whether an output line is one of test2json's =~ RUN,
// PAUSE, CONT and NAME lines, which say nothing when shown after the fact.
func framing(s string) bool {
	for _, p := range []string{"=== RUN ", "=== PAUSE ", "=== CONT ", "=== NAME "} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// finish prints a package's line, and the output of what failed.
func (r *runner) finish(e event, p *pkg) {
	name := r.short(e.Package)
	if p.noTests {
		r.noTests = append(r.noTests, name)
		return
	}
	counts := fmt.Sprintf("%d passed", p.passed)
	if p.failed > 0 {
		counts = fmt.Sprintf("%d of %d failed", p.failed, p.passed+p.failed)
	}
	if p.skipped > 0 {
		counts += fmt.Sprintf(", %d skipped", p.skipped)
	}
	elapsed := fmt.Sprintf("%5.1fs", e.Elapsed)
	if p.cached {
		elapsed = "cached"
	}
	status := "ok  "
	if e.Action == "fail" {
		status = "FAIL"
		r.bad++
	} else {
		r.ok++
	}
	if e.FailedBuild != "" {
		counts = "build failed"
	}
	r.printf("%s  %-32s %7s  %s\n", status, name, elapsed, counts)
	if e.Action != "fail" {
		return
	}
	for _, t := range p.failedTests {
		for _, l := range p.output[t] {
			r.printf("%s", l)
		}
	}
	for _, l := range p.output[""] {
		// go test's own verdict lines repeat what the line above says.
		if l == "FAIL\n" || strings.HasPrefix(l, "FAIL\t"+e.Package) {
			continue
		}
		r.printf("%s", l)
	}
}

// tick says which packages are running when nothing was printed for 30
// seconds.
func (r *runner) tick(done chan struct{}) {
	t := time.NewTicker(5 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		r.mu.Lock()
		if time.Since(r.lastLine) >= 30*time.Second && len(r.pkgs) > 0 {
			var running []string
			for name, p := range r.pkgs {
				running = append(running, fmt.Sprintf("%s (%.0fs)", r.short(name), time.Since(p.start).Seconds()))
			}
			sort.Strings(running)
			r.printf("      still running: %s\n", strings.Join(running, ", "))
		}
		r.mu.Unlock()
	}
}

func (r *runner) summary(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.noTests) > 0 {
		slices.Sort(r.noTests)
		r.printf("      no test files: %s\n", strings.Join(r.noTests, ", "))
	}
	verdict := "ok"
	if r.bad > 0 {
		verdict = fmt.Sprintf("FAIL (%d failed)", r.bad)
	}
	r.printf("%s: %d packages in %.1fs\n", verdict, r.ok+r.bad, d.Seconds())
}
