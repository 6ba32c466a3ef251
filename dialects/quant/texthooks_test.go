package quant_test

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/quant"
	"github.com/dialectgen/dialectgen/internal/oracle"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

func parseType(t testing.TB, ctx *ir.Context, text string, release int) ir.Type {
	t.Helper()
	ty, err := ctx.Dialect("quant").(interface {
		ParseType(*ir.Context, string, int) (ir.Type, error)
	}).ParseType(ctx, text, release)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return ty
}

func f64(bits int64) float64 { return math.Float64frombits(uint64(bits)) }

// TestQuantTextTyped: each form of quant's types reads into the typed
// value whose fields hold what the text says, and prints back as read.
func TestQuantTextTyped(t *testing.T) {
	ctx := all.NewContext()
	i8, i16 := builtin.GetIntType(ctx, 8), builtin.GetIntType(ctx, 16)
	f32 := builtin.GetFloat32Type(ctx)
	for _, c := range []struct {
		text     string
		releases []int
		check    func(v ir.Type) bool
	}{
		{"!quant.any<i8<-8:7>>", []int{19, 22}, func(v ir.Type) bool {
			a := v.(*quant.AnyQuantizedType)
			return a.Flags() == 1 && a.StorageType() == i8 && a.ExpressedType() == nil && a.StorageTypeMin() == -8 && a.StorageTypeMax() == 7
		}},
		{"!quant.any<u16:f32>", []int{19, 22}, func(v ir.Type) bool {
			a := v.(*quant.AnyQuantizedType)
			return a.Flags() == 0 && a.StorageType() == i16 && a.ExpressedType() == f32 && a.StorageTypeMin() == 0 && a.StorageTypeMax() == 65535
		}},
		{"!quant.calibrated<f32<-0.998:1.232100e+00>>", []int{19, 22}, func(v ir.Type) bool {
			c := v.(*quant.CalibratedQuantizedType)
			return c.ExpressedType() == f32 && f64(c.Min()) == -0.998 && f64(c.Max()) == 1.2321
		}},
		{"!quant.uniform<u8<1:200>:f32, 0x41646ABBA0000000:128>", []int{19, 22}, func(v ir.Type) bool {
			u := v.(*quant.UniformQuantizedType)
			return u.Flags() == 0 && u.StorageType() == i8 && u.Scale() == 0x41646ABBA0000000 && u.ZeroPoint() == 128 &&
				u.StorageTypeMin() == 1 && u.StorageTypeMax() == 200
		}},
		{"!quant.uniform<i8:f32, 9.987200e-01:-3>", []int{19, 22}, func(v ir.Type) bool {
			u := v.(*quant.UniformQuantizedType)
			return u.Flags() == 1 && f64(u.Scale()) == 0.99872 && u.ZeroPoint() == -3 && u.StorageTypeMin() == -128 && u.StorageTypeMax() == 127
		}},
		{"!quant.uniform<i8:f32:1, {2.000000e+02:120,0.998,1.500000e-03:-128}>", []int{19, 22}, func(v ir.Type) bool {
			u := v.(*quant.UniformQuantizedPerAxisType)
			var s []float64
			for _, b := range u.Scales() {
				s = append(s, f64(b))
			}
			return u.QuantizedDimension() == 1 && slices.Equal(s, []float64{200, 0.998, 1.5e-3}) && slices.Equal(u.ZeroPoints(), []int64{120, 0, -128})
		}},
		{"!quant.uniform<u8:bf16:{0:1, 1:2}, {{1.101560e+00:-56, 2.000000e+00}, {3.000000e+00, 4.000000e+00:3}}>", []int{22}, func(v ir.Type) bool {
			u := v.(*quant.UniformQuantizedSubChannelType)
			s := u.Scales().(*builtin.DenseIntOrFPElementsAttr)
			z := u.ZeroPoints().(*builtin.DenseIntOrFPElementsAttr)
			st := s.Type().(*builtin.RankedTensorType)
			// bf16 1.10156 is 0x3F8D; 200 in u8 is printed -56.
			return slices.Equal(u.QuantizedDimensions(), []int64{0, 1}) && slices.Equal(u.BlockSizes(), []int64{1, 2}) &&
				slices.Equal(st.Shape(), []int64{2, 2}) && bytes.Equal(s.RawData(), []byte{0x8D, 0x3F, 0x00, 0x40, 0x40, 0x40, 0x80, 0x40}) &&
				bytes.Equal(z.RawData(), []byte{200, 0, 0, 3})
		}},
		{"!quant.uniform<i8:f32:{}, {1.000000e+00, 1.000000e+00}>", []int{22}, func(v ir.Type) bool {
			u := v.(*quant.UniformQuantizedSubChannelType)
			s := u.Scales().(*builtin.DenseIntOrFPElementsAttr)
			z := u.ZeroPoints().(*builtin.DenseIntOrFPElementsAttr)
			// Equal elements are stored as a splat, as MLIR does.
			return len(u.QuantizedDimensions()) == 0 && bytes.Equal(s.RawData(), []byte{0, 0, 0x80, 0x3F}) && bytes.Equal(z.RawData(), []byte{0})
		}},
	} {
		for _, rel := range c.releases {
			v := parseType(t, ctx, c.text, rel)
			if v == nil {
				t.Errorf("%s (llvm %d): not read", c.text, rel)
				continue
			}
			if !c.check(v) {
				t.Errorf("%s (llvm %d): read as %v", c.text, rel, v)
			}
			if s := v.(interface{ String() string }).String(); s != c.text {
				t.Errorf("%s (llvm %d): prints as %s", c.text, rel, s)
			}
		}
	}
}

