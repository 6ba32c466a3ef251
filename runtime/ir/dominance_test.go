package ir

import (
	"math/rand/v2"
	"testing"
)

// walkDominates is the definition: a dominates b when a is on b's path up
// the tree (an unreachable b is dominated by every block).
func walkDominates(idom []int, a, b int) bool {
	if a == b || idom[b] < 0 {
		return true
	}
	for b != 0 {
		b = idom[b]
		if b == a {
			return true
		}
	}
	return a == 0
}

// TestDominatesByNumbering checks the constant-time query against the walk
// on random trees: bushy, chains (as deep as they are long, which a
// recursive numbering would not survive at scale) and unreachable blocks.
func TestDominatesByNumbering(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 300 {
		n := 1 + rng.IntN(60)
		if round%50 == 0 {
			n = 5000
		}
		idom := make([]int, n)
		for b := 1; b < n; b++ {
			switch r := rng.IntN(10); {
			case r == 0:
				idom[b] = -1
			case r < 5 || round%3 == 0:
				idom[b] = b - 1 // a chain, but for the unreachable
				if idom[b-1] < 0 {
					idom[b] = 0
				}
			default:
				// Any earlier reachable block.
				p := rng.IntN(b)
				for idom[p] < 0 {
					p = rng.IntN(b)
				}
				idom[b] = p
			}
		}
		tree := &domTree{idom: idom}
		tree.number()
		pairs := n * n
		if pairs > 20000 {
			pairs = 20000
		}
		for range pairs {
			a, b := rng.IntN(n), rng.IntN(n)
			if got, want := tree.dominates(a, b), walkDominates(idom, a, b); got != want {
				t.Fatalf("round %d: dominates(%d, %d) = %v, the walk says %v (idom %v)", round, a, b, got, want, idom[:min(n, 40)])
			}
		}
	}
}

// TestDomTreeOfRandomCFGs builds regions of random branches and checks
// the verifier's immediate dominators against the definition, solved as
// dataflow over sets: the dominators of a block are itself and those
// common to all its reachable predecessors.
func TestDomTreeOfRandomCFGs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	loc := &testLoc{}
	for round := range 200 {
		n := 1 + rng.IntN(24)
		root := NewOperation(OpName{Dialect: "test", Op: "scf"}, loc, nil)
		region := root.AddRegion()
		blocks := make([]*Block, n)
		for i := range blocks {
			blocks[i] = region.AddBlock()
		}
		succs := make([][]int, n)
		for i, b := range blocks {
			br := NewOperation(OpName{Dialect: "test", Op: "yield"}, loc, nil)
			var to []*Block
			for range rng.IntN(3) {
				s := 1 + rng.IntN(max(n-1, 1)) // the entry block has no predecessors
				if s < n {
					to = append(to, blocks[s])
					succs[i] = append(succs[i], s)
				}
			}
			br.SetSuccessors(to)
			b.Append(br)
		}
		v := &verifier{opts: VerifyOptions{Traits: quickTraits}, traits: traitCache{of: quickTraits}, gen: NewMarkGeneration(), maxDepth: 100}
		if err := v.walk(root); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		got := v.domTree(0).idom
		want := idomsByDataflow(n, succs)
		for b := range n {
			if got[b] != want[b] {
				t.Fatalf("round %d: idom of block %d is %d, want %d (successors %v)", round, b, got[b], want[b], succs)
			}
		}
	}
}

// idomsByDataflow computes immediate dominators from the sets of
// dominators (-1 for an unreachable block, 0 for the entry).
func idomsByDataflow(n int, succs [][]int) []int {
	reach := make([]bool, n)
	reach[0] = true
	for stack := []int{0}; len(stack) > 0; {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range succs[b] {
			if !reach[s] {
				reach[s] = true
				stack = append(stack, s)
			}
		}
	}
	preds := make([][]int, n)
	for b, ss := range succs {
		for _, s := range ss {
			if reach[b] {
				preds[s] = append(preds[s], b)
			}
		}
	}
	dom := make([][]bool, n) // dom[b][a]: a dominates b
	for b := range dom {
		dom[b] = make([]bool, n)
		for a := range dom[b] {
			dom[b][a] = b != 0 || a == 0
		}
	}
	for changed := true; changed; {
		changed = false
		for b := 1; b < n; b++ {
			if !reach[b] {
				continue
			}
			for a := range n {
				in := a == b
				if !in {
					in = true
					for _, p := range preds[b] {
						in = in && dom[p][a]
					}
				}
				if dom[b][a] != in {
					dom[b][a], changed = in, true
				}
			}
		}
	}
	idom := make([]int, n)
	for b := range n {
		switch {
		case !reach[b]:
			idom[b] = -1
		case b == 0:
			idom[b] = 0
		default:
			// The strict dominator that all the others dominate.
			for a := range n {
				if a == b || !dom[b][a] {
					continue
				}
				closest := true
				for c := range n {
					if c != b && c != a && dom[b][c] && !dom[a][c] {
						closest = false
					}
				}
				if closest {
					idom[b] = a
				}
			}
		}
	}
	return idom
}
