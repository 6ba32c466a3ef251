package tileir

import (
	"errors"
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// ReadOptions configure Read.
type ReadOptions struct {
	// MaxNesting bounds how deeply regions, types, attributes and
	// debug-info entries nest (0: DefaultMaxNesting), as
	// WriteOptions.MaxNesting does for Write.
	MaxNesting int
}

// ReadFile reads the file at path as Read does. The module holds copies of
// what it needs, so nothing stays mapped.
func ReadFile(d Dialect, path string, opts ReadOptions) (*Module, error) {
	fm, err := filemap.Open(path)
	if err != nil {
		return nil, err
	}
	defer fm.Close()
	m, err := Read(d, fm.Data, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Read decodes a whole Tile IR file with the codecs of dialect d.
// Everything upstream's reader rejects is rejected, with an error that
// names the byte offset, the section and what was expected. Dense buffers
// and strings are copied; data may be reused afterwards.
func Read(d Dialect, data []byte, opts ReadOptions) (*Module, error) {
	return read(d, data, opts, nil)
}

// read is Read, telling tr what each byte range holds when it is not nil.
func read(d Dialect, data []byte, opts ReadOptions, tr wire.Tracer) (*Module, error) {
	v, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	secs, err := splitSections(data)
	if err != nil {
		return nil, err
	}
	m := &Module{Version: v}
	limit := nestingLimit(opts.MaxNesting)
	dec := &Decoder{d: d, version: v, maxOpcode: d.MaxOpcode(v), limit: limit, tr: tr}
	if tr != nil {
		explainFraming(data, secs, tr)
	}
	for _, id := range []int{sectionString, sectionFunc} {
		if secs[id] == nil {
			return nil, wire.NewReader(nil, int64(len(data)), sectionNames[id]).Errorf("a "+sectionNames[id]+" section (it is mandatory)", wire.ErrInvalid)
		}
	}
	if dec.strings, err = newStringTable(*secs[sectionString]); err != nil {
		return nil, err
	}
	if tr != nil {
		explainStrings(*secs[sectionString], &dec.strings, tr)
	}
	if s := secs[sectionProducer]; s != nil {
		r := s.Reader("Producer")
		i, err := r.ULEB128()
		if err != nil {
			return nil, err
		}
		p, ok := dec.strings.get(i)
		if !ok {
			return nil, r.ErrorAt(s.Offset, fmt.Sprintf("a string index below %d for the producer, not %d", dec.strings.len(), i), wire.ErrInvalid)
		}
		m.Producer, m.HasProducer = p, true
		if tr != nil {
			tr.Span(s.Offset, r.Offset(), fmt.Sprintf("producer: string %d, %q", i, p))
		}
	}
	if s := secs[sectionType]; s != nil {
		if dec.types, err = newTypeTable(*s); err != nil {
			return nil, err
		}
		if tr != nil {
			explainTypes(*s, dec, tr)
		}
	}
	if s := secs[sectionConstant]; s != nil {
		if dec.consts, err = newConstTable(*s); err != nil {
			return nil, err
		}
		if tr != nil {
			explainConstants(*s, dec.consts, tr)
		}
	}
	var dbg *debugTable
	if s := secs[sectionDebug]; s != nil {
		if dbg, err = parseDebug(*s, &dec.strings, limit); err != nil {
			return nil, err
		}
		if tr != nil {
			defer explainDebug(*s, dbg, tr) // after the ops have read the entries they use
		}
	}
	if s := secs[sectionGlobal]; s != nil {
		if m.Globals, err = readGlobals(dec, *s); err != nil {
			return nil, err
		}
	}
	if m.Funcs, err = readFuncs(dec, *secs[sectionFunc], dbg); err != nil {
		return nil, err
	}
	return m, nil
}

func readGlobals(dec *Decoder, s wire.Section) ([]*Global, error) {
	dec.r = s.Reader("Global")
	per := 4
	if dec.version.AtLeast(13, 3) {
		per = 6
	}
	n, err := dec.Count(per, "globals")
	if err != nil {
		return nil, err
	}
	out := make([]*Global, n)
	for i := range out {
		g := &Global{}
		start := dec.r.Offset()

		if g.Name, err = dec.Symbol("a global's name"); err != nil {
			return nil, err
		}
		if g.Type, err = dec.Type("global '" + g.Name + "'"); err != nil {
			return nil, err
		}
		if g.Data, err = dec.Const("global '" + g.Name + "'"); err != nil {
			return nil, err
		}
		if err := dec.d.CheckDense(Dense{Type: g.Type, Data: g.Data}); err != nil {
			return nil, dec.r.ErrorAt(start, "a value that fits the type of global '"+g.Name+"'", fmt.Errorf("%v: %w", err, wire.ErrInvalid))
		}
		if g.Alignment, err = dec.ULEB128("the alignment of global '" + g.Name + "'"); err != nil {
			return nil, err
		}
		if per == 6 {
			at := dec.r.Offset()
			vis, err := dec.ULEB128("the visibility of global '" + g.Name + "'")
			if err != nil {
				return nil, err
			}
			if vis > 1 {
				return nil, dec.r.ErrorAt(at, "visibility 0 (public) or 1 (private)", fmt.Errorf("invalid symbol visibility value: %d", vis))
			}
			g.Private = vis == 1
			c, err := dec.ULEB128("the constant flag of global '" + g.Name + "'")
			if err != nil {
				return nil, err
			}
			g.Constant = c != 0
		}
		if dec.tr != nil {
			dec.tr.Span(start, dec.r.Offset(), fmt.Sprintf("global #%d '%s'", i, g.Name))
		}
		out[i] = g
	}
	return out, nil
}

type funcEntry struct {
	fn       *Function
	sigAt    int64
	sig      uint64
	locIndex uint64
	body     []byte
	bodyOff  int64
}

func readFuncs(dec *Decoder, s wire.Section, dbg *debugTable) ([]*Function, error) {
	dec.r = s.Reader("Func")
	start := dec.r.Offset()
	n, err := dec.ULEB128("the number of functions")
	if err != nil {
		return nil, err
	}
	if n > uint64(len(s.Data)) {
		return nil, dec.r.ErrorAt(start, fmt.Sprintf("at most %d functions in a %d-byte section, not %d", len(s.Data), len(s.Data), n), wire.ErrTruncated)
	}
	// The table first (hints included), as upstream reads it; bodies after.
	entries := make([]funcEntry, n)
	for i := range entries {
		e := &entries[i]
		e.fn = &Function{}
		entryAt := dec.r.Offset()
		if e.fn.Name, err = dec.String("a function name"); err != nil {
			return nil, err
		}
		e.sigAt = dec.r.Offset()
		if e.sig, err = dec.ULEB128("the signature type index of function '" + e.fn.Name + "'"); err != nil {
			return nil, err
		}
		flags, err := dec.Byte("the flags of function '" + e.fn.Name + "'")
		if err != nil {
			return nil, err
		}
		e.fn.Kernel = flags&funcFlagKernel != 0
		e.fn.Flags = flags &^ (funcFlagKernel | funcFlagHints)
		if e.locIndex, err = dec.ULEB128("the location index of function '" + e.fn.Name + "'"); err != nil {
			return nil, err
		}
		if flags&funcFlagKernel != 0 && flags&funcFlagHints != 0 {
			at := dec.r.Offset()
			h, err := dec.Attr("the optimization hints of function '" + e.fn.Name + "'")
			if err != nil {
				return nil, err
			}
			if !dec.d.HintsAttr(h) {
				return nil, dec.r.ErrorAt(at, "an optimization-hints attribute", fmt.Errorf("invalid optimization hints attribute for function '%s'", e.fn.Name))
			}
			e.fn.Hints = h
		}
		at := dec.r.Offset()
		l, err := dec.ULEB128("the body length of function '" + e.fn.Name + "'")
		if err != nil {
			return nil, err
		}
		if l > uint64(dec.r.Len()) {
			return nil, dec.r.ErrorAt(at, fmt.Sprintf("a body of at most %d bytes", dec.r.Len()),
				fmt.Errorf("function body length %d exceeds remaining bytecode data (%d bytes)", l, dec.r.Len()))
		}
		e.bodyOff = dec.r.Offset()
		e.body, _ = dec.r.Bytes(l)
		if dec.tr != nil {
			dec.tr.Span(entryAt, dec.r.Offset(), fmt.Sprintf("function #%d '%s'", i, e.fn.Name))
			dec.tr.Span(e.bodyOff, dec.r.Offset(), "body")
		}
	}
	// Bytes after the last function are padding; upstream ignores them.
	if dec.tr != nil && dec.r.Len() > 0 {
		dec.tr.Span(dec.r.Offset(), dec.r.Offset()+int64(dec.r.Len()), "padding")
	}
	out := make([]*Function, n)
	for i := range entries {
		e := &entries[i]
		fn := e.fn
		if fn.Name == "" {
			return nil, wire.NewReader(nil, e.sigAt, "Func").Errorf("a non-empty function name", wire.ErrInvalid)
		}
		sigErr := func(err error) error {
			return wire.NewReader(nil, e.sigAt, "Func").Errorf("the signature of function '"+fn.Name+"'", err)
		}
		t, err := dec.types.get(dec, e.sig)
		if err != nil {
			var we *wire.Error
			if errors.As(err, &we) {
				return nil, err
			}
			return nil, sigErr(err)
		}
		ins, _, ok := dec.d.Signature(t)
		if !ok {
			return nil, sigErr(fmt.Errorf("type %d (%s) is not a function type: %w", e.sig, t, wire.ErrInvalid))
		}
		fn.Type = t
		cur, err := dbg.cursor(e.locIndex)
		if err != nil {
			return nil, sigErr(err)
		}
		if fn.Loc, err = cur.next(); err != nil {
			return nil, sigErr(err)
		}
		dec.debug = cur
		fn.Params = NewBlock(ins...).Args
		dec.values = append(dec.values[:0], fn.Params...)
		dec.r = wire.NewReader(e.body, e.bodyOff, "Func")
		for !dec.r.Empty() {
			op, err := dec.op()
			if err != nil {
				return nil, err
			}
			fn.Body = append(fn.Body, op)
		}
		dec.debug = nil
		out[i] = fn
	}
	return out, nil
}
