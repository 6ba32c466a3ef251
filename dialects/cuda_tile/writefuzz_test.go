package cudatile

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// FuzzWrite builds IR through the API from the fuzz input: random ops of
// the dialect with random fields, operands mostly in scope but also out of
// scope or nil, nested regions, globals, locations, and now and then an op
// placed twice, inside its own region, a nil op or a value defined twice.
// Write must not panic; it returns an error (one line; an *OpError names
// where) or bytes that read back, with the same nesting limit, to a module
// that writes the same bytes and is wired the same way. Writing twice
// gives the same outcome (no state is left behind).
func FuzzWrite(f *testing.F) {
	for _, seed := range []string{"", "\x00", "\x01\x02\x03\x04\x05\x06\x07\x08", "\xff\xfe\xfd\xfc\xfb\xfa",
		"\x10\x20\x30\x40\x50\x60\x70\x80\x90\xa0\xb0\xc0\xd0\xe0\xf0", strings.Repeat("\x03\x41", 40), strings.Repeat("\x07", 200)} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &irGen{src: data}
		m, opts := g.module()
		out, err := Append(nil, m, opts)
		again, err2 := Append(nil, m, opts)
		if fmt.Sprint(err) != fmt.Sprint(err2) || !bytes.Equal(out, again) {
			t.Fatalf("a second Write differs: %v / %v", err, err2)
		}
		if err != nil {
			if msg := err.Error(); msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("error %q is empty or not one line", msg)
			}
			var oe *wire.OpError
			if errors.As(err, &oe) && oe.Path == "" {
				t.Fatalf("*OpError without a path: %v", err)
			}
			return
		}
		back, err := Read(out, tileir.ReadOptions{MaxNesting: opts.MaxNesting})
		if err != nil {
			t.Fatalf("Write gave a file Read refuses: %v\n%x", err, out)
		}
		out2, err := Append(nil, back, opts)
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("write(read(write(m))) != write(m): %v", err)
		}
		if w, w2 := wiring(m), wiring(back); w != w2 {
			t.Fatalf("read back wired differently:\nbuilt:\n%s\nread:\n%s", w, w2)
		}
	})
}

// irGen draws everything from src; past its end every draw is 0.
type irGen struct {
	src    []byte
	types  []tileir.Type
	locs   []*tileir.Location
	all    []*tileir.Value // every value made so far, for out-of-scope operands
	made   []tileir.Op     // every op made so far
	blocks []*tileir.Block // every region block made so far
	sloppy bool            // whether mistakes are frequent or rare
}

func (g *irGen) n(k int) int {
	if k <= 1 || len(g.src) == 0 {
		return 0
	}
	x := int(g.src[0])
	g.src = g.src[1:]
	return x % k
}

// one is true with probability 1/k.
func (g *irGen) one(k int) bool { return g.n(k) == k-1 }

// oops is a mistake with probability 1/k, or 1/(16k) in a careful
// module; never once the input is used up.
func (g *irGen) oops(k int) bool {
	if !g.sloppy {
		k *= 16
	}
	return g.one(k)
}

var terminators = func() (out []tileir.OpInfo) {
	for _, info := range Ops {
		if info.Terminator {
			out = append(out, info)
		}
	}
	return out
}()