// TestQuantTextRefused: text that is not quant's printed form, or not a
// type of the release, stays text: no value, no error, no panic.
func TestQuantTextRefused(t *testing.T) {
	ctx := all.NewContext()
	for _, c := range []struct {
		text    string
		release int
	}{
		{"!quant.uniform<i8:f32, 2.0>", 22},                                  // not as mlir-opt prints 2.0
		{"!quant.uniform<i8<-128:127>:f32, 2.000000e+00>", 22},               // the full range prints without one
		{"!quant.uniform<si8:f32, 2.000000e+00>", 22},                        // prints i8
		{"!quant.uniform<i99:f32, 2.000000e+00>", 22},                        // wider than 32 bits
		{"!quant.uniform<i0:f32, 2.000000e+00>", 22},                         // no width
		{"!quant.uniform<x8:f32, 2.000000e+00>", 22},                         // no storage type
		{"!quant.uniform<i8:f32, 2.000000e+00:0>", 22},                       // a zero point 0 is not printed
		{"!quant.uniform<i8:f32, >", 22},                                     // no scale
		{"!quant.uniform<i8:f32, -0x3FF0000000000000>", 22},                  // hex with a sign
		{"!quant.uniform<i8:f32:1, {}>", 22},                                 // no scales
		{"!quant.uniform<i8:f32:{0:1}, {{1.000000e+00}, 2.000000e+00}>", 22}, // ranks differ
		{"!quant.uniform<i8:f32:{0:1}, {1.000000e+00}>", 19},                 // sub-channel types are 22's
		{"!quant.calibrated<f32<1.000000e+00>>", 22},
		{"!quant.any<i8", 22},
		{"!quant.bogus<i8>", 22},
		{"!quant.uniform<i8:f32, 2.000000e+00>>", 22},
	} {
		if v := parseType(t, ctx, c.text, c.release); v != nil {
			t.Errorf("%s (llvm %d): read as %v", c.text, c.release, v)
		}
	}
}

