package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// The page -doc updates, and the plot it writes, relative to the module
// root. The measured part of the page lies between the two markers; the
// prose around it is kept.
const (
	docPage     = "docs/performance.md"
	docPlot     = "docs/performance.svg"
	beginMarker = "<!-- benchconvert -doc: measured part begins; regenerate, do not edit -->"
	endMarker   = "<!-- benchconvert -doc: measured part ends -->"
)

// updateDoc replaces the measured part of the page at path with rep.
func updateDoc(path string, rep *Report) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	page, err := spliceMeasured(old, docSection(rep))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, page, 0o644)
}

// spliceMeasured puts section between the markers of page.
func spliceMeasured(page []byte, section string) ([]byte, error) {
	i := bytes.Index(page, []byte(beginMarker))
	j := bytes.Index(page, []byte(endMarker))
	if i < 0 || j < i {
		return nil, fmt.Errorf("no measured part: want a line %q and, after it, %q", beginMarker, endMarker)
	}
	var b bytes.Buffer
	b.Write(page[:i+len(beginMarker)])
	b.WriteString("\n\n")
	b.WriteString(strings.TrimSpace(section))
	b.WriteString("\n\n")
	b.Write(page[j:])
	return b.Bytes(), nil
}

// docSection is the measured part: machine, the table, the inputs and the
// plot.
func docSection(rep *Report) string {
	const optName = "mlir-opt-22"
	var b strings.Builder
	fmt.Fprintf(&b, "Measured %s at commit %s on %s: %d CPUs (%s), %s, %s; %s (%s). "+
		"Load average before: %s, after: %s. Median of %d runs per tool after a warm-up run, interleaved.\n\n",
		rep.Started.Format("2006-01-02 15:04 MST"), rep.Commit, rep.Host, rep.CPUs, rep.CPUModel, rep.Kernel,
		rep.GoVersion, rep.MLIROpt, rep.MLIROptVer, rep.LoadBefore, rep.LoadAfter, rep.Reps)
	b.WriteString(markdownTable("lrrrrrrrrl", timingTable(rep.Results, optName)))
	b.WriteString("\nRatios are mlirbc / " + optName + ": the targets are ≤ 0.33 in time (≤ 0.25 for the blob) and ≤ 0.5 in peak RSS.\n\n")
	b.WriteString(markdownTable("llrrrrr", inputTable(rep.Results)))
	b.WriteString("\n![time and peak RSS against ops in one function, mlirbc and " + optName + "](performance.svg)\n")
	if len(rep.Notes) > 0 {
		b.WriteString("\nNotes:\n\n")
		for _, n := range rep.Notes {
			b.WriteString("- " + n + "\n")
		}
	}
	return b.String()
}
