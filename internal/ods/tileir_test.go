package ods

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dialectgen/dialectgen/defs"
)

// tileFixture reads testdata/tileir/records.json, a hand-made dump in the
// shape of cuda-tile's BytecodeOpcodes.td records for a made-up dialect:
// three ops with opcodes, CudaTileArg wrappers with version metadata,
// optional, variadic and later-added operands, unit, optional, enum and
// default-valued attributes, a result added after its op, a SizedRegion<1>
// and two enums (an EnumAttr of an enum, and an enum that is itself the
// attribute). edit, if not nil, changes the records first.
func tileFixture(t *testing.T, edit func(map[string]any)) *Records {
	t.Helper()
	data, err := os.ReadFile("testdata/tileir/records.json")
	if err != nil {
		t.Fatal(err)
	}
	if edit != nil {
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		edit(m)
		if data, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
	}
	rs, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestImportTileIR(t *testing.T) {
	got, err := ImportTileIR(tileFixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/tileir/ops.yaml"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got); run go test ./internal/ods -update and review the diff:\n%s", golden, diff)
	}
	again, err := ImportTileIR(tileFixture(t, nil))
	if err != nil || string(again) != string(got) {
		t.Errorf("a second import differs (err %v)", err)
	}

	d, err := CheckTileIRFragment("ops.yaml", got)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*defs.Op{}
	var order []string
	for _, o := range d.Ops {
		ops[o.Name] = o
		order = append(order, o.Name)
	}
	if want := []string{"store", "load", "yield"}; !cmp.Equal(order, want) {
		t.Errorf("ops in order %v, want opcode order %v", order, want)
	}
	flags := func(o *defs.Op) []string {
		var out []string
		for _, f := range o.Bytecode.Flags {
			out = append(out, f.Name+"@"+f.Since.String())
			if f.Bit != len(out)-1 {
				t.Errorf("%s: flag %s has bit %d, want %d", o.Name, f.Name, f.Bit, len(out)-1)
			}
		}
		return out
	}
	// Oldest version first; within a version attributes, then operands,
	// each in declaration order: the operand token is declared before the
	// attributes cached and scope but gets a later bit, and hint (1.2) a
	// later bit than token (1.1) though it is declared before cached.
	if got, want := flags(ops["load"]), []string{"cached@tileir 1.1", "scope@tileir 1.1", "token@tileir 1.1", "hint@tileir 1.2", "mask@tileir 1.2"}; !cmp.Equal(got, want) {
		t.Errorf("load flags %v, want %v", got, want)
	}
	// No AttrSizedOperandSegments: the optional operand token has no flag.
	if got, want := flags(ops["store"]), []string{"volatile@tileir 1.1"}; !cmp.Equal(got, want) {
		t.Errorf("store flags %v, want %v", got, want)
	}
	if ops["yield"].Bytecode.Flags != nil || ops["yield"].Bytecode.Opcode != 0x10 {
		t.Errorf("yield: flags %v, opcode %#x", ops["yield"].Bytecode.Flags, ops["yield"].Bytecode.Opcode)
	}

	load := ops["load"]
	if load.Since == nil || load.Since.String() != "tileir 1.1" {
		t.Errorf("load since %v, want tileir 1.1", load.Since)
	}
	since := func(a defs.Availability) string {
		if a.Since == nil {
			return ""
		}
		return a.Since.String()
	}
	for _, o := range load.Operands {
		if want := map[string]string{"mask": "tileir 1.2"}[o.Name]; since(o.Availability) != want {
			t.Errorf("load operand %s since %q, want %q", o.Name, since(o.Availability), want)
		}
	}
	for _, r := range load.Results {
		wantSince, wantType := map[string]string{"result_token": "tileir 1.2"}[r.Name], map[string]string{"result_token": "TokenType"}[r.Name]
		if since(r.Availability) != wantSince || r.Type != wantType {
			t.Errorf("load result %s: since %q type %q, want %q %q", r.Name, since(r.Availability), r.Type, wantSince, wantType)
		}
	}
	attrs := map[string]*defs.OpAttr{}
	for _, a := range load.Attributes {
		attrs[a.Name] = a
	}
	if a := attrs["overflow"]; a == nil || a.Default != "none" || a.Type.Text != "Overflow" || a.Optional || since(a.Availability) != "tileir 1.2" {
		t.Errorf("load attribute overflow: %+v, want an Overflow defaulting to none since tileir 1.2", a)
	}
	if a := attrs["cached"]; a == nil || a.Type.Text != "unit" || !a.Optional || a.Default != "" || a.Since != nil {
		t.Errorf("load attribute cached: %+v, want an optional unit without a default or since", a)
	}
	if a := attrs["hint"]; a == nil || a.Type.Text != "uint64" || !a.Optional || a.Constraint != "" {
		t.Errorf("load attribute hint: %+v, want an optional uint64 without a constraint (it is anonymous)", a)
	}
	if a := attrs["scope"]; a == nil || a.Type.Text != "Scope" || !a.Optional {
		t.Errorf("load attribute scope: %+v, want an optional Scope", a)
	}
	if !load.Regions[0].SingleBlock || load.Summary != "Load a tile from memory" {
		t.Errorf("load: region single_block %v, summary %q", load.Regions[0].SingleBlock, load.Summary)
	}
	if !defs.HasTrait(load.Traits, "AttrSizedOperandSegments") || defs.HasTrait(load.Traits, "Pure") || !defs.HasTrait(ops["yield"].Traits, "Terminator") {
		t.Errorf("traits: load %v, yield %v", load.Traits, ops["yield"].Traits)
	}
	// yield is newer than its operand's metadata: no since on the operand.
	if v := ops["yield"].Operands[0]; v.Since != nil || !v.Variadic {
		t.Errorf("yield operand: since %v variadic %v", v.Since, v.Variadic)
	}

	if len(d.Enums) != 2 || d.Enums[0].Name != "Overflow" || d.Enums[1].Name != "Scope" {
		t.Fatalf("enums %v, want Overflow and Scope", d.Enums)
	}
	for _, v := range d.Enums[0].Values {
		if want := map[string]string{"SAT": "tileir 1.2"}[v.Name]; since(v.Availability) != want {
			t.Errorf("Overflow.%s since %q, want %q", v.Name, since(v.Availability), want)
		}
	}
}

