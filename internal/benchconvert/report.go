package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Report is everything one benchmark run measured; it is written to
// results.json as is.
type Report struct {
	Started     time.Time     `json:"started"`
	Host        string        `json:"host"`
	CPUs        int           `json:"cpus"`
	CPUModel    string        `json:"cpu_model"`
	Kernel      string        `json:"kernel"`
	LoadBefore  string        `json:"load_before"` // /proc/loadavg
	LoadAfter   string        `json:"load_after"`
	GoVersion   string        `json:"go_version"`
	Commit      string        `json:"commit"` // of the mlirbc built, "+dirty" with local changes
	MLIROpt     string        `json:"mlir_opt"`
	MLIROptVer  string        `json:"mlir_opt_version"`
	Reps        int           `json:"reps"`
	Results     []InputResult `json:"results"`
	Notes       []string      `json:"notes"`
	TotalTimeMS float64       `json:"total_time_ms"`
}

// InputResult is one input with the runs of both tools on it.
type InputResult struct {
	Input   Input      `json:"input"`
	MLIRBC  ToolResult `json:"mlirbc"`
	MLIROpt ToolResult `json:"mlir_opt"`
	// Ratio is the median wall time of mlirbc over that of mlir-opt, the
	// form the targets take (0.33: a third of mlir-opt's time); RSSRatio
	// the same for peak RSS. 0 when either tool failed.
	Ratio    float64 `json:"ratio"`
	RSSRatio float64 `json:"rss_ratio"`
	// Identical says whether both tools wrote the same bytes; Difference
	// describes how they differ when not.
	Identical  bool   `json:"identical"`
	Difference string `json:"difference,omitempty"`
}

// Input is one generated benchmark input.
type Input struct {
	Name      string   `json:"name"`
	What      string   `json:"what"`
	Path      string   `json:"path"`
	TextBytes int64    `json:"text_bytes"`
	Bytes     int64    `json:"bytes"`
	Ops       OpCounts `json:"ops"`
	// Files are the files of an input of many (upstream), each converted
	// by a process of its own; Path is then their directory.
	Files []string `json:"files,omitempty"`
	// Unregistered says mlir-opt reads the input with
	// --allow-unregistered-dialect.
	Unregistered bool `json:"unregistered,omitempty"`
}

// Run is one timed execution of a tool.
type Run struct {
	Warmup    bool    `json:"warmup,omitempty"`
	WallMS    float64 `json:"wall_ms"`
	MaxRSSKiB int64   `json:"max_rss_kib"`
	ExitCode  int     `json:"exit_code"`
	Error     string  `json:"error,omitempty"`
	OutBytes  int64   `json:"out_bytes"`
	SHA256    string  `json:"sha256,omitempty"`
}

// ToolResult summarizes the runs of one tool on one input; warm-up runs
// are kept in Runs but left out of every summary figure.
type ToolResult struct {
	Tool         string  `json:"tool"`
	Runs         []Run   `json:"runs"`
	MedianWallMS float64 `json:"median_wall_ms"`
	MinWallMS    float64 `json:"min_wall_ms"`
	MaxWallMS    float64 `json:"max_wall_ms"`
	PeakRSSKiB   int64   `json:"peak_rss_kib"`
	Failed       int     `json:"failed"`
	// SameAsInput: every measured run wrote exactly the input's bytes.
	SameAsInput bool `json:"same_as_input"`
	// Deterministic: every measured run wrote the same bytes.
	Deterministic bool `json:"deterministic"`
}

