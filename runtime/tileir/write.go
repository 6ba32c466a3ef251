package tileir

import (
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// WriteOptions configure Write.
type WriteOptions struct {
	// Version is the target version, which must be set (V13_3, Latest,
	// or what Module.Options gives for the version read). Anything newer
	// than it (an op, an attribute, a type, an enum value, a global's
	// visibility) makes Write fail with a *wire.VersionError naming it.
	Version Version
	// MaxNesting bounds how deeply regions, types, attributes and
	// debug-info entries nest (0: DefaultMaxNesting). Read with the same
	// limit reads what Write writes.
	MaxNesting int
}

// Write encodes m the way NVIDIA's C++ writer does: sections in its order
// (Global, Func, Constant, Debug, Type, Producer, String, end), table
// indices in first-use order with function names and signatures first,
// the same alignment and padding.
//
// Write checks what it writes, so that the file reads back as the module
// built: nothing is nil, the IR is a tree (no op in two places, no region
// inside itself, each value defined once), every operand is in scope where
// it is used, region blocks end with a terminator, dense values fit their
// types, and nothing nests deeper than opts.MaxNesting. A violation is an
// error naming the function and the op (a *wire.OpError with its path).
//
// Write does not change m, but it numbers values in scratch fields, so
// one module, or modules sharing ops or values, must not be written from
// two goroutines at once.
func Write(w io.Writer, d Dialect, m *Module, opts WriteOptions) error {
	b, err := Append(nil, d, m, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Append appends the file for m to b; see Write.
func Append(b []byte, d Dialect, m *Module, opts WriteOptions) ([]byte, error) {
	out, err := encode(b, m, d, opts)
	if err != nil {
		return b, err
	}
	return out, nil
}

// Options returns the options that write m at the version it was read at.
func (m *Module) Options() WriteOptions { return WriteOptions{Version: m.Version} }

// encode appends the file to b (written only past len(b), so that a
// failure leaves b's bytes as they were).
func encode(b []byte, m *Module, d Dialect, opts WriteOptions) ([]byte, error) {
	target := opts.Version
	if target == (Version{}) {
		return nil, fmt.Errorf("%w: WriteOptions.Version is not set: choose 13.1, 13.2 or 13.3 (tileir.Latest), or write as read with Module.Options", wire.ErrUnsupportedVersion)
	}
	if !target.Supported() {
		return nil, fmt.Errorf("%w: Tile IR %s (supported are 13.1, 13.2 and 13.3)", wire.ErrUnsupportedVersion, target.Full())
	}
	e := newEncoder(d, target, nestingLimit(opts.MaxNesting))
	defer e.unnumberAll() // values stay numbered when a function fails
	slots := make([]uint64, len(m.Funcs))
	for i, fn := range m.Funcs {
		if fn == nil || fn.Name == "" {
			return nil, fmt.Errorf("function %d has no name", i)
		}
		e.StringIndex(fn.Name)
		if _, err := e.TypeIndex(fn.Type); err != nil {
			return nil, fmt.Errorf("function '%s': signature: %w", fn.Name, err)
		}
		if _, _, ok := d.Signature(fn.Type); !ok {
			return nil, fmt.Errorf("function '%s': signature %v is not a function type", fn.Name, fn.Type)
		}
		slot, err := e.debug.startFunc(fn.Loc)
		if err != nil {
			return nil, fmt.Errorf("function '%s': location: %w", fn.Name, err)
		}
		slots[i] = slot
	}
	global, err := globalPayload(e, m.Globals)
	if err != nil {
		return nil, err
	}
	funcs, err := funcPayload(e, m.Funcs, slots)
	if err != nil {
		return nil, err
	}
	var consts []byte
	if len(e.consts) > 0 {
		entries := make([][]byte, len(e.consts))
		for i, c := range e.consts {
			entries[i] = append(wire.AppendULEB128(nil, uint64(len(c.data))), c.data...)
		}
		consts = appendOffsetTable(nil, entries, 8)
	}
	var debug []byte
	if !e.debug.empty() {
		debug = e.debug.payload(e)
	}
	types := appendOffsetTable(nil, e.typeData, 4)
	var producer []byte
	if m.Producer != "" || m.HasProducer {
		if !target.AtLeast(13, 3) {
			return nil, e.TooNew("the producer section", V13_3)
		}
		producer = wire.AppendULEB128(nil, e.StringIndex(m.Producer))
	}
	strs := make([][]byte, len(e.strs))
	for i, s := range e.strs {
		strs[i] = []byte(s)
	}
	strings := appendOffsetTable(nil, strs, 4)

	out := append(append(b, Magic...), target.Major, target.Minor)
	out = wire.AppendUint16(out, target.Tag)
	f := wire.TileIRSection
	if global != nil {
		out = f.Append(out, sectionGlobal, 1, global)
	}
	out = f.Append(out, sectionFunc, 8, funcs)
	if consts != nil {
		out = f.Append(out, sectionConstant, 8, consts)
	}
	if debug != nil {
		out = f.Append(out, sectionDebug, 8, debug)
	}
	out = f.Append(out, sectionType, 4, types)
	if producer != nil {
		out = f.Append(out, sectionProducer, 1, producer)
	}
	out = f.Append(out, sectionString, 4, strings)
	return append(out, sectionEnd), nil
}

func globalPayload(e *Encoder, globals []*Global) ([]byte, error) {
	if len(globals) == 0 {
		return nil, nil
	}
	e.buf = wire.AppendULEB128(nil, uint64(len(globals)))
	v133 := e.target.AtLeast(13, 3)
	for i, g := range globals {
		if g == nil || g.Name == "" {
			return nil, fmt.Errorf("global %d has no name", i)
		}
		if !v133 && g.Private {
			return nil, e.TooNew("the private visibility of global '"+g.Name+"'", V13_3)
		}
		if !v133 && g.Constant {
			return nil, e.TooNew("the constant flag of global '"+g.Name+"'", V13_3)
		}
		e.String(g.Name)
		if err := e.Type(g.Type); err != nil {
			return nil, fmt.Errorf("global '%s': %w", g.Name, err)
		}
		if err := e.Const(Dense{Type: g.Type, Data: g.Data}); err != nil {
			return nil, fmt.Errorf("global '%s': %w", g.Name, err)
		}
		e.ULEB128(g.Alignment)
		if v133 {
			vis, c := uint64(0), uint64(0)
			if g.Private {
				vis = 1
			}
			if g.Constant {
				c = 1
			}
			e.ULEB128(vis)
			e.ULEB128(c)
		}
	}
	b := e.buf
	e.buf = nil
	return b, nil
}

func funcPayload(e *Encoder, funcs []*Function, slots []uint64) ([]byte, error) {
	section := wire.AppendULEB128(nil, uint64(len(funcs)))
	// Each body is encoded into scratch, then copied into the section:
	// one buffer for all, grown to the largest.
	var scratch []byte
	for i, fn := range funcs {
		ins, _, _ := e.d.Signature(fn.Type)
		if len(fn.Params) != len(ins) {
			return nil, fmt.Errorf("function '%s' has %d parameters, its signature %d", fn.Name, len(fn.Params), len(ins))
		}
		ti, _ := e.TypeIndex(fn.Type)
		section = wire.AppendULEB128(section, e.StringIndex(fn.Name))
		section = wire.AppendULEB128(section, ti)
		flags := fn.Flags &^ (funcFlagKernel | funcFlagHints)
		if fn.Kernel {
			flags |= funcFlagKernel
			if fn.Hints != nil {
				flags |= funcFlagHints
			}
		} else if fn.Hints != nil {
			return nil, fmt.Errorf("function '%s': only kernels carry optimization hints", fn.Name)
		}
		section = append(section, flags)
		section = wire.AppendULEB128(section, slots[i])
		if fn.Hints != nil {
			if !e.d.HintsAttr(fn.Hints) {
				return nil, fmt.Errorf("function '%s': hints must be an optimization-hints attribute, not %T", fn.Name, fn.Hints)
			}
			e.buf = scratch[:0]
			if err := e.Attr(fn.Hints); err != nil {
				return nil, fmt.Errorf("function '%s': %w", fn.Name, err)
			}
			section = append(section, e.buf...)
			scratch = e.buf
		}
		e.buf = scratch[:0]
		e.funcLoc = slots[i]
		// A flat body numbers a value per op: room for them at once.
		if need := len(fn.Params) + len(fn.Body); cap(e.scope) < need {
			e.scope = make([]*Value, 0, need)
		}
		for j, p := range fn.Params {
			if err := e.param(p, j, ins[j]); err != nil {
				return nil, fmt.Errorf("function '%s': %w", fn.Name, err)
			}
		}
		for j, op := range fn.Body {
			e.path = append(e.path[:0], j)
			if err := e.op(op); err != nil {
				return nil, fmt.Errorf("function '%s': %w", fn.Name, err)
			}
		}
		e.unnumberAll()
		section = wire.AppendULEB128(section, uint64(len(e.buf)))
		section = append(section, e.buf...)
		scratch = e.buf
	}
	e.buf = nil
	for len(section)%8 != 0 {
		section = append(section, wire.PaddingByte)
	}
	return section, nil
}

// param numbers parameter j, which must have the type the signature gives
// (a reader types parameters by the signature).
func (e *Encoder) param(p *Value, j int, want Type) error {
	if err := e.place(p); err != nil {
		return fmt.Errorf("parameter %d %w", j, err)
	}
	got, err := e.TypeIndex(p.Type)
	if err != nil {
		return fmt.Errorf("parameter %d: %w", j, err)
	}
	if w, _ := e.TypeIndex(want); got != w {
		return fmt.Errorf("parameter %d has type %s, the signature %s", j, p.Type, want)
	}
	e.number(p)
	return nil
}
