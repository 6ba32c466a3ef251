package ods

import (
	"encoding/json"
	"flag"
	"maps"
	"os"
	"slices"
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
					m["anonymous_99"] = map[string]any{"!name": "anonymous_99", "!anonymous": true, "!superclasses": []any{"Property", "EnumProp"},
						"writeToMlirBytecode": "$_writer.writeBlob($_storage);"}
					args := dagArgs(m, "Toy_FuncOp", "arguments")
					args = append(args, []any{map[string]any{"kind": "def", "def": "anonymous_99"}, "mode"})
					op(m, "Toy_FuncOp")["arguments"].(map[string]any)["args"] = args
				})}
			},
			errSub: `llvm 22: op toy.func (Toy_FuncOp): argument "mode", a native property (EnumProp): unrecognized bytecode form (writeToMlirBytecode "$_writer.writeBlob($_storage);")`,
		},
		{
			name: "custom properties encoding",
			rels: func(t *testing.T) []Release {
				return []Release{fixture(t, 19, func(m map[string]any) { op(m, "Toy_CallOp")["useCustomPropertiesEncoding"] = 1 })}
			},
			errSub: "op toy.call (Toy_CallOp): uses a custom properties encoding",
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
			errSub: `the records of llvm 19 have no dialect "nope"`,
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

// An operand group that changes shape, or moves, between releases keeps
// the newest release's shape and place, with a note or, for a move, the
// older release's order of the op's groups (operand_order), which the
// loader takes; such an op needs no release hook.
func TestImportShapeChanges(t *testing.T) {
	data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
		dagArgs(m, "Toy_CallOp", "arguments")[1].([]any)[0] = map[string]any{"kind": "def", "def": "AnyType"}
		a := dagArgs(m, "Toy_CondBranchOp", "arguments")
		a[1], a[2] = a[2], a[1]
	})})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{
		"      - {name: operands, type: AnyType} # llvm 19: variadic=true optional=false single_block=false\n",
		"    operand_order:\n      - {until: llvm 19, groups: [",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if strings.Contains(s, "release_hook") {
		t.Errorf("a release hook in\n%s", s)
	}
	d, err := defs.Load("toy.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	// 19's order is 22's with the two groups swapped back.
	for _, o := range d.Ops {
		if o.Name != "cond_br" {
			continue
		}
		at19, at22 := defs.GroupsAt(o.Operands, o.OperandOrder, 19), defs.GroupsAt(o.Operands, o.OperandOrder, 22)
		if len(at19) != 3 || at19[0] != at22[0] || at19[1] != at22[2] || at19[2] != at22[1] {
			t.Errorf("cond_br's groups: %v in llvm 19, %v in 22; want the last two swapped", at19, at22)
		}
	}
}

// Native properties: each snippet upstream uses maps to a property form,
// with its default resolved through the enum records.
func TestImportNativeProperties(t *testing.T) {
	prop := func(m map[string]any, name string, fields map[string]any) {
		rec := map[string]any{"!name": name, "!anonymous": false, "!superclasses": []any{"Property"}}
		for k, v := range fields {
			rec[k] = v
		}
		m[name] = rec
		args := dagArgs(m, "Toy_FuncOp", "arguments")
		args = append(args, []any{map[string]any{"kind": "def", "def": name}, "p_" + name})
		op(m, "Toy_FuncOp")["arguments"].(map[string]any)["args"] = args
	}
	data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
		prop(m, "UnitProp", map[string]any{"writeToMlirBytecode": "\n $_writer.writeOwnedBool($_storage);\n",
			"convertToAttribute": "if ($_storage)\n return ::mlir::UnitAttr::get($_ctxt);\n else\n return ::mlir::BoolAttr::get($_ctxt, false);", "defaultValue": "false"})
		prop(m, "ModeProp", map[string]any{"writeToMlirBytecode": "$_writer.writeVarInt(static_cast<uint64_t>($_storage));",
			"readFromMlirBytecode": "if (rawValue > std::numeric_limits<uint8_t>::max()) return ::mlir::failure();",
			"convertToAttribute":   "return ::mlir::IntegerAttr::get(::mlir::IntegerType::get($_ctxt, 8), static_cast<uint8_t>($_storage));",
			"interfaceType":        "::toy::Mode", "defaultValue": "Mode::slow"})
		prop(m, "AlignProp", map[string]any{"writeToMlirBytecode": "$_writer.writeOwnedBool($_storage.has_value()); if ($_storage.has_value()) { $_writer.writeVarInt((*($_storage))); }",
			"convertToAttribute": "if (!$_storage.has_value()) { return ::mlir::ArrayAttr::get($_ctxt, {}); } …", "interfaceType": "std::optional<int64_t>", "defaultValue": "std::nullopt"})
		prop(m, "FlagsProp", map[string]any{"writeToMlirBytecode": "$_writer.writeVarInt(static_cast<uint64_t>($_storage));",
			"convertToAttribute": "convertToAttribute($_ctxt, $_storage)", "interfaceType": "::toy::OverflowFlags"})
		m["Toy_ModeSlow"] = map[string]any{"!name": "Toy_ModeSlow", "!superclasses": []any{"EnumCase"}, "symbol": "slow", "str": "slow", "value": 3}
		m["Toy_Mode"] = map[string]any{"!name": "Toy_Mode", "!superclasses": []any{"EnumInfo"}, "className": "Mode", "cppNamespace": "::toy",
			"enumerants": []any{map[string]any{"kind": "def", "def": "Toy_ModeSlow"}}}
		m["!instanceof"].(map[string]any)["EnumInfo"] = []any{"Toy_Mode"}
	})})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{
		"{name: p_UnitProp, constraint: UnitProp, optional: true, discardable_outside: true, property: {form: unit, default: 0}, since: llvm 22}",
		"{name: p_ModeProp, constraint: ModeProp, optional: true, discardable_outside: true, property: {form: int, bits: 8, max: 0xff, default: 3}, since: llvm 22}",
		"{name: p_AlignProp, constraint: AlignProp, optional: true, discardable_outside: true, property: {form: optional_int, bits: 64}, since: llvm 22}",
		"{name: p_FlagsProp, constraint: FlagsProp, discardable_outside: true, property: {form: hook, hook: overflowFlags}, since: llvm 22}",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	d, err := defs.Load("toy.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range d.Ops {
		for _, a := range o.Attributes {
			if a.Name == "p_ModeProp" && (len(a.Property) != 1 || a.Property[0].Default != 3 || !a.Property[0].HasDefault) {
				t.Errorf("p_ModeProp loads as %+v", a.Property)
			}
		}
	}
}

