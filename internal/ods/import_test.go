package ods

import (
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen"
)

var update = flag.Bool("update", false, "rewrite testdata/toy.yaml")

// The fixture is a hand-written, much reduced dump of a made-up dialect
// "toy" at two releases, with the record shapes llvm-tblgen writes for
// LLVM 19 and 22: anonymous constraints, Arg<> wrappers, Variadic,
// Optional and VariadicOfVariadic groups, optional, default-valued, unit
// and derived attributes, sized and variadic regions (LLVM 19 says
// SizedRegion<1> only in its predicate), variadic successors, trait lists,
// declared interfaces and predicate traits, unnamed groups, parts whose
// accessors clash, an op of another dialect, and ops and parts that only
// one release has.
func fixture(t *testing.T, release int, edit func(map[string]any)) Release {
	t.Helper()
	data, err := os.ReadFile("testdata/toy" + map[int]string{19: "19", 22: "22"}[release] + ".json")
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
	return Release{LLVM: release, Records: rs}
}

func TestImport(t *testing.T) {
	got, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)})
	if err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/toy.yaml"
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
	// The output is a definition the generator takes as it is.
	d, err := defs.Load("toy.yaml", got)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gen.Generate(d, gen.Options{Source: "toy.yaml"}); err != nil {
		t.Fatal(err)
	}
	// Releases may be given in any order.
	again, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 22, nil), fixture(t, 19, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if string(again) != string(got) {
		t.Error("the output depends on the order of the releases")
	}
}

// TestImportFacts checks the facts the definition must carry, so that a
// careless -update cannot bless a wrong golden file.
func TestImportFacts(t *testing.T) {
	data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)})
	if err != nil {
		t.Fatal(err)
	}
	d, err := defs.Load("toy.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]*defs.Op{}
	for _, o := range d.Ops {
		ops[o.Name] = o
	}
	if ops["foo"] != nil {
		t.Error("imported an op of another dialect")
	}
	avail := func(a defs.Availability) string {
		s := ""
		if a.Since != nil {
			s += "since " + a.Since.String()
		}
		if a.Until != nil {
			s += "until " + a.Until.String()
		}
		return s
	}
	if got := avail(ops["new.op"].Availability); got != "since llvm 22" {
		t.Errorf("new.op: %q", got)
	}
	if got := avail(ops["old"].Availability); got != "until llvm 19" {
		t.Errorf("old: %q", got)
	}
	attrs := func(o *defs.Op) string {
		var s []string
		for _, a := range o.Attributes {
			x := a.Name + ":" + a.Constraint
			if a.Optional {
				x += "?"
			}
			if b := avail(a.Availability); b != "" {
				x += "(" + b + ")"
			}
			s = append(s, x)
		}
		return strings.Join(s, " ")
	}
	for op, want := range map[string]string{
		// Arg<OptionalAttr<StrAttr>> is an optional StrAttr; the derived
		// attribute is not stored and left out.
		"func":    "sym_name:StrAttr function_type:TypeAttrOf sym_visibility:StrAttr?",
		"call":    "callee:StrAttr arg_attrs:StrAttr?(since llvm 22) no_inline:UnitAttr?(since llvm 22)",
		"cond_br": "legacy:I64Attr(until llvm 19) weight:I64Attr?(since llvm 22)",
		"switch":  "case_operand_segments:DenseI32ArrayAttr",
	} {
		if got := attrs(ops[op]); got != want {
			t.Errorf("%s attributes:\n got %s\nwant %s", op, got, want)
		}
	}
	if o := ops["func"]; !o.Regions[0].SingleBlock || strings.Join(o.Traits, " ") != "IsolatedFromAbove SingleBlock SingleBlockImplicitTerminator<toy::YieldOp>" {
		t.Errorf("func: single block %v, traits %q", o.Regions[0].SingleBlock, o.Traits)
	}
	if o := ops["cond_br"]; o.Operands[0].Type != "I1" || avail(o.TraitAvailability["Elementwise"]) != "until llvm 19" {
		t.Errorf("cond_br: condition %q, Elementwise %q", o.Operands[0].Type, avail(o.TraitAvailability["Elementwise"]))
	}
	if o := ops["switch"]; !o.Operands[2].Variadic || !o.Successors[1].Variadic || len(o.Traits) != 3 {
		t.Errorf("switch: VariadicOfVariadic operand, variadic successor or deduplicated traits wrong: %+v %+v %q", o.Operands[2], o.Successors[1], o.Traits)
	}
	o := ops["clash"]
	var names []string
	for _, v := range append(append([]*defs.Operand{}, o.Operands...), o.Results...) {
		names = append(names, v.Name+"="+v.GoName)
	}
	for _, r := range o.Regions {
		names = append(names, r.Name+"="+r.GoName)
	}
	if got := strings.Join(names, " "); got != "op=OpOperand operand1=Operand1 result0=Result0 result1=Result1 value=ValueRegion handlers=Handlers" {
		t.Errorf("clash names: %s", got)
	}
	if !o.Operands[1].Optional || !o.Regions[1].Variadic {
		t.Errorf("clash: Optional<I1> or VariadicRegion lost")
	}
	if ops["call"].Results[0].Name != "results" {
		t.Errorf("call's unnamed variadic result is %q", ops["call"].Results[0].Name)
	}
	if strings.Contains(string(data), "prose") {
		t.Error("descriptions leaked into the definition")
	}
	if !strings.Contains(string(data), `summary: "A one-line summary."`) {
		t.Error("op summaries are lost")
	}
}

