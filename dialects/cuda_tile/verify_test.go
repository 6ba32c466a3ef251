package cudatile

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// loop is a cuda_tile.loop whose one block holds ops and a continue.
func loop(ops ...tileir.Op) *LoopOp {
	b := tileir.NewBlock()
	b.Ops = append(ops, BuildContinueOp(detached, nil))
	return BuildLoopOp(detached, nil, nil, &tileir.Region{Blocks: []*tileir.Block{b}})
}

// writeErr writes m and returns the error, failing on a panic.
func writeErr(t *testing.T, m *tileir.Module, opts tileir.WriteOptions) (err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Write panicked: %v", r)
		}
	}()
	_, err = Append(nil, m, opts)
	return err
}

// TestWriteRefusesBadIR builds, through the API, modules that cannot be
// written as built; each must give an error that names the function, the
// op with its place and what is wrong, and never panic.
func TestWriteRefusesBadIR(t *testing.T) {
	c := func() *ConstantOp { return BuildConstantOp(detached, tileI32, tileir.Dense{Data: make([]byte, 4)}) }
	for _, tc := range []struct {
		name  string
		build func() *tileir.Module
		want  []string
	}{
		{"nil op", func() *tileir.Module { m, _ := fn(nil, BuildReturnOp(detached, nil)); return m },
			[]string{"function 'k': nil op at op 0"}},
		{"nil op in a region", func() *tileir.Module { m, _ := fn(loop(nil), BuildReturnOp(detached, nil)); return m },
			[]string{"function 'k': nil op at op 0, region 0 block 0, op 0"}},
		{"nil result", func() *tileir.Module {
			op := c()
			op.Results[0] = nil
			m, _ := fn(op, BuildReturnOp(detached, nil))
			return m
		}, []string{"function 'k': cuda_tile.constant at op 0: result 0 is nil"}},
		{"nil operand", func() *tileir.Module {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildReturnOp(detached, nil), BuildAddiOp(detached, tileI32, p[0], nil, IntegerOverflowNone)}
			return m
		}, []string{"function 'k': cuda_tile.addi at op 1: operand 1 is nil"}},
		{"nil result type", func() *tileir.Module {
			m, _ := fn(BuildConstantOp(detached, nil, tileir.Dense{}), BuildReturnOp(detached, nil))
			return m
		},
			[]string{"cuda_tile.constant at op 0: nil type"}},
		{"nil pointer as type", func() *tileir.Module {
			m, _ := fn(BuildConstantOp(detached, (*TileType)(nil), tileir.Dense{}), BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.constant at op 0: nil type"}},
		{"nil nested type", func() *tileir.Module {
			m, _ := fn(BuildConstantOp(detached, &TileType{Shape: []int64{4}}, tileir.Dense{}), BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.constant at op 0: nil type"}},
		{"nil attribute", func() *tileir.Module {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildAssumeOp(detached, tileI32, p[0], nil), BuildReturnOp(detached, nil)}
			return m
		}, []string{"cuda_tile.assume at op 0: nil attribute"}},
		{"nil pointer as attribute", func() *tileir.Module {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildAssumeOp(detached, tileI32, p[0], &ArrayAttr{Elements: []tileir.Attr{(*DivByAttr)(nil)}}), BuildReturnOp(detached, nil)}
			return m
		}, []string{"cuda_tile.assume at op 0: nil attribute"}},
		{"nil pointer as hints", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			m.Funcs[0].Hints = (*OptimizationHintsAttr)(nil)
			return m
		}, []string{"function 'k': nil attribute"}},
		{"nil region", func() *tileir.Module {
			l := loop()
			l.Regions[0] = nil
			m, _ := fn(l, BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 is nil"}},
		{"nil block", func() *tileir.Module {
			l := loop()
			l.Regions[0].Blocks[0] = nil
			m, _ := fn(l, BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 block 0 is nil"}},
		{"nil block argument", func() *tileir.Module {
			l := loop()
			l.Regions[0].Blocks[0].Args = []*tileir.Value{nil}
			m, _ := fn(l, BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 block 0 argument 0 is nil"}},
		{"nil parameter", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			m.Funcs[0].Params[1] = nil
			return m
		}, []string{"function 'k': parameter 1 is nil"}},
		{"parameter of another type than the signature's", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			m.Funcs[0].Params[1].Type = &TileType{Element: i32}
			return m
		}, []string{"function 'k': parameter 1 has type tile<i32>, the signature tile<4xi32>"}},
		{"nil global", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			m.Globals = []*tileir.Global{nil}
			return m
		}, []string{"global 0"}},
		{"nil function", func() *tileir.Module { return &tileir.Module{Funcs: []*tileir.Function{nil}} },
			[]string{"function 0"}},
		{"empty block", func() *tileir.Module {
			l := loop()
			l.Regions[0].Blocks[0].Ops = nil
			m, _ := fn(l, BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 block 0 is empty"}},
		{"block without a terminator", func() *tileir.Module {
			m, p := fn()
			l := loop()
			l.Regions[0].Blocks[0].Ops = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], p[1], IntegerOverflowNone)}
			m.Funcs[0].Body = []tileir.Op{l, BuildReturnOp(detached, nil)}
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 block 0 ends with cuda_tile.addi, not with a terminator"}},
		{"op twice in a block", func() *tileir.Module {
			op := c()
			m, _ := fn(op, op, BuildReturnOp(detached, nil))
			return m
		}, []string{"function 'k': cuda_tile.constant at op 1: the op is placed twice"}},
		{"op in two blocks", func() *tileir.Module {
			op := c()
			m, _ := fn(loop(op), loop(op), BuildReturnOp(detached, nil))
			return m
		}, []string{"function 'k': cuda_tile.constant at op 1, region 0 block 0, op 0: the op is placed twice"}},
		{"op in two functions", func() *tileir.Module {
			op := c()
			m, _ := fn(op, BuildReturnOp(detached, nil))
			g, _ := fn(op, BuildReturnOp(detached, nil))
			g.Funcs[0].Name = "g"
			m.Funcs = append(m.Funcs, g.Funcs[0])
			return m
		}, []string{"function 'g': cuda_tile.constant at op 0: the op is placed twice"}},
		{"region cycle", func() *tileir.Module {
			l := loop()
			blk := l.Regions[0].Blocks[0]
			blk.Ops = append([]tileir.Op{l}, blk.Ops...)
			m, _ := fn(l, BuildReturnOp(detached, nil))
			return m
		}, []string{"function 'k': cuda_tile.loop at op 0, region 0 block 0, op 0: the op is placed twice (in two blocks, twice in one, or inside its own region)"}},
		{"value defined by two ops", func() *tileir.Module {
			a, b := c(), c()
			b.Results[0] = a.Results[0]
			m, _ := fn(a, b, BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.constant at op 1: result 0 is defined twice"}},
		{"block argument that is a parameter", func() *tileir.Module {
			m, p := fn()
			l := loop()
			l.Regions[0].Blocks[0].Args = []*tileir.Value{p[0]}
			m.Funcs[0].Body = []tileir.Op{l, BuildReturnOp(detached, nil)}
			return m
		}, []string{"cuda_tile.loop at op 0: region 0 block 0 argument 0 is defined twice"}},
		{"use before definition", func() *tileir.Module {
			m, p := fn()
			later := c()
			m.Funcs[0].Body = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], later.Result(), IntegerOverflowNone), later, BuildReturnOp(detached, nil)}
			return m
		}, []string{"function 'k': cuda_tile.addi at op 0: operand 1 is result 0 of cuda_tile.constant, which is not defined before this use"}},
		{"use from a sibling region", func() *tileir.Module {
			m, p := fn()
			inner := c()
			cond := BuildConstantOp(detached, &TileType{Element: &Int1Type{}}, tileir.Dense{Data: []byte{1}})
			then, els := tileir.NewBlock(), tileir.NewBlock()
			then.Ops = []tileir.Op{inner, BuildYieldOp(detached, nil)}
			els.Ops = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], inner.Result(), IntegerOverflowNone), BuildYieldOp(detached, nil)}
			iff := BuildIfOp(detached, nil, cond.Result(), &tileir.Region{Blocks: []*tileir.Block{then}}, &tileir.Region{Blocks: []*tileir.Block{els}})
			m.Funcs[0].Body = []tileir.Op{cond, iff, BuildReturnOp(detached, nil)}
			return m
		}, []string{"function 'k': cuda_tile.addi at op 1, region 1 block 0, op 0: operand 1 is result 0 of cuda_tile.constant, which is not in scope here"}},
		{"use after its region", func() *tileir.Module {
			m, p := fn()
			inner := c()
			m.Funcs[0].Body = []tileir.Op{loop(inner), BuildAddiOp(detached, tileI32, p[0], inner.Result(), IntegerOverflowNone), BuildReturnOp(detached, nil)}
			return m
		}, []string{"function 'k': cuda_tile.addi at op 1: operand 1 is result 0 of cuda_tile.constant, which is not in scope here"}},
		{"use from an earlier function", func() *tileir.Module {
			a := c()
			m, _ := fn(a, BuildReturnOp(detached, nil))
			g, p := fn(BuildReturnOp(detached, nil))
			g.Funcs[0].Name = "g"
			g.Funcs[0].Body = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], a.Result(), IntegerOverflowNone), BuildReturnOp(detached, nil)}
			m.Funcs = append(m.Funcs, g.Funcs[0])
			return m
		}, []string{"function 'g': cuda_tile.addi at op 0: operand 1 is result 0 of cuda_tile.constant, which is not in scope here"}},
		{"use from a later function", func() *tileir.Module {
			m, p := fn()
			g, _ := fn()
			g.Funcs[0].Name = "g"
			a := c()
			g.Funcs[0].Body = []tileir.Op{a, BuildReturnOp(detached, nil)}
			m.Funcs[0].Body = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], a.Result(), IntegerOverflowNone), BuildReturnOp(detached, nil)}
			m.Funcs = append(m.Funcs, g.Funcs[0])
			return m
		}, []string{"function 'k': cuda_tile.addi at op 0: operand 1 is result 0 of cuda_tile.constant, which is not defined before this use"}},
		{"a parameter of another function", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			g, p := fn()
			g.Funcs[0].Name = "g"
			m.Funcs[0].Body = []tileir.Op{BuildReturnOp(detached, []*tileir.Value{p[1]})}
			m.Funcs = append(m.Funcs, g.Funcs[0])
			return m
		}, []string{"function 'k': cuda_tile.return at op 0: operand 0 is a parameter or block argument (argument 1), which is not defined before this use"}},
		{"a result used in its own region", func() *tileir.Module {
			m, _ := fn()
			body := tileir.NewBlock()
			l := BuildLoopOp(detached, []tileir.Type{tileI32}, nil, &tileir.Region{Blocks: []*tileir.Block{body}})
			body.Ops = []tileir.Op{BuildContinueOp(detached, []*tileir.Value{l.ResultValues()[0]})}
			m.Funcs[0].Body = []tileir.Op{l, BuildReturnOp(detached, nil)}
			return m
		}, []string{"function 'k': cuda_tile.continue at op 0, region 0 block 0, op 0: operand 0 is result 0 of cuda_tile.loop, which an op around this one defines"}},
		{"location cycle", func() *tileir.Module {
			op := c()
			cs := &tileir.Location{Kind: tileir.DebugCallSite}
			cs.Callee = cs
			op.Loc = cs
			m, _ := fn(op, BuildReturnOp(detached, nil))
			m.Funcs[0].Loc = debugLoc(1)
			return m
		}, []string{"function 'k': cuda_tile.constant at op 0: location: locations nested more than 256 deep, or in a cycle"}},
		{"location of the wrong kind", func() *tileir.Module {
			op := c()
			op.Loc = &tileir.Location{Kind: tileir.DebugLoc, Scope: debugLoc(1).Scope.File}
			m, _ := fn(op, BuildReturnOp(detached, nil))
			m.Funcs[0].Loc = debugLoc(1)
			return m
		}, []string{"function 'k': cuda_tile.constant at op 0: location: the scope of a loc location is a file, not a [subprogram lexical_block]"}},
		{"location of an unknown kind", func() *tileir.Module {
			m, _ := fn(BuildReturnOp(detached, nil))
			m.Funcs[0].Loc = &tileir.Location{Kind: 9}
			return m
		}, []string{"function 'k': location: a location of unknown kind 9"}},
		{"regions nested too deep", func() *tileir.Module { m, _ := fn(nestedLoops(10000), BuildReturnOp(detached, nil)); return m },
			[]string{"function 'k': cuda_tile.loop at op 0, region 0 block 0, op 0", "regions nested more than 256 deep"}},
		{"type nested too deep", func() *tileir.Module {
			m, _ := fn(BuildMakeTokenOp(detached, nestedType(100000)), BuildReturnOp(detached, nil))
			return m
		}, []string{"cuda_tile.make_token at op 0: types nested more than 256 deep"}},
		{"attribute nested too deep", func() *tileir.Module {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildAssumeOp(detached, tileI32, p[0], nestedAttr(100000)), BuildReturnOp(detached, nil)}
			return m
		}, []string{"cuda_tile.assume at op 0: attributes nested more than 256 deep"}},
		{"locations nested too deep", func() *tileir.Module {
			op := c()
			op.Loc = nestedLoc(100000)
			m, _ := fn(op, BuildReturnOp(detached, nil))
			m.Funcs[0].Loc = debugLoc(1)
			return m
		}, []string{"cuda_tile.constant at op 0: location: locations nested more than 256 deep"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := writeErr(t, tc.build(), tileir.WriteOptions{Version: tileir.Latest})
			if err == nil {
				t.Fatal("written without error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nlacks %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q is not one line", err)
			}
		})
	}
}