// summarize fills in the summary fields of t from t.Runs.
func (t *ToolResult) summarize(inputSHA string) {
	var walls []float64
	t.PeakRSSKiB, t.Failed = 0, 0
	t.SameAsInput, t.Deterministic = true, true
	first := ""
	for _, r := range t.Runs {
		if r.Warmup {
			continue
		}
		if r.Error != "" {
			t.Failed++
			continue
		}
		walls = append(walls, r.WallMS)
		t.PeakRSSKiB = max(t.PeakRSSKiB, r.MaxRSSKiB)
		if r.SHA256 != inputSHA {
			t.SameAsInput = false
		}
		if first == "" {
			first = r.SHA256
		} else if r.SHA256 != first {
			t.Deterministic = false
		}
	}
	if len(walls) == 0 {
		t.SameAsInput, t.Deterministic = false, false
		t.MedianWallMS, t.MinWallMS, t.MaxWallMS = 0, 0, 0
		return
	}
	t.MedianWallMS = median(walls)
	t.MinWallMS = slices.Min(walls)
	t.MaxWallMS = slices.Max(walls)
}

// lastOK returns the last measured run that succeeded.
func (t *ToolResult) lastOK() (Run, bool) {
	for i := len(t.Runs) - 1; i >= 0; i-- {
		if r := t.Runs[i]; !r.Warmup && r.Error == "" {
			return r, true
		}
	}
	return Run{}, false
}

// median returns the median of xs (the mean of the middle two for an
// even count) without reordering xs; 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ratio returns x/base, or 0 when either is not positive.
func ratio(x, base float64) float64 {
	if base <= 0 || x <= 0 {
		return 0
	}
	return x / base
}

// fmtMS formats milliseconds: "12.3 ms" below 100 ms, "234 ms" below 10 s,
// then seconds.
func fmtMS(ms float64) string {
	switch {
	case ms <= 0:
		return "-"
	case ms < 100:
		return fmt.Sprintf("%.1f ms", ms)
	case ms < 10000:
		return fmt.Sprintf("%.0f ms", ms)
	}
	return fmt.Sprintf("%.2f s", ms/1000)
}

// fmtMiB formats KiB as MiB.
func fmtMiB(kib int64) string {
	if kib <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f MiB", float64(kib)/1024)
}