// op returns the op record of the fixture with that record name.
func op(m map[string]any, name string) map[string]any { return m[name].(map[string]any) }

func dagArgs(m map[string]any, opName, dag string) []any {
	return op(m, opName)[dag].(map[string]any)["args"].([]any)
}

func TestImportErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rels   func(t *testing.T) []Release
		dia    string
		errSub string
	}{
		{
			name: "native property",
			rels: func(t *testing.T) []Release {
				return []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
					m["anonymous_99"] = map[string]any{"!name": "anonymous_99", "!anonymous": true, "!superclasses": []any{"Property", "EnumProp"}}
					args := dagArgs(m, "Toy_FuncOp", "arguments")
					args = append(args, []any{map[string]any{"kind": "def", "def": "anonymous_99"}, "mode"})
					op(m, "Toy_FuncOp")["arguments"].(map[string]any)["args"] = args
				})}
			},
			errSub: `llvm 22: op toy.func (Toy_FuncOp): argument "mode" is a native property (EnumProp); importing native properties is not supported yet`,
		},
		{
			name: "custom properties encoding",
			rels: func(t *testing.T) []Release {
				return []Release{fixture(t, 19, func(m map[string]any) { op(m, "Toy_CallOp")["useCustomPropertiesEncoding"] = 1 })}
			},
			errSub: "op toy.call (Toy_CallOp): uses a custom properties encoding",
		},
		{
			name: "variadic becomes single",
			rels: func(t *testing.T) []Release {
				return []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
					dagArgs(m, "Toy_CallOp", "arguments")[1].([]any)[0] = map[string]any{"kind": "def", "def": "AnyType"}
				})}
			},
			errSub: `op call: operand "operands" changes between releases (llvm 19: variadic=true`,
		},
		{
			name: "operands reordered",
			rels: func(t *testing.T) []Release {
				return []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
					a := dagArgs(m, "Toy_CondBranchOp", "arguments")
					a[1], a[2] = a[2], a[1]
				})}
			},
			errSub: `op cond_br: operand "falseOperands" moves between releases`,
		},
		{
			name: "gap",
			rels: func(t *testing.T) []Release {
				r25 := fixture(t, 19, nil)
				r25.LLVM = 25
				return []Release{fixture(t, 19, nil), fixture(t, 22, nil), r25}
			},
			errSub: `op cond_br: trait "Elementwise" is in llvm 19 and 25 but not in llvm 22, which since/until cannot say`,
		},
		{
			name:   "no ops",
			rels:   func(t *testing.T) []Release { return []Release{fixture(t, 19, nil)} },
			dia:    "nope",
			errSub: `llvm 19: the records have no op of dialect "nope"`,
		},
		{
			name:   "release twice",
			rels:   func(t *testing.T) []Release { return []Release{fixture(t, 19, nil), fixture(t, 19, nil)} },
			errSub: "release 19 given twice",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dia := tc.dia
			if dia == "" {
				dia = "toy"
			}
			_, err := Import(Options{Dialect: dia}, tc.rels(t))
			if err == nil || !strings.Contains(err.Error(), tc.errSub) {
				t.Fatalf("error %v, want one containing %q", err, tc.errSub)
			}
		})
	}
}

// A dialect that starts storing properties in a later release says so.
func TestImportPropertiesSince(t *testing.T) {
	data, err := Import(Options{Dialect: "toy", Package: "toys", Summary: "Toys: true"}, []Release{
		fixture(t, 19, func(m map[string]any) { op(m, "Toy_Dialect")["usePropertiesForAttributes"] = 0 }),
		fixture(t, 22, nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.Contains(s, "  - name: call\n") || !strings.Contains(s, "    properties: {since: llvm 22}\n") ||
		!strings.Contains(s, "package: toys\n") || !strings.Contains(s, `summary: "Toys: true"`) {
		t.Errorf("unexpected output:\n%s", s)
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

func TestParseRejectsOtherJSON(t *testing.T) {
	if _, err := Parse([]byte(`{"a": 1}`)); err == nil {
		t.Error("Parse accepted JSON that is not a records dump")
	}
	if _, err := Parse([]byte(`[`)); err == nil {
		t.Error("Parse accepted invalid JSON")
	}
}

func TestDefaultPackage(t *testing.T) {
	for in, want := range map[string]string{"func": "funcdialect", "arith": "arith", "sparse_tensor": "sparsetensor"} {
		if got := DefaultPackage(in); got != want {
			t.Errorf("DefaultPackage(%q) = %q, want %q", in, got, want)
		}
	}
}
