package tileir

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Dump prints m in dialectgen's own one-line-per-op view (not the
// cuda_tile syntax NVIDIA's tools print), one line per global, function
// header and op, with dense values of more than 64 elements elided:
//
//	global @g : tile<2xi32> = dense<[1, 2]> alignment 8 private constant
//
//	kernel @k(%0: tile<2xi32>) -> (tile<2xi32>)
//	  hints = optimization_hints<{...}>
//	  %1 = cuda_tile.negi %0 {overflow = none} : tile<2xi32>
//	  %2 = cuda_tile.for %a, %b, %c, %1 {unsignedCmp} : tile<2xi32> {
//	    ^bb(%2: tile<i32>, %3: tile<2xi32>):
//	      cuda_tile.continue %3
//	  }
//
// Values are shown by their wire numbers: the parameters first, then each
// op's results, numbered after the op's regions; a block's arguments and
// the values defined in it are numbered from where the block starts, and
// the numbering goes back there when the block ends. Results that exist
// in memory but not in the file's version print as %_. Each region of an
// op is in braces, with a ^bb header per block; nesting adds two spaces.
func Dump(w io.Writer, dialect Dialect, m *Module) error {
	d := &dumper{w: w, dialect: dialect, nums: map[*Value]int64{}}
	for _, g := range m.Globals {
		d.global(g)
	}
	for i, fn := range m.Funcs {
		if i > 0 || len(m.Globals) > 0 {
			d.line(0, "")
		}
		d.function(fn)
	}
	return d.err
}

type dumper struct {
	w       io.Writer
	dialect Dialect
	err     error
	nums    map[*Value]int64
	next    int64
	scope   []*Value
	buf     strings.Builder
}

func (d *dumper) line(depth int, s string) {
	if d.err != nil {
		return
	}
	d.buf.Reset()
	for range depth {
		d.buf.WriteString("  ")
	}
	d.buf.WriteString(s)
	d.buf.WriteByte('\n')
	_, d.err = io.WriteString(d.w, d.buf.String())
}

func typeText(t Type) string {
	if t == nil {
		return "<nil>"
	}
	return t.String()
}

func typeTexts(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = typeText(t)
	}
	return strings.Join(s, ", ")
}

func (d *dumper) global(g *Global) {
	// The type is already on the line.
	val := "dense<" + d.dialect.FormatDense(Dense{Type: g.Type, Data: g.Data}) + ">"
	s := "global @" + g.Name + " : " + typeText(g.Type) + " = " + val + " alignment " + strconv.FormatUint(g.Alignment, 10)
	if g.Private {
		s += " private"
	}
	if g.Constant {
		s += " constant"
	}
	d.line(0, s)
}

// define numbers a value, as the writer does.
func (d *dumper) define(v *Value) string {
	d.nums[v] = d.next
	d.scope = append(d.scope, v)
	d.next++
	return "%" + strconv.FormatInt(d.next-1, 10)
}

func (d *dumper) use(v *Value) string {
	if v == nil {
		return "<nil>"
	}
	if n, ok := d.nums[v]; ok {
		return "%" + strconv.FormatInt(n, 10)
	}
	return "%?" // not in scope: a module built in memory with a dangling operand
}

func (d *dumper) function(fn *Function) {
	clear(d.nums)
	d.next, d.scope = 0, d.scope[:0]
	kind := "device"
	if fn.Kernel {
		kind = "kernel"
	}
	params := make([]string, len(fn.Params))
	for i, p := range fn.Params {
		params[i] = d.define(p) + ": " + typeText(p.Type)
	}
	s := kind + " @" + fn.Name + "(" + strings.Join(params, ", ") + ")"
	if _, outs, ok := d.dialect.Signature(fn.Type); ok && len(outs) > 0 {
		s += " -> (" + typeTexts(outs) + ")"
	} else if !ok {
		s += " : " + typeText(fn.Type)
	}
	if fn.Flags != 0 {
		s += fmt.Sprintf(" [flags 0x%02X]", fn.Flags)
	}
	d.line(0, s)
	if fn.Hints != nil {
		d.line(1, "hints = "+fn.Hints.String())
	}
	for _, op := range fn.Body {
		d.op(1, op)
	}
}

func (d *dumper) op(depth int, op Op) {
	if op == nil {
		d.line(depth, "<nil op>")
		return
	}
	var b strings.Builder
	base := op.Base()
	// Results are numbered after the regions, which leave the counter
	// where they found it: the numbers are known now.
	if len(base.Results) > 0 {
		n := d.next
		for i, r := range base.Results {
			if i > 0 {
				b.WriteString(", ")
			}
			if r == nil || r.Unnumbered {
				b.WriteString("%_")
				continue
			}
			b.WriteString("%" + strconv.FormatInt(n, 10))
			n++
		}
		b.WriteString(" = ")
	}
	b.WriteString(op.Info().Name)
	for i, v := range Operands(op) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + d.use(v))
	}
	if attrs := Attrs(op); len(attrs) > 0 {
		b.WriteString(" {")
		for i, a := range attrs {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.Name)
			if a.Text != "" {
				b.WriteString(" = " + a.Text)
			}
		}
		b.WriteByte('}')
	}
	if len(base.Results) > 0 {
		ts := make([]Type, len(base.Results))
		for i, r := range base.Results {
			if r != nil {
				ts[i] = r.Type
			}
		}
		b.WriteString(" : " + typeTexts(ts))
	}
	if len(base.Regions) > 0 {
		b.WriteString(" {")
	}
	d.line(depth, b.String())
	for i, r := range base.Regions {
		if r != nil {
			for _, blk := range r.Blocks {
				d.block(depth+1, blk)
			}
		}
		if i < len(base.Regions)-1 {
			d.line(depth, "} {")
		} else {
			d.line(depth, "}")
		}
	}
	for _, r := range base.Results {
		if r != nil && !r.Unnumbered {
			d.define(r)
		}
	}
}

func (d *dumper) block(depth int, blk *Block) {
	if blk == nil {
		d.line(depth, "^bb <nil>")
		return
	}
	mark, next := len(d.scope), d.next
	s := "^bb"
	if len(blk.Args) > 0 {
		args := make([]string, len(blk.Args))
		for i, a := range blk.Args {
			args[i] = d.define(a) + ": " + typeText(a.Type)
		}
		s += "(" + strings.Join(args, ", ") + ")"
	}
	d.line(depth, s+":")
	for _, op := range blk.Ops {
		d.op(depth+1, op)
	}
	for _, v := range d.scope[mark:] {
		delete(d.nums, v)
	}
	d.scope, d.next = d.scope[:mark], next
}