// debugLoc is a valid location k.py:line.
func debugLoc(line uint64) *tileir.Location {
	file := &tileir.Location{Kind: tileir.DebugFile, Name: "k.py", Directory: "/src"}
	unit := &tileir.Location{Kind: tileir.DebugCompileUnit, File: file}
	sp := &tileir.Location{Kind: tileir.DebugSubprogram, File: file, Name: "k", LinkageName: "k", Unit: unit}
	return &tileir.Location{Kind: tileir.DebugLoc, Scope: sp, Name: "k.py", Line: line}
}

// nestedLoops is n loops, each in the region of the one before.
func nestedLoops(n int) tileir.Op {
	var op tileir.Op = loop()
	for range n - 1 {
		op = loop(op)
	}
	return op
}

// nestedType is a type with n levels: ptr<ptr<…<i32>>>.
func nestedType(n int) tileir.Type {
	var t tileir.Type = i32
	for range n - 1 {
		t = &PointerType{Pointee: t}
	}
	return t
}

// nestedAttr is an attribute with n levels: [[…[div_by<16>]…]].
func nestedAttr(n int) tileir.Attr {
	var a tileir.Attr = &DivByAttr{Divisor: 16}
	for range n - 1 {
		a = &ArrayAttr{Elements: []tileir.Attr{a}}
	}
	return a
}