// fmtBytes formats a byte count with thousands separators.
func fmtBytes(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func fmtRatio(r float64) string {
	if r <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", r)
}

// timingTable returns the main results table: one row per input, mlirbc
// against mlir-opt in time and peak memory.
func timingTable(res []InputResult, optName string) [][]string {
	rows := [][]string{{
		"input", "ops", "in bytes",
		"mlirbc", optName, "time ratio",
		"mlirbc RSS", optName + " RSS", "RSS ratio", "outputs",
	}}
	for _, r := range res {
		wall := func(t ToolResult) string {
			s := fmtMS(t.MedianWallMS)
			if t.Failed > 0 {
				s += fmt.Sprintf(" (%d failed)", t.Failed)
			}
			return s
		}
		rows = append(rows, []string{
			r.Input.Name, fmtBytes(int64(r.Input.Ops.Total)), fmtBytes(r.Input.Bytes),
			wall(r.MLIRBC), wall(r.MLIROpt), fmtRatio(r.Ratio),
			fmtMiB(r.MLIRBC.PeakRSSKiB), fmtMiB(r.MLIROpt.PeakRSSKiB), fmtRatio(r.RSSRatio), outputsCell(r),
		})
	}
	return rows
}

func outputsCell(r InputResult) string {
	switch {
	case r.Identical:
		return "identical"
	case r.Difference != "":
		return "DIFFER"
	}
	return "-"
}

// inputTable describes the inputs: sizes and op counts.
func inputTable(res []InputResult) [][]string {
	rows := [][]string{{"input", "what", "text bytes", "bytecode bytes", "ops", "arith ops", "func ops"}}
	for _, r := range res {
		in := r.Input
		rows = append(rows, []string{
			in.Name, in.What, fmtBytes(in.TextBytes), fmtBytes(in.Bytes),
			fmtBytes(int64(in.Ops.Total)), fmtBytes(int64(in.Ops.Arith)), fmtBytes(int64(in.Ops.Func)),
		})
	}
	return rows
}

// spreadTable gives min/median/max of every tool on every input.
func spreadTable(res []InputResult, optName string) [][]string {
	rows := [][]string{{"input", "tool", "runs", "min", "median", "max", "peak RSS", "output = input"}}
	for _, r := range res {
		for _, t := range []ToolResult{r.MLIRBC, r.MLIROpt} {
			name := t.Tool
			if name == "mlir-opt" {
				name = optName
			}
			n := 0
			for _, run := range t.Runs {
				if !run.Warmup {
					n++
				}
			}
			same := "no"
			if t.SameAsInput {
				same = "yes"
			}
			rows = append(rows, []string{
				r.Input.Name, name, fmt.Sprintf("%d (%d failed)", n, t.Failed),
				fmtMS(t.MinWallMS), fmtMS(t.MedianWallMS), fmtMS(t.MaxWallMS),
				fmtMiB(t.PeakRSSKiB), same,
			})
		}
	}
	return rows
}

// markdownTable renders rows (the first is the header) as a markdown table
// padded so that it also reads well as plain text. align has one letter
// per column, 'r' for right-aligned and anything else for left.
func markdownTable(align string, rows [][]string) string {
	if len(rows) == 0 {
		return ""
	}
	ncol := 0
	for _, r := range rows {
		ncol = max(ncol, len(r))
	}
	width := make([]int, ncol)
	right := make([]bool, ncol)
	for c := range ncol {
		right[c] = c < len(align) && align[c] == 'r'
		for _, r := range rows {
			if c < len(r) {
				width[c] = max(width[c], len([]rune(r[c])))
			}
		}
		width[c] = max(width[c], 3)
	}
	var b strings.Builder
	line := func(cells []string) {
		b.WriteString("|")
		for c := range ncol {
			cell := ""
			if c < len(cells) {
				cell = cells[c]
			}
			pad := strings.Repeat(" ", width[c]-len([]rune(cell)))
			if right[c] {
				b.WriteString(" " + pad + cell + " |")
			} else {
				b.WriteString(" " + cell + pad + " |")
			}
		}
		b.WriteString("\n")
	}
	line(rows[0])
	sep := make([]string, ncol)
	for c := range ncol {
		if right[c] {
			sep[c] = strings.Repeat("-", width[c]-1) + ":"
		} else {
			sep[c] = strings.Repeat("-", width[c])
		}
	}
	line(sep)
	for _, r := range rows[1:] {
		line(r)
	}
	return b.String()
}

// markdown renders the whole report.
func (rep *Report) markdown() string {
	optName := "mlir-opt-22"
	var b strings.Builder
	fmt.Fprintf(&b, "# mlirbc convert vs %s, bytecode → bytecode\n\n", optName)
	fmt.Fprintf(&b, "%s; mlirbc at %s; %s: %d CPUs (%s), %s; %s; %s (%s). Load average before: %s, after: %s.\n\n",
		rep.Started.Format(time.RFC3339), rep.Commit, rep.Host, rep.CPUs, rep.CPUModel, rep.Kernel, rep.GoVersion,
		rep.MLIROpt, rep.MLIROptVer, rep.LoadBefore, rep.LoadAfter)
	fmt.Fprintf(&b, "Bytecode in, bytecode out, same version. Median wall time of %d runs per tool after one discarded warm-up run each, "+
		"the two tools interleaved, process start included; peak RSS is the maximum over the measured runs. "+
		"Ratios are mlirbc / %s: below 1, mlirbc is faster or smaller. outputs: whether both wrote the same bytes.\n\n", rep.Reps, optName)
	b.WriteString(markdownTable("lrrrrrrrrl", timingTable(rep.Results, optName)))
	b.WriteString("\nInputs:\n\n")
	b.WriteString(markdownTable("llrrrrr", inputTable(rep.Results)))
	b.WriteString("\nSpread:\n\n")
	b.WriteString(markdownTable("llrrrrrl", spreadTable(rep.Results, optName)))
	if len(rep.Notes) > 0 {
		b.WriteString("\nNotes:\n\n")
		for _, n := range rep.Notes {
			b.WriteString("- " + n + "\n")
		}
	}
	fmt.Fprintf(&b, "\nTotal time: %s.\n", fmtMS(rep.TotalTimeMS))
	return b.String()
}
