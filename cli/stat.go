package cli

import (
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

func stat(ctx *ir.Context, path string, stdout io.Writer, verify bool) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	data := fm.Data
	if tileir.IsTileIR(data) {
		return statTileIR(path, data, stdout, verify)
	}
	f, m, err := readBytecode(ctx, path, data, mlirbc.ReadOptions{Verify: verify})
	if err != nil {
		return err
	}
	ops, opaqueProps := 0, 0
	byName := map[string]int{}
	m.Op.Walk(func(op *ir.Operation) bool {
		ops++
		byName[op.Name().String()]++
		if op.OpaqueProperties() != nil {
			opaqueProps++
		}
		return true
	})

	fmt.Fprintf(stdout, "file:       %s (%d bytes)\n", path, len(data))
	rel := "unknown"
	if f.Release != 0 {
		rel = fmt.Sprintf("LLVM %d", f.Release)
	}
	fmt.Fprintf(stdout, "format:     MLIR bytecode version %d\n", f.Version)
	fmt.Fprintf(stdout, "producer:   %q (release: %s)\n", f.Producer, rel)
	if len(m.Versions) > 0 {
		// Counted below as read: ops are upgraded to the current version.
		fmt.Fprintf(stdout, "dialects at older versions: %s (ops below upgraded)\n", m.Versions)
	}
	if verify {
		fmt.Fprintln(stdout, "verified:   the IR passes the writer's checks")
	}
	fmt.Fprintln(stdout, "sections:")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  id\tname\theader offset\tdata offset\tsize\talignment\t")
	for _, id := range f.Order {
		s := f.Sections[id]
		align := "-"
		if s.Alignment > 0 {
			align = fmt.Sprint(s.Alignment)
		}
		fmt.Fprintf(tw, "  %d\t%s\t%d\t%d\t%d\t%s\t\n", id, bytecode.SectionName(id), s.HeaderOffset, s.Offset, len(s.Data), align)
	}
	tw.Flush()
	names := make([]string, len(f.Dialects))
	for i, d := range f.Dialects {
		names[i] = d.Name
	}
	ext := 0
	for _, g := range m.External {
		ext += len(g.Entries)
	}
	fmt.Fprintln(stdout, "counts:")
	fmt.Fprintf(stdout, "  dialects    %d %v\n", len(f.Dialects), names)
	fmt.Fprintf(stdout, "  op names    %d in the file, %d used\n", len(f.OpNames), len(byName))
	fmt.Fprintf(stdout, "  ops         %d\n", ops)
	fmt.Fprintf(stdout, "  attributes  %d\n", f.Attrs.Len())
	fmt.Fprintf(stdout, "  types       %d\n", f.Types.Len())
	fmt.Fprintf(stdout, "  resources   %d dialect, %d external in %d groups\n", len(m.Resources), ext, len(m.External))
	if opaqueProps > 0 {
		fmt.Fprintf(stdout, "  ops with properties no dialect here describes (kept opaque): %d\n", opaqueProps)
	}
	printDecoded(stdout, ctx, f, m.Versions)
	return printOpNames(stdout, byName)
}

// printDecoded says, per dialect, how many attribute and type entries
// decoded into typed values and how many stayed opaque: kept as text, or
// as the payload of a dialect without a codec here.
func printDecoded(stdout io.Writer, ctx *ir.Context, f *bytecode.File, versions bytecode.DialectVersions) {
	type counts struct{ typed, text, payload, failed int }
	per := make([]counts, len(f.Dialects))
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	dec.SetDialectVersions(versions)
	classify := func(dialect int, v any) {
		c := &per[dialect]
		switch v.(type) {
		case nil:
			c.failed++
		case *ir.TextAttr, *ir.TextType:
			c.text++
		case *ir.EncodedAttr, *ir.EncodedType:
			c.payload++
		default:
			c.typed++
		}
	}
	for i, e := range f.Attrs.All() {
		a, err := dec.Attribute(uint64(i))
		var v any
		if err == nil {
			v = a
		}
		classify(e.Dialect, v)
	}
	for i, e := range f.Types.All() {
		t, err := dec.Type(uint64(i))
		var v any
		if err == nil {
			v = t
		}
		classify(e.Dialect, v)
	}
	fmt.Fprintln(stdout, "attributes and types by dialect:")
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "  dialect\ttyped\topaque text\topaque payload\tundecodable\t")
	for i, d := range f.Dialects {
		c := per[i]
		if c == (counts{}) {
			continue
		}
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t\n", d.Name, c.typed, c.text, c.payload, c.failed)
	}
	tw.Flush()
}

// printOpNames lists op names with their counts, sorted by name.
func printOpNames(stdout io.Writer, byName map[string]int) error {
	fmt.Fprintln(stdout, "ops by name:")
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for _, n := range names {
		fmt.Fprintf(tw, "  %s\t%d\n", n, byName[n])
	}
	return tw.Flush()
}