// Attributes, types and enums: an enum in the dialect's namespace, an
// attribute definition with its parameters mapped to the definitions'
// kinds, and a type that only a bytecode encoding describes.
func TestImportDefs(t *testing.T) {
	ref := func(name string) map[string]any { return map[string]any{"kind": "def", "def": name, "printable": name} }
	dag := func(args ...[]any) map[string]any { return map[string]any{"args": args, "kind": "dag"} }
	data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, nil), fixture(t, 22, func(m map[string]any) {
		m["Toy_Dialect"].(map[string]any)["cppNamespace"] = "::toy"
		m["Toy_Red"] = map[string]any{"!name": "Toy_Red", "!superclasses": []any{"EnumCase"}, "symbol": "Red", "str": "red", "value": 1}
		m["Toy_Blue"] = map[string]any{"!name": "Toy_Blue", "!superclasses": []any{"EnumCase"}, "symbol": "Blue", "str": "blue", "value": 2}
		m["Toy_Color"] = map[string]any{"!name": "Toy_Color", "!superclasses": []any{"EnumInfo", "BitEnumBase"}, "className": "Color", "cppNamespace": "::toy::detail",
			"summary": "A color.", "enumerants": []any{ref("Toy_Red"), ref("Toy_Blue")}}
		m["ColorParam"] = map[string]any{"!name": "ColorParam", "!superclasses": []any{"AttrOrTypeParameter", "EnumParameter"}, "cppType": "::toy::Color"}
		m["NameParam"] = map[string]any{"!name": "NameParam", "!superclasses": []any{"AttrOrTypeParameter", "OptionalParameter"}, "cppType": "StringAttr"}
		m["Toy_PaintAttr"] = map[string]any{"!name": "Toy_PaintAttr", "!superclasses": []any{"AttrDef"}, "cppClassName": "PaintAttr",
			"dialect": ref("Toy_Dialect"), "summary": "Paint.", "mnemonic": "paint",
			"parameters": dag([]any{ref("ColorParam"), "color"}, []any{ref("NameParam"), "name"}, []any{"::llvm::ArrayRef<int64_t>", "dims"}, []any{"unsigned", "kind"})}
		m["VarInt"] = map[string]any{"!name": "VarInt", "!superclasses": []any{"Bytecode", "WithParser"}, "cType": "uint64_t"}
		m["Type"] = map[string]any{"!name": "Type", "!superclasses": []any{"Bytecode", "WithParser", "TypeKind"}}
		m["PairType"] = map[string]any{"!name": "PairType", "!superclasses": []any{"DialectAttrOrType", "DialectType"}, "cType": "",
			"members": dag([]any{ref("VarInt"), "count"}, []any{ref("Type"), "elem"})}
		m["Reserved"] = map[string]any{"!name": "Reserved", "!superclasses": []any{"DialectAttrOrType", "ReservedOrDead"}}
		m["ToyDialectTypes"] = map[string]any{"!name": "ToyDialectTypes", "!superclasses": []any{"DialectTypes"}, "dialect": "Toy",
			"elems": []any{ref("Reserved"), ref("PairType")}}
		io := m["!instanceof"].(map[string]any)
		io["EnumInfo"] = []any{"Toy_Color"}
		io["AttrDef"] = []any{"Toy_PaintAttr"}
		io["DialectTypes"] = []any{"ToyDialectTypes"}
	})})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{
		"enums:\n  - name: Color\n    doc: \"A color.\"\n    # since: llvm 22 (not generated for enums)\n    bit_enum: true\n    values:\n      - {name: Red, value: 1}\n      - {name: Blue, value: 2}\n",
		// A mnemonic and parameters without a format: C++ reads and prints
		// the body.
		"attributes:\n  - name: PaintAttr\n    summary: \"Paint.\"\n    since: llvm 22\n    mnemonic: paint\n    custom_assembly_format: true\n    params:\n" +
			"      - {name: color, type: Color}\n      - {name: name, type: Attribute, optional: true}\n" +
			"      - {name: dims, type: \"[int64]\"}\n      - {name: kindValue, type: uint32}\n",
		"types:\n  - name: PairType\n    since: llvm 22\n    params:\n      - {name: count, type: uint64}\n      - {name: elem, type: Type}\n" +
			"    bytecode:\n      - {code: 1, since: llvm 22, fields: [count, elem]}\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// Several dumps of one release are one set of records: anonymous records
// are told apart by dump, and two records of one name but different
// classes are both kept.
func TestParseAll(t *testing.T) {
	a := []byte(`{"!tablegen_json_version": 1, "!instanceof": {"Op": ["X"]}, "X": {"!name": "X", "!superclasses": ["Op"], "c": {"kind": "def", "def": "anonymous_91"}}, "anonymous_91": {"!name": "anonymous_91", "v": 1}}`)
	b := []byte(`{"!tablegen_json_version": 1, "!instanceof": {"B": ["X"], "Op": ["Y"]}, "X": {"!name": "X", "!superclasses": ["B"]}, "Y": {"!name": "Y", "!superclasses": ["Op"], "c": {"kind": "def", "def": "anonymous_91"}, "d": {"kind": "def", "def": "X"}}, "anonymous_91": {"!name": "anonymous_91", "v": 2}}`)
	rs, err := ParseAll(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if got := rs.InstancesOf("Op"); strings.Join(got, " ") != "X Y" {
		t.Errorf("ops %v", got)
	}
	if got := rs.InstancesOf("B"); strings.Join(got, " ") != "X@1" {
		t.Errorf("B %v", got)
	}
	y, err := rs.rec("Y")
	if err != nil {
		t.Fatal(err)
	}
	c, err := rs.rec(y.def("c"))
	if v, _ := c.num("v"); err != nil || v != 2 {
		t.Errorf("Y's anonymous record is %v (%v)", c, err)
	}
	if x, err := rs.rec(y.def("d")); err != nil || !x.isa("B") || x.str("!name") != "X" {
		t.Errorf("Y's X is %v (%v)", x, err)
	}
}

// TestImportReleaseFacts: what release conversion needs is imported as
// data: the values older releases give an enum's cases (here the enum of
// an array attribute, from another namespace), the constraint an older
// release gives an attribute, which defaults parsers populate, and the
// width of an enum held as integers (here also under a default).
func TestImportReleaseFacts(t *testing.T) {
	ref := func(name string) map[string]any { return map[string]any{"def": name, "kind": "def", "printable": name} }
	edit := func(values map[string]int, maskConstraint string) func(map[string]any) {
		return func(m map[string]any) {
			var cases []any
			for _, sym := range []string{"add", "mul", "max"} {
				name := "Kind_" + sym
				m[name] = map[string]any{"!name": name, "!anonymous": false, "!superclasses": []any{"EnumCase", "I64EnumAttrCase"},
					"symbol": sym, "str": sym, "value": values[sym]}
				cases = append(cases, ref(name))
			}
			m["KindAttr"] = map[string]any{"!name": "KindAttr", "!anonymous": false,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "EnumAttrInfo", "IntEnumAttr", "I64EnumAttr"},
				"className":     "Kind", "cppNamespace": "::other", "enumerants": cases, "summary": "kinds", "bitwidth": 64}
			m["anonymous_91"] = map[string]any{"!name": "anonymous_91", "!anonymous": true,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "DefaultValuedAttr"}, "baseAttr": ref("KindAttr"),
				"defaultValue": "::other::Kind::add"}
			m["anonymous_90"] = map[string]any{"!name": "anonymous_90", "!anonymous": true,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "ArrayAttrBase", "TypedArrayAttrBase"}, "elementAttr": ref("KindAttr")}
			m[maskConstraint] = map[string]any{"!name": maskConstraint, "!anonymous": false, "!superclasses": []any{"Constraint", "AttrConstraint", "Attr"}}
			// A default that is another op's name, as C++ spells it.
			m["Toy_Dialect"].(map[string]any)["cppNamespace"] = "::mlir::toy"
			m["anonymous_92"] = map[string]any{"!name": "anonymous_92", "!anonymous": true,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "DefaultValuedAttr"}, "baseAttr": ref("StrAttr"),
				"defaultValue": "::mlir::toy::FuncOp::getOperationName()"}
			// A default whose builder takes no value (ub.poison's).
			m["anonymous_93"] = map[string]any{"!name": "anonymous_93", "!anonymous": true,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "DefaultValuedAttr"}, "baseAttr": ref("StrAttr"),
				"defaultValue": "{}", "constBuilderCall": "::mlir::toy::MarkAttr::get($_builder.getContext())"}
			inst := m["!instanceof"].(map[string]any)
			inst["EnumAttrInfo"] = []any{"KindAttr"}
			args := dagArgs(m, "Toy_CallOp", "arguments")
			args = append(args, []any{ref("anonymous_90"), "kinds"}, []any{ref(maskConstraint), "mask"}, []any{ref("anonymous_91"), "mode"}, []any{ref("anonymous_92"), "made_by"}, []any{ref("anonymous_93"), "mark"})
			op(m, "Toy_CallOp")["arguments"].(map[string]any)["args"] = args
		}
	}
	data, err := Import(Options{Dialect: "toy"}, []Release{
		fixture(t, 19, edit(map[string]int{"add": 0, "mul": 2, "max": 1}, "I64ArrayAttr")),
		fixture(t, 22, edit(map[string]int{"add": 0, "mul": 1, "max": 2}, "DenseI64ArrayAttr")),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"{name: kinds, constraint: TypedArrayAttrBase, enum: Kind}",
		"{name: mask, constraint: DenseI64ArrayAttr, older_constraints: {llvm 19: I64ArrayAttr}}",
		"{name: mul, value: 1, older_values: {llvm 19: 2}}",
		"{name: max, value: 2, older_values: {llvm 19: 1}}",
		"{name: add, value: 0}",
		`{name: made_by, constraint: StrAttr, optional: true, default: "\"toy.func\"", populated: true}`,
		`{name: mark, constraint: StrAttr, optional: true, default: "::mlir::toy::MarkAttr::get($_builder.getContext())", populated: true}`,
		"{name: weight, constraint: I64Attr, optional: true, default: \"0\", discardable_outside: true, populated: true, since: llvm 22}",
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the definition lacks %s:\n%s", want, data)
		}
	}
	d, err := defs.Load("toy.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range d.Ops {
		for _, a := range o.Attributes {
			switch a.Name {
			case "kinds":
				if a.EnumRef == nil || a.EnumRef.Values[1].ValueAt(19) != 2 || a.EnumRef.Values[1].ValueAt(22) != 1 || a.EnumRef.Values[1].ValueAt(0) != 1 {
					t.Errorf("kinds: enum %+v", a.EnumRef)
				}
			case "mask":
				if a.ConstraintAt(19) != "I64ArrayAttr" || a.ConstraintAt(22) != "DenseI64ArrayAttr" || a.ConstraintAt(0) != "DenseI64ArrayAttr" {
					t.Errorf("mask: constraints %q %q", a.ConstraintAt(19), a.ConstraintAt(22))
				}
			case "mode":
				// Under a DefaultValuedAttr, still the enum's integers, of
				// the enum's width: what its populated default is built as.
				if a.EnumRef == nil || a.EnumRef.Width != 64 || !a.Populated {
					t.Errorf("mode: enum %+v, populated %v", a.EnumRef, a.Populated)
				}
			case "weight":
				if !a.PopulatedIn(22) || a.PopulatedIn(19) {
					t.Errorf("weight: populated at 22 %v, at 19 %v", a.PopulatedIn(22), a.PopulatedIn(19))
				}
			}
		}
	}
}

