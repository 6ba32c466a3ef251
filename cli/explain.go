package cli

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// span is one explained byte range.
type span struct {
	start, end int64
	what       string
	children   []*span
}

// spans collects what a reader reports (wire.Tracer). A range reported
// twice with the same meaning (a type entry a reader retried) is kept once.
type spans struct {
	list []*span
	seen map[spanKey]bool
}

type spanKey struct {
	start, end int64
	what       string
}

func (s *spans) Span(start, end int64, what string) {
	if end <= start { // an empty range (a declared resource) holds no byte
		return
	}
	key := spanKey{start, end, what}
	if s.seen[key] {
		return
	}
	if s.seen == nil {
		s.seen = map[spanKey]bool{}
	}
	s.seen[key] = true
	s.list = append(s.list, &span{start: start, end: end, what: what})
}

// tree nests the spans by containment: outer ranges first, then by start.
// Of two spans of the same range, the one reported later holds the other:
// readers report what encloses a field after the field.
func (s *spans) tree() []*span {
	slices.Reverse(s.list)
	slices.SortStableFunc(s.list, func(a, b *span) int {
		switch {
		case a.start != b.start:
			return int(a.start - b.start)
		case a.end != b.end:
			return int(b.end - a.end) // the outer one first
		}
		return 0
	})
	var roots, stack []*span
	for _, x := range s.list {
		for len(stack) > 0 && x.start >= stack[len(stack)-1].end {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			roots = append(roots, x)
		} else {
			top := stack[len(stack)-1]
			top.children = append(top.children, x)
		}
		stack = append(stack, x)
	}
	return roots
}

// explain prints an annotated hex dump of path.
func explain(ctx *ir.Context, path, section string, op int, stdout io.Writer) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	data := fm.Data
	var s spans
	var readErr error
	if tileir.IsTileIR(data) {
		readErr = tileir.Explain(cudatile.Dialect, data, tileir.ReadOptions{}, &s)
	} else {
		readErr = mlirbc.Explain(ctx, data, mlirbc.ReadOptions{}, &s)
	}
	roots := s.tree()
	if section != "" {
		roots = findSpan(roots, func(x *span) bool { return x.what == section+" section" })
		if roots == nil {
			return fmt.Errorf("%s: no %s section", path, section)
		}
	}
	if op >= 0 {
		prefix := fmt.Sprintf("op #%d ", op)
		roots = findSpan(roots, func(x *span) bool { return strings.HasPrefix(x.what, prefix) })
		if roots == nil {
			return fmt.Errorf("%s: no op #%d (ops are numbered in pre-order from 0)", path, op)
		}
	}
	w := bufio.NewWriter(stdout)
	for _, r := range roots {
		printSpan(w, data, r, 0)
	}
	if readErr != nil {
		fmt.Fprintf(w, "error: %v\n", readErr)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if readErr != nil {
		return fmt.Errorf("%s: %w", path, readErr)
	}
	return nil
}

// findSpan returns the first span (in pre-order) that holds, as a root.
func findSpan(list []*span, ok func(*span) bool) []*span {
	for _, x := range list {
		if ok(x) {
			return []*span{x}
		}
		if r := findSpan(x.children, ok); r != nil {
			return r
		}
	}
	return nil
}

const hexShown = 16 // bytes of hex on a line

// printSpan prints x: a leaf as offset, bytes and meaning; a range that holds
// others as a heading, then what it holds, with bytes no reader explained
// shown as such.
func printSpan(w io.Writer, data []byte, x *span, depth int) {
	indent := strings.Repeat("  ", depth)
	if len(x.children) == 0 {
		fmt.Fprintf(w, "%08x  %s%-*s  %s\n", x.start, indent, 3*hexShown, hexOf(data, x.start, x.end), x.what)
		return
	}
	fmt.Fprintf(w, "%08x  %s%s (%d bytes)\n", x.start, indent, x.what, x.end-x.start)
	at := x.start
	for _, c := range x.children {
		if c.start > at {
			gap := &span{start: at, end: c.start, what: "(not explained)"}
			printSpan(w, data, gap, depth+1)
		}
		printSpan(w, data, c, depth+1)
		at = max(at, c.end)
	}
	if at < x.end {
		printSpan(w, data, &span{start: at, end: x.end, what: "(not explained)"}, depth+1)
	}
}

// hexOf prints the bytes of [start, end), eliding beyond hexShown.
func hexOf(data []byte, start, end int64) string {
	if start < 0 || end > int64(len(data)) || start > end {
		return "?"
	}
	b := data[start:end]
	var sb strings.Builder
	for i, c := range b {
		if i == hexShown {
			fmt.Fprintf(&sb, "… +%d", len(b)-hexShown)
			break
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02x", c)
	}
	return sb.String()
}
