package mlirbc

// Operand and result segment sizes (MLIR's operandSegmentSizes and
// resultSegmentSizes) of ops with AttrSizedOperandSegments or
// AttrSizedResultSegments, in every form the format has used: a
// DenseI32ArrayAttr in the attribute dictionary before bytecode v5 (named
// operand_segment_sizes up to LLVM 17), the same attribute among the
// properties in v5, placed where its legacy name sorts, and sparse integer
// arrays at the end of the properties from v6 on. In memory they are
// Operation.OperandSegments and ResultSegments whatever the file held.

import (
	"fmt"
	"math/bits"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

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

// legacyPos is the number of attribute fields whose names sort before name:
// where a v5 writer puts the segment-size attribute.
func legacyPos(s *bytecode.OpSchema, name string) int {
	n := 0
	for _, p := range s.Properties {
		// Among the attributes, which are sorted; native properties
		// follow them all.
		if p.Kind != bytecode.PropNative && p.Name < name {
			n++
		}
	}
	return n
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
	out := p.takeSegs(n)
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

// takeSegments moves the segment sizes of a pre-v5 dictionary into the op.
func (rd *reader) takeSegments(r *wire.Reader, at int64, op *ir.Operation, s *bytecode.OpSchema) error {
	take := func(result bool) ([]int32, error) {
		name := segmentsDictName(result, rd.release)
		for i, a := range op.Attrs() {
			if a.Name != name {
				continue
			}
			seg, ok := rd.builtin.Int32ArrayValues(a.Value)
			if !ok {
				return nil, r.ErrorAt(at, "a DenseI32ArrayAttr named "+name, wire.ErrInvalid)
			}
			op.SetAttrs(append(op.Attrs()[:i:i], op.Attrs()[i+1:]...))
			op.SetDictionary(nil)
			return seg, nil
		}
		return nil, nil
	}
	if s.OperandSegments || s.ResultSegments {
		rd.extras.GiveRare(op)
	}
	if s.OperandSegments {
		seg, err := take(false)
		if err != nil {
			return err
		}
		op.SetOperandSegments(seg)
	}
	if s.ResultSegments {
		seg, err := take(true)
		if err != nil {
			return err
		}
		op.SetResultSegments(seg)
	}
	return nil
}

// fitSegments gives a segment-size array the length the op's properties
// have: an op without sizes (checkSegments allows it where it has no
// values of the kind) gets zeros.
func fitSegments(seg []int32, n int) []int32 {
	if len(seg) == n {
		return seg
	}
	return make([]int32, n)
}

// checkSegments refuses segment sizes the target release's op cannot
// hold: not adding up to its values, or, where the v6 encoding leaves
// their count to the reader (counted), of another count than its groups.
// The writer once fitted them to the count, cutting sizes off or padding
// with zeros, which handed values to other groups without a word (an
// omp.parallel built with eight sizes for the six groups of 22). Older
// encodings write the count, which the reader checks against its own op:
// here the definitions' count is not asked, as for LLVM 16 it is 19's.
func checkSegments(op *ir.Operation, s *bytecode.OpSchema, target string, counted bool) error {
	check := func(what string, seg bool, sizes []int32, groups, values int) error {
		switch {
		case !seg:
			return nil
		case sizes == nil && (values == 0 || !counted):
			return nil
		case !counted:
		case sizes == nil:
			return fmt.Errorf("op %s: %d %ss without %s segment sizes, which the op of %s needs for its %d groups", op.Name(), values, what, what, target, groups)
		case len(sizes) != groups:
			return fmt.Errorf("op %s: %d %s segment sizes, but the op of %s has %d %s groups", op.Name(), len(sizes), what, target, groups, what)
		}
		sum := 0
		for _, n := range sizes {
			if n < 0 {
				return fmt.Errorf("op %s: %s segment sizes %v: a negative size", op.Name(), what, sizes)
			}
			sum += int(n)
		}
		if sum != values {
			return fmt.Errorf("op %s: %s segment sizes %v add up to %d, but it has %d %ss", op.Name(), what, sizes, sum, values, what)
		}
		return nil
	}
	if err := check("operand", s.OperandSegments, op.OperandSegments(), s.OperandGroups, op.NumOperands()); err != nil {
		return err
	}
	return check("result", s.ResultSegments, op.ResultSegments(), s.ResultGroups, op.NumResults())
}

func (n *numbering) segments(op *ir.Operation, result bool) ir.Attribute {
	if n.segmentsAttrs == nil {
		n.segmentsAttrs = map[*ir.Operation][2]ir.Attribute{}
	}
	cached := n.segmentsAttrs[op]
	i := 0
	seg := op.OperandSegments()
	if result {
		i, seg = 1, op.ResultSegments()
	}
	if cached[i] == nil {
		cached[i] = n.builtin.Int32Array(n.ctx, seg)
		n.segmentsAttrs[op] = cached
	}
	return cached[i]
}