func (g *irGen) module() (*tileir.Module, tileir.WriteOptions) {
	g.sloppy = g.one(2)
	opts := tileir.WriteOptions{Version: tileir.Versions[g.n(3)]}
	if g.one(2) {
		opts.MaxNesting = 3 + g.n(6)
	}
	f32 := &Float32Type{}
	g.types = []tileir.Type{tileI32, &TileType{Element: i32}, &TileType{Element: f32, Shape: []int64{2}},
		&TileType{Element: &Int1Type{}}, &TokenType{}, &TileType{Element: &PointerType{Pointee: f32}},
		&TensorViewType{Element: f32, Shape: []int64{8}, Strides: []int64{1}}}
	file := &tileir.Location{Kind: tileir.DebugFile, Name: "k.py", Directory: "/src"}
	sp := debugLoc(1).Scope
	loc := &tileir.Location{Kind: tileir.DebugLoc, Scope: sp, Name: "k.py", Line: 2}
	cycle := &tileir.Location{Kind: tileir.DebugCallSite, Caller: loc}
	cycle.Callee = cycle
	g.locs = []*tileir.Location{nil, loc, debugLoc(3), {Kind: tileir.DebugCallSite, Callee: loc, Caller: debugLoc(4)},
		{Kind: tileir.DebugLexicalBlock, Scope: sp, File: file}, nestedLoc(6), {Kind: tileir.DebugUnknown},
		// mistakes: a loc scoped by a file, a cycle
		{Kind: tileir.DebugLoc, Scope: file}, cycle}

	m := &tileir.Module{}
	for range g.n(3) {
		m.Funcs = append(m.Funcs, g.function(len(m.Funcs)))
	}
	if g.one(3) {
		gl := &tileir.Global{Name: "g", Type: tileI32, Data: make([]byte, 16), Alignment: uint64(g.n(17))}
		if opts.Version == tileir.V13_3 || g.oops(2) {
			gl.Private, gl.Constant = g.one(2), g.one(2)
		}
		if g.oops(2) {
			gl.Type, gl.Data = g.types[g.n(4)], make([]byte, g.n(5))
		}
		m.Globals = append(m.Globals, gl)
	}
	if opts.Version == tileir.V13_3 || g.oops(2) {
		switch g.n(3) {
		case 1:
			m.Producer = "p"
		case 2:
			m.HasProducer = true
		}
	}
	g.mutate(m)
	return m, opts
}

func (g *irGen) function(i int) *tileir.Function {
	ins := make([]tileir.Type, g.n(3))
	for j := range ins {
		ins[j] = g.typ()
	}
	fn := &tileir.Function{Name: fmt.Sprintf("f%d", i), Kernel: g.one(2), Type: &FunctionType{Inputs: ins},
		Params: tileir.NewBlock(ins...).Args, Loc: g.loc()}
	if fn.Kernel && g.one(4) {
		fn.Hints = &OptimizationHintsAttr{Entries: []NamedAttr{{Name: "sm_100", Value: &DictionaryAttr{Entries: []NamedAttr{
			{Name: "num_cta_in_cga", Value: &IntegerAttr{Type: i32, Value: uint64(g.n(4))}}}}}}}
	}
	g.all = append(g.all, fn.Params...)
	fn.Body = g.ops(append([]*tileir.Value(nil), fn.Params...), 0, false)
	return fn
}

// ops makes a list of ops that may use the values in scope, ending with a
// terminator (nearly always) when it is a region's block.
func (g *irGen) ops(scope []*tileir.Value, depth int, region bool) []tileir.Op {
	var out []tileir.Op
	for range g.n(5) {
		info := Ops[g.n(len(Ops))]
		if info.Regions > 0 && depth >= 4 {
			continue
		}
		op := g.op(info, scope, depth)
		out = append(out, op)
		scope = append(scope, op.Base().Results...)
	}
	if region && !g.one(16) {
		out = append(out, g.op(terminators[g.n(len(terminators))], scope, depth))
	}
	return out
}

func (g *irGen) value(scope []*tileir.Value) *tileir.Value {
	switch {
	case g.oops(16):
		return nil
	case g.oops(8) && len(g.all) > 0:
		return g.all[g.n(len(g.all))]
	case len(scope) > 0:
		return scope[g.n(len(scope))]
	}
	return nil
}

func (g *irGen) loc() *tileir.Location {
	if g.oops(4) {
		return g.locs[len(g.locs)-1-g.n(2)]
	}
	return g.locs[g.n(len(g.locs)-2)]
}

