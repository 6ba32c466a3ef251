// Command benchconvert compares `mlirbc convert` with mlir-opt-22 on large
// MLIR bytecode inputs, and on the real files of ../shared/upstream (a
// process per file, see corpus.go), bytecode in and bytecode out (version
// 6 both ways).
//
//	go run ./internal/benchconvert [-dir .bench/convert] [-reps 5] [-inputs 10k-ops,100k-ops,...] [-plot FILE] [-doc] [-rev REV]
//
// It writes the inputs as text, turns them into bytecode with
// `mlir-opt-22 --emit-bytecode`, builds cmd/mlirbc, then runs
// `mlirbc convert IN -o OUT` and `mlir-opt-22 --emit-bytecode IN -o OUT`
// alternately, one discarded warm-up run and -reps measured runs each. It
// prints the median wall time (process start included) and the peak RSS of
// each tool, checks that both wrote the same bytes, and writes results.json
// and results.md to the work directory. It exits with status 1 when a tool
// run fails; outputs that differ are reported, not fatal.
//
// -plot writes an SVG of time and peak memory against the op count of the
// chain inputs (10k, 100k, 1M ops) for both tools. -doc measures every
// input and rewrites the measured part of docs/performance.md (between
// its markers) and docs/performance.svg. -rev REV measures the mlirbc of
// an earlier revision instead (results.json says which): the before of a
// before/after, in the same harness.
//
// It is run by `make bench-convert`, never by `go test`.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/dialectgen/dialectgen/internal/oracle"
)

// inputSpec is one input the benchmark can generate.
type inputSpec struct {
	name  string
	what  string
	write func(io.Writer) (OpCounts, error)
	// scaling says the input is one of the series that -plot draws: one
	// function of N arith ops, N = 10k, 100k, 1M.
	scaling bool
	// files, for an input of existing files rather than generated text,
	// lists them (see corpus.go); write is nil then.
	files func() (corpusFiles, error)
	// unregistered says the input holds ops of no registered dialect:
	// mlir-opt reads it with --allow-unregistered-dialect.
	unregistered bool
}

var inputSpecs = []inputSpec{
	chainSpec("10k-ops", 10_000),
	chainSpec("100k-ops", 100_000),
	chainSpec("1m-ops", 1_000_000),
	{name: "1k-funcs", what: "1,000 func.func of 12 arith ops + a call each",
		write: func(w io.Writer) (OpCounts, error) { return writeManyFuncs(w, 1000) }},
	{name: "20k-blocks", what: "1 func.func of 20,000 blocks in a chain, each using the entry block's argument",
		write: func(w io.Writer) (OpCounts, error) { return writeBlockChain(w, 20_000) }},
	{name: "64mib-blob", what: "one 64 MiB dense_resource blob (tensor<16777216xf32>)",
		write: func(w io.Writer) (OpCounts, error) { return writeBlob(w, 64<<20) }},
	{name: "64mib-dense", what: "one 64 MiB dense constant held in its attribute (tensor<16777216xf32>)",
		write: func(w io.Writer) (OpCounts, error) { return writeDense(w, 64<<20) }},
	// Shapes where each op brings attributes of its own, which the
	// inputs above do not: each new attribute costs more than an op.
	{name: "20k-callsites", what: "1 func.func of 20,000 arith ops located at call sites of fused names and positions, as JAX writes them",
		write: func(w io.Writer) (OpCounts, error) { return writeCallSites(w, 20_000) }},
	{name: "20k-props", what: "20,000 unregistered ops with properties of their own (an integer, a name, a unit)", unregistered: true,
		write: func(w io.Writer) (OpCounts, error) { return writeUnregisteredProps(w, 20_000) }},
	{name: "20k-attrs", what: "one unregistered op of 20,000 attributes", unregistered: true,
		write: func(w io.Writer) (OpCounts, error) { return writeOneOpAttrs(w, 20_000) }},
	{name: "20k-strings", what: "20,000 unregistered ops with a string of their own each", unregistered: true,
		write: func(w io.Writer) (OpCounts, error) { return writeStrings(w, 20_000) }},
	upstreamSpec,
}

// mlirOptArgs are the arguments mlir-opt reads an input with, before the
// rest: unregistered says it holds ops of no registered dialect.
func mlirOptArgs(unregistered bool, rest ...string) []string {
	if unregistered {
		return append([]string{"--allow-unregistered-dialect"}, rest...)
	}
	return rest
}

