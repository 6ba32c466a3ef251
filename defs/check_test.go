package defs

import (
	"slices"
	"strings"
	"testing"
)

// mistakeBase is a small correct dialect; each case of TestMistakes
// replaces one line of it.
const mistakeBase = `dialect: qnt
enums:
  - name: Mode
    values:
      - {name: Fast, value: 0, text: fast}
      - {name: Exact, value: 1, text: exact}
types:
  - name: QTensorType
    params:
      - {name: rank, type: int64}
      - {name: mode, type: Mode}
    bytecode:
      - {code: 0, fields: [rank, mode]}
ops:
  - name: calibrate
    since: llvm 19
    operands:
      - {name: input, type: QTensorType}
    attributes:
      - {name: scale, type: Attribute}
    results:
      - {name: output, type: QTensorType}
    regions:
      - {name: body}
`

// TestMistakes: each mistake an author makes is refused with its
// position and a message that says what is wrong (and what was meant).
func TestMistakes(t *testing.T) {
	if _, err := Load("q.yaml", []byte(mistakeBase)); err != nil {
		t.Fatalf("the base dialect does not load: %v", err)
	}
	for _, c := range []struct{ name, old, new, want string }{
		{"dialect name", "dialect: qnt", "dialect: q-nt",
			`q.yaml:1:1: dialect name "q-nt" is not an identifier (letters, digits, _ and $, not starting with a digit): ops are named q-nt.<op>`},
		{"op name", "  - name: calibrate", "  - name: cali brate",
			`q.yaml:15:5: op name "cali brate" may not hold spaces, quotes or backslashes, nor start with a dot`},
		{"operand type", "      - {name: input, type: QTensorType}", "      - {name: input, type: QTensrType}",
			`q.yaml:18:9: op "calibrate": QTensrType names no definition of dialect qnt; did you mean QTensorType?`},
		{"views of a plain field", "[rank, mode]", "[rank, {param: mode, views: true}]",
			`q.yaml:13:34: views is said of a custom field's outputs; this field is not custom`},
		{"field twice", "[rank, mode]", "[rank, rank, mode]",
			`q.yaml:13:34: QTensorType code 0: param "rank" is written twice (first at q.yaml:13:28)`},
		{"empty range", "    since: llvm 19", "    since: llvm 22\n    until: llvm 19",
			`q.yaml:16:12: empty version range: since llvm 22 is after until llvm 19 (until is the last version that has it)`},
		{"enum keyword twice", "text: exact}", "text: fast}",
			`q.yaml:6:9: enum Mode: values Fast and Exact both have the keyword "fast"`},
		{"enum width", "  - name: Mode\n", "  - name: Mode\n    width: 12\n",
			`q.yaml:4:12: expected a width of 1, 8, 16, 32 or 64 bits, not 12`},
		{"operand and attribute", "      - {name: scale, type: Attribute}", "      - {name: input, type: Attribute}",
			`q.yaml:20:9: op "calibrate": attribute "input" has the name of the operand at q.yaml:18:9`},
		{"region twice", "      - {name: body}", "      - {name: body}\n      - {name: body}",
			`q.yaml:25:9: op "calibrate": region "body" has the name of the region at q.yaml:24:9`},
		{"param twice", "      - {name: mode, type: Mode}", "      - {name: rank, type: Mode}",
			`q.yaml:11:9: param "rank" defined twice`},
		{"parent without dialect", "    since: llvm 19", "    since: llvm 19\n    parents: [func]",
			`q.yaml:17:15: parents: "func" is not an op's full name (dialect.op)`},
		{"asm hooks of a declared format", "  - name: QTensorType\n", "  - name: QTensorType\n    mnemonic: qt\n    asm_hooks: {parse: parseQT, print: printQT}\n",
			`q.yaml:10:16: QTensorType: asm_hooks are for a body written in C++: set custom_assembly_format: true`},
		{"declaration of no symbol", "    since: llvm 19", "    since: llvm 19\n    declaration: always",
			`q.yaml:17:18: op "calibrate": declaration: the op defines no symbol (no Symbol or FunctionOpInterface trait)`},
		{"declaration rule unknown", "    since: llvm 19", "    since: llvm 19\n    traits: [Symbol]\n    declaration: sometimes",
			`q.yaml:18:18: declaration: "sometimes" is neither without_body nor always`},
		{"ends_with of no op", "    since: llvm 19\n", "    since: llvm 19\n    ends_with: {op: yield, until: llvm 19}\n",
			`q.yaml:17:16: op "calibrate": ends_with: "yield" is no op of dialect qnt (name it without the dialect: terminator)`},
		{"ends_with without releases", "    since: llvm 19\n", "    since: llvm 19\n    ends_with: {op: calibrate}\n",
			`q.yaml:17:16: op "calibrate": ends_with: say in which LLVM releases (since, until: "llvm 19"); where every release ends so, a terminator is no release matter`},
		{"order of another axis", "    attributes:\n", "    operand_order:\n      - {until: tileir 13.1, groups: [input]}\n    attributes:\n",
			`q.yaml:20:17: operand_order: until "tileir 13.1" is not an LLVM release ("llvm 19")`},
		{"order without until", "    attributes:\n", "    operand_order:\n      - {groups: [input]}\n    attributes:\n",
			`q.yaml:20:9: operand_order: an order needs until (the newest LLVM release that lays the groups out so)`},
		{"order of an unknown group", "    attributes:\n", "    operand_order:\n      - {until: llvm 19, groups: [output, input]}\n    attributes:\n",
			`q.yaml:20:9: op "calibrate": operand_order: llvm 19 has no group "output" (it has input)`},
		{"order without a group", "    attributes:\n", "    operand_order:\n      - {until: llvm 19, groups: []}\n    attributes:\n",
			`q.yaml:20:9: op "calibrate": operand_order: llvm 19's group "input" has no place in the order`},
		{"order of a group twice", "    attributes:\n", "    operand_order:\n      - {until: llvm 19, groups: [input, input]}\n    attributes:\n",
			`q.yaml:20:9: op "calibrate": operand_order: group "input" is listed twice`},
		{"order of the definition", "    attributes:\n", "    operand_order:\n      - {until: llvm 19, groups: [input]}\n    attributes:\n",
			`q.yaml:20:9: op "calibrate": operand_order: llvm 19's order is the definition's; leave it out`},
		{"orders newest first", "    attributes:\n", "    operand_order:\n      - {until: llvm 22, groups: [input]}\n      - {until: llvm 19, groups: [input]}\n    attributes:\n",
			`q.yaml:21:9: op "calibrate": operand_order: until llvm 19 after llvm 22; list the orders oldest first`},
		{"older name without until", "    since: llvm 19\n", "    older_names: [{name: calib}]\n",
			`q.yaml:16:19: older_names: an older name needs name and until (the newest LLVM release that names the op so)`},
		{"older name of another axis", "    since: llvm 19\n", "    older_names: [{name: calib, until: dialect 1.0}]\n",
			`q.yaml:16:40: older_names: until "dialect 1.0" is not an LLVM release ("llvm 16")`},
		{"older names newest first", "    since: llvm 19\n", "    older_names: [{name: calib, until: llvm 18}, {name: cal, until: llvm 16}]\n",
			`q.yaml:16:50: op "calibrate": older name "cal": until llvm 16 is not after the older name before it (llvm 18): list them oldest first`},
		{"older name of its own", "    since: llvm 19\n", "    older_names: [{name: calibrate, until: llvm 16}]\n",
			`q.yaml:16:19: op "calibrate": an older name is the op's own name`},
		{"older name of another op", "    since: llvm 19\n", "    older_names: [{name: measure, until: llvm 16}]\n  - name: measure\n",
			`q.yaml:16:19: op "calibrate": older name "measure" is the name of another op of the dialect (q.yaml:17:5)`},
		{"unknown groups of another axis", "    since: llvm 19\n", "    unknown_groups_until: bytecode 5\n",
			`q.yaml:16:27: unknown_groups_until: "bytecode 5" is not an LLVM release ("llvm 16")`},
		{"renamed_from no attribute", "      - {name: scale, type: Attribute}", "      - {name: scale, type: Attribute, since: llvm 22, renamed_from: scal}",
			`q.yaml:20:9: op "calibrate": attribute "scale": renamed_from "scal" is no attribute of the op`},
		{"renamed_from a newer attribute", "      - {name: scale, type: Attribute}", "      - {name: scale, type: Attribute, since: llvm 22, renamed_from: factor}\n      - {name: factor, type: Attribute, until: llvm 22}",
			`q.yaml:20:9: op "calibrate": attribute "scale": renamed_from "factor": the older attribute needs an LLVM until before this one's LLVM since`},
		{"declaration without a body", "    regions:\n      - {name: body}\n", "    traits: [Symbol]\n    declaration: without_body\n",
			`q.yaml:24:18: op "calibrate": declaration: without_body, but the op has no region to hold a body`},
	} {
		src := strings.Replace(mistakeBase, c.old, c.new, 1)
		if src == mistakeBase {
			t.Fatalf("%s: %q is not in the base", c.name, c.old)
		}
		_, err := Load("q.yaml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		// The mistake's own message, exactly (others may follow from it).
		if lines := strings.Split(err.Error(), "\n"); !slices.Contains(lines, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, err, c.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"QTensrType", "QTensorType", 1}, {"AnyType", "IntType", 2}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"same", "same", 0}} {
		if got := editDistance(c.a, c.b, 10); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if got := nearName("AnyType", []string{"IntType"}); got != "" {
		t.Errorf("AnyType is taken for a misspelling of %s", got)
	}
}
