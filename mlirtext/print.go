// Package mlirtext prints and parses MLIR's generic textual form: what
// `mlir-opt --mlir-print-op-generic --mlir-print-debuginfo` prints for a
// module, byte for byte, and the same text read back into the IR the
// bytecode reader builds. The custom (pretty) syntax of ops is not
// handled: only the quoted generic form ("arith.addi"(%0, %1) ...).
//
// Attributes and types print through one path: builtin values in MLIR's
// exact syntax (builtin.go); other dialects' values through ir.AsmPrintable
// (nested values by alias), else their dialect's bytecode.TextCodec, else
// their String method (text-fallback values keep the text the file held).
// Parsing hands other dialects' text to their TextCodec, or keeps it.
//
// The package builds builtin values, so it sits above dialects/ rather
// than in the runtime.
package mlirtext

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Options select what mlir-opt's flags select.
type Options struct {
	// LocalScope prints without aliases, every location and attribute
	// in full (--mlir-print-local-scope).
	LocalScope bool
	// Release is the LLVM release whose printer to follow (16, 19, 22);
	// 0 means the module's. It decides whether registered ops print
	// their inherent attributes as properties (<{...}>, from 17) and how
	// values are numbered (unique across regions from 19).
	Release int
	// NoDebugInfo prints no op or block argument locations, as mlir-opt
	// prints without --mlir-print-debuginfo (locations that are
	// attribute values still print).
	NoDebugInfo bool
}

// Print writes m as mlir-opt prints it in the generic form with debug
// info, followed by the newline mlir-opt ends its output with. The ops of
// a dialect that keeps its version in the producer string (VHLO) print
// at the version m was read at (mlirbc.AsProduced): m is changed while
// it prints and put back after, so it must not be printed, written or
// changed on another goroutine at the same time.
func Print(w io.Writer, m *mlirbc.Module, opts Options) error {
	// The text goes into chunks, written once it is all printed: nothing
	// is written for a module that cannot be printed.
	var out asm.Printer
	out.InChunks()
	if err := print(&out, m, opts); err != nil {
		return err
	}
	_, err := out.WriteTo(w)
	return err
}

// Append appends what Print writes to b. What cannot be printed
// faithfully (properties no dialect here describes, custom-encoded values
// without a codec, float formats without a printer) is an error, and b is
// returned as it was.
func Append(b []byte, m *mlirbc.Module, opts Options) ([]byte, error) {
	var out asm.Printer
	out.Set(b)
	if err := print(&out, m, opts); err != nil {
		return b, err
	}
	return out.Bytes(), nil
}

// print prints m into out, as Print and Append describe.
func print(out *asm.Printer, m *mlirbc.Module, opts Options) error {
	if m == nil || m.Op == nil {
		return fmt.Errorf("mlirtext: no module to print")
	}
	if err := m.Op.MaterializeAll(); err != nil {
		return err
	}
	release := opts.Release
	if release == 0 {
		release = m.Release
	}
	if release == 0 {
		release = newestRelease
	}
	p := &printer{
		release:   release,
		m:         m,
		names:     valueNames{gen: ir.NewMarkGeneration()},
		distinct:  map[ir.Attribute]int{},
		resources: map[ir.ResourceHandle]bool{},
		noLocs:    opts.NoDebugInfo,
	}
	p.out = out
	if ctx := p.context(); ctx != nil {
		// VHLO's ops print at the version of the file they were read
		// from, as stablehlo-opt shows it (see mlirbc.AsProduced).
		restore, err := mlirbc.AsProduced(ctx, m)
		if err != nil {
			return err
		}
		defer restore()
	}
	if err := p.check(m.Op); err != nil {
		return err
	}
	p.number(m.Op)
	// Ops print in 80 to 160 bytes each, about one value each: room for
	// the least of that now spares most of the copies of a buffer grown
	// from nothing.
	out.Grow(80 * p.names.n)
	p.preds = predecessors(m.Op)
	if !opts.LocalScope {
		p.aliases = asm.NewAliasesFor(p.names.n)
		p.visitOp(m.Op)
		p.aliases.Finish()
		// The aliases are settled: a value prints the same text each time.
		p.printedText = map[any]string{}
	}
	p.defs(false)
	p.op(m.Op)
	p.out.Byte('\n')
	if !opts.LocalScope {
		// The local form is the op alone (printFullOpWithIndentAndLoc);
		// the top-level form ends its line, then has the deferred aliases
		// and the file metadata.
		p.defs(true)
		p.resourceSection()
		p.out.Byte('\n')
	}
	return p.err
}