func chainSpec(name string, n int) inputSpec {
	return inputSpec{name: name, what: "1 func.func with " + fmtBytes(int64(n)) + " arith ops in one block",
		write: func(w io.Writer) (OpCounts, error) { return writeChainFunc(w, n) }, scaling: true}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchconvert: "+err.Error())
		os.Exit(1)
	}
}

type config struct {
	dir      string
	reps     int
	inputs   []inputSpec
	mlirOpt  string
	timeout  time.Duration
	keepText bool
	plot     string // SVG to write, "" for none
	doc      string // the performance page to update, "" for none
	from     string // results.json to publish instead of measuring
	rev      string // git revision whose mlirbc to measure, "" for the work tree
}

func parseFlags() (config, error) {
	var c config
	var names string
	flag.StringVar(&c.dir, "dir", ".bench/convert", "work directory for inputs, outputs, the mlirbc binary and results")
	flag.IntVar(&c.reps, "reps", 5, "measured runs per tool and input (after one warm-up run each)")
	flag.StringVar(&names, "inputs", "all", "comma-separated inputs to run: "+specNames()+", or all")
	flag.StringVar(&c.mlirOpt, "mlir-opt", "", "mlir-opt to compare with and to generate the inputs (default: mlir-opt-22 as the oracle tests find it)")
	flag.DurationVar(&c.timeout, "timeout", 5*time.Minute, "limit for a single tool run")
	flag.BoolVar(&c.keepText, "keep-text", false, "keep the generated .mlir text files (the blob's is 134 MB)")
	flag.StringVar(&c.plot, "plot", "", "write an SVG of time and peak RSS against op count (the 10k/100k/1m-ops inputs) to this file")
	flag.StringVar(&c.from, "from", "", "measure nothing: print, plot and -doc the results.json of an earlier run")
	flag.StringVar(&c.rev, "rev", "", "measure the mlirbc of this git revision (built in a temporary worktree) instead of the work tree's: the before of a before/after")
	doc := flag.Bool("doc", false, "measure every input and update "+docPage+" (its measured part) and "+docPlot)
	flag.Parse()
	if flag.NArg() > 0 {
		return c, fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if *doc {
		if names != "all" && c.from == "" {
			return c, fmt.Errorf("-doc measures every input; leave out -inputs")
		}
		c.doc = docPage
		if c.plot == "" {
			c.plot = docPlot
		}
	}
	if c.reps < 1 {
		return c, fmt.Errorf("-reps must be at least 1")
	}
	var err error
	if c.inputs, err = selectInputs(names); err != nil {
		return c, err
	}
	if c.mlirOpt == "" && c.from == "" {
		p, ok := oracle.Path(oracle.LLVM22)
		if !ok {
			return c, fmt.Errorf("mlir-opt-22 not found; install it with: apt-get install -y --no-install-recommends mlir-22-tools")
		}
		c.mlirOpt = p
	}
	return c, nil
}

func specNames() string {
	var s []string
	for _, sp := range inputSpecs {
		s = append(s, sp.name)
	}
	return strings.Join(s, ", ")
}

func selectInputs(names string) ([]inputSpec, error) {
	if names == "all" || names == "" {
		return inputSpecs, nil
	}
	var out []inputSpec
next:
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		for _, sp := range inputSpecs {
			if sp.name == n {
				out = append(out, sp)
				continue next
			}
		}
		return nil, fmt.Errorf("unknown input %q (have %s)", n, specNames())
	}
	return out, nil
}