func (g *irGen) typ() tileir.Type {
	if g.oops(4) {
		return &TileType{Element: &Int4Type{}, Shape: []int64{2}} // 13.3
	}
	return g.types[g.n(len(g.types))]
}

func (g *irGen) attr(depth int) tileir.Attr {
	switch g.n(6) {
	case 0:
		return &DivByAttr{Divisor: uint64(1 << g.n(6))}
	case 1:
		return &IntegerAttr{Type: i32, Value: uint64(g.n(300))}
	case 2:
		return &FloatAttr{Type: &Float32Type{}, Bits: uint64(g.n(256))}
	case 3:
		if depth < 8 {
			return &ArrayAttr{Elements: []tileir.Attr{g.attr(depth + 1)}}
		}
	case 4:
		if g.oops(2) {
			return nil
		}
	}
	return &BoolAttr{Value: g.one(2)}
}

func (g *irGen) op(info tileir.OpInfo, scope []*tileir.Value, depth int) tileir.Op {
	op := info.New()
	v := reflect.ValueOf(op).Elem()
	for i := 0; i < v.NumField(); i++ {
		f, sf := v.Field(i), v.Type().Field(i)
		if sf.Anonymous {
			continue
		}
		switch x := f.Addr().Interface().(type) {
		case **tileir.Value:
			if !isOptional(op, sf.Name) || g.one(2) {
				*x = g.value(scope)
			}
		case *[]*tileir.Value:
			for range g.n(3) {
				*x = append(*x, g.value(scope))
			}
		case *bool:
			*x = g.one(2)
		case *uint64:
			*x = uint64(g.n(8))
		case *uint32:
			*x = uint32(g.n(8))
		case **uint64:
			if g.one(2) {
				n := uint64(g.n(8))
				*x = &n
			}
		case *string:
			*x = []string{"s", "", "x=%d"}[g.n(3)]
		case **string:
			if g.one(2) {
				s := "s"
				*x = &s
			}
		case *tileir.Dense:
			x.Data = make([]byte, []int{4, 16, 3, 0, 1}[g.n(5)])
			if g.one(2) || info.Results == 0 {
				x.Type = g.types[g.n(4)]
			}
		case *[]int32:
			*x = [][]int32{nil, {0, 1}, {1<<31 - 1}, {2}}[g.n(4)]
		case *[]int64:
			*x = [][]int64{nil, {0, 1}, {-1 << 63}, {4}}[g.n(4)]
		case *tileir.Type:
			*x = g.typ()
		case *tileir.Attr:
			*x = g.attr(0)
		case *[]tileir.Attr:
			for range g.n(3) {
				*x = append(*x, g.attr(0))
			}
		case **OptimizationHintsAttr:
			if g.one(3) {
				*x = &OptimizationHintsAttr{Entries: []NamedAttr{{Name: "sm_100", Value: &DictionaryAttr{}}}}
			}
		default:
			switch {
			case f.Kind() == reflect.Uint32: // an enum; some values are invalid or too new
				if g.one(2) {
					f.SetUint(uint64(g.n(3)))
				} else if g.oops(2) {
					f.SetUint(uint64(g.n(9)))
				}
			case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Uint32:
				if g.one(2) {
					p := reflect.New(f.Type().Elem())
					p.Elem().SetUint(uint64(g.n(4)))
					f.Set(p)
				}
			default:
				panic(fmt.Sprintf("%s: field %s of type %s not handled", info.Name, sf.Name, f.Type()))
			}
		}
	}
	n := info.Results
	if info.VariadicResults {
		n += g.n(3)
	}
	types := make([]tileir.Type, n)
	for i := range types {
		types[i] = g.typ()
	}
	for range info.Regions {
		r := &tileir.Region{}
		for range 1 + g.n(2)*g.n(2) {
			args := make([]tileir.Type, g.n(3))
			for i := range args {
				args[i] = g.typ()
			}
			b := tileir.NewBlock(args...)
			g.all = append(g.all, b.Args...)
			b.Ops = g.ops(append(append([]*tileir.Value(nil), scope...), b.Args...), depth+1, true)
			r.Blocks = append(r.Blocks, b)
			g.blocks = append(g.blocks, b)
		}
		op.Base().Regions = append(op.Base().Regions, r)
	}
	op.Base().Results = tileir.NewResults(op, types)
	op.Base().Loc = g.loc()
	g.all = append(g.all, op.Base().Results...)
	g.made = append(g.made, op)
	return op
}

