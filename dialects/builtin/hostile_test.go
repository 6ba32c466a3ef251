package builtin_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Hand-made builtin entries that lie: each must fail with an error that
// points at the lie, without panicking or allocating what the lie asks for.

// Builtin codes used below.
const (
	attrArray        = 0
	attrInteger      = 8
	attrDenseStrings = 19
	attrDistinct     = 21
	typeInteger      = 0
	typeRankedTensor = 13
	typeVectorScal   = 20
)

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestHostileIntegerWidths(t *testing.T) {
	for _, c := range []struct {
		name     string
		width    uint64
		value    []any // after the type index
		sentinel error
		contains string
	}{
		// MLIR's IntegerType::kMaxWidth is 2^24-1; a wider APInt would be
		// allocated at its full width before a single word is read.
		{"width 2^31", 1 << 31, []any{1, int64(1)}, wire.ErrInvalid, "up to 16777215"},
		{"width 2^32-1", 1<<32 - 1, []any{1, int64(1)}, wire.ErrInvalid, "up to 16777215"},
		{"width 2^32-10", 1<<32 - 10, []any{1, int64(1)}, wire.ErrInvalid, "up to 16777215"},
		// 2^18 active words claimed, one present.
		{"word count lies", 1<<24 - 1, []any{1 << 18, int64(1)}, wire.ErrTruncated, "262144"},
		{"zero words", 128, []any{0}, wire.ErrInvalid, "1 to 2 active words"},
		{"too many words", 128, []any{3, int64(1), int64(2), int64(3)}, wire.ErrInvalid, "1 to 2 active words"},
	} {
		t.Run(c.name, func(t *testing.T) {
			types := [][]byte{entry(typeInteger, c.width<<2)}
			attrs := [][]byte{entry(append([]any{attrInteger, 0}, c.value...)...)}
			data := hostileFile("MLIR22.1.8", nil, attrs, types)
			var err error
			var f *bytecode.File
			n := allocated(func() { f, _, _, err = decodeEntries(t, c.name, data) })
			if n > 1<<20 {
				t.Errorf("decoding allocated %d bytes", n)
			}
			if err == nil {
				t.Fatal("decoded")
			}
			wireError(t, err, f.Attrs.At(0).Offset+2, c.sentinel)
			if !strings.Contains(err.Error(), c.contains) {
				t.Errorf("error %q does not contain %q", err, c.contains)
			}
		})
	}
	t.Run("width 2^24-1 one word", func(t *testing.T) {
		types := [][]byte{entry(typeInteger, uint64(1<<24-1)<<2)}
		attrs := [][]byte{entry(attrInteger, 0, 1, int64(5))}
		if _, _, _, err := decodeEntries(t, "kMaxWidth", hostileFile("MLIR22.1.8", nil, attrs, types)); err != nil {
			t.Fatal(err)
		}
	})
}

func TestHostileDenseStringShapes(t *testing.T) {
	for _, c := range []struct {
		name  string
		shape []int64
	}{
		{"product wraps negative", []int64{1 << 62, 2}},
		{"product wraps to zero", []int64{1 << 32, 1 << 32}},
		{"product wraps small", []int64{1<<32 + 1, 1<<32 - 1, 3}},
		{"huge", []int64{1 << 62}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tensor := []any{typeRankedTensor, len(c.shape)}
			for _, d := range c.shape {
				tensor = append(tensor, d)
			}
			tensor = append(tensor, 0)
			types := [][]byte{entry(typeInteger, 8<<2), entry(tensor...)}
			// Not splat; the string indices that follow are far fewer than
			// the shape asks for.
			attrs := [][]byte{entry(attrDenseStrings, 1, 0, 0, 0, 0)}
			f, _, _, err := decodeEntries(t, c.name, hostileFile("MLIR22.1.8", []string{"s"}, attrs, types))
			if err == nil {
				t.Fatal("decoded")
			}
			wireError(t, err, f.Attrs.At(0).Offset+3, wire.ErrTruncated)
		})
	}
}