type printer struct {
	out     *asm.Printer
	release int
	m       *mlirbc.Module
	aliases *asm.Aliases // nil in local scope
	names   valueNames   // of values, and blocks' indexes in their regions
	// attrStack holds the attributes of the ops being printed that are
	// printed after their regions; propScratch the properties of the op
	// being printed (split).
	attrStack   []ir.NamedAttr
	propScratch []ir.NamedAttr
	preds       map[*ir.Block][]*ir.Block // the blocks whose terminators branch to a block, once per use
	// distinct numbers distinct attributes in the order they print.
	distinct map[ir.Attribute]int
	// resources and resourceOrder are the resource handles printed, in
	// the order they first print: mlir-opt prints only those.
	resources     map[ir.ResourceHandle]bool
	resourceOrder []ir.ResourceHandle
	err           error
	ctx           *ir.Context
	noCtx         bool
	spans         map[any][]textSpan // by value, see textNested
	// noLocs leaves out the locations of ops and block arguments
	// (Options.NoDebugInfo), and so their aliases.
	noLocs bool
	// printedText is the text of dialect values printed by their
	// dialects' assembly formats (aliasedText), once the aliases are
	// settled; nil before.
	printedText map[any]string
}

func (p *printer) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// check refuses what cannot be printed faithfully before anything is.
func (p *printer) check(top *ir.Operation) error {
	var err error
	top.Walk(func(op *ir.Operation) bool {
		if op.OpaqueProperties() != nil {
			err = fmt.Errorf("mlirtext: %s has properties no dialect here describes; they cannot be printed", op.Name())
		}
		for _, r := range op.Regions() {
			if r == nil {
				err = fmt.Errorf("mlirtext: %s has a nil region", op.Name())
				continue
			}
			for _, b := range r.Blocks() {
				if b == nil {
					err = fmt.Errorf("mlirtext: %s has a nil block", op.Name())
					continue
				}
				if slices.Contains(b.Ops(), nil) {
					err = fmt.Errorf("mlirtext: a block of %s holds a nil op", op.Name())
				}
				if slices.Contains(b.Args(), nil) {
					err = fmt.Errorf("mlirtext: a block of %s has a nil argument", op.Name())
				}
			}
		}
		if slices.Contains(op.Results(), nil) {
			err = fmt.Errorf("mlirtext: %s has a nil result", op.Name())
		}
		return err == nil
	})
	return err
}

// uniqueIDs reports whether values are numbered across sibling regions
// without restarting (LLVM 19 on: the generic form implies
// --mlir-print-unique-ssa-ids).
func (p *printer) uniqueIDs() bool { return p.release >= 19 }

// number names every value as MLIR's SSANameState does for the generic
// form: regions are numbered from a stack (the last region pushed first),
// entry block arguments %argN, other values %N.
func (p *printer) number(top *ir.Operation) {
	type counters struct{ values, args int }
	type pending struct {
		r *ir.Region
		c counters
	}
	var cur counters
	var stack []pending
	for _, r := range top.Regions() {
		stack = append(stack, pending{r, cur})
	}
	p.numberOp(top, &cur.values)
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !p.uniqueIDs() {
			cur = e.c
		}
		for i, b := range e.r.Blocks() {
			p.names.setBlock(b, i)
			for _, a := range b.Args() {
				if i == 0 {
					p.names.set(a, argName(cur.args))
					cur.args++
				} else {
					p.names.set(a, valueName(cur.values))
					cur.values++
				}
			}
			for _, op := range b.Ops() {
				p.numberOp(op, &cur.values)
			}
		}
		for _, b := range e.r.Blocks() {
			for _, op := range b.Ops() {
				for _, r := range op.Regions() {
					stack = append(stack, pending{r, cur})
				}
			}
		}
	}
}

