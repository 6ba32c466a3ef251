package bytecode_test

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// randomTables makes attribute and type tables of the test dialect whose
// entries refer to each other at random: chains, shared entries, cycles,
// and entries that fail (an unknown code, an index out of range).
func randomTables(rng *rand.Rand, nAttrs, nTypes int) (attrs, types [][]byte) {
	entry := func(i int) []byte {
		switch k := rng.IntN(100); {
		case k < 25:
			return []byte{4}
		case k < 60:
			// The next few entries, so that long chains form.
			return wire.AppendVarInt([]byte{0}, uint64(min(i+1+rng.IntN(3), nAttrs-1)))
		case k < 70:
			// Any entry: shared ones, and cycles.
			return wire.AppendVarInt([]byte{0}, uint64(rng.IntN(nAttrs)))
		case k < 90:
			return wire.AppendVarInt([]byte{2}, uint64(rng.IntN(nTypes)))
		case k < 97:
			return []byte{1, 0x01}
		case k < 99:
			return []byte{9}
		default:
			return wire.AppendVarInt([]byte{0}, uint64(nAttrs+rng.IntN(3)))
		}
	}
	for i := range nAttrs {
		attrs = append(attrs, entry(i))
	}
	for i := range nTypes {
		types = append(types, entry(i))
	}
	return attrs, types
}

// errorKind is what a decoding error is, apart from the path of entries
// it was reached by (which depends on what was decoded before).
func errorKind(err error) string {
	switch {
	case err == nil:
		return "none"
	case errors.Is(err, bytecode.ErrCycle):
		return "cycle"
	case errors.Is(err, bytecode.ErrTooDeep):
		return "too deep"
	case errors.Is(err, wire.ErrInvalid):
		return "invalid"
	}
	return "other: " + err.Error()
}

// TestConcurrentAhead: with Ahead's goroutine decoding entries beside it,
// a decoder returns for every entry what a decoder alone returns, the same
// value or the same kind of error, whichever entries the goroutine got to
// first. (CI runs it under the race detector.)
func TestConcurrentAhead(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Log("one processor: the goroutine and the reader take turns")
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 1))
		nAttrs, nTypes := 50+rng.IntN(2000), 1+rng.IntN(300)
		attrs, types := randomTables(rng, nAttrs, nTypes)
		f := fileWith(t, attrs, types)
		limits := ir.Limits{MaxAttrDepth: 3 + rng.IntN(12)}
		ctx := ir.NewContext(testDialect{})

		dec := bytecode.NewDecoder(ctx, f, limits)
		stop := dec.Ahead()
		// Half the seeds read in table order, right behind the goroutine
		// (it waits and yields most there); the others at random.
		order := rng.Perm(nAttrs + nTypes)
		if seed%2 == 0 {
			for i := range order {
				order[i] = i
			}
		}
		got := make([]any, nAttrs+nTypes)
		gotErr := make([]error, nAttrs+nTypes)
		for _, i := range order {
			if i < nAttrs {
				got[i], gotErr[i] = dec.Attribute(uint64(i))
			} else {
				got[i], gotErr[i] = dec.Type(uint64(i - nAttrs))
			}
		}
		stop()
		stop() // a second call returns at once

		// Alone, in the same context: the values are the same pointers.
		alone := bytecode.NewDecoder(ctx, f, limits)
		for _, i := range order {
			var want any
			var wantErr error
			if i < nAttrs {
				want, wantErr = alone.Attribute(uint64(i))
			} else {
				want, wantErr = alone.Type(uint64(i - nAttrs))
			}
			if errorKind(gotErr[i]) != errorKind(wantErr) || (wantErr == nil && got[i] != want) {
				t.Fatalf("seed %d, entry %d of %d attributes and %d types: with Ahead %v (%v), alone %v (%v)",
					seed, i, nAttrs, nTypes, got[i], gotErr[i], want, wantErr)
			}
		}
	}
}

// TestAheadStops: once stop returns, the goroutine decodes nothing more,
// though it had entries left.
func TestAheadStops(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	attrs, types := randomTables(rng, 20000, 10)
	f := fileWith(t, attrs, types)
	ctx := ir.NewContext(testDialect{})
	stop := bytecode.NewDecoder(ctx, f, ir.Limits{}).Ahead()
	for ctx.NumAttributes() == 0 {
		runtime.Gosched()
	}
	stop()
	decoded := ctx.NumAttributes()
	time.Sleep(20 * time.Millisecond)
	if n := ctx.NumAttributes(); n != decoded {
		t.Fatalf("%d attributes decoded after stop returned", n-decoded)
	}
	if decoded >= len(attrs) {
		t.Logf("the goroutine decoded all %d attributes before it was stopped", len(attrs))
	}
}

// FuzzAhead checks TestConcurrentAhead's property on tables the fuzzer
// shapes: two bytes an entry, a kind and the entry it refers to.
func FuzzAhead(f *testing.F) {
	f.Add([]byte{1, 1, 1, 2, 1, 3, 0, 0, 2, 0, 1, 0}, uint8(3))
	f.Add([]byte{1, 1, 1, 0, 1, 3, 1, 2}, uint8(8))
	f.Fuzz(runFuzzAhead)
}

func runFuzzAhead(t *testing.T, data []byte, depth uint8) {
	{
		n := len(data) / 2
		if n == 0 || n > 4096 {
			return
		}
		nTypes := 1 + n/8
		code := func(b []byte) []byte {
			switch b[0] % 6 {
			case 0:
				return []byte{4}
			case 1:
				return wire.AppendVarInt([]byte{0}, uint64(b[1])%uint64(n))
			case 2:
				return wire.AppendVarInt([]byte{2}, uint64(b[1])%uint64(nTypes))
			case 3:
				return []byte{1, 0x01}
			case 4:
				return []byte{9}
			}
			return wire.AppendVarInt([]byte{0}, uint64(n+int(b[1]%3)))
		}
		var attrs, types [][]byte
		for i := range n {
			attrs = append(attrs, code(data[2*i:]))
		}
		for i := range nTypes {
			types = append(types, code(data[2*(i%n):]))
		}
		f := fileWith(t, attrs, types)
		limits := ir.Limits{MaxAttrDepth: 1 + int(depth%32)}
		ctx := ir.NewContext(testDialect{})
		dec := bytecode.NewDecoder(ctx, f, limits)
		stop := dec.Ahead()
		got := make([]any, n)
		gotErr := make([]error, n)
		for i := range n {
			got[i], gotErr[i] = dec.Attribute(uint64(i))
		}
		stop()
		alone := bytecode.NewDecoder(ctx, f, limits)
		for i := range n {
			want, wantErr := alone.Attribute(uint64(i))
			if errorKind(gotErr[i]) != errorKind(wantErr) || (wantErr == nil && got[i] != want) {
				t.Fatalf("entry %d of %d: with Ahead %v (%v), alone %v (%v)", i, n, got[i], gotErr[i], want, wantErr)
			}
		}
	}
}