func TestHostileCodes(t *testing.T) {
	// The generated ReadAttribute/ReadType point at the code, name it and
	// wrap wire.ErrInvalid.
	t.Run("unknown attribute code", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "code 99", hostileFile("MLIR22.1.8", nil, [][]byte{entry(99)}, nil))
		wireError(t, err, f.Attrs.At(0).Offset, wire.ErrInvalid)
		if !strings.Contains(err.Error(), "expected a known builtin attribute code: invalid encoding: unknown code 99") {
			t.Errorf("error %q", err)
		}
	})
	t.Run("unknown type code", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "code 200", hostileFile("MLIR22.1.8", nil, nil, [][]byte{entry(200)}))
		wireError(t, err, f.Types.At(0).Offset, wire.ErrInvalid)
		if !strings.Contains(err.Error(), "expected a known builtin type code: invalid encoding: unknown code 200") {
			t.Errorf("error %q", err)
		}
	})
	t.Run("code from a newer release", func(t *testing.T) {
		// DistinctAttr is code 21 from LLVM 19 on.
		attrs := [][]byte{entry(attrArray, 0), entry(attrDistinct, 0)}
		f, _, _, err := decodeEntries(t, "distinct at 16", hostileFile("MLIR16.0.6", nil, attrs, nil))
		var ve *wire.VersionError
		wireError(t, err, f.Attrs.At(1).Offset, &ve)
	})
	// Range errors of generated integer fields point at the first byte of
	// the field holding the bad value (here right after the one-byte code).
	inEntry := func(t *testing.T, err error, e bytecode.Entry, contains string) {
		t.Helper()
		var we *wire.Error
		if !errors.As(err, &we) || !errors.Is(err, wire.ErrInvalid) {
			t.Fatalf("error %v (%T) is not an invalid-encoding *wire.Error", err, err)
		}
		if we.Offset != e.Offset+1 {
			t.Errorf("error %q: offset %#x, want the field at %#x", err, we.Offset, e.Offset+1)
		}
		if !strings.Contains(err.Error(), contains) {
			t.Errorf("error %q does not contain %q", err, contains)
		}
	}
	t.Run("invalid signedness", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "signedness 3", hostileFile("MLIR22.1.8", nil, nil, [][]byte{entry(typeInteger, uint64(200<<2|3))}))
		inEntry(t, err, f.Types.At(0), "a Signedness value")
	})
	t.Run("width beyond 32 bits", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "width 2^40", hostileFile("MLIR22.1.8", nil, nil, [][]byte{entry(typeInteger, uint64(1<<40)<<2)}))
		inEntry(t, err, f.Types.At(0), "width of IntegerType in 32 bits")
	})
	t.Run("scalable dims beyond the shape at 16", func(t *testing.T) {
		types := [][]byte{entry(typeInteger, 8<<2), entry(typeVectorScal, 3, 2, int64(4), int64(4), 0)}
		f, _, _, err := decodeEntries(t, "scalable", hostileFile("MLIR16.0.6", nil, nil, types))
		wireError(t, err, f.Types.At(1).Offset+1, wire.ErrInvalid)
	})
	t.Run("list count lies", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "array", hostileFile("MLIR22.1.8", nil, [][]byte{entry(attrArray, uint64(1<<40))}, nil))
		wireError(t, err, f.Attrs.At(0).Offset+1, wire.ErrTruncated)
	})
	t.Run("reference of the wrong kind", func(t *testing.T) {
		// NameLoc (14) whose name is a UnitAttr.
		attrs := [][]byte{entry(7), entry(15), entry(14, 0, 1)}
		f, _, _, err := decodeEntries(t, "nameloc", hostileFile("MLIR22.1.8", nil, attrs, nil))
		we := wireError(t, err, f.Attrs.At(2).Offset+1, wire.ErrInvalid)
		if !strings.Contains(we.Error(), "builtin UnitAttr") {
			t.Errorf("error %q does not name what it got", we)
		}
	})
	t.Run("self-referencing array", func(t *testing.T) {
		f, _, _, err := decodeEntries(t, "cycle", hostileFile("MLIR22.1.8", nil, [][]byte{entry(attrArray, 1, 0)}, nil))
		wireError(t, err, f.Attrs.At(0).Offset, bytecode.ErrCycle)
		if !errors.Is(err, bytecode.ErrCycle) {
			t.Fatal(err)
		}
	})
}

func TestNumElements(t *testing.T) {
	const max = 1<<63 - 1
	for _, c := range []struct {
		shape []int64
		n     int64
		ok    bool
	}{
		{nil, 1, true},
		{[]int64{2, 3, 4}, 24, true},
		{[]int64{2, builtin.Dynamic}, 0, false},
		{[]int64{-1}, 0, false},
		{[]int64{1 << 62, 2}, max, true},
		{[]int64{1 << 32, 1 << 32}, max, true},
		{[]int64{1<<32 + 1, 1<<32 - 1, 3}, max, true},
		{[]int64{1 << 62, 4, 0}, 0, true},
		{[]int64{0, 1 << 62, 4}, 0, true},
		{[]int64{max, 1}, max, true},
		{[]int64{1 << 62, 4, builtin.Dynamic}, 0, false},
	} {
		if n, ok := builtin.NumElements(c.shape); n != c.n || ok != c.ok {
			t.Errorf("NumElements(%v) = %d, %v; want %d, %v", c.shape, n, ok, c.n, c.ok)
		}
	}
}

func TestHostileDenseArraySize(t *testing.T) {
	// DenseArrayAttr: element type, count, blob. The count must match the
	// blob (MLIR's DenseArrayAttr::verify); i32 takes 4 bytes.
	const attrDenseArray = 17
	types := [][]byte{entry(typeInteger, 32<<2)}
	for _, c := range []struct {
		name  string
		count int
		data  []byte
		ok    bool
	}{
		{"matching", 2, make([]byte, 8), true},
		{"count too large", 3, make([]byte, 8), false},
		{"count too small", 1, make([]byte, 8), false},
		{"ragged data", 2, make([]byte, 7), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			attr := append(entry(attrDenseArray, 0, c.count, len(c.data)), c.data...)
			f, _, _, err := decodeEntries(t, c.name, hostileFile("MLIR22.1.8", nil, [][]byte{attr}, types))
			if c.ok {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wireError(t, err, f.Attrs.At(0).Offset+1, wire.ErrInvalid)
			if !strings.Contains(err.Error(), "expected a valid DenseArrayAttr") || !strings.Contains(err.Error(), "does not match") {
				t.Errorf("error %q", err)
			}
		})
	}
}