// TestQuantTextOracle: quant types written by mlir-opt 19 and 22 print
// as that mlir-opt prints them, and the printed text reads back into
// typed values that write the bytes mlir-opt writes for that text.
func TestQuantTextOracle(t *testing.T) {
	for _, c := range []struct {
		release oracle.Release
		input   string
	}{
		{19, "testdata/text.mlir"},
		{22, "testdata/text.mlir"},
		{22, "testdata/text_22.mlir"},
	} {
		oracle.Require(t, c.release)
		name := c.input + " " + c.release.String()
		bc, err := oracle.EmitBytecode(c.release, 6, c.input, "--allow-unregistered-dialect")
		if err != nil {
			t.Fatal(err)
		}
		want, err := oracle.RunInput(c.release, bc, ".mlirbc", "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo")
		if err != nil {
			t.Fatal(err)
		}
		m, err := mlirbc.Read(all.NewContext(), bc, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := mlirtext.Append(nil, m, mlirtext.Options{Release: int(c.release)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: prints\n%s\nmlir-opt prints\n%s", name, got, want)
		}

		ctx := all.NewContext()
		parsed, err := mlirtext.ParseBytes(ctx, want, mlirtext.ParseOptions{File: "input.mlir", Release: int(c.release)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		n := 0
		parsed.Op.Walk(func(op *ir.Operation) bool {
			for _, a := range op.Attrs() {
				ta, ok := a.Value.(interface{ Value() ir.Type })
				if !ok {
					continue
				}
				if _, text := ta.Value().(*ir.TextType); text || ta.Value().Dialect() != "quant" {
					t.Errorf("%s: %s read as %T", name, a.Name, ta.Value())
				}
				n++
			}
			return true
		})
		if n < 8 {
			t.Errorf("%s: %d quant types read", name, n)
		}
		wantBC, err := oracle.RunInput(c.release, want, ".mlir", oracle.BytecodeFlags(c.release, 6, "--allow-unregistered-dialect")...)
		if err != nil {
			t.Fatal(err)
		}
		gotBC, err := mlirbc.Append(nil, ctx, parsed, mlirbc.WriteOptions{Version: mlirbc.V(6), Producer: c.release.Producer(), Release: int(c.release)})
		if err != nil || !bytes.Equal(gotBC, wantBC) {
			t.Errorf("%s: the text does not write mlir-opt's bytes (%v)", name, err)
		}
	}
}

// TestQuantSubChannelTo19: a sub-channel type has no form in LLVM 19,
// neither encoded nor as text: writing it for 19 fails, naming it.
func TestQuantSubChannelTo19(t *testing.T) {
	oracle.Require(t, 22)
	bc, err := oracle.EmitBytecode(22, 6, "testdata/text_22.mlir", "--allow-unregistered-dialect")
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	m, err := mlirbc.Read(ctx, bc, mlirbc.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opts := m.Options()
	opts.Release, opts.Producer = 19, oracle.LLVM19.Producer()
	if _, err := mlirbc.Append(nil, ctx, m, opts); err == nil || !strings.Contains(err.Error(), "UniformQuantizedSubChannelType") {
		t.Errorf("written for llvm 19: %v", err)
	}
}

// FuzzQuantText: any text either stays text or reads into a value that
// prints as the text and reads back into the same value.
func FuzzQuantText(f *testing.F) {
	for _, s := range []string{
		"!quant.any<i8<-8:7>>", "!quant.any<u8:f32>", "!quant.calibrated<f32<-0.998:1.232100e+00>>",
		"!quant.uniform<u8<1:200>:f32, 0x41646ABBA0000000:128>", "!quant.uniform<i8:f32:1, {2.000000e+02:120,0.998}>",
		"!quant.uniform<u8:f32:{0:1, 1:2}, {{2.000000e+00:120, 3.000000e+00:127}, {4.000000e+00, 5.000000e+00}}>",
		"!quant.uniform<i8:f16:{}, {{{1.000000e+00}}}>", "!quant.uniform<i8:f32:{0:1}, {{1.0}, 2.0}>",
	} {
		f.Add(s, uint8(22))
		f.Add(s, uint8(19))
	}
	ctx := all.NewContext()
	f.Fuzz(func(t *testing.T, text string, rel uint8) {
		release := 19
		if rel%2 == 0 {
			release = 22
		}
		v := parseType(t, ctx, text, release)
		if v == nil {
			return
		}
		s, ok := ctx.Dialect("quant").(interface {
			PrintTypeFor(ir.Type, int) (string, bool)
		}).PrintTypeFor(v, release)
		if !ok || s != text {
			t.Fatalf("%q read as a value that prints %q (%v)", text, s, ok)
		}
		if again := parseType(t, ctx, s, release); again != v {
			t.Fatalf("%q reads back as another value", text)
		}
	})
}