func TestImportTileIRErrors(t *testing.T) {
	// attr returns the constraint record of an argument of load.
	attr := func(m map[string]any, arg string) map[string]any {
		op := m["Toy_LoadOp"].(map[string]any)
		for _, a := range op["arguments"].(map[string]any)["args"].([]any) {
			if a.([]any)[1] == arg {
				w := m[a.([]any)[0].(map[string]any)["def"].(string)].(map[string]any)
				return m[w["constraint"].(map[string]any)["def"].(string)].(map[string]any)
			}
		}
		t.Fatalf("no argument %s", arg)
		return nil
	}
	for _, tc := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"unknown attribute kind", func(m map[string]any) {
			m["StrAttr"].(map[string]any)["storageType"] = "::mlir::toy::FancyAttr"
		}, `op store (Toy_StoreOp): attribute "label": constraint StrAttr (storage type "::mlir::toy::FancyAttr"`},
		{"unknown integer", func(m map[string]any) {
			attr(m, "hint")["returnType"] = "::std::optional<int8_t>"
		}, `op load (Toy_LoadOp): attribute "hint": constraint I64Attr (storage type "::mlir::IntegerAttr", return type "::std::optional<int8_t>"): an IntegerAttr returning "int8_t"`},
		{"unknown enum default", func(m map[string]any) {
			attr(m, "overflow")["defaultValue"] = "Overflow::WRAP"
		}, `op load (Toy_LoadOp): attribute "overflow": default value "Overflow::WRAP" names no case of enum Overflow`},
		{"unmapped later result type", func(m map[string]any) {
			op := m["Toy_LoadOp"].(map[string]any)
			w := op["results"].(map[string]any)["args"].([]any)[1].([]any)[0].(map[string]any)["def"].(string)
			m[w].(map[string]any)["constraint"] = map[string]any{"kind": "def", "def": "Toy_TileType"}
		}, `op load (Toy_LoadOp): result "result_token", added in tileir 1.2, has type constraint Toy_TileType`},
		{"no version metadata", func(m map[string]any) {
			op := m["Toy_StoreOp"].(map[string]any)
			w := op["arguments"].(map[string]any)["args"].([]any)[0].([]any)[0].(map[string]any)["def"].(string)
			m[w].(map[string]any)["decorators"] = []any{}
		}, `op store (Toy_StoreOp): argument 0 ("value"): no CudaTileArgMetadata decorator`},
		{"opcode twice", func(m map[string]any) {
			for _, b := range m["!instanceof"].(map[string]any)["BytecodeOpcode"].([]any) {
				m[b.(string)].(map[string]any)["opcodeValue"] = 7
			}
		}, `opcode 0x07 is given to both`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ImportTileIR(tileFixture(t, tc.edit))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
