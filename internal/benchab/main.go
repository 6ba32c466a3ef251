// Command benchab compares the Go benchmarks of the working tree with
// those of a base revision: make bench-ab BASE=rev.
//
// It builds each package's test binary twice, from a worktree of the base
// and from the working tree, and runs the two in turn, n times, the first
// of each pair alternating, on one core (pinned with taskset where there
// is one). A busy minute on a shared machine then falls on both builds,
// which running one binary with -count and then the other does not
// ensure. benchstat compares what they measured, base against head.
//
// Each binary runs in its package's directory of its own tree, so
// testdata and ../shared resolve as under go test. GOGC and the other
// variables of the environment reach both builds alike.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

func main() {
	var o options
	flag.StringVar(&o.base, "base", "HEAD", "the revision to compare the working tree with")
	flag.StringVar(&o.bench, "bench", ".", "the benchmarks to run (go test -bench)")
	flag.StringVar(&o.skip, "skip", "ReadSweep", "the benchmarks to leave out (go test -skip)")
	flag.StringVar(&o.benchtime, "benchtime", "", "go test -benchtime (default: go test's)")
	flag.StringVar(&o.cpu, "cpu", "1", "GOMAXPROCS of the runs (go test -cpu)")
	flag.IntVar(&o.n, "n", 6, "runs of each build")
	flag.StringVar(&o.out, "out", ".bench/ab", "where the two builds' results are written")
	flag.Parse()
	o.pkgs = flag.Args()
	if len(o.pkgs) == 0 {
		fmt.Fprintln(os.Stderr, "benchab: name the packages to benchmark, e.g. ./runtime/mlirbc")
		os.Exit(2)
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "benchab:", err)
		os.Exit(1)
	}
}

type options struct {
	base, bench, skip, benchtime, cpu, out string
	n                                      int
	pkgs                                   []string
}

// A build is one side of the comparison: a tree and its test binaries.
type build struct {
	label   string // "base" or "head", benchstat's name for the side
	tree    string
	bins    string
	results *os.File
}

func run(o options) error {
	if o.n < 1 {
		return fmt.Errorf("-n %d: run each build at least once", o.n)
	}
	root, err := output("", "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	rev, err := output(root, "git", "rev-parse", "--short", o.base+"^{commit}")
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "benchab-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	worktree := filepath.Join(tmp, "base")
	if _, err := output(root, "git", "worktree", "add", "--detach", worktree, rev); err != nil {
		return err
	}
	defer output(root, "git", "worktree", "remove", "--force", worktree)
	// Tests find the shared data beside the checkout: the base's
	// worktree gets the same beside it.
	if shared := filepath.Join(filepath.Dir(root), "shared"); exists(shared) {
		if err := os.Symlink(shared, filepath.Join(tmp, "shared")); err != nil {
			return err
		}
	}

	out := o.out
	if !filepath.IsAbs(out) {
		out = filepath.Join(root, out)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	builds := []*build{
		{label: "base", tree: worktree, bins: filepath.Join(tmp, "bin-base")},
		{label: "head", tree: root, bins: filepath.Join(tmp, "bin-head")},
	}
	files := make([]string, len(builds))
	for i, b := range builds {
		files[i] = filepath.Join(out, b.label+".txt")
		f, err := os.Create(files[i])
		if err != nil {
			return err
		}
		b.results = f
	}

	pkgs, err := buildAll(builds, o.pkgs)
	if err != nil {
		return err
	}
	pin := pinning()
	fmt.Fprintf(os.Stderr, "benchab: %s (base) against the working tree, %d runs of each in turn%s\n", rev, o.n, pinNote(pin))
	for i, order := range schedule(o.n) {
		fmt.Fprintf(os.Stderr, "benchab: run %d of %d\n", i+1, o.n)
		for _, pkg := range pkgs {
			for _, side := range order {
				if err := runBench(builds[side], pkg, pin, o); err != nil {
					return err
				}
			}
		}
	}
	for _, b := range builds {
		b.results.Close()
	}
	if module, err := output(root, "go", "list", "-m"); err == nil {
		for _, f := range files {
			if err := shortenPkgs(f, module); err != nil {
				return err
			}
		}
	}
	args := []string{"run", "golang.org/x/perf/cmd/benchstat", "-table", "", "-row", "pkg,.fullname"}
	for i, b := range builds {
		args = append(args, b.label+"="+files[i])
	}
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("benchstat: %w", err)
	}
	fmt.Fprintf(os.Stderr, "benchab: the results are in %s\n", out)
	return nil
}

// shortenPkgs drops the module's path from the package lines of a
// results file, as make bench does: the table's rows stay short.
func shortenPkgs(file, module string) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	return os.WriteFile(file, []byte(strings.ReplaceAll(string(b), "pkg: "+module+"/", "pkg: ")), 0o644)
}