// valueName is how a value is named: %n for n ≥ 0, %argk for -k-1. A
// number, not a string, as a module of 100k values would otherwise make
// 100k strings.
type valueName int

func argName(k int) valueName { return valueName(-k - 1) }

// valueNames holds the name of each value and the index of each block in
// the IR's scratch marks (ir.MarkGeneration), which is why a module must
// not print while another goroutine writes or prints it. Kept in maps,
// the names of 100,000 values took a tenth of printing them: a cache miss
// a lookup. A printer that numbers nothing (valueText, for an attribute
// or type alone) takes no generation: generations are counted, and a
// count that wraps around would read old marks as new.
type valueNames struct {
	gen ir.MarkGeneration // 0: nothing is named
	n   int               // values named
}

// set names v; a name is kept in the low 32 bits of a mark, as an int32
// (a module of 2^31 values would take hundreds of GiB).
func (ns *valueNames) set(v *ir.Value, n valueName) {
	ns.gen.SetValue(v, uint64(uint32(int32(n))))
	ns.n++
}

func (ns *valueNames) get(v *ir.Value) (valueName, bool) {
	m, ok := ns.gen.Value(v)
	if !ok || ns.gen == 0 {
		return 0, false
	}
	return valueName(int32(uint32(m))), true
}

func (ns *valueNames) setBlock(b *ir.Block, i int) { ns.gen.SetBlock(b, uint64(uint32(i))) }

func (ns *valueNames) block(b *ir.Block) (int, bool) {
	i, ok := ns.gen.Block(b)
	if !ok || ns.gen == 0 {
		return 0, false
	}
	return int(i), true
}

// name prints %name.
func (p *printer) name(n valueName) {
	if n < 0 {
		p.out.Write("%arg")
		p.out.Int(int64(-n - 1))
		return
	}
	p.out.Byte('%')
	p.out.Int(int64(n))
}

func (p *printer) numberOp(op *ir.Operation, next *int) {
	if op.NumResults() > 0 {
		p.names.set(op.Result(0), valueName(*next))
		*next++
	}
}

// predecessors lists, for every block, the block of each terminator use
// that branches to it.
func predecessors(top *ir.Operation) map[*ir.Block][]*ir.Block {
	preds := map[*ir.Block][]*ir.Block{}
	top.Walk(func(op *ir.Operation) bool {
		for _, s := range op.Successors() {
			preds[s] = append(preds[s], op.Parent())
		}
		return true
	})
	return preds
}

// value prints a use of v: %name, with #i for a result of an op with
// several.
func (p *printer) value(v *ir.Value) {
	if v == nil {
		p.out.Write("<<NULL VALUE>>")
		return
	}
	head, no := v, -1
	if v.Op() != nil && v.Op().NumResults() > 1 {
		head, no = v.Op().Result(0), v.Index()
	}
	name, ok := p.names.get(head)
	if !ok {
		p.out.Write("<<UNKNOWN SSA VALUE>>")
		return
	}
	p.name(name)
	if no >= 0 {
		p.out.Byte('#')
		p.out.Int(int64(no))
	}
}

// blockIndex is b's index in its region, 0 for a block not numbered.
func (p *printer) blockIndex(b *ir.Block) int {
	i, _ := p.names.block(b)
	return i
}

func (p *printer) blockName(b *ir.Block) {
	i, ok := p.names.block(b)
	if !ok {
		p.out.Write("^INVALIDBLOCK")
		return
	}
	p.out.Write("^bb")
	p.out.Int(int64(i))
}