// A release that declares a definition's parameters in another order
// prints struct(params) in that order: its text form spells them out.
func TestImportOlderParamOrder(t *testing.T) {
	pair := pairAttr
	data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, pair("second", "first")), fixture(t, 22, pair("first", "second", "third"))})
	if err != nil {
		t.Fatal(err)
	}
	want := "    assembly_format: \"`<` struct(params) `>`\"\n    older_text_forms:\n" +
		"      - {until: llvm 19, mnemonic: pair, assembly_format: \"`<` struct($second, $first) `>`\", params: [second, first]}\n"
	if !strings.Contains(string(data), want) {
		t.Errorf("no %q in\n%s", want, data)
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
	if got := spellParams("params `;` struct(params) $params", []string{"a", "b"}); got != "$a, $b `;` struct($a, $b) $params" {
		t.Errorf("spellParams: %q", got)
	}
}

// declarationOf reads the isDeclaration ops give in C++, and refuses what
// it cannot read rather than lose the rule.
func TestDeclarationOf(t *testing.T) {
	for _, c := range []struct{ cpp, want, err string }{
		{"", "", ""},
		{"bool isDeclaration() { return isExternal(); }", "without_body", ""},
		{"\n    bool isDeclaration() const {\n return true; }", "always", ""},
		{"bool isDeclaration() const { return true; }\n ::mlir::SymbolTable::Visibility getVisibility() { return Nested; }", "", ""},
		{"bool isDeclaration() { return getBody().empty() && !getLinkage(); }", "", "isDeclaration: C++ the importer does not read"},
	} {
		got, err := declarationOf(c.cpp)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("%q: %q, %v; want %q, %q", c.cpp, got, err, c.want, c.err)
		}
	}
}

