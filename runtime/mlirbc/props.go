package mlirbc

import (
	"fmt"
	"math/bits"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Properties are how ODS ops store inherent attributes from LLVM 17 on.
// In memory they live in Operation.Attrs with the discardable ones; the
// op's schema says which names are inherent and in what order they travel.
//
// Before bytecode v6 the segment sizes are a DenseI32ArrayAttr written
// where the legacy name operand_segment_sizes (result_segment_sizes) sorts
// among the attribute names; from v6 on they are sparse arrays at the end.

const (
	legacyOperandSegments = "operand_segment_sizes"
	legacyResultSegments  = "result_segment_sizes"
)

// segmentsDictName is the dictionary name of the segment sizes when they
// travel in the attribute dictionary. LLVM 17 and older used the
// snake-case name; 18 renamed it.
func segmentsDictName(result bool, release int) string {
	old := release != 0 && release <= 17
	switch {
	case old && result:
		return legacyResultSegments
	case old:
		return legacyOperandSegments
	case result:
		return "resultSegmentSizes"
	}
	return "operandSegmentSizes"
}

// hasPropertyStorage reports whether ops of a release keep inherent
// attributes as properties (LLVM 17 on).
func hasPropertyStorage(release int) bool { return release == 0 || release >= 17 }

// legacyPos is the number of attribute fields whose names sort before name:
// where a v5 writer puts the segment-size attribute.
func legacyPos(s *bytecode.OpSchema, name string) int {
	n := 0
	for _, p := range s.Properties {
		if p.Name < name {
			n++
		}
	}
	return n
}

// propReader decodes one registered op's properties entry.
type propReader struct {
	builtin bytecode.Builtin
	r       *wire.Reader
	dec     *bytecode.Decoder
	version int
}

func (p *propReader) attr(what string) (ir.Attribute, error) {
	at := p.r.Offset()
	i, err := p.r.VarInt()
	if err != nil {
		return nil, err
	}
	a, err := p.dec.Attribute(i)
	if err != nil {
		return nil, p.r.ErrorAt(at, "an attribute index for "+what, err)
	}
	return a, nil
}

func (p *propReader) optionalAttr(what string) (ir.Attribute, error) {
	at := p.r.Offset()
	v, present, err := p.r.VarIntWithFlag()
	if err != nil {
		return nil, err
	}
	if !present {
		if v != 0 {
			return nil, p.r.ErrorAt(at, "0 or (index << 1) | 1 for optional "+what, wire.ErrInvalid)
		}
		return nil, nil
	}
	a, err := p.dec.Attribute(v)
	if err != nil {
		return nil, p.r.ErrorAt(at, "an attribute index for "+what, err)
	}
	return a, nil
}

// segments reads a v5 segment-size attribute.
func (p *propReader) legacySegments(what string) ([]int32, error) {
	at := p.r.Offset()
	a, err := p.attr(what)
	if err != nil {
		return nil, err
	}
	seg, ok := p.builtin.Int32ArrayValues(a)
	if !ok {
		return nil, p.r.ErrorAt(at, "a DenseI32ArrayAttr for "+what, wire.ErrInvalid)
	}
	return seg, nil
}

// sparse reads a v6 sparse array of n elements (MLIR's readSparseArray).
func (p *propReader) sparse(n int, what string) ([]int32, error) {
	at := p.r.Offset()
	v, isSparse, err := p.r.VarIntWithFlag()
	if err != nil {
		return nil, err
	}
	out := make([]int32, n)
	if !isSparse {
		if v != uint64(n) {
			return nil, p.r.ErrorAt(at, fmt.Sprintf("%d elements of %s", n, what), wire.ErrInvalid)
		}
		for i := range out {
			x, err := p.r.VarInt()
			if err != nil {
				return nil, err
			}
			out[i] = int32(x)
		}
		return out, nil
	}
	if v > uint64(n) {
		return nil, p.r.ErrorAt(at, fmt.Sprintf("at most %d non-zero elements of %s", n, what), wire.ErrInvalid)
	}
	if v == 0 {
		return out, nil
	}
	at = p.r.Offset()
	b, err := p.r.VarInt()
	if err != nil {
		return nil, err
	}
	if b > 8 {
		return nil, p.r.ErrorAt(at, "an index width of at most 8 bits", wire.ErrInvalid)
	}
	for range v {
		at := p.r.Offset()
		x, err := p.r.VarInt()
		if err != nil {
			return nil, err
		}
		i := x & (1<<b - 1)
		if i >= uint64(n) {
			return nil, p.r.ErrorAt(at, fmt.Sprintf("an index below %d in %s", n, what), wire.ErrInvalid)
		}
		out[i] = int32(x >> b)
	}
	return out, nil
}

// readProperties decodes a registered op's entry into named attributes
// (in wire order, which sorts them by name) and segment sizes;
// attrs is where to append them.
func readProperties(op *ir.Operation, s *bytecode.OpSchema, p *propReader, attrs []ir.NamedAttr) ([]ir.NamedAttr, error) {
	legacy := func(i int) error {
		if p.version >= 6 {
			return nil
		}
		if s.OperandSegments && legacyPos(s, legacyOperandSegments) == i {
			seg, err := p.legacySegments("operand segment sizes")
			if err != nil {
				return err
			}
			op.SetOperandSegments(seg)
		}
		if s.ResultSegments && legacyPos(s, legacyResultSegments) == i {
			seg, err := p.legacySegments("result segment sizes")
			if err != nil {
				return err
			}
			op.SetResultSegments(seg)
		}
		return nil
	}
	for i, f := range s.Properties {
		if err := legacy(i); err != nil {
			return nil, err
		}
		var a ir.Attribute
		var err error
		switch f.Kind {
		case bytecode.PropAttr:
			a, err = p.attr(f.Name)
		case bytecode.PropOptionalAttr:
			a, err = p.optionalAttr(f.Name)
		default:
			return nil, fmt.Errorf("property %s of %s: unsupported property kind %d", f.Name, s.Name, f.Kind)
		}
		if err != nil {
			return nil, err
		}
		if a != nil {
			attrs = append(attrs, ir.NamedAttr{Name: f.Name, Value: a})
		}
	}
	if err := legacy(len(s.Properties)); err != nil {
		return nil, err
	}
	if p.version >= 6 {
		if s.OperandSegments {
			seg, err := p.sparse(s.OperandGroups, "operand segment sizes")
			if err != nil {
				return nil, err
			}
			op.SetOperandSegments(seg)
		}
		if s.ResultSegments {
			seg, err := p.sparse(s.ResultGroups, "result segment sizes")
			if err != nil {
				return nil, err
			}
			op.SetResultSegments(seg)
		}
	}
	return attrs, nil
}

// appendSparse appends MLIR's sparse array encoding of v.
func appendSparse(b []byte, v []int32) []byte {
	nz, last := 0, 0
	for i, x := range v {
		if x != 0 {
			nz++
			last = i
		}
	}
	if last > 256 || nz > len(v)/2 {
		b = wire.AppendVarIntWithFlag(b, uint64(len(v)), false)
		for _, x := range v {
			b = wire.AppendVarInt(b, uint64(uint32(x)))
		}
		return b
	}
	b = wire.AppendVarIntWithFlag(b, uint64(nz), true)
	if nz == 0 {
		return b
	}
	width := uint(bits.Len(uint(last))) // ceil(log2(last+1))
	b = wire.AppendVarInt(b, uint64(width))
	for i, x := range v {
		if x != 0 {
			b = wire.AppendVarInt(b, uint64(uint32(x))<<width|uint64(i))
		}
	}
	return b
}
