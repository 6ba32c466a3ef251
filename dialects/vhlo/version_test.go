package vhlo_test

import (
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

func TestBytecodeVersion(t *testing.T) {
	for s, want := range map[string]int{
		"0.9.0": 0, "0.9.5": 0, "0.10.0": 1, "0.11.3": 1, "0.12.0": 3, "0.13.9": 3,
		"0.14.0": 4, "0.14.30": 4, "0.15.0": 6, "1.0.0": 6, "1.20.0": 6,
	} {
		v, err := vhlo.ParseVersion(s)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := vhlo.BytecodeVersion(v); err != nil || got != want {
			t.Errorf("BytecodeVersion(%s) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"0.8.9", "1.20.1", "1.21.0", "2.0.0"} {
		v, _ := vhlo.ParseVersion(s)
		if _, err := vhlo.BytecodeVersion(v); err == nil {
			t.Errorf("BytecodeVersion(%s) has one", s)
		}
	}
}

func TestProducer(t *testing.T) {
	v := bytecode.DialectVersion{1, 9, 3}
	if p := vhlo.Producer(v); p != "StableHLO_v1.9.3" {
		t.Errorf("Producer = %q", p)
	}
	for producer, want := range map[string]string{
		"StableHLO_v1.9.3":                    "1.9.3",
		"StableHLO_v0.9.0":                    "0.9.0",
		"xStableHLO_v1.20.0":                  "1.20.0", // found anywhere, as getPortableArtifactVersion finds it
		"MLIR22.1.8":                          "",
		"StableHLO_v1.2":                      "error",
		"StableHLO_v1.2.3-rc1":                "error",
		"StableHLO_v01.002.03":                "1.2.3",
		"StableHLO_v1.2.3.4":                  "error",
		"StableHLO_v99.0.0":                   "99.0.0", // parses; newer than known, which readers refuse
		"StableHLO_v":                         "error",
		"StableHLO_v1.2.3 ":                   "error",
		"StableHLO_v-1.2.3":                   "error",
		"StableHLO_v1.2.99999999999999999999": "error",
	} {
		got, ok, err := vhlo.Dialect.ProducerVersion(producer)
		switch {
		case want == "":
			if ok || err != nil {
				t.Errorf("%q: %v %v %v, want no version", producer, got, ok, err)
			}
		case want == "error":
			if err == nil {
				t.Errorf("%q: %v, want an error", producer, got)
			}
		case err != nil || !ok || got.String() != want:
			t.Errorf("%q: %v %v %v, want %s", producer, got, ok, err, want)
		}
	}
	if _, err := vhlo.ParseVersion("1.2"); err == nil || !strings.Contains(err.Error(), "major.minor.patch") {
		t.Errorf("ParseVersion(1.2): %v", err)
	}
	if vhlo.RequirementWeek4.Compare(vhlo.RequirementWeek12) <= 0 || vhlo.RequirementMax.Compare(vhlo.MinimumVersion) != 0 || vhlo.RequirementNone.Compare(vhlo.CurrentVersion) != 0 {
		t.Error("requirement presets out of order")
	}
}

// FuzzReadEntry decodes any attribute or type entry: never a panic, and
// what decodes encodes to bytes that decode to the same value (the same
// bytes but for non-canonical integers: an f32 bit pattern written as a
// negative varint reads as its low 32 bits, which MLIR writes zero-extended).
func FuzzReadEntry(f *testing.F) {
	for _, s := range [][]byte{{0x29, 0x05, 0x09, 0x03, 0x01}, {0x2b, 0x01, 0x03, 0x09, 0x01}, {0x11, 0x01, 0x10, 0x00, 0x00, 0xe0, 0x0f}, {0x0d, 0x03, 0x01, 0x03}, {0x2d, 0x01, 0x03, 0x03}, {0x3d, 0x03, 0x01, 0x03, 0x05, 0x03, 0x05, 0x03, 0x01, 0x03, 0x03}} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, data []byte, isType bool) {
		ctx := newContext()
		f32, si8 := vhlo.GetFloatF32V1Type(ctx), vhlo.GetIntegerSI8V1Type(ctx)
		tab := &table{
			attrs: []ir.Attribute{vhlo.GetStringV1Attr(ctx, "x"), vhlo.GetTypeExtensionsV1Attr(ctx, []int64{4})},
			types: []ir.Type{f32, si8, vhlo.GetIndexV1Type(ctx)},
			strs:  []string{"x", "y"},
		}
		r := bytecode.NewEntryReader(ctx, wire.NewReader(data, 0, "AttrType"), tab, target)
		var out []byte
		var v any
		var err error
		if isType {
			var x ir.Type
			if x, err = vhlo.Dialect.ReadType(r); err != nil {
				return
			}
			v = x
			out, _, err = bytecode.EncodeType(ctx, nil, tab, target, x)
		} else {
			var x ir.Attribute
			if x, err = vhlo.Dialect.ReadAttribute(r); err != nil {
				return
			}
			v = x
			out, _, err = bytecode.EncodeAttribute(ctx, nil, tab, target, x)
		}
		if err != nil {
			t.Fatalf("% x decodes but does not encode: %v", data, err)
		}
		if back, err := decode(ctx, out, tab, v); err != nil || back != v {
			t.Fatalf("% x encodes as % x, which reads as %v (%v), not %v", data, out, back, err, v)
		}
	})
}