// schedule gives the order of the two builds (0 base, 1 head) in each of
// n runs: base first in even runs, head first in odd ones, so that
// neither always runs on the machine the other just warmed or loaded.
func schedule(n int) [][2]int {
	s := make([][2]int, n)
	for i := range s {
		s[i] = [2]int{i % 2, 1 - i%2}
	}
	return s
}

// binName is the file name of a package's test binary.
func binName(pkg string) string {
	name := strings.Trim(filepath.ToSlash(filepath.Clean(pkg)), "./")
	if name == "" {
		name = "root"
	}
	return strings.ReplaceAll(name, "/", "_") + ".test"
}

// buildAll builds every package's test binary in both trees, leaving out
// (with a message) a package the base does not have yet.
func buildAll(builds []*build, pkgs []string) ([]string, error) {
	var kept []string
	for _, pkg := range pkgs {
		if !exists(filepath.Join(builds[0].tree, pkg)) {
			fmt.Fprintf(os.Stderr, "benchab: %s is not in the base: left out\n", pkg)
			continue
		}
		for _, b := range builds {
			cmd := exec.Command("go", "test", "-c", "-o", filepath.Join(b.bins, binName(pkg)), "./"+filepath.ToSlash(filepath.Clean(pkg)))
			cmd.Dir, cmd.Stdout, cmd.Stderr = b.tree, os.Stderr, os.Stderr
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("building %s's test binary of %s: %w", b.label, pkg, err)
			}
		}
		kept = append(kept, pkg)
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("no package to benchmark")
	}
	return kept, nil
}

// runBench runs one build's benchmarks of pkg once, appending what they
// print to its results.
func runBench(b *build, pkg string, pin []string, o options) error {
	bin := filepath.Join(b.bins, binName(pkg))
	if _, err := os.Stat(bin); err != nil {
		// go test -c writes nothing for a package without tests.
		return nil
	}
	args := append(slices.Clip(pin), bin, "-test.run", "^$", "-test.bench", o.bench, "-test.benchmem", "-test.cpu", o.cpu)
	if o.skip != "" {
		args = append(args, "-test.skip", o.skip)
	}
	if o.benchtime != "" {
		args = append(args, "-test.benchtime", o.benchtime)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = filepath.Join(b.tree, pkg), b.results, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s's benchmarks of %s: %w", b.label, pkg, err)
	}
	return nil
}

// pinning is the prefix that runs a command on the machine's last CPU,
// or nothing where taskset is missing or there is one CPU.
func pinning() []string {
	if runtime.GOOS != "linux" || runtime.NumCPU() < 2 {
		return nil
	}
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		return nil
	}
	return []string{taskset, "-c", strconv.Itoa(runtime.NumCPU() - 1)}
}

func pinNote(pin []string) string {
	if pin == nil {
		return ", not pinned to a core"
	}
	return ", on CPU " + pin[len(pin)-1]
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// output runs a command and returns what it printed, trimmed.
func output(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return "", fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, strings.TrimSpace(string(ee.Stderr)))
		}
		return "", fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(b)), nil
}