// op prints one op at the current indentation, with its location.
func (p *printer) op(op *ir.Operation) {
	if n := op.NumResults(); n > 0 {
		name, _ := p.names.get(op.Result(0))
		p.name(name)
		if n > 1 {
			p.out.Byte(':')
			p.out.Int(int64(n))
		}
		p.out.Write(" = ")
	}
	p.out.Quoted(op.Name().String())
	p.out.Byte('(')
	for i, v := range op.Operands() {
		if i > 0 {
			p.out.Write(", ")
		}
		p.value(v)
	}
	p.out.Byte(')')
	if op.NumSuccessors() > 0 {
		p.out.Byte('[')
		for i, s := range op.Successors() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.blockName(s)
		}
		p.out.Byte(']')
	}
	base := len(p.attrStack)
	props, attrs := p.split(op)
	if props.ok {
		p.out.Write(" <")
		if props.attr != nil {
			p.attr(props.attr, elideNever)
		} else {
			p.out.Byte('{')
			p.namedAttrs(props.named)
			p.out.Byte('}')
		}
		p.out.Byte('>')
	}
	if op.NumRegions() > 0 {
		p.out.Write(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.region(r)
		}
		p.out.Byte(')')
	}
	if len(attrs) > 0 {
		p.out.Write(" {")
		p.namedAttrs(attrs)
		p.out.Byte('}')
	}
	p.attrStack = p.attrStack[:base]
	p.out.Write(" : (")
	for i, v := range op.Operands() {
		if i > 0 {
			p.out.Write(", ")
		}
		if v == nil {
			p.out.Write("<<NULL TYPE>>")
			continue
		}
		p.typ(v.Type())
	}
	p.out.Byte(')')
	p.arrowTypes(valueTypes(op.Results()))
	p.trailingLoc(op.Loc(), true)
}

func valueTypes(vs []*ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

// arrowTypes prints " -> T", or " -> (T, U)" for any number of types but
// one and for a single function type.
func (p *printer) arrowTypes(ts []ir.Type) {
	p.out.Write(" -> ")
	wrap := len(ts) != 1 || isFunctionType(ts[0])
	if wrap {
		p.out.Byte('(')
	}
	p.types(ts)
	if wrap {
		p.out.Byte(')')
	}
}

func (p *printer) types(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.out.Write(", ")
		}
		p.typ(t)
	}
}

func (p *printer) namedAttrs(attrs []ir.NamedAttr) {
	for i, a := range attrs {
		if i > 0 {
			p.out.Write(", ")
		}
		p.out.KeywordOrString(a.Name)
		if isUnit(a.Value) {
			continue
		}
		p.out.Write(" = ")
		p.attr(a.Value, elideNever)
	}
}

// split divides op's attributes into the properties MLIR prints in
// <{...}> and the dictionary it prints in {...}. Registered ops keep
// their inherent attributes (and segment sizes) as properties from LLVM
// 17 on; an unregistered op of a v5+ file may carry a properties
// attribute of its own.
func (p *printer) split(op *ir.Operation) (props opProps, attrs []ir.NamedAttr) {
	schema := p.schema(op)
	if schema == nil {
		if a := op.Properties(); a != nil && p.release >= 17 {
			return opProps{ok: true, attr: a}, op.Attrs()
		}
		return opProps{}, op.Attrs()
	}
	// An op's attributes are sorted by name, and so its properties and
	// the rest: both are cut from them without sorting again, unless
	// defaults or segment sizes join them. The rest is printed after the
	// op's regions: it goes on attrStack, above the enclosing ops'.
	all := op.Attrs()
	in := p.propScratch[:0]
	if p.release >= 17 {
		for _, a := range all {
			if isProperty(schema, a.Name) {
				in = append(in, a)
			}
		}
	}
	switch {
	case len(in) == 0:
		attrs = all
	case len(in) < len(all):
		base := len(p.attrStack)
		for _, a := range all {
			if !isProperty(schema, a.Name) {
				p.attrStack = append(p.attrStack, a)
			}
		}
		attrs = p.attrStack[base:]
	}
	segs := p.segmentAttrs(op, schema)
	if p.release < 17 {
		return opProps{}, sortedMerge(attrs, segs)
	}
	sorted := len(in)
	in = append(in, p.nativeDefaults(op, schema)...)
	in = append(in, segs...)
	if len(in) > sorted {
		slices.SortStableFunc(in, byName)
	}
	p.propScratch = in
	if len(in) == 0 {
		return opProps{}, attrs
	}
	return opProps{ok: true, named: in}, attrs
}