// HasParent names C++ classes, as code in the op's namespace sees them:
// the importer writes the ops they are, for the releases that say so.
func TestImportParents(t *testing.T) {
	parent := parentTrait
	for _, c := range []struct {
		classes19, classes22 string
		want, err            string
	}{
		{"FuncOp", "FuncOp", "    parents: [toy.func]\n", ""},
		{"::mlir::toy::FuncOp, ModuleOp", "toy::FuncOp", "    parents: [toy.func, builtin.module]\n", ""},
		{"", "FuncOp", "    parents: {ops: [toy.func], since: llvm 22}\n", ""},
		{"NoSuchOp", "FuncOp", "", "HasParent: no op of class NoSuchOp seen from ::mlir::toy"},
	} {
		var e19 func(map[string]any)
		if c.classes19 != "" {
			e19 = parent(c.classes19)
		}
		data, err := Import(Options{Dialect: "toy"}, []Release{fixture(t, 19, e19), fixture(t, 22, parent(c.classes22))})
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: %v, want %q", c, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "  - name: call\n") || !strings.Contains(string(data), c.want) {
			t.Errorf("%+v: no %q in\n%s", c, c.want, data)
		}
		if _, err := defs.Load("toy.yaml", data); err != nil {
			t.Fatal(err)
		}
	}
	if got := opClassName("GPU_GPUFuncOp") + " " + opClassName("FuncOp") + " " + opClassName("_Weird"); got != "GPUFuncOp FuncOp _Weird" {
		t.Errorf("class names: %q", got)
	}
}