func run() error {
	cfg, err := parseFlags()
	if err != nil {
		return err
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	var rep *Report
	if cfg.from != "" {
		rep, err = loadReport(cfg.from)
	} else {
		rep, err = measureAll(cfg, root)
	}
	if err != nil {
		return err
	}
	if err := publish(cfg, root, rep); err != nil {
		return err
	}
	if failed(rep) {
		return errors.New("some tool runs failed (see the notes above)")
	}
	return nil
}

// measureAll generates the inputs and measures both tools on each,
// writing results.json and results.md to the work directory.
func measureAll(cfg config, root string) (*Report, error) {
	start := time.Now()
	if err := os.MkdirAll(filepath.Join(cfg.dir, "out"), 0o755); err != nil {
		return nil, err
	}
	rep := &Report{
		Started:    start,
		CPUs:       runtime.NumCPU(),
		CPUModel:   cpuModel(),
		Kernel:     kernel(),
		LoadBefore: loadAvg(),
		GoVersion:  runtime.Version(),
		MLIROpt:    cfg.mlirOpt,
		MLIROptVer: toolVersion(cfg.mlirOpt),
		Reps:       cfg.reps,
		Commit:     gitCommit(root),
	}
	rep.Host, _ = os.Hostname()
	src := root
	if cfg.rev != "" {
		tree, remove, err := checkout(root, cfg.rev)
		if err != nil {
			return nil, err
		}
		defer remove()
		src, rep.Commit = tree, cfg.rev
	}
	mlirbc, err := buildMLIRBC(src, cfg.dir)
	if err != nil {
		return nil, err
	}
	var inputs []Input
	for _, sp := range cfg.inputs {
		gen := generate
		if sp.files != nil {
			gen = gatherCorpus
		}
		in, err := gen(cfg, sp)
		if errors.Is(err, errNoCorpus) && !cfg.requireAll() {
			logf("skipping %s: %v", sp.name, err)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("generating %s: %w", sp.name, err)
		}
		inputs = append(inputs, in)
	}
	for _, in := range inputs {
		m := measure
		if len(in.Files) > 0 {
			m = measureCorpus
		}
		r, err := m(cfg, mlirbc, in)
		if err != nil {
			return nil, err
		}
		rep.Results = append(rep.Results, r)
	}
	rep.Notes = notes(rep.Results)
	rep.LoadAfter = loadAvg()
	rep.TotalTimeMS = ms(time.Since(start))
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(cfg.dir, "results.json"), append(js, '\n'), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(cfg.dir, "results.md"), []byte(rep.markdown()), 0o644); err != nil {
		return nil, err
	}
	logf("wrote %s and %s", filepath.Join(cfg.dir, "results.md"), filepath.Join(cfg.dir, "results.json"))
	return rep, nil
}

// loadReport reads the results.json of an earlier run.
func loadReport(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rep := new(Report)
	if err := json.Unmarshal(b, rep); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rep, nil
}

// publish prints the report and writes the plot and the page asked for.
func publish(cfg config, root string, rep *Report) error {
	fmt.Print("\n" + rep.markdown())
	if cfg.plot != "" {
		path := cfg.plot
		if !filepath.IsAbs(path) && cfg.doc != "" {
			path = filepath.Join(root, path)
		}
		svg, err := scalingPlot(rep.Results, "mlir-opt-22")
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, svg, 0o644); err != nil {
			return err
		}
		fmt.Printf("wrote %s\n", path)
	}
	if cfg.doc != "" {
		path := filepath.Join(root, cfg.doc)
		if err := updateDoc(path, rep); err != nil {
			return err
		}
		fmt.Printf("updated %s\n", path)
	}
	return nil
}

func failed(rep *Report) bool {
	for _, r := range rep.Results {
		if r.MLIRBC.Failed > 0 || r.MLIROpt.Failed > 0 {
			return true
		}
	}
	return false
}

// buildMLIRBC builds cmd/mlirbc of the module at root into dir.
func buildMLIRBC(root, dir string) (string, error) {
	bin, err := filepath.Abs(filepath.Join(dir, "mlirbc"))
	if err != nil {
		return "", err
	}
	logf("building %s", bin)
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/mlirbc")
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/mlirbc: %w", err)
	}
	return bin, nil
}

// checkout makes a temporary detached worktree of root at rev, and the
// function that removes it.
func checkout(root, rev string) (string, func(), error) {
	tmp, err := os.MkdirTemp("", "benchconvert-rev-")
	if err != nil {
		return "", nil, err
	}
	tree := filepath.Join(tmp, "tree")
	out, err := exec.Command("git", "-C", root, "worktree", "add", "--detach", tree, rev).CombinedOutput()
	if err != nil {
		os.RemoveAll(tmp)
		return "", nil, fmt.Errorf("git worktree add %s: %v: %s", rev, err, strings.TrimSpace(string(out)))
	}
	return tree, func() {
		exec.Command("git", "-C", root, "worktree", "remove", "--force", tree).Run()
		os.RemoveAll(tmp)
	}, nil
}

