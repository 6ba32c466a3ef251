package cudatile

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

var (
	i32     = &Int32Type{}
	tileI32 = &TileType{Element: i32, Shape: []int64{4}}
	// detached builds ops outside any block, for tests that place them.
	detached = tileir.NewBuilder(nil)
)

// fillOp sets every field of an empty op through reflection (tests only):
// operands from params, attributes with valid values. With all set, every
// optional attribute and operand is present; without, only what is
// required.
func fillOp(op tileir.Op, info tileir.OpInfo, params []*tileir.Value, all bool) {
	v := reflect.ValueOf(op).Elem()
	tt := v.Type()
	for i := 0; i < v.NumField(); i++ {
		f, sf := v.Field(i), tt.Field(i)
		if sf.Anonymous {
			continue
		}
		switch x := f.Addr().Interface().(type) {
		case **tileir.Value:
			if !all && isOptional(op, sf.Name) {
				continue
			}
			*x = params[0]
		case *[]*tileir.Value:
			*x = []*tileir.Value{params[0], params[1]}
		case *bool:
			*x = all
		case *uint64:
			*x = 3
		case *uint32:
			*x = 3
		case **uint64:
			if all {
				n := uint64(3)
				*x = &n
			}
		case *string:
			*x = "s"
		case **string:
			if all {
				s := "s"
				*x = &s
			}
		case *tileir.Dense:
			*x = tileir.Dense{Type: tileI32, Data: []byte{1, 0, 0, 0}}
		case *[]int32:
			*x = []int32{0, 1}
		case *[]int64:
			*x = []int64{0, 1}
		case *tileir.Type:
			*x = i32
		case *tileir.Attr:
			*x = &DivByAttr{Divisor: 16}
		case *[]tileir.Attr:
			if all || !isOptional(op, sf.Name) {
				*x = []tileir.Attr{&IntegerAttr{Type: i32, Value: 5}}
			}
		case **OptimizationHintsAttr:
			if all {
				*x = &OptimizationHintsAttr{Entries: []NamedAttr{{Name: "sm_100", Value: &DictionaryAttr{Entries: []NamedAttr{{Name: "num_cta_in_cga", Value: &IntegerAttr{Type: i32, Value: 2}}}}}}}
			}
		default:
			switch {
			case f.Kind() == reflect.Uint32: // an enum: 0 exists in every version
			case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Uint32:
				if all {
					f.Set(reflect.New(f.Type().Elem()))
				}
			default:
				panic(fmt.Sprintf("%s: field %s of type %s not handled", info.Name, sf.Name, f.Type()))
			}
		}
	}
	n := info.Results
	if info.VariadicResults {
		n += 2
	}
	types := make([]tileir.Type, n)
	for i := range types {
		types[i] = tileI32
	}
	op.Base().Results = tileir.NewResults(op, types)
	for range info.Regions {
		b := tileir.NewBlock(tileI32)
		b.Ops = []tileir.Op{BuildYieldOp(detached, nil)}
		op.Base().Regions = append(op.Base().Regions, &tileir.Region{Blocks: []*tileir.Block{b}})
	}
}

// isOptional reports whether an operand field is optional: its Operands
// shrink when it is nil.
func isOptional(op tileir.Op, field string) bool {
	v := reflect.ValueOf(op).Elem().FieldByName(field)
	if v.Kind() == reflect.Slice {
		return v.Type().Elem() != reflect.TypeFor[*tileir.Value]()
	}
	for _, info := range Ops {
		if info.Opcode == op.Info().Opcode {
			return slices.Contains(info.OptionalOperands, field)
		}
	}
	return false
}

func moduleWith(op tileir.Op) (*tileir.Module, []*tileir.Value) {
	fn := &tileir.Function{Name: "k", Kernel: true,
		Type:   &FunctionType{Inputs: []tileir.Type{tileI32, tileI32}},
		Params: tileir.NewBlock(tileI32, tileI32).Args}
	fn.Body = []tileir.Op{op, BuildReturnOp(detached, nil)}
	return &tileir.Module{Funcs: []*tileir.Function{fn}}, fn.Params
}