// nestedLoc is a location with n levels: call sites of call sites of a
// loc, whose own height is 4 (loc, subprogram, compile unit, file).
func nestedLoc(n int) *tileir.Location {
	l := debugLoc(7)
	for range n - 4 {
		l = &tileir.Location{Kind: tileir.DebugCallSite, Callee: l, Caller: debugLoc(8)}
	}
	return l
}

// A failed Write leaves no value numbered: another module that uses a
// value of the failed one out of scope is refused, and the module, once
// fixed, writes as if the failure had not happened.
func TestFailedWriteLeavesNoNumbers(t *testing.T) {
	a := BuildConstantOp(detached, tileI32, tileir.Dense{Data: make([]byte, 4)})
	bad, _ := fn(a, nil, BuildReturnOp(detached, nil))
	if err := writeErr(t, bad, tileir.WriteOptions{Version: tileir.Latest}); err == nil {
		t.Fatal("nil op written")
	}
	other, p := fn()
	other.Funcs[0].Body = []tileir.Op{BuildAddiOp(detached, tileI32, p[0], a.Result(), IntegerOverflowNone), BuildReturnOp(detached, nil)}
	if err := writeErr(t, other, tileir.WriteOptions{Version: tileir.Latest}); err == nil || !strings.Contains(err.Error(), "not defined before this use") {
		t.Errorf("a value of a failed write used in another module: %v", err)
	}
	bad.Funcs[0].Body = []tileir.Op{a, BuildReturnOp(detached, nil)}
	got, err := Append(nil, bad, tileir.WriteOptions{Version: tileir.Latest})
	if err != nil {
		t.Fatal(err)
	}
	fresh, _ := fn(BuildConstantOp(detached, tileI32, tileir.Dense{Data: make([]byte, 4)}), BuildReturnOp(detached, nil))
	if want, _ := Append(nil, fresh, tileir.WriteOptions{Version: tileir.Latest}); string(got) != string(want) {
		t.Error("the fixed module writes differently from a fresh one")
	}
}

