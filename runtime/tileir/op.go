package tileir

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readOp decodes the op with that opcode, after the opcode: result types,
// the flags word, the parts its Code lists, regions; then its results are
// numbered.
func (d *Decoder) readOp(opcode uint64) (Op, error) {
	info := d.d.Op(opcode)
	if info == nil {
		return nil, d.Invalid("an opcode of %s, not 0x%X", d.d.Name(), opcode)
	}
	op := d.newOp(info)
	types, numbered, err := d.results(info)
	if err != nil {
		return nil, err
	}
	// The results exist now and are numbered after the regions.
	op.Base().Results = d.newResults(op, types)
	clear(types)
	d.typeBuf = types[:0]
	c := &d.coder
	*c = Coder{mode: decoding, info: info, op: op, d: d}
	if info.Flags && d.version.AtLeast(info.FlagsSince.Major, info.FlagsSince.Minor) {
		if c.flags, err = d.uleb(label{prefixes: [3]string{"the flags of "}, text: info.Name}); err != nil {
			return nil, err
		}
	}
	op.Code(c)
	if c.err != nil {
		return nil, c.err
	}
	if info.Regions > 0 {
		rs, err := d.regions(info.Regions, info.Name)
		if err != nil {
			return nil, err
		}
		op.Base().Regions = rs
	}
	*c = Coder{}
	d.define(op, numbered)
	return op, nil
}

// newOp returns an empty op of info's kind, from the decoder's slab of
// that kind when the dialect provides Alloc.
func (d *Decoder) newOp(info *OpInfo) Op {
	if info.Alloc == nil || info.Opcode > d.maxOpcode {
		return info.New()
	}
	if info.Opcode >= uint64(len(d.slabs)) {
		d.slabs = append(d.slabs, make([]OpSlab, int(info.Opcode)+1-len(d.slabs))...)
	}
	return info.Alloc(&d.slabs[info.Opcode])
}

// results reads an op's result types: their count first when it is
// written; results newer than the file get their default type and no
// number.
func (d *Decoder) results(info *OpInfo) (types []Type, numbered int, err error) {
	what := label{prefixes: [3]string{"a result of "}, text: info.Name}
	n := info.Results
	if info.CountResults {
		if n, err = d.count(1, label{prefixes: [3]string{"results of "}, text: info.Name}); err != nil {
			return nil, 0, err
		}
	}
	types = d.typeBuf[:0]
	if len(info.NewerResults) == 0 {
		if n > d.r.Len() {
			return nil, 0, d.r.Errorf(strconv.Itoa(n)+" type indices of "+what.String(), wire.ErrTruncated)
		}
		for range n {
			t, err := d.typ(what)
			if err != nil {
				return nil, 0, err
			}
			types = append(types, t)
		}
		return types, n, nil
	}
	for i := range info.Results {
		if r := newerResult(info, i); r != nil && !d.version.AtLeast(r.Since.Major, r.Since.Minor) {
			types = append(types, r.Type)
			continue
		}
		t, err := d.typ(what)
		if err != nil {
			return nil, 0, err
		}
		types = append(types, t)
		numbered++
	}
	if info.CountResults && n != numbered {
		return nil, 0, d.Invalid("%d results for %s in this version, not %d", numbered, info.Name, n)
	}
	return types, numbered, nil
}

func newerResult(info *OpInfo, i int) *NewerResult {
	for k := range info.NewerResults {
		if info.NewerResults[k].Index == i {
			return &info.NewerResults[k]
		}
	}
	return nil
}