// The member kinds of Shardy's bytecode.td: a String member through a
// getter of its own, an optional attribute and an optional varint told
// by the helpers their parsers call, a list of the dialect's attributes,
// and printerPredicates that test a list's emptiness or call a method of
// the value, which becomes a predicate hook over the members.
func TestImportShardyKinds(t *testing.T) {
	ref := func(name string) map[string]any { return map[string]any{"kind": "def", "def": name, "printable": name} }
	dag := func(args ...[]any) map[string]any { return map[string]any{"args": args, "kind": "dag"} }
	data, err := Import(Options{Dialect: "toy", Reimport: "make import-toy"}, []Release{fixture(t, 22, func(m map[string]any) {
		m["StringParam"] = map[string]any{"!name": "StringParam", "!superclasses": []any{"Bytecode", "WithGetter"}, "cParser": "succeeded($_reader.readString($_var))", "cType": "StringRef"}
		m["anonymous_91"] = map[string]any{"!name": "anonymous_91", "!superclasses": []any{"Bytecode", "WithParser", "OptionalAttr"}, "cParser": "succeeded($_reader.readOptionalAttribute($_var))"}
		m["OptionalVarInt"] = map[string]any{"!name": "OptionalVarInt", "!superclasses": []any{"Bytecode", "WithPrinter"}, "cParser": "succeeded(readOptionalVarInt($_reader, $_var))", "cType": "std::optional<uint64_t>"}
		m["Attribute"] = map[string]any{"!name": "Attribute", "!superclasses": []any{"Bytecode", "WithParser", "AttributeKind"}}
		m["AxisBc"] = map[string]any{"!name": "AxisBc", "!superclasses": []any{"DialectAttrOrType", "Bytecode", "AttributeKind", "DialectAttribute"}, "cType": "AxisAttr",
			"cParser": "succeeded($_reader.readAttribute<$_resultType>($_var))",
			"members": dag([]any{ref("StringParam"), "name"}, []any{ref("anonymous_91"), "sub"}, []any{ref("OptionalVarInt"), "priority"})}
		m["anonymous_92"] = map[string]any{"!name": "anonymous_92", "!superclasses": []any{"Array"}, "elemT": ref("AxisBc")}
		m["ListV1Bc"] = map[string]any{"!name": "ListV1Bc", "!superclasses": []any{"DialectAttrOrType", "Bytecode", "AttributeKind", "DialectAttribute"}, "cType": "ListAttr",
			"printerPredicate": "$_val.getAxes().empty()", "members": dag([]any{ref("anonymous_92"), "axes"})}
		m["ListV2Bc"] = map[string]any{"!name": "ListV2Bc", "!superclasses": []any{"DialectAttrOrType", "Bytecode", "AttributeKind", "DialectAttribute"}, "cType": "ListAttr",
			"printerPredicate": "!$_val.getAxes().empty() && !$_val.anyPriority()", "members": dag([]any{ref("anonymous_92"), "axes"})}
		m["ListV3Bc"] = map[string]any{"!name": "ListV3Bc", "!superclasses": []any{"DialectAttrOrType", "Bytecode", "AttributeKind", "DialectAttribute"}, "cType": "ListAttr",
			"printerPredicate": "$_val.anyPriority()", "members": dag([]any{ref("anonymous_92"), "axes"})}
		m["ToyDialectAttrs"] = map[string]any{"!name": "ToyDialectAttrs", "!superclasses": []any{"DialectAttributes"}, "dialect": "toy",
			"elems": []any{ref("AxisBc"), ref("ListV1Bc"), ref("ListV2Bc"), ref("ListV3Bc")}}
		m["!instanceof"].(map[string]any)["DialectAttributes"] = []any{"ToyDialectAttrs"}
	})})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, want := range []string{
		"# Re-import with `make import-toy`.\n",
		"      - {name: name, type: string}\n      - {name: sub, type: Attribute, optional: true}\n      - {name: priority, type: \"go:OptionalInt\"}\n" +
			"    bytecode:\n      - {code: 0, fields: [name, {param: sub, as: optional}, {custom: OptionalVarInt, outputs: [priority]}]}\n",
		"      - {name: axes, type: \"[Attribute]\"}\n    bytecode:\n" +
			"      - {code: 1, when: \"len(axes) == 0\", fields: [axes]}\n" +
			"      - {code: 2, when: \"len(axes) != 0 && !anyPriority(axes)\", fields: [axes]}\n" +
			"      - {code: 3, when: \"anyPriority(axes)\", fields: [axes]}\n",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q in\n%s", want, s)
		}
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// TestImportOlder: an older release's records, consulted for what they
// lack, give since the oldest imported release to the ops and op
// attributes missing from them, but not to an attribute the older op's
// C++ names.
func TestImportOlder(t *testing.T) {
	older := fixture(t, 19, func(m map[string]any) {
		inst := m["!instanceof"].(map[string]any)
		inst["Op"] = slices.DeleteFunc(inst["Op"].([]any), func(o any) bool { return o == "Toy_FuncOp" })
		args := op(m, "Toy_ClashOp")["arguments"].(map[string]any)
		args["args"] = args["args"].([]any)[:2] // without value
		// callee, not an argument but named by the op's C++ (as
		// LLVM 16's affine.load names "map"), is taken to be there.
		call := op(m, "Toy_CallOp")
		cargs := call["arguments"].(map[string]any)
		cargs["args"] = slices.DeleteFunc(cargs["args"].([]any), func(a any) bool { return a.([]any)[1] == "callee" })
		call["extraClassDeclaration"] = `static StringRef getCalleeAttrStrName() { return "callee"; }`
	})
	older.LLVM = 16
	data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)})
	if err != nil {
		t.Fatal(err)
	}
	y := string(data)
	for _, want := range []string{
		"# Code generated by odsimport from the ODS records of LLVM 19 and 22,\n# and those of LLVM 16 for what 16 lacks\n",
		"  - name: func\n    summary: \"A one-line summary.\"\n    since: llvm 19\n",
		// 16 may still carry it in the dictionary, as any release that
		// does not declare an attribute may.
		"{name: value, constraint: StrAttr, discardable_outside: true, since: llvm 19}",
		"  - name: call\n    summary: \"A one-line summary.\"\n    traits:",
		"{name: callee, constraint: StrAttr}",
	} {
		if !strings.Contains(y, want) {
			t.Errorf("the definition lacks %q:\n%s", want, y)
		}
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// A parent restriction the older release did not have, or had with more
// parents, holds from the oldest imported release on (LLVM 16's scf.yield
// also ended scf.parallel's body); one the older release had as well
// holds in it too.
func TestImportOlderParents(t *testing.T) {
	parent := parentTrait
	for _, c := range []struct{ classes16, want string }{
		{"FuncOp", "    parents: [toy.func]\n"},
		{"FuncOp, ModuleOp", "    parents: {ops: [toy.func], since: llvm 19}\n"},
		{"", "    parents: {ops: [toy.func], since: llvm 19}\n"},
	} {
		older := fixture(t, 19, parent(c.classes16))
		older.LLVM = 16
		data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, parent("FuncOp")), fixture(t, 22, parent("FuncOp"))})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), c.want) {
			t.Errorf("LLVM 16 %q: no %q in\n%s", c.classes16, c.want, data)
		}
		if _, err := defs.Load("toy.yaml", data); err != nil {
			t.Fatal(err)
		}
	}
}

