package mlirbc

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Use-list orders (bytecode v3+) record the order of a value's uses when
// it differs from the one a reader builds, which is by decreasing use ID
// (operation ID in a pre-order walk, then operand number). The payload for
// a range of values (an op's results or a block's arguments):
//
//	[varint(count)]                only when the range has more than one value
//	per value:
//	  [varint(index in range)]     only when the range has more than one value
//	  varint((n << 1) | pairs)
//	  n × varint
//
// The full form lists order[k] for every k; the pair form lists
// (order[k], k) for every k with order[k] != k.

func readUseLists(r *wire.Reader, vals []*ir.Value, sc *valueScope) error {
	count := 1
	if len(vals) != 1 {
		var err error
		if count, err = r.Count(2, "values with use-list orders"); err != nil {
			return err
		}
	}
	for range count {
		idx := uint64(0)
		if len(vals) != 1 {
			at := r.Offset()
			var err error
			if idx, err = r.VarInt(); err != nil {
				return err
			}
			if idx >= uint64(len(vals)) {
				return r.ErrorAt(at, fmt.Sprintf("a value index below %d for a use-list order", len(vals)), wire.ErrInvalid)
			}
		}
		at := r.Offset()
		n, pairs, err := r.VarIntWithFlag()
		if err != nil {
			return err
		}
		if n > uint64(r.Len()) || (pairs && n%2 != 0) {
			return r.ErrorAt(at, fmt.Sprintf("a use-list length of at most %d (even for index pairs), not %d", r.Len(), n), wire.ErrInvalid)
		}
		indices := make([]uint32, n)
		for i := range indices {
			at := r.Offset()
			x, err := r.VarInt()
			if err != nil {
				return err
			}
			if x > 1<<32-1 {
				return r.ErrorAt(at, "a 32-bit use index", wire.ErrOverflow)
			}
			indices[i] = uint32(x)
		}
		sc.orders = append(sc.orders, pendingOrder{v: vals[idx], indices: indices, pairs: pairs, at: at, r: r})
	}
	return nil
}

// resolveOrders checks the scope's use-list orders against the uses now
// known and stores them in full form.
func (sc *valueScope) resolveOrders() error {
	if len(sc.orders) == 0 {
		return nil
	}
	for _, o := range sc.orders {
		uses, _ := sc.uses.Value(o.v)
		n := int(uses)
		order := o.indices
		if o.pairs {
			order = make([]uint32, n)
			for i := range order {
				order[i] = uint32(i)
			}
			for i := 0; i+1 < len(o.indices); i += 2 {
				from, to := o.indices[i], o.indices[i+1]
				if int(from) >= n || int(to) >= n {
					return o.r.ErrorAt(o.at, fmt.Sprintf("use indices below %d, the value's number of uses", n), wire.ErrInvalid)
				}
				order[to] = from
			}
		}
		if len(order) != n || !isPermutation(order) {
			return o.r.ErrorAt(o.at, fmt.Sprintf("a permutation of the value's %d uses", n), wire.ErrInvalid)
		}
		o.v.SetUseOrder(order)
	}
	sc.orders = nil
	return nil
}

func isPermutation(order []uint32) bool {
	seen := make([]bool, len(order))
	for _, x := range order {
		if int(x) >= len(order) || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// useOrderPayload is one value's order as the writer emits it.
type useOrderPayload struct {
	index int // in its range
	order []uint32
}

// appendUseLists appends the payload for a range of values; the orders
// must be sorted as MLIR's writer iterates them (see denseMapOrder).
func appendUseLists(b []byte, rangeLen int, orders []useOrderPayload) []byte {
	if rangeLen != 1 {
		b = wire.AppendVarInt(b, uint64(len(orders)))
	}
	for _, o := range orders {
		shuffled := 0
		for k, x := range o.order {
			if int(x) != k {
				shuffled++
			}
		}
		pairs := shuffled < len(o.order)/2
		if rangeLen != 1 {
			b = wire.AppendVarInt(b, uint64(o.index))
		}
		if pairs {
			b = wire.AppendVarIntWithFlag(b, uint64(shuffled*2), true)
			for k, x := range o.order {
				if int(x) != k {
					b = wire.AppendVarInt(b, uint64(x))
					b = wire.AppendVarInt(b, uint64(k))
				}
			}
		} else {
			b = wire.AppendVarIntWithFlag(b, uint64(len(o.order)), false)
			for _, x := range o.order {
				b = wire.AppendVarInt(b, uint64(x))
			}
		}
	}
	return b
}

// denseMapOrder sorts orders into the iteration order of an LLVM DenseMap
// keyed by the unsigned index in the range, which is how MLIR's writer
// collects them: buckets at hash index*37, quadratic probing, 64 buckets
// to start and doubling when three quarters full.
func denseMapOrder(orders []useOrderPayload) {
	if len(orders) < 2 {
		return
	}
	// Simulate insertions in order, including the growth steps: a rehash
	// reinserts in bucket order, which can move colliding keys.
	table := make([]int, 64)
	for i := range table {
		table[i] = -1
	}
	insert := func(table []int, key int) {
		mask := len(table) - 1
		b := (key * 37) & mask
		for probe := 1; table[b] >= 0; probe++ {
			b = (b + probe) & mask
		}
		table[b] = key
	}
	n := 0
	for _, o := range orders {
		if (n+1)*4 >= len(table)*3 {
			grown := make([]int, len(table)*2)
			for i := range grown {
				grown[i] = -1
			}
			for _, k := range table {
				if k >= 0 {
					insert(grown, k)
				}
			}
			table = grown
		}
		insert(table, o.index)
		n++
	}
	pos := make(map[int]int, len(orders))
	for i, k := range table {
		if k >= 0 {
			pos[k] = i
		}
	}
	slices.SortFunc(orders, func(a, b useOrderPayload) int { return pos[a.index] - pos[b.index] })
}