// mutate breaks the tree now and then: an op placed twice or inside its
// own region, a nil op, a value defined twice.
func (g *irGen) mutate(m *tileir.Module) {
	if len(g.made) == 0 || len(m.Funcs) == 0 {
		return
	}
	into := func() *[]tileir.Op {
		if len(g.blocks) > 0 && g.one(2) {
			return &g.blocks[g.n(len(g.blocks))].Ops
		}
		return &m.Funcs[g.n(len(m.Funcs))].Body
	}
	for range g.n(3) {
		if !g.oops(2) {
			continue
		}
		switch g.n(4) {
		case 0:
			list := into()
			*list = append(*list, g.made[g.n(len(g.made))])
		case 1:
			list := into()
			*list = append([]tileir.Op{nil}, *list...)
		case 2:
			op := g.made[g.n(len(g.made))]
			for _, r := range op.Base().Regions {
				if len(r.Blocks) > 0 {
					r.Blocks[0].Ops = append([]tileir.Op{op}, r.Blocks[0].Ops...)
				}
			}
		case 3:
			a, b := g.made[g.n(len(g.made))].Base(), g.made[g.n(len(g.made))].Base()
			if len(a.Results) > 0 && len(b.Results) > 0 {
				b.Results[0] = a.Results[0]
			}
		}
	}
}

// wiring lists each op with its operands named by where they are
// defined, so that two modules can be compared as graphs.
func wiring(m *tileir.Module) string {
	var b strings.Builder
	names := map[*tileir.Value]string{}
	name := func(v *tileir.Value) string {
		if s, ok := names[v]; ok {
			return s
		}
		return "?"
	}
	var ops func(indent string, list []tileir.Op)
	block, locs := 0, false
	ops = func(indent string, list []tileir.Op) {
		for i, op := range list {
			var operands []string
			for _, v := range tileir.Operands(op) {
				operands = append(operands, name(v))
			}
			loc := "-" // dropped with the function's
			if locs {
				loc = op.Base().Loc.String()
			}
			fmt.Fprintf(&b, "%s%d %s %v (%s) @%s\n", indent, i, op.Info().Name, tileir.Attrs(op), strings.Join(operands, ", "), loc)
			for _, r := range op.Base().Regions {
				for _, blk := range r.Blocks {
					block++
					for j, a := range blk.Args {
						names[a] = fmt.Sprintf("b%d.%d:%s", block, j, a.Type)
					}
					fmt.Fprintf(&b, "%s  block %d (%d args)\n", indent, block, len(blk.Args))
					ops(indent+"    ", blk.Ops)
				}
			}
			for j, r := range op.Base().Results {
				names[r] = fmt.Sprintf("%s.%d:%s", op.Info().Name, j, r.Type)
				names[r] = fmt.Sprintf("%s#%d", names[r], len(names))
			}
		}
	}
	for _, f := range m.Funcs {
		for j, p := range f.Params {
			names[p] = fmt.Sprintf("%s.p%d", f.Name, j)
		}
		locs = f.Loc != nil && f.Loc.Kind != tileir.DebugUnknown
		fmt.Fprintf(&b, "func %s %s kernel=%v hints=%v @%s\n", f.Name, f.Type, f.Kernel, f.Hints, f.Loc)
		ops("  ", f.Body)
	}
	return b.String()
}