// An op attribute whose constraint the older release gave otherwise gets
// that constraint under the older release (tosa.argmax's axis: I64Attr in
// LLVM 16, I32Attr after), so that writers convert or refuse its values.
func TestImportOlderConstraint(t *testing.T) {
	older := fixture(t, 19, func(m map[string]any) {
		args := op(m, "Toy_CallOp")["arguments"].(map[string]any)["args"].([]any)
		args[0].([]any)[0] = map[string]any{"def": "I64Attr", "kind": "def", "printable": "I64Attr"}
	})
	older.LLVM = 16
	data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if want := "{name: callee, constraint: StrAttr, older_constraints: {llvm 16: I64Attr}}"; !strings.Contains(string(data), want) {
		t.Errorf("no %q in\n%s", want, data)
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// An attribute the older release defines with a required parameter that
// the oldest imported release lacks, or without one that release
// requires, gets since that release (LLVM 16's #sparse_tensor.encoding);
// one defined with the same parameters does not.
func TestImportOlderReshaped(t *testing.T) {
	pair := pairAttr
	for _, c := range []struct {
		older []string
		since bool
	}{
		{[]string{"first", "second"}, false},
		{[]string{"second", "first"}, false},
		{[]string{"first"}, true},
		{[]string{"first", "second", "third"}, true},
	} {
		older := fixture(t, 19, pair(c.older...))
		older.LLVM = 16
		data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, pair("first", "second")), fixture(t, 22, pair("first", "second"))})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(string(data), "  - name: PairAttr\n    summary: \"A pair.\"\n    since: llvm 19\n")
		if got != c.since {
			t.Errorf("LLVM 16's params %v: since llvm 19 is %v, want %v:\n%s", c.older, got, c.since, data)
		}
		if _, err := defs.Load("toy.yaml", data); err != nil {
			t.Fatal(err)
		}
	}
}