// gitCommit names the checked-out commit of the repository at root, with
// "+dirty" when there are local changes.
func gitCommit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown commit"
	}
	c := strings.TrimSpace(string(out))
	if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(st)) > 0 {
		c += "+dirty"
	}
	return c
}

// moduleRoot returns the directory of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside the dialectgen module; run from the repository")
	}
	return filepath.Dir(gomod), nil
}

// generate writes the input's text and converts it to bytecode with
// mlir-opt (its default version, 6).
func generate(cfg config, sp inputSpec) (Input, error) {
	text := filepath.Join(cfg.dir, sp.name+".mlir")
	bc := filepath.Join(cfg.dir, sp.name+".mlirbc")
	t0 := time.Now()
	f, err := os.Create(text)
	if err != nil {
		return Input{}, err
	}
	ops, err := sp.write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Input{}, err
	}
	tfi, err := os.Stat(text)
	if err != nil {
		return Input{}, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(cfg.mlirOpt, mlirOptArgs(sp.unregistered, "--emit-bytecode", "--emit-bytecode-version=6", text, "-o", bc)...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return Input{}, fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	if !cfg.keepText {
		if err := os.Remove(text); err != nil {
			return Input{}, err
		}
	}
	bfi, err := os.Stat(bc)
	if err != nil {
		return Input{}, err
	}
	logf("generated %s: %s bytes of text, %s bytes of bytecode, %d ops (%s)",
		sp.name, fmtBytes(tfi.Size()), fmtBytes(bfi.Size()), ops.Total, time.Since(t0).Round(time.Millisecond))
	return Input{Name: sp.name, What: sp.what, Path: bc, TextBytes: tfi.Size(), Bytes: bfi.Size(), Ops: ops, Unregistered: sp.unregistered}, nil
}

// measure runs both tools on one input, interleaved: a warm-up pair, then
// cfg.reps measured pairs.
func measure(cfg config, mlirbc string, in Input) (InputResult, error) {
	inSHA, err := fileSHA(in.Path)
	if err != nil {
		return InputResult{}, err
	}
	outDir := filepath.Join(cfg.dir, "out")
	bcOut := filepath.Join(outDir, in.Name+".mlirbc-out.mlirbc")
	optOut := filepath.Join(outDir, in.Name+".mlir-opt-out.mlirbc")
	return measurePairs(cfg, in, inSHA,
		func() Run { return timeRun(cfg.timeout, bcOut, mlirbc, "convert", in.Path, "-o", bcOut) },
		func() Run {
			return timeRun(cfg.timeout, optOut, cfg.mlirOpt, mlirOptArgs(in.Unregistered, "--emit-bytecode", in.Path, "-o", optOut)...)
		},
		func() (string, error) { return describeDiff(bcOut, optOut) })
}

// measurePairs makes the runs of both tools, interleaved (a warm-up pair,
// then cfg.reps measured pairs), and sums them up against the input's
// hash; describe says how the outputs differ when they do.
func measurePairs(cfg config, in Input, inSHA string, mlirbc, mlirOpt func() Run, describe func() (string, error)) (InputResult, error) {
	res := InputResult{
		Input:   in,
		MLIRBC:  ToolResult{Tool: "mlirbc"},
		MLIROpt: ToolResult{Tool: "mlir-opt"},
	}
	for i := 0; i <= cfg.reps; i++ {
		for _, t := range []struct {
			res *ToolResult
			run func() Run
		}{{&res.MLIRBC, mlirbc}, {&res.MLIROpt, mlirOpt}} {
			r := t.run()
			r.Warmup = i == 0
			t.res.Runs = append(t.res.Runs, r)
			logRun(in.Name, t.res.Tool, i, r)
		}
	}
	res.MLIRBC.summarize(inSHA)
	res.MLIROpt.summarize(inSHA)
	res.Ratio = ratio(res.MLIRBC.MedianWallMS, res.MLIROpt.MedianWallMS)
	res.RSSRatio = ratio(float64(res.MLIRBC.PeakRSSKiB), float64(res.MLIROpt.PeakRSSKiB))
	a, aok := res.MLIRBC.lastOK()
	b, bok := res.MLIROpt.lastOK()
	if aok && bok {
		res.Identical = a.SHA256 == b.SHA256
		if !res.Identical {
			var err error
			if res.Difference, err = describe(); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// timeRun runs one command and measures its wall time and peak RSS. The
// output file is removed first so every run writes a new file.
func timeRun(timeout time.Duration, out, name string, args ...string) Run {
	_ = os.Remove(out)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	r := Run{WallMS: ms(wall), ExitCode: -1}
	if ps := cmd.ProcessState; ps != nil {
		r.ExitCode = ps.ExitCode()
		if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
			r.MaxRSSKiB = int64(ru.Maxrss) // KiB on Linux
		}
	}
	switch {
	case ctx.Err() != nil:
		r.Error = fmt.Sprintf("killed after the %s timeout", timeout)
	case err != nil:
		r.Error = strings.TrimSpace(err.Error() + ": " + firstLines(stderr.String(), 3))
	}
	if r.Error != "" {
		return r
	}
	sha, err := fileSHA(out)
	if err != nil {
		r.Error = "no output: " + err.Error()
		return r
	}
	r.SHA256 = sha
	if fi, err := os.Stat(out); err == nil {
		r.OutBytes = fi.Size()
	}
	return r
}

func fileSHA(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// describeDiff says how two files differ: sizes and the first differing
// byte offset.
func describeDiff(a, b string) (string, error) {
	x, err := os.ReadFile(a)
	if err != nil {
		return "", err
	}
	y, err := os.ReadFile(b)
	if err != nil {
		return "", err
	}
	return diffSummary(x, y), nil
}

func diffSummary(x, y []byte) string {
	n := min(len(x), len(y))
	off := n
	for i := range n {
		if x[i] != y[i] {
			off = i
			break
		}
	}
	if off == n && len(x) == len(y) {
		return "identical"
	}
	s := fmt.Sprintf("mlirbc wrote %s bytes, mlir-opt %s; first difference at byte offset %d",
		fmtBytes(int64(len(x))), fmtBytes(int64(len(y))), off)
	if off < n {
		s += fmt.Sprintf(" (mlirbc 0x%02x, mlir-opt 0x%02x)", x[off], y[off])
	}
	return s
}

// notes lists the findings worth reading: failures, outputs that differ,
// nondeterminism.
func notes(res []InputResult) []string {
	var ns []string
	for _, r := range res {
		for _, t := range []*ToolResult{&r.MLIRBC, &r.MLIROpt} {
			for i, run := range t.Runs {
				if run.Error != "" {
					which := fmt.Sprintf("run %d", i)
					if run.Warmup {
						which = "warm-up run"
					}
					ns = append(ns, fmt.Sprintf("%s: %s %s failed: %s", r.Input.Name, t.Tool, which, run.Error))
				}
			}
			if t.Failed == 0 && !t.Deterministic {
				ns = append(ns, fmt.Sprintf("%s: %s wrote different bytes in different runs", r.Input.Name, t.Tool))
			}
		}
		if r.Difference != "" {
			ns = append(ns, fmt.Sprintf("%s: OUTPUTS DIFFER: %s", r.Input.Name, r.Difference))
		}
	}
	return ns
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, " / ")
}

func toolVersion(path string) string {
	out, _ := exec.Command(path, "--version").Output()
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); strings.Contains(l, "version") {
			return l
		}
	}
	return "unknown version"
}

// cpuModel is the first "model name" of /proc/cpuinfo.
func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// kernel is the running kernel's release.
func kernel() string {
	b, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return runtime.GOOS
	}
	return runtime.GOOS + " " + strings.TrimSpace(string(b))
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "benchconvert: "+format+"\n", args...)
}

func logRun(input, tool string, i int, r Run) {
	what := fmt.Sprintf("run %d", i)
	if r.Warmup {
		what = "warm-up"
	}
	status := ""
	if r.Error != "" {
		status = " FAILED: " + r.Error
	}
	logf("%-10s %-8s %-7s %10s %8s%s", input, tool, what, fmtMS(r.WallMS), fmtMiB(r.MaxRSSKiB), status)
}

// requireAll says every input must be measured: -doc publishes the whole
// table, so a missing corpus is an error there rather than a skipped row.
func (c config) requireAll() bool { return c.doc != "" }
