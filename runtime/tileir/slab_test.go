package tileir

import "testing"

// slabOp is an op of the kind AllocOp carves.
type slabOp struct {
	OpBase
	X int
}

func (o *slabOp) Base() *OpBase { return &o.OpBase }
func (*slabOp) Info() *OpInfo   { return nil }
func (*slabOp) Code(*Coder)     {}

// AllocOp gives distinct, empty ops, allocating arrays that double from
// 4 ops to maxSlabOps.
func TestAllocOp(t *testing.T) {
	var s OpSlab
	seen := map[*slabOp]bool{}
	const n = 3 * maxSlabOps
	for i := range n {
		op, ok := AllocOp[slabOp](&s).(*slabOp)
		if !ok {
			t.Fatalf("op %d is a %T", i, op)
		}
		if seen[op] {
			t.Fatalf("op %d handed out twice", i)
		}
		seen[op] = true
		if op.X != 0 || op.Results != nil {
			t.Fatalf("op %d is not empty: %+v", i, op)
		}
		op.X = i + 1 // must not show in another op
	}
	if got := s.s.(*opSlab[slabOp]).n; got != maxSlabOps {
		t.Errorf("last array of %d ops, want %d", got, maxSlabOps)
	}
	allocs := testing.AllocsPerRun(1000, func() { AllocOp[slabOp](&s) })
	if allocs > 4.0/maxSlabOps*2 {
		t.Errorf("%.3f allocations per op", allocs)
	}
}