// An attribute the older release populates with the same default (C++
// perhaps qualified otherwise) is populated since that release, which
// writers and parsers for it then give ops (arith's fastmath in LLVM 16);
// one it populates with another default is not said to be.
func TestImportOlderPopulated(t *testing.T) {
	weight := func(dflt string) func(map[string]any) {
		return func(m map[string]any) {
			m["anonymous_95"] = map[string]any{"!name": "anonymous_95", "!anonymous": true,
				"!superclasses": []any{"Constraint", "AttrConstraint", "Attr", "DefaultValuedAttr"}, "baseAttr": defRef("I64Attr"),
				"defaultValue": dflt}
			args := dagArgs(m, "Toy_CallOp", "arguments")
			op(m, "Toy_CallOp")["arguments"].(map[string]any)["args"] = append(args, []any{defRef("anonymous_95"), "weight"})
		}
	}
	for _, c := range []struct{ older, want string }{
		{"Weight::none", `default: "::mlir::toy::Weight::none", populated: {since: llvm 16}}`},
		{"Weight::some", `default: "::mlir::toy::Weight::none", populated: true}`},
	} {
		older := fixture(t, 19, weight(c.older))
		older.LLVM = 16
		data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, weight("::mlir::toy::Weight::none")), fixture(t, 22, weight("::mlir::toy::Weight::none"))})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), c.want) {
			t.Errorf("LLVM 16's default %s: no %q in\n%s", c.older, c.want, data)
		}
		if _, err := defs.Load("toy.yaml", data); err != nil {
			t.Fatal(err)
		}
	}
}

// IsolatedFromAbove, which the bytecode writes with every region list, gets
// since the oldest imported release where the older release's op lacks it
// (LLVM 16's omp.target).
func TestImportOlderIsolation(t *testing.T) {
	older := fixture(t, 19, func(m map[string]any) {
		f := op(m, "Toy_FuncOp")
		f["traits"] = slices.DeleteFunc(f["traits"].([]any), func(x any) bool { return x.(map[string]any)["def"] == "IsolatedFromAbove" })
	})
	older.LLVM = 16
	data, err := Import(Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)})
	if err != nil {
		t.Fatal(err)
	}
	if want := "{name: IsolatedFromAbove, since: llvm 19}"; !strings.Contains(string(data), want) {
		t.Errorf("no %q in\n%s", want, data)
	}
	if _, err := defs.Load("toy.yaml", data); err != nil {
		t.Fatal(err)
	}
}

// A dialect a release lacks bounds everything it defines: since the first
// release given that has it (LLVM 19's records lack smt), and since the
// oldest release imported where the older release's records lack it
// (LLVM 16 has no ub); writers then refuse its ops for those releases.
func TestImportDialectBounds(t *testing.T) {
	without := func(m map[string]any) { m["Toy_Dialect"].(map[string]any)["name"] = "other" }
	older := fixture(t, 19, without)
	older.LLVM = 16
	for _, c := range []struct {
		name     string
		opts     Options
		releases []Release
		want     string
	}{
		{"22 only", Options{Dialect: "toy"}, []Release{fixture(t, 19, without), fixture(t, 22, nil)}, "since: llvm 22"},
		{"not in 16", Options{Dialect: "toy", Older: &older}, []Release{fixture(t, 19, nil), fixture(t, 22, nil)}, "since: llvm 19"},
	} {
		data, err := Import(c.opts, c.releases)
		if err != nil {
			t.Fatal(err)
		}
		want := "  - name: call\n    summary: \"A one-line summary.\"\n    " + c.want + "\n"
		if !strings.Contains(string(data), want) {
			t.Errorf("%s: no %q in\n%s", c.name, want, data)
		}
		if _, err := defs.Load("toy.yaml", data); err != nil {
			t.Fatal(err)
		}
	}
}