// opProps is what an op prints between <>: an attribute of its own
// (properties no schema here describes), or named values.
type opProps struct {
	ok    bool
	attr  ir.Attribute
	named []ir.NamedAttr // scratch, until the next op's are split off
}

// schema is the op's schema at the printed release, nil for ops no
// dialect here defines.
func (p *printer) schema(op *ir.Operation) *bytecode.OpSchema {
	name := op.Name()
	if name.Op == "" {
		return nil
	}
	ctx := p.context()
	if ctx == nil {
		return nil
	}
	d, ok := ctx.Dialect(name.Dialect).(bytecode.OpSchemas)
	if !ok {
		return nil
	}
	return d.OpSchema(name.Op, p.release)
}

// context is the context the module's values belong to: that of the
// first location, attribute or type found.
func (p *printer) context() *ir.Context {
	if p.ctx != nil || p.noCtx {
		return p.ctx
	}
	p.m.Op.Walk(func(op *ir.Operation) bool {
		switch {
		case op.Loc() != nil:
			p.ctx = op.Loc().Context()
		case len(op.Attrs()) > 0 && op.Attrs()[0].Value != nil:
			p.ctx = op.Attrs()[0].Value.Context()
		case op.NumResults() > 0 && op.Result(0).Type() != nil:
			p.ctx = op.Result(0).Type().Context()
		}
		return p.ctx == nil
	})
	p.noCtx = p.ctx == nil
	return p.ctx
}

func sortedMerge(a, b []ir.NamedAttr) []ir.NamedAttr {
	if len(b) == 0 {
		return a
	}
	out := append(slices.Clone(a), b...)
	slices.SortStableFunc(out, byName)
	return out
}

// byName orders named attributes by name, as a dictionary holds them.
func byName(x, y ir.NamedAttr) int { return strings.Compare(x.Name, y.Name) }

// region prints {...} with its blocks; the entry block's header only
// when it has arguments or no ops.
func (p *printer) region(r *ir.Region) {
	p.out.Byte('{')
	p.out.Byte('\n')
	for i, b := range r.Blocks() {
		if i > 0 || b.NumArgs() > 0 || b.NumOps() == 0 {
			p.blockHeader(b, i == 0)
		}
		p.out.Indent()
		for _, op := range b.Ops() {
			p.indent()
			p.op(op)
			p.out.Byte('\n')
		}
		p.out.Dedent()
	}
	p.indent()
	p.out.Byte('}')
}

// indent starts a line at the current depth: an op's block headers and
// closing brace at the op's own, its ops one deeper.
func (p *printer) indent() {
	for range p.out.Depth() {
		p.out.Write("  ")
	}
}

func (p *printer) blockHeader(b *ir.Block, entry bool) {
	p.indent()
	p.blockName(b)
	if b.NumArgs() > 0 {
		p.out.Byte('(')
		for i, a := range b.Args() {
			if i > 0 {
				p.out.Write(", ")
			}
			p.value(a)
			p.out.Write(": ")
			p.typ(a.Type())
			p.trailingLoc(a.Loc(), false)
		}
		p.out.Byte(')')
	}
	p.out.Byte(':')
	preds := p.preds[b]
	switch {
	case len(preds) == 0:
		if !entry {
			p.out.Write("  // no predecessors")
		}
	case len(preds) == 1:
		p.out.Write("  // pred: ")
		p.blockName(preds[0])
	default:
		sorted := slices.Clone(preds)
		slices.SortStableFunc(sorted, func(x, y *ir.Block) int { return p.blockIndex(x) - p.blockIndex(y) })
		p.out.Write("  // ")
		p.out.Int(int64(len(sorted)))
		p.out.Write(" preds: ")
		for i, s := range sorted {
			if i > 0 {
				p.out.Write(", ")
			}
			p.blockName(s)
		}
	}
	p.out.Byte('\n')
}