func params() []*tileir.Value { return tileir.NewBlock(tileI32, tileI32).Args }

// roundTrip writes m, reads it back and checks that writing again gives
// the same bytes and that the op prints the same.
func roundTrip(t *testing.T, m *tileir.Module, v tileir.Version) ([]byte, error) {
	t.Helper()
	b, err := Append(nil, m, tileir.WriteOptions{Version: v})
	if err != nil {
		return nil, err
	}
	m2, err := Read(b, tileir.ReadOptions{})
	if err != nil {
		t.Fatalf("%s: reading what we wrote: %v", v, err)
	}
	b2, err := Append(nil, m2, tileir.WriteOptions{Version: v})
	if err != nil {
		t.Fatalf("%s: rewriting: %v", v, err)
	}
	if !bytes.Equal(b, b2) {
		t.Fatalf("%s: write(read(write(m))) differs from write(m)", v)
	}
	got, want := m2.Funcs[0].Body[0], m.Funcs[0].Body[0]
	if got.Info().Name != want.Info().Name || !slices.Equal(tileir.Attrs(got), tileir.Attrs(want)) || len(tileir.Operands(got)) != len(tileir.Operands(want)) {
		t.Fatalf("%s: read back %s %v (%d operands), wrote %s %v (%d operands)", v, got.Info().Name, tileir.Attrs(got), len(tileir.Operands(got)), want.Info().Name, tileir.Attrs(want), len(tileir.Operands(want)))
	}
	return b, nil
}

func TestEveryOpcodeRoundTrips(t *testing.T) {
	if len(Ops) != 100 {
		t.Fatalf("%d ops, want 100", len(Ops))
	}
	seen := map[uint64]bool{}
	for _, info := range Ops {
		seen[info.Opcode] = true
		t.Run(strings.TrimPrefix(info.Name, "cuda_tile."), func(t *testing.T) {
			// Everything set, at the newest version.
			op := info.New()
			m, ps := moduleWith(op)
			fillOp(op, info, ps, true)
			if op.Info().Opcode != info.Opcode || op.Info().Name != info.Name {
				t.Fatalf("New gives %s 0x%X", op.Info().Name, op.Info().Opcode)
			}
			if _, err := roundTrip(t, m, tileir.V13_3); err != nil {
				t.Fatalf("13.3: %v", err)
			}
			// Only what is required, at every version the op exists in.
			for _, v := range tileir.Versions {
				op := info.New()
				m, ps := moduleWith(op)
				fillOp(op, info, ps, false)
				setDefaults(op)
				_, err := roundTrip(t, m, v)
				if !v.AtLeast(info.Since.Major, info.Since.Minor) {
					var ve *wire.VersionError
					if !errors.As(err, &ve) || !strings.Contains(err.Error(), info.Name) {
						t.Fatalf("%s at %s: want a version error naming the op, got %v", info.Name, v, err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%s: %v", v, err)
				}
			}
		})
	}
	for code := uint64(0); code <= 0x75; code++ {
		gap := code >= 0x19 && code <= 0x24 || code >= 0x34 && code <= 0x39
		if seen[code] == gap {
			t.Errorf("opcode 0x%X: defined %v, in a gap %v", code, seen[code], gap)
		}
	}
}

// setDefaults puts required attributes that are newer than their op to
// their default (the value older versions imply), found by the writer's
// own error, so that the minimal op is writable at every version.
func setDefaults(op tileir.Op) {
	for _, fix := range versionedDefaults {
		if reflect.TypeOf(op).Elem().Name() == fix.op {
			f := reflect.ValueOf(op).Elem().FieldByName(fix.field)
			for u := uint64(0); u < 64; u++ {
				f.SetUint(u)
				if fmt.Sprint(f.Interface()) == fix.value {
					break
				}
			}
		}
	}
}

// The required attributes that are newer than their op, with the default
// the definition gives them (checked by TestVersionedDefaults).
var versionedDefaults = []struct{ op, field, value string }{
	{"NegiOp", "Overflow", "none"},
	{"TanhOp", "RoundingMode", "full"},
	{"ExpOp", "RoundingMode", "full"},
	{"GlobalOp", "SymbolVisibility", "public"},
}
