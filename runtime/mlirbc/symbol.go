package mlirbc

import (
	"errors"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Symbol returns the first op directly inside the root op's regions (a
// function of the module, say) whose sym_name is name, or nil if there is
// none.
//
// A module read with ReadOptions{Lazy} whose root is not materialized yet
// stays so: Symbol skims the root's body without decoding the other ops
// and reads only the one it returns, whose own regions stay unread until
// its Materialize. That op is the one a later Materialize of the root puts
// in its block; until then its Parent is nil. Where skimming cannot answer (a file before bytecode v5,
// where symbol names sit in attribute dictionaries; an op that shares
// values or use-lists with its neighbours; Verify set), Symbol
// materializes the root and searches it.
func (m *Module) Symbol(name string) (*ir.Operation, error) {
	if m.body != nil && !m.Op.Loaded() {
		if op, ok := m.body.find(name); ok {
			return op, nil
		}
	}
	if err := m.Op.Materialize(); err != nil {
		return nil, err
	}
	for _, rg := range m.Op.Regions() {
		for _, b := range rg.Blocks() {
			for _, op := range b.Ops() {
				if s, ok := op.Attr("sym_name").(interface{ Value() string }); ok && s.Value() == name {
					return op, nil
				}
			}
		}
	}
	return nil, nil
}

// lazyBody is the unread body of a lazily read root op.
type lazyBody struct {
	rd      *reader
	op      *ir.Operation // the root
	section wire.Section
	regions int
	depth   int // of the root op
}

// spliced is an op Symbol read on its own, for the root's Materialize to
// take in place of reading it again.
type spliced struct {
	op  *ir.Operation
	end int64
}

// errSkim stops a skim that cannot answer; the caller falls back to a
// full read, which reports what is wrong with the bytes, if anything.
var errSkim = errors.New("skim cannot answer")

// errFound stops a skim at the first op of the name sought: a search of
// the materialized root returns the first too, so the ops after it need
// not be skimmed (the rest of the body is checked when it is read).
var errFound = errors.New("symbol found")

// find skims the body for the op named name. ok is false where it cannot
// tell.
func (lb *lazyBody) find(name string) (op *ir.Operation, ok bool) {
	rd := lb.rd
	rd.mu.Lock()
	defer rd.mu.Unlock()
	// A root loaded meanwhile (its regions are set under rd.mu) is
	// searched instead.
	if lb.op.Regions() != nil || rd.verify || lb.depth+1 > rd.maxDepth {
		return nil, false
	}
	sk := skimmer{rd: rd, name: name}
	r := lb.section.Reader("IR")
	switch err := sk.regions(r, lb.regions, lb.depth+1, true); {
	case err == errFound:
	case err != nil || !r.Empty():
		return nil, false
	case sk.found < 0:
		return nil, !sk.unsure
	}
	if sp, ok := rd.spliced[sk.found]; ok {
		return sp.op, true
	}
	var or wire.Reader
	at := sk.found - lb.section.Offset
	or.Reset(lb.section.Data[at:], sk.found, "IR")
	op = &ir.Operation{}
	saved := rd.depth
	rd.depth = lb.depth + 1
	err := rd.readOp(&or, op, &valueScope{uses: ir.NewMarkGeneration()}, nil)
	rd.depth = saved
	if err != nil {
		return nil, false
	}
	if rd.spliced == nil {
		rd.spliced = map[int64]spliced{}
	}
	rd.spliced[sk.found] = spliced{op: op, end: or.Offset()}
	return op, true
}

// skimmer walks ops without decoding them, looking for a symbol at the
// top level of the body.
type skimmer struct {
	rd     *reader
	name   string
	found  int64    // offset of the op, or -1
	unsure bool     // some op's symbol name could not be read
	nameAt []uint64 // indices of name in the string table, once looked for
	// symField is, per op schema met, the place of sym_name among its
	// properties, or noSymName or symNameHidden; builtin is the builtin
	// dialect's index in the file (-1: none), once looked for.
	symField map[*bytecode.OpSchema]int
	builtin  int
	builtinK bool
	// lastSchema and lastAt repeat symField's answer for the schema met
	// last: a module's top-level ops are mostly of one kind.
	lastSchema *bytecode.OpSchema
	lastAt     int
}

func (sk *skimmer) regions(r *wire.Reader, n, depth int, top bool) error {
	if depth > sk.rd.maxDepth {
		return errSkim
	}
	if top {
		sk.found = -1
	}
	for range n {
		nb, err := r.Count(minBlockSize, "blocks")
		if err != nil {
			return err
		}
		if nb == 0 {
			continue
		}
		if _, err := r.Count(minValueSize, "values"); err != nil {
			return err
		}
		for range nb {
			if err := sk.block(r, depth, top); err != nil {
				return err
			}
		}
	}
	return nil
}

func (sk *skimmer) block(r *wire.Reader, depth int, top bool) error {
	numOps, hasArgs, err := r.VarIntWithFlag()
	if err != nil {
		return err
	}
	v := sk.rd.f.Version
	if hasArgs {
		n, err := r.Count(minValueSize, "block arguments")
		if err != nil {
			return err
		}
		for range n {
			if v >= 4 {
				_, hasLoc, err := r.VarIntWithFlag()
				if err == nil && hasLoc {
					_, err = r.VarInt()
				}
				if err != nil {
					return err
				}
			} else if err := sk.varInts(r, 2); err != nil {
				return err
			}
		}
		if v >= 3 {
			marker, err := r.Byte()
			if err != nil {
				return err
			}
			if marker == maskUseLists {
				if err := skipUseLists(r, n); err != nil {
					return err
				}
			}
		}
	}
	for range numOps {
		if err := sk.op(r, depth, top); err != nil {
			return err
		}
	}
	return nil
}

func (sk *skimmer) varInts(r *wire.Reader, n int) error {
	for range n {
		if _, err := r.VarInt(); err != nil {
			return err
		}
	}
	return nil
}

// counted skips a count and that many varints.
func (sk *skimmer) counted(r *wire.Reader) (int, error) {
	n, err := r.Count(1, "values")
	if err != nil {
		return 0, err
	}
	return n, sk.varInts(r, n)
}

func (sk *skimmer) op(r *wire.Reader, depth int, top bool) error {
	start := r.Offset()
	info, err := sk.rd.opName(r)
	if err != nil {
		return err
	}
	mask, err := r.Byte()
	if err != nil {
		return err
	}
	if _, err := r.VarInt(); err != nil { // location
		return err
	}
	if mask&maskAttrs != 0 {
		if _, err := r.VarInt(); err != nil {
			return err
		}
	}
	match := false
	if top {
		if mask&maskProperties == 0 {
			// A symbol name, if any, is in the dictionary.
			sk.unsure = sk.unsure || mask&maskAttrs != 0
		} else {
			i, err := r.VarInt()
			if err != nil {
				return err
			}
			var sure bool
			if match, sure = sk.symbolIs(info, i); !sure {
				sk.unsure = true
			}
			if match && mask&(maskResults|maskOperands|maskSuccessors|maskUseLists) != 0 {
				return errSkim // shares values with its neighbours
			}
		}
	} else if mask&maskProperties != 0 {
		if _, err := r.VarInt(); err != nil {
			return err
		}
	}
	nres := 0
	if mask&maskResults != 0 {
		if nres, err = sk.counted(r); err != nil {
			return err
		}
	}
	for _, bit := range []byte{maskOperands, maskSuccessors} {
		if mask&bit != 0 {
			if _, err := sk.counted(r); err != nil {
				return err
			}
		}
	}
	if mask&maskUseLists != 0 {
		if err := skipUseLists(r, nres); err != nil {
			return err
		}
	}
	if mask&maskRegions != 0 {
		n, isolated, err := r.VarIntWithFlag()
		if err != nil {
			return err
		}
		if n == 0 || n > uint64(r.Len()) {
			return errSkim
		}
		if isolated && sk.rd.f.Version >= 2 {
			if err := r.SkipSection(); err != nil {
				return err
			}
		} else {
			if match {
				return errSkim // regions that are read with the body
			}
			if err := sk.regions(r, int(n), depth+1, false); err != nil {
				return err
			}
		}
	}
	if match {
		if sk.unsure {
			return errSkim // an op before it may hold the name in a way not read here
		}
		sk.found = start
		return errFound
	}
	return nil
}

// symbolIs reports whether the properties entry i of an op holds the
// symbol name sought; sure is false where that cannot be told without
// decoding.
func (sk *skimmer) symbolIs(info *opNameInfo, i uint64) (match, sure bool) {
	rd := sk.rd
	s := info.schema
	if s == nil || i >= uint64(rd.props.len()) {
		return false, s == nil && !info.name.Registered
	}
	if rd.f.Version < 6 && (s.OperandSegments || s.ResultSegments) {
		return false, false // legacy segment sizes may come first
	}
	data, offset := rd.props.entry(int(i))
	pr := wire.NewReader(data, offset, "Properties")
	at, ok := sk.lastAt, s == sk.lastSchema
	if !ok {
		at, ok = sk.symField[s]
	}
	if !ok {
		at = slices.IndexFunc(s.Properties, func(f bytecode.PropField) bool { return f.Name == "sym_name" })
		for _, f := range s.Properties[:max(at+1, 0)] {
			if f.Kind != bytecode.PropAttr && f.Kind != bytecode.PropOptionalAttr {
				at = symNameHidden
				break
			}
		}
		if sk.symField == nil {
			sk.symField = map[*bytecode.OpSchema]int{}
		}
		sk.symField[s] = at
	}
	sk.lastSchema, sk.lastAt = s, at
	switch at {
	case noSymName:
		return false, true
	case symNameHidden:
		return false, false
	}
	fields := s.Properties[:at+1]
	for k := range fields {
		var idx uint64
		present := true
		var err error
		if fields[k].Kind == bytecode.PropAttr {
			idx, err = pr.VarInt()
		} else {
			idx, present, err = pr.VarIntWithFlag()
		}
		if err != nil {
			return false, false
		}
		if k < at {
			continue
		}
		if !present {
			return false, true
		}
		if match, sure := sk.stringEntryIs(idx); sure {
			return match, true
		}
		a, err := rd.dec.Attribute(idx)
		if err != nil {
			return false, false
		}
		v, ok := a.(interface{ Value() string })
		return ok && v.Value() == sk.name, ok
	}
	return false, false
}

// Where sym_name is in an op's properties when not at an index: nowhere,
// or after a field the skimmer cannot step over (only decoding tells).
const (
	noSymName     = -1
	symNameHidden = -2
)

// builtinStringCode is the code of a builtin StringAttr without a type
// in MLIR's builtin bytecode encoding, followed by a string index.
const builtinStringCode = 2

// stringEntryIs compares attribute entry i with the name sought without
// decoding it, when it is a plain builtin StringAttr; sure is false for
// any other form, which the caller decodes.
func (sk *skimmer) stringEntryIs(i uint64) (match, sure bool) {
	f := sk.rd.f
	if i >= uint64(f.Attrs.Len()) {
		return false, false
	}
	if !sk.builtinK {
		sk.builtin = slices.IndexFunc(f.Dialects, func(d bytecode.Dialect) bool { return d.Name == "builtin" })
		sk.builtinK = true
	}
	data, custom := f.Attrs.Bytes(int(i))
	// The code as a one-byte varint: a longer form of it is left to the
	// decoder, as are entries of other dialects.
	if !custom || len(data) < 2 || data[0] != builtinStringCode<<1|1 || f.Attrs.DialectOf(int(i)) != sk.builtin {
		return false, false
	}
	r := wire.NewReader(data[1:], 0, "AttrType")
	si, err := r.VarInt()
	if err != nil || !r.Empty() || si >= uint64(f.Strings.Len()) {
		return false, false
	}
	if sk.nameAt == nil {
		// Find the name in the string table once, rather than look up
		// a string per op.
		sk.nameAt = f.Strings.IndicesOf(sk.name)
		if sk.nameAt == nil {
			sk.nameAt = []uint64{}
		}
	}
	return slices.Contains(sk.nameAt, si), true
}

// skipUseLists skips the use-list orders of n values.
func skipUseLists(r *wire.Reader, n int) error {
	count := 1
	if n != 1 {
		var err error
		if count, err = r.Count(2, "values with use-list orders"); err != nil {
			return err
		}
	}
	for range count {
		if n != 1 {
			if _, err := r.VarInt(); err != nil {
				return err
			}
		}
		k, _, err := r.VarIntWithFlag()
		if err != nil {
			return err
		}
		if k > uint64(r.Len()) {
			return errSkim
		}
		for range k {
			if _, err := r.VarInt(); err != nil {
				return err
			}
		}
	}
	return nil
}