// The nesting limit is the same rule for Write and Read: the deepest IR
// Write writes with a limit reads back with that limit and not with a
// smaller one, one level more is refused by Write. Regions, types,
// attributes and debug locations, with the default limit and a small one.
func TestNestingLimitSymmetric(t *testing.T) {
	for _, tc := range []struct {
		name  string
		build func(n int) *tileir.Module
	}{
		{"regions", func(n int) *tileir.Module { m, _ := fn(nestedLoops(n), BuildReturnOp(detached, nil)); return m }},
		{"regions in a region", func(n int) *tileir.Module {
			m, _ := fn(loop(nestedLoops(n)), BuildReturnOp(detached, nil))
			return m
		}},
		{"types", func(n int) *tileir.Module {
			m, _ := fn(BuildMakeTokenOp(detached, nestedType(n)), BuildReturnOp(detached, nil))
			return m
		}},
		{"types in a region", func(n int) *tileir.Module {
			m, _ := fn(loop(loop(BuildMakeTokenOp(detached, nestedType(n)))), BuildReturnOp(detached, nil))
			return m
		}},
		{"attributes", func(n int) *tileir.Module {
			m, p := fn()
			m.Funcs[0].Body = []tileir.Op{BuildAssumeOp(detached, tileI32, p[0], nestedAttr(n)), BuildReturnOp(detached, nil)}
			return m
		}},
		{"locations", func(n int) *tileir.Module {
			op := BuildMakeTokenOp(detached, &TokenType{})
			op.Loc = nestedLoc(n)
			m, _ := fn(op, BuildReturnOp(detached, nil))
			m.Funcs[0].Loc = debugLoc(1)
			return m
		}},
	} {
		for _, limit := range []int{0, 10} {
			t.Run(fmt.Sprintf("%s/%d", tc.name, limit), func(t *testing.T) {
				want := limit
				if want == 0 {
					want = tileir.DefaultMaxNesting
				}
				// Find the deepest n that writes; it is near the limit.
				deepest := 0
				var data []byte
				for n := max(want-6, 1); n <= want+2; n++ {
					b, err := Append(nil, tc.build(n), tileir.WriteOptions{Version: tileir.Latest, MaxNesting: limit})
					if err != nil {
						if !strings.Contains(err.Error(), "nested more than") {
							t.Fatalf("depth %d: %v", n, err)
						}
						break
					}
					deepest, data = n, b
				}
				if deepest == 0 || deepest == want+2 {
					t.Fatalf("the deepest written is %d, the limit %d", deepest, want)
				}
				if _, err := Read(data, tileir.ReadOptions{MaxNesting: limit}); err != nil {
					t.Errorf("depth %d written with limit %d does not read with it: %v", deepest, want, err)
				}
				_, err := Read(data, tileir.ReadOptions{MaxNesting: want - 1})
				var we *wire.Error
				if !errors.As(err, &we) || !strings.Contains(err.Error(), "nested") {
					t.Errorf("depth %d read with limit %d: %v, want a nesting error", deepest, want-1, err)
				}
			})
		}
	}
}

// The limit on types does not depend on where a type is first used: Read
// meets the hints of a kernel before its signature, Write the other way
// round (a FuzzWrite find). i32 sits 3 attributes deep in the hints and
// inside tile<i32> in the signature.
func TestTypeNestingIndependentOfFirstUse(t *testing.T) {
	ti := &TileType{Element: i32}
	m, _ := fn(BuildReturnOp(detached, nil))
	m.Funcs[0].Type = &FunctionType{Inputs: []tileir.Type{ti}}
	m.Funcs[0].Params = tileir.NewBlock(ti).Args
	m.Funcs[0].Hints = &OptimizationHintsAttr{Entries: []NamedAttr{{Name: "sm_100", Value: &DictionaryAttr{Entries: []NamedAttr{
		{Name: "num_cta_in_cga", Value: &IntegerAttr{Type: i32, Value: 2}}}}}}}
	b, err := Append(nil, m, tileir.WriteOptions{Version: tileir.Latest, MaxNesting: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(b, tileir.ReadOptions{MaxNesting: 3}); err != nil {
		t.Errorf("written with limit 3, not read with it: %v", err)
	}
}