// encodeOp writes an op after its opcode, as readOp reads it.
func (e *Encoder) encodeOp(op Op) error {
	info := op.Info()
	if !e.target.AtLeast(info.Since.Major, info.Since.Minor) {
		return e.TooNew("op '"+info.Name+"'", info.Since)
	}
	res := op.Base().Results
	if !info.CountResults && len(res) != info.Results {
		return fmt.Errorf("%s has %d results, not %d", info.Name, len(res), info.Results)
	}
	n := len(res)
	for _, r := range info.NewerResults {
		if n > r.Index && !e.target.AtLeast(r.Since.Major, r.Since.Minor) {
			n = r.Index
		}
	}
	if info.CountResults {
		e.ULEB128(uint64(n))
	}
	for _, r := range res[:n] {
		if err := e.Type(r.Type); err != nil {
			return err
		}
	}
	c := &e.coder
	*c = Coder{info: info, op: op, e: e, vals: e.vals[:0]}
	defer func() { *c = Coder{} }()
	if info.Flags {
		c.mode = flagging
		op.Code(c)
		if c.err != nil {
			return c.err
		}
		if e.target.AtLeast(info.FlagsSince.Major, info.FlagsSince.Minor) {
			e.ULEB128(c.flags)
		}
	}
	c.mode = encoding
	op.Code(c)
	if c.err != nil {
		return c.err
	}
	if !info.Segments && (info.Operands > 0 || info.VariadicOperands) {
		vals := c.vals
		*c = Coder{} // the regions' ops use it
		err := e.writeOperands(vals, info.VariadicOperands)
		clear(vals)
		e.vals = vals[:0]
		if err != nil {
			return err
		}
	}
	if info.Regions > 0 {
		regs := op.Base().Regions
		if len(regs) != info.Regions {
			return fmt.Errorf("%s has %d regions, not %d", info.Name, len(regs), info.Regions)
		}
		if err := e.regions(regs); err != nil {
			return err
		}
	}
	e.define(op, n)
	return nil
}

// Operands lists an op's operands in wire order.
func Operands(op Op) []*Value {
	c := &Coder{mode: listing, info: op.Info(), op: op}
	op.Code(c)
	return c.operands
}

// Attrs lists an op's attributes that are set, printed, in wire order.
func Attrs(op Op) []AttrText {
	c := &Coder{mode: printing, info: op.Info(), op: op}
	op.Code(c)
	return c.attrs
}

// formatDense prints a dense value with the op's dialect, or as hex when
// the op is not in a dialect's table.
func (info *OpInfo) formatDense(v Dense) string {
	if info.dialect != nil {
		return info.dialect.FormatDense(v)
	}
	return fmt.Sprintf("0x%X", v.Data)
}

// FormatOp prints an op on one line, as a dump does but without value
// numbers: its name, operand and result types, attributes and region count
// ("cuda_tile.addf(tile<f32>, tile<f32>) {rounding_mode = nearest_even} : tile<f32>").
func FormatOp(op Op) string {
	if isNil(op) {
		return "<nil op>"
	}
	var b strings.Builder
	b.WriteString(op.Info().Name)
	ops := Operands(op)
	b.WriteByte('(')
	for i, v := range ops {
		if i > 0 {
			b.WriteString(", ")
		}
		if v == nil {
			b.WriteString("<nil>")
		} else {
			b.WriteString(typeString(v.Type))
		}
	}
	b.WriteByte(')')
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
	if res := op.Base().Results; len(res) > 0 {
		b.WriteString(" : ")
		for i, r := range res {
			if i > 0 {
				b.WriteString(", ")
			}
			if r == nil {
				b.WriteString("<nil>")
			} else {
				b.WriteString(typeString(r.Type))
			}
		}
	}
	if n := len(op.Base().Regions); n > 0 {
		fmt.Fprintf(&b, " (%d regions)", n)
	}
	return b.String()
}

// newResults is NewResults with the values carved from shared slabs: one
// allocation per few hundred results instead of two per op. Each op's
// slices have their capacity clipped, so appending to one never touches
// another's.
func (d *Decoder) newResults(op Op, types []Type) []*Value {
	n := len(types)
	if n == 0 {
		return nil
	}
	if n > slabSize/4 {
		return NewResults(op, types)
	}
	if len(d.valueSlab) < n {
		d.valueSlab = make([]Value, slabSize)
	}
	vals, out := d.valueSlab[:n:n], d.valuePtrs(n)
	d.valueSlab = d.valueSlab[n:]
	for i, t := range types {
		vals[i] = Value{Type: t, Def: op, Index: i}
		out[i] = &vals[i]
	}
	return out
}

// valuePtrs carves n value pointers from a shared slab, capacity clipped.
func (d *Decoder) valuePtrs(n int) []*Value {
	if n > slabSize/4 {
		return make([]*Value, n)
	}
	if len(d.ptrSlab) < n {
		d.ptrSlab = make([]*Value, slabSize)
	}
	out := d.ptrSlab[:n:n]
	d.ptrSlab = d.ptrSlab[n:]
	return out
}

const slabSize = 512