// trailingLoc prints " loc(...)", by alias when allowed and there is one.
func (p *printer) trailingLoc(l ir.Location, allowAlias bool) {
	if p.noLocs {
		return
	}
	p.out.Write(" loc(")
	if l == nil {
		p.out.Write("unknown")
	} else if !allowAlias || !p.alias(l) {
		p.locInner(l, true)
	}
	p.out.Byte(')')
}

// defs prints the alias definitions that are deferred (after the top op)
// or not.
func (p *printer) defs(deferred bool) {
	if p.aliases == nil {
		return
	}
	p.aliases.Definitions(func(key any, alias string, d bool) {
		if d != deferred {
			return
		}
		p.out.Write(alias)
		p.out.Write(" = ")
		switch k := key.(type) {
		case ir.Type:
			p.typeImpl(k)
		case ir.Attribute:
			p.attrImpl(k, elideNever)
		}
		p.out.Byte('\n')
	})
}

// segmentAttrs are the segment sizes of op as the attributes MLIR prints
// for them: operandSegmentSizes = array<i32: ...> (operand_segment_sizes
// up to LLVM 17).
func (p *printer) segmentAttrs(op *ir.Operation, s *bytecode.OpSchema) []ir.NamedAttr {
	var out []ir.NamedAttr
	add := func(ok bool, sizes []int32, result bool) {
		if !ok || sizes == nil {
			return
		}
		ctx := p.context()
		raw := make([]byte, 4*len(sizes))
		for i, v := range sizes {
			binary.LittleEndian.PutUint32(raw[4*i:], uint32(v))
		}
		i32 := builtin.GetIntegerType(ctx, 32, builtin.SignednessSignless)
		out = append(out, ir.NamedAttr{Name: segmentsName(result, p.release), Value: builtin.GetDenseArrayAttr(ctx, i32, int64(len(sizes)), raw)})
	}
	add(s.OperandSegments, op.OperandSegments(), false)
	add(s.ResultSegments, op.ResultSegments(), true)
	return out
}

func segmentsName(result bool, release int) string {
	old := release <= 17
	switch {
	case old && result:
		return "result_segment_sizes"
	case old:
		return "operand_segment_sizes"
	case result:
		return "resultSegmentSizes"
	}
	return "operandSegmentSizes"
}

// nativeDefaults are the native properties op does not carry, at their
// default values: a native property always has a value, and MLIR prints
// it (a file before v5 leaves defaults out of the dictionary). The
// default is what the property's codec writes for "no value" and reads
// back.
func (p *printer) nativeDefaults(op *ir.Operation, s *bytecode.OpSchema) []ir.NamedAttr {
	var out []ir.NamedAttr
	for _, f := range s.Properties {
		if f.Kind != bytecode.PropNative || f.Native == nil || op.Attr(f.Name) != nil {
			continue
		}
		b, err := f.Native.AppendProp(nil, nil)
		if err != nil {
			continue // no default: the op is missing a required value
		}
		a, err := f.Native.ReadProp(wire.NewReader(b, 0, "properties"), p.context())
		if err == nil && a != nil {
			out = append(out, ir.NamedAttr{Name: f.Name, Value: a})
		}
	}
	return out
}

// newestRelease is the release printed when neither the caller nor the
// module names one.
const newestRelease = 22

// valueText prints one attribute or type alone, without aliases, as a
// dialect's text stores it.
func valueText(x any, release int) string {
	p := &printer{
		out:       &asm.Printer{},
		release:   release,
		distinct:  map[ir.Attribute]int{},
		resources: map[ir.ResourceHandle]bool{},
		noCtx:     true,
	}
	switch x := x.(type) {
	case ir.Attribute:
		p.ctx, p.noCtx = x.Context(), false
		p.attrImpl(x, elideNever)
	case ir.Type:
		p.ctx, p.noCtx = x.Context(), false
		p.typeImpl(x)
	}
	return p.out.String()
}

func isProperty(s *bytecode.OpSchema, name string) bool {
	for _, f := range s.Properties {
		if f.Name == name {
			return true
		}
	}
	return false
}