// defRef is a record's reference to the def named name.
func defRef(name string) map[string]any {
	return map[string]any{"kind": "def", "def": name, "printable": name}
}

// pairAttr edits a fixture to define Toy_PairAttr with these parameters.
func pairAttr(params ...string) func(map[string]any) {
	return func(m map[string]any) {
		var args [][]any
		for _, p := range params {
			args = append(args, []any{"unsigned", p})
		}
		m["Toy_PairAttr"] = map[string]any{"!name": "Toy_PairAttr", "!superclasses": []any{"AttrDef"}, "cppClassName": "PairAttr",
			"dialect": defRef("Toy_Dialect"), "summary": "A pair.", "mnemonic": "pair", "assemblyFormat": "`<` struct(params) `>`",
			"parameters": map[string]any{"args": args, "kind": "dag"}}
		m["!instanceof"].(map[string]any)["AttrDef"] = []any{"Toy_PairAttr"}
	}
}

// parentTrait edits a fixture to give Toy_CallOp HasParent<classes>
// (nothing for "").
func parentTrait(classes string) func(map[string]any) {
	return func(m map[string]any) {
		if classes == "" {
			return
		}
		m["Toy_Dialect"].(map[string]any)["cppNamespace"] = "::mlir::toy"
		m["anonymous_parent"] = map[string]any{"!anonymous": true, "!name": "anonymous_parent", "!superclasses": []any{"Trait", "NativeTrait", "ParamNativeOpTrait"}, "trait": "HasParent<" + classes + ">::Impl"}
		call := m["Toy_CallOp"].(map[string]any)
		call["traits"] = append(call["traits"].([]any), defRef("anonymous_parent"))
	}
}

// An omp op that a newer release made NoTerminator, in a single block
// before and after, ends with omp.terminator in the older releases
// (olderTerminators): its definition says so with ends_with. Ops of other
// dialects, or whose older releases hold no single block, get none.
func TestEndsWith(t *testing.T) {
	rels := []Release{{LLVM: 19}, {LLVM: 22}}
	op := func(noTerminator, singleBlock span) *mergedOp {
		return &mergedOp{span: span{0, 1}, traits: []*mergedPart{
			{part: part{name: "NoTerminator"}, span: noTerminator},
			{part: part{name: "SingleBlock"}, span: singleBlock},
		}}
	}
	if got, want := endsWith(rels, "omp", op(span{1, 1}, span{0, 1})), "{op: terminator, until: llvm 19}"; got != want {
		t.Errorf("omp loop wrapper: %q, want %q", got, want)
	}
	for name, c := range map[string]struct {
		dialect string
		m       *mergedOp
	}{
		"another dialect":           {"scf", op(span{1, 1}, span{0, 1})},
		"NoTerminator in every one": {"omp", op(span{0, 1}, span{0, 1})},
		"one block only in 22":      {"omp", op(span{1, 1}, span{1, 1})},
	} {
		if got := endsWith(rels, c.dialect, c.m); got != "" {
			t.Errorf("%s: %q, want none", name, got)
		}
	}
}

// An op renamed under the same record is paired by it, whichever release
// renamed it; a record shared with an op of the newest release's name, or
// a rename the table names, is left alone.
func TestSameRecordRenames(t *testing.T) {
	ops := func(pairs ...string) map[string]*opFacts {
		m := map[string]*opFacts{}
		for i := 0; i < len(pairs); i += 2 {
			m[pairs[i]] = &opFacts{name: pairs[i], record: pairs[i+1]}
		}
		return m
	}
	perRelease := []map[string]*opFacts{
		ops("intr.experimental.stepvector", "StepVectorOp", "keep", "KeepOp", "old", "MovedOp"),
		ops("intr.stepvector", "StepVectorOp", "keep", "KeepOp", "new", "MovedOp"),
	}
	got := withSameRecordRenames(map[string]string{"new": "older"}, perRelease)
	want := map[string]string{"intr.stepvector": "intr.experimental.stepvector", "new": "older"}
	if !maps.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	older := ops("cancellationpoint", "CancellationPointOp", "barrier", "BarrierOp")
	m := &mergedOp{name: "cancellation_point", record: "CancellationPointOp"}
	if o := renamedRecord(older, m, map[string]bool{"cancellation_point": true, "barrier": true}); o == nil || o.name != "cancellationpoint" {
		t.Errorf("renamedRecord = %v", o)
	}
	if o := renamedRecord(older, &mergedOp{name: "b2", record: "BarrierOp"}, map[string]bool{"b2": true, "barrier": true}); o != nil {
		t.Errorf("an op of a current name was taken as renamed: %v", o)
	}
}
