package main

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{9, 9, 1, 9, 2}, 9},
	} {
		in := append([]float64(nil), tc.in...)
		if got := median(in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("median reordered its input: %v", in)
			}
		}
	}
}

func TestRatio(t *testing.T) {
	if got := ratio(100, 200); got != 0.5 {
		t.Errorf("ratio(100, 200) = %v, want 0.5 (mlirbc in half mlir-opt's time)", got)
	}
	if got := ratio(0, 100); got != 0 {
		t.Errorf("ratio(0, 100) = %v, want 0", got)
	}
	if got := ratio(100, 0); got != 0 {
		t.Errorf("ratio(100, 0) = %v, want 0", got)
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{fmtMS(0), "-"},
		{fmtMS(26.84), "26.8 ms"},
		{fmtMS(208.4), "208 ms"},
		{fmtMS(12345), "12.35 s"},
		{fmtMiB(0), "-"},
		{fmtMiB(153600), "150 MiB"},
		{fmtBytes(0), "0"},
		{fmtBytes(999), "999"},
		{fmtBytes(1000), "1,000"},
		{fmtBytes(67109120), "67,109,120"},
		{fmtRatio(0), "-"},
		{fmtRatio(1.0 / 3), "0.33"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	tr := ToolResult{Tool: "mlirbc", Runs: []Run{
		{Warmup: true, WallMS: 1000, MaxRSSKiB: 1 << 30, SHA256: "x"},
		{WallMS: 30, MaxRSSKiB: 100, SHA256: "in"},
		{WallMS: 10, MaxRSSKiB: 300, SHA256: "in"},
		{WallMS: 20, MaxRSSKiB: 200, SHA256: "in"},
		{WallMS: 5, Error: "exit status 1"},
	}}
	tr.summarize("in")
	if tr.MedianWallMS != 20 || tr.MinWallMS != 10 || tr.MaxWallMS != 30 {
		t.Errorf("min/median/max = %v/%v/%v, want 10/20/30", tr.MinWallMS, tr.MedianWallMS, tr.MaxWallMS)
	}
	if tr.PeakRSSKiB != 300 {
		t.Errorf("peak RSS %d, want 300 (warm-up excluded)", tr.PeakRSSKiB)
	}
	if tr.Failed != 1 || !tr.SameAsInput || !tr.Deterministic {
		t.Errorf("failed %d, same as input %v, deterministic %v; want 1, true, true", tr.Failed, tr.SameAsInput, tr.Deterministic)
	}
	if r, ok := tr.lastOK(); !ok || r.WallMS != 20 {
		t.Errorf("lastOK = %v, %v; want the 20 ms run", r, ok)
	}
	tr.Runs[2].SHA256 = "other"
	tr.summarize("in")
	if tr.SameAsInput || tr.Deterministic {
		t.Errorf("same as input %v, deterministic %v after a differing run; want false, false", tr.SameAsInput, tr.Deterministic)
	}
}

func TestDiffSummary(t *testing.T) {
	for _, tc := range []struct {
		x, y string
		want string
	}{
		{"abc", "abc", "identical"},
		{"abc", "abd", "mlirbc wrote 3 bytes, mlir-opt 3; first difference at byte offset 2 (mlirbc 0x63, mlir-opt 0x64)"},
		{"ab", "abc", "mlirbc wrote 2 bytes, mlir-opt 3; first difference at byte offset 2"},
	} {
		if got := diffSummary([]byte(tc.x), []byte(tc.y)); got != tc.want {
			t.Errorf("diffSummary(%q, %q) = %q, want %q", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestMarkdownTable(t *testing.T) {
	got := markdownTable("lr", [][]string{
		{"input", "ms"},
		{"a", "1.5"},
		{"longer", "100"},
	})
	want := "" +
		"| input  |  ms |\n" +
		"| ------ | --: |\n" +
		"| a      | 1.5 |\n" +
		"| longer | 100 |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTimingTable(t *testing.T) {
	res := []InputResult{{
		Input:     Input{Name: "100k-ops", Bytes: 2067489, Ops: OpCounts{Total: 100003}},
		MLIRBC:    ToolResult{MedianWallMS: 378, PeakRSSKiB: 135168},
		MLIROpt:   ToolResult{MedianWallMS: 192, PeakRSSKiB: 153600, Failed: 1},
		Ratio:     378.0 / 192,
		RSSRatio:  135168.0 / 153600,
		Identical: true,
	}}
	got := timingTable(res, "mlir-opt-22")[1]
	want := []string{"100k-ops", "100,003", "2,067,489", "378 ms", "192 ms (1 failed)", "1.97", "132 MiB", "150 MiB", "0.88", "identical"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("row\n%q\nwant\n%q", got, want)
	}
}

func TestSelectInputs(t *testing.T) {
	got, err := selectInputs("64mib-blob, 100k-ops")
	if err != nil || len(got) != 2 || got[0].name != "64mib-blob" || got[1].name != "100k-ops" {
		t.Errorf("selectInputs = %v, %v", got, err)
	}
	if all, _ := selectInputs("all"); len(all) != len(inputSpecs) {
		t.Errorf("all selects %d inputs, want %d", len(all), len(inputSpecs))
	}
	if _, err := selectInputs("nope"); err == nil {
		t.Error("unknown input accepted")
	}
}

// TestChainLive checks that every value the chain defines is used later
// or returned, so no op of the benchmark input is dead.
func TestChainLive(t *testing.T) {
	var b bytes.Buffer
	c, err := writeChainFunc(&b, 3*opsPerChainStep)
	if err != nil {
		t.Fatal(err)
	}
	if c != (OpCounts{Arith: 60, Func: 2, Total: 63}) {
		t.Errorf("counts %+v", c)
	}
	def := regexp.MustCompile(`^\s*(%\w+) = `)
	use := regexp.MustCompile(`%\w+`)
	defined := map[string]bool{}
	used := map[string]bool{}
	for _, l := range strings.Split(b.String(), "\n") {
		rest := l
		if m := def.FindStringSubmatch(l); m != nil {
			defined[m[1]] = true
			rest = l[len(m[0]):]
		}
		for _, u := range use.FindAllString(rest, -1) {
			used[u] = true
		}
	}
	if len(defined) != 60 {
		t.Errorf("%d values defined, want 60", len(defined))
	}
	for v := range defined {
		if !used[v] {
			t.Errorf("%s is never used", v)
		}
	}
	if _, err := writeChainFunc(&b, 7); err == nil {
		t.Error("op count not a multiple of the step accepted")
	}
}

// TestGeneratedInputs checks small versions of the inputs against
// mlir-opt-22: it must accept them, and the op counts the generators
// report must match what the bytecode holds.
func TestGeneratedInputs(t *testing.T) {
	oracle.Require(t, oracle.LLVM22)
	for _, tc := range []struct {
		name         string
		write        func(*bytes.Buffer) (OpCounts, error)
		unregistered bool
	}{
		{"chain", func(b *bytes.Buffer) (OpCounts, error) { return writeChainFunc(b, 2*opsPerChainStep) }, false},
		{"funcs", func(b *bytes.Buffer) (OpCounts, error) { return writeManyFuncs(b, 3) }, false},
		{"blocks", func(b *bytes.Buffer) (OpCounts, error) { return writeBlockChain(b, 4) }, false},
		{"blob", func(b *bytes.Buffer) (OpCounts, error) { return writeBlob(b, 4096+8) }, false},
		{"callsites", func(b *bytes.Buffer) (OpCounts, error) { return writeCallSites(b, 5) }, false},
		{"props", func(b *bytes.Buffer) (OpCounts, error) { return writeUnregisteredProps(b, 5) }, true},
		{"attrs", func(b *bytes.Buffer) (OpCounts, error) { return writeOneOpAttrs(b, 5) }, true},
		{"strings", func(b *bytes.Buffer) (OpCounts, error) { return writeStrings(b, 5) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			c, err := tc.write(&b)
			if err != nil {
				t.Fatal(err)
			}
			data, err := oracle.Run(oracle.LLVM22, b.Bytes(), mlirOptArgs(tc.unregistered, "--emit-bytecode", "-")...)
			if err != nil {
				t.Fatalf("mlir-opt-22 rejects the input: %v\n%s", err, b.String())
			}
			m, err := mlirbc.Read(all.NewContext(), data, mlirbc.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			ops, arith, fn := 0, 0, 0
			m.Op.Walk(func(op *ir.Operation) bool {
				ops++
				switch name := op.Name().String(); {
				case strings.HasPrefix(name, "arith."):
					arith++
				case strings.HasPrefix(name, "func."):
					fn++
				}
				return true
			})
			if got := (OpCounts{Arith: arith, Func: fn, Total: ops}); got != c {
				t.Errorf("bytecode holds %+v, generator reported %+v", got, c)
			}
		})
	}
}

func scalingResult(name string, ops int, bcMS, optMS float64, bcKiB, optKiB int64) InputResult {
	return InputResult{
		Input:   Input{Name: name, Ops: OpCounts{Total: ops}},
		MLIRBC:  ToolResult{MedianWallMS: bcMS, PeakRSSKiB: bcKiB},
		MLIROpt: ToolResult{MedianWallMS: optMS, PeakRSSKiB: optKiB},
	}
}

// The plot is well-formed SVG with one line per tool and panel, its
// points in op order, larger values higher up (smaller y); inputs that
// are not part of the series are left out.
func TestScalingPlot(t *testing.T) {
	res := []InputResult{
		scalingResult("1m-ops", 1_000_003, 900, 2500, 400<<10, 900<<10),
		scalingResult("10k-ops", 10_003, 12, 40, 20<<10, 60<<10),
		scalingResult("64mib-blob", 4, 30, 100, 8<<10, 160<<10),
		scalingResult("100k-ops", 100_003, 90, 250, 60<<10, 120<<10),
	}
	svg, err := scalingPlot(res, "mlir-opt-22")
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var lines [][][2]float64
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, svg)
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "polyline" {
			continue
		}
		for _, a := range el.Attr {
			if a.Name.Local != "points" {
				continue
			}
			var pts [][2]float64
			for _, p := range strings.Fields(a.Value) {
				var x, y float64
				if _, err := fmt.Sscanf(p, "%g,%g", &x, &y); err != nil {
					t.Fatalf("point %q: %v", p, err)
				}
				pts = append(pts, [2]float64{x, y})
			}
			lines = append(lines, pts)
		}
	}
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4 (2 tools × time and memory)", len(lines))
	}
	for i, pts := range lines {
		if len(pts) != 3 {
			t.Errorf("line %d has %d points, want 3 (the blob is not in the series)", i, len(pts))
			continue
		}
		for j := 1; j < len(pts); j++ {
			if pts[j][0] <= pts[j-1][0] || pts[j][1] >= pts[j-1][1] {
				t.Errorf("line %d: point %v after %v; want right of it and higher", i, pts[j], pts[j-1])
			}
		}
	}
	// Same ops, so the same x; mlir-opt slower and bigger, so higher.
	for _, pair := range [][2]int{{0, 1}, {2, 3}} {
		a, b := lines[pair[0]], lines[pair[1]]
		for j := range a {
			if a[j][0] != b[j][0] || a[j][1] <= b[j][1] {
				t.Errorf("lines %v, point %d: mlirbc at %v, mlir-opt at %v", pair, j, a[j], b[j])
			}
		}
	}
	if _, err := scalingPlot(res[2:3], "mlir-opt-22"); err == nil {
		t.Error("a plot without the scaling inputs")
	}
}

func TestDecade(t *testing.T) {
	for d, want := range map[float64]string{-1: "0.1", 0: "1", 2: "100", 3: "1k", 4: "10k", 6: "1M", 8: "100M", 9: "1e9"} {
		if got := decade(d); got != want {
			t.Errorf("decade(%v) = %q, want %q", d, got, want)
		}
	}
	if got := msDecade(1) + ", " + msDecade(4) + ", " + mibDecade(2) + ", " + mibDecade(3); got != "10 ms, 10 s, 100 MiB, 1,000 MiB" {
		t.Errorf("axis labels %q", got)
	}
	// The axis spans the decades of the values, with slack for 10,003.
	a := newLogAxis([]float64{10_003, 1_000_003}, 0, 100)
	if a.lo != 4 || a.hi != 6 {
		t.Errorf("axis of 10,003 … 1,000,003 spans 1e%v … 1e%v, want 1e4 … 1e6", a.lo, a.hi)
	}
}

func TestSpliceMeasured(t *testing.T) {
	page := "# Title\n\nprose\n\n" + beginMarker + "\nold table\n" + endMarker + "\n\n## What was done\n"
	got, err := spliceMeasured([]byte(page), "new table\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "# Title\n\nprose\n\n" + beginMarker + "\n\nnew table\n\n" + endMarker + "\n\n## What was done\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	again, err := spliceMeasured(got, "new table\n")
	if err != nil || string(again) != want {
		t.Errorf("splicing twice changed the page: %v\n%s", err, again)
	}
	if _, err := spliceMeasured([]byte("no markers"), "x"); err == nil {
		t.Error("a page without markers accepted")
	}
	if _, err := spliceMeasured([]byte(endMarker+beginMarker), "x"); err == nil {
		t.Error("markers in the wrong order accepted")
	}
}

// TestCorpusRun: a corpus run converts every file with a process of its
// own, and its hash is that of the outputs in order, so a tool that
// copies its input compares equal to the corpus, and one that writes
// something else does not.
func TestCorpusRun(t *testing.T) {
	dir := t.TempDir()
	var files, outs []string
	for i, body := range []string{"one", "two", "three"} {
		p := filepath.Join(dir, fmt.Sprintf("in%d", i))
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
		outs = append(outs, p+".out")
	}
	want, err := corpusSHA(files)
	if err != nil {
		t.Fatal(err)
	}
	cfg := config{timeout: time.Minute}
	r := corpusRun(cfg, outs, files, func(src, out string) []string { return []string{"cp", src, out} })
	if r.Error != "" || r.SHA256 != want || r.OutBytes != int64(len("onetwothree")) {
		t.Errorf("copying: %+v, want hash %s and 11 bytes", r, want)
	}
	r = corpusRun(cfg, outs, files, func(src, out string) []string { return []string{"cp", files[0], out} })
	if r.Error != "" || r.SHA256 == want {
		t.Errorf("writing the first file three times: %+v, want another hash than %s", r, want)
	}
	r = corpusRun(cfg, outs, files, func(src, out string) []string { return []string{"false"} })
	if !strings.Contains(r.Error, "in0") {
		t.Errorf("a failing tool: error %q, want one naming the first file", r.Error)
	}
}
