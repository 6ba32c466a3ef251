package layout

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// defaultDataLayout is what MLIR's importer appends to a module's string
// (after a '-'); a key the module gives first wins.
const defaultDataLayout = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:32:64-f16:16:16-f64:64:64-f128:128:128"

var floatByWidth = map[uint64]string{16: "f16", 32: "f32", 64: "f64", 80: "f80", 128: "f128"}

// DataLayoutError is a data-layout string token we cannot import.
type DataLayoutError struct {
	Token  string
	Reason string
}

func (e *DataLayoutError) Error() string {
	return fmt.Sprintf("data layout token %q: %s", e.Token, e.Reason)
}

// ImportDataLayout turns an LLVM data-layout string
// ("e-m:e-p270:32:32-i64:64-...") into the DLTI spec MLIR's LLVM importer of
// the release makes of it (mlir-translate --import-llvm), and returns the
// tokens it does not model, of which MLIR warns ("unhandled data layout
// token"). The string is expected to be one LLVM accepted.
func ImportDataLayout(s string, release int) (*Spec, []string, error) {
	rules := RulesFor(release)
	handled := strings.Fields(rules.Import)
	seen := map[string]bool{}
	var types, ids []Entry
	var unhandled []string
	for _, tok := range strings.Split(s+"-"+defaultDataLayout, "-") {
		n := 0
		for n < len(tok) && (tok[n] >= 'a' && tok[n] <= 'z' || tok[n] >= 'A' && tok[n] <= 'Z') {
			n++
		}
		prefix, body := tok[:n], tok[n:]
		if prefix == "" {
			return nil, nil, &DataLayoutError{tok, "no alphabetic prefix"}
		}
		kind := prefix
		if prefix == "E" {
			kind = "e"
		}
		if !slices.Contains(handled, kind) {
			if !slices.Contains(unhandled, tok) {
				unhandled = append(unhandled, tok)
			}
			continue
		}
		key, e, err := importToken(rules, kind, prefix, body)
		if err != nil {
			return nil, nil, &DataLayoutError{tok, err.Error()}
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		if e == nil {
			continue // a default value, which MLIR leaves out
		}
		if e.Type != nil {
			types = append(types, *e)
		} else {
			ids = append(ids, *e)
		}
	}
	spec := &Spec{}
	if rules.IDsFirst {
		spec.Entries = append(ids, types...)
	} else {
		spec.Entries = append(types, ids...)
	}
	return spec, unhandled, nil
}

func numbers(body string, min, max int) ([]uint64, error) {
	var out []uint64
	for _, f := range strings.Split(body, ":") {
		v, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("expected a number, got %q", f)
		}
		out = append(out, v)
	}
	if len(out) < min || len(out) > max {
		return nil, fmt.Errorf("expected %d to %d numbers", min, max)
	}
	return out, nil
}

// dense prints a dense entry as MLIR does: a splat when all are equal.
func dense(elem string, vs []uint64) *Value {
	v := &Value{Kind: ValueDense, ElemType: elem}
	same := true
	parts := make([]string, len(vs))
	for i, x := range vs {
		v.Ints = append(v.Ints, int64(x))
		parts[i] = strconv.FormatUint(x, 10)
		same = same && x == vs[0]
	}
	body := "[" + strings.Join(parts, ", ") + "]"
	if same {
		body = parts[0]
	}
	v.Text = fmt.Sprintf("dense<%s> : vector<%dx%s>", body, len(vs), elem)
	return v
}

func integer(v uint64, typ string) *Value {
	return &Value{Kind: ValueInteger, Ints: []int64{int64(v)}, ElemType: typ, Text: fmt.Sprintf("%d : %s", v, typ)}
}

// importToken maps one token to its entry (nil: nothing to add) and the
// key by which a later token with the same key is ignored.
func importToken(rules Rules, kind, prefix, body string) (string, *Entry, error) {
	switch kind {
	case "e":
		if body != "" {
			return "", nil, fmt.Errorf("unexpected %q after the endianness", body)
		}
		v := "little"
		if prefix == "E" {
			v = "big"
		}
		return "e", &Entry{ID: "dlti.endianness", Value: &Value{Kind: ValueString, Str: v, Text: quote(v)}}, nil
	case "m":
		mode, ok := strings.CutPrefix(body, ":")
		if !ok || mode == "" {
			return "", nil, fmt.Errorf("expected m:<mode>")
		}
		return "m", &Entry{ID: "dlti.mangling_mode", Value: &Value{Kind: ValueString, Str: mode, Text: quote(mode)}}, nil
	case "A", "P", "G", "S", "Fi", "Fn":
		ns, err := numbers(body, 1, 1)
		if err != nil {
			return "", nil, err
		}
		key := kind
		if kind == "Fn" {
			key = "Fi"
		}
		if ns[0] == 0 {
			return key, nil, nil
		}
		switch kind {
		case "S":
			return key, &Entry{ID: "dlti.stack_alignment", Value: integer(ns[0], "i64")}, nil
		case "Fi", "Fn":
			t := fmt.Sprintf("#dlti.function_pointer_alignment<%d, function_dependent = %t>", ns[0], kind == "Fn")
			return key, &Entry{ID: "dlti.function_pointer_alignment", Value: &Value{Kind: ValueOther, Text: t}}, nil
		}
		name := map[string]string{"A": "dlti.alloca_memory_space", "P": "dlti.program_memory_space", "G": "dlti.global_memory_space"}[kind]
		return key, &Entry{ID: name, Value: integer(ns[0], "ui64")}, nil
	case "n":
		ns, err := numbers(body, 1, 64)
		if err != nil {
			return "", nil, err
		}
		v := &Value{Kind: ValueDenseArray, ElemType: "i32"}
		parts := make([]string, len(ns))
		for i, x := range ns {
			v.Ints = append(v.Ints, int64(x))
			parts[i] = strconv.FormatUint(x, 10)
		}
		v.Text = "array<i32: " + strings.Join(parts, ", ") + ">"
		return "n", &Entry{ID: "dlti.legal_int_widths", Value: v}, nil
	case "i", "f":
		ns, err := numbers(body, 2, 3)
		if err != nil {
			return "", nil, err
		}
		if len(ns) == 2 {
			ns = append(ns, ns[1])
		}
		var t *Type
		if kind == "i" {
			if ns[0] == 0 || ns[0] > 1<<24 {
				return "", nil, fmt.Errorf("an integer width of %d", ns[0])
			}
			t = intType(ns[0])
		} else {
			name, ok := floatByWidth[ns[0]]
			if !ok {
				return "", nil, fmt.Errorf("no float type is %d bits wide", ns[0])
			}
			t = &Type{Class: Class("builtin." + name), Width: ns[0], Text: name}
		}
		return kind + strconv.FormatUint(ns[0], 10), &Entry{Type: t, Value: dense(rules.EntryElement, ns[1:])}, nil
	case "p":
		as, rest, _ := strings.Cut(body, ":")
		var space uint64
		if as != "" {
			v, err := strconv.ParseUint(as, 10, 32)
			if err != nil {
				return "", nil, fmt.Errorf("expected an address space, got %q", as)
			}
			space = v
		}
		ns, err := numbers(rest, 2, 4)
		if err != nil {
			return "", nil, err
		}
		if len(ns) < 3 {
			ns = append(ns, ns[1]) // preferred = ABI
		}
		if len(ns) < 4 {
			ns = append(ns, ns[0]) // index = size
		}
		t := &Type{Class: ClassLLVMPtr, AddrSpace: space, Text: "!llvm.ptr"}
		if space != 0 {
			t.Text = fmt.Sprintf("!llvm.ptr<%d>", space)
		}
		return "p" + strconv.FormatUint(space, 10), &Entry{Type: t, Value: dense(rules.EntryElement, ns)}, nil
	}
	return "", nil, fmt.Errorf("no rule")
}

// FormatSpec prints a spec as MLIR of the release prints #dlti.dl_spec:
// #dlti.dl_entry<KEY, VALUE> items up to 19, KEY = VALUE from 20.
func FormatSpec(s *Spec, release int) string {
	kv := RulesFor(release).KeyValueSpelling
	parts := make([]string, len(s.Entries))
	for i, e := range s.Entries {
		if kv {
			parts[i] = e.KeyText() + " = " + e.Value.Text
		} else {
			parts[i] = "#dlti.dl_entry<" + e.KeyText() + ", " + e.Value.Text + ">"
		}
	}
	return "#dlti.dl_spec<" + strings.Join(parts, ", ") + ">"
}

// ExportDataLayout writes a module's spec as an LLVM data-layout string, as
// MLIR's translation to LLVM IR does: identifier entries in the spec's
// order, then every integer, float (f16 to f128) and !llvm.ptr key in the
// spec's order with the values the module's layout dl computes for it;
// index entries are left out.
func ExportDataLayout(spec *Spec, dl *DataLayout) (string, error) {
	var parts []string
	for _, e := range spec.Entries {
		if e.Type != nil {
			continue
		}
		v := e.Value
		num := func() (uint64, error) { return zext(v) }
		switch e.ID {
		case "dlti.endianness":
			if v.Str == "little" {
				parts = append(parts, "e")
			} else {
				parts = append(parts, "E")
			}
		case "dlti.mangling_mode":
			parts = append(parts, "m:"+v.Str)
		case "dlti.program_memory_space", "dlti.global_memory_space", "dlti.alloca_memory_space", "dlti.stack_alignment":
			n, err := num()
			if err != nil {
				return "", fmt.Errorf("%s: %w", e.ID, err)
			}
			if n != 0 {
				p := map[string]string{"dlti.program_memory_space": "P", "dlti.global_memory_space": "G", "dlti.alloca_memory_space": "A", "dlti.stack_alignment": "S"}[e.ID]
				parts = append(parts, p+strconv.FormatUint(n, 10))
			}
		case "dlti.legal_int_widths":
			if v.Kind != ValueDenseArray {
				return "", fmt.Errorf("%s: expected array<i32: ...>, got %s", e.ID, v.Text)
			}
			ws := make([]string, len(v.Ints))
			for i, w := range v.Ints {
				ws[i] = strconv.FormatInt(w, 10)
			}
			parts = append(parts, "n"+strings.Join(ws, ":"))
		case "dlti.function_pointer_alignment":
			n, dep, _, err := dl.FunctionPointerAlignment()
			if err != nil {
				return "", err
			}
			if n != 0 {
				k := "Fi"
				if dep {
					k = "Fn"
				}
				parts = append(parts, k+strconv.FormatUint(n, 10))
			}
		default:
			return "", fmt.Errorf("unsupported data layout key %q", e.ID)
		}
	}
	for _, e := range spec.Entries {
		t := e.Type
		if t == nil || t.Class == ClassIndex {
			continue
		}
		r, err := dl.Query(t)
		if err != nil {
			return "", err
		}
		switch {
		case t.Class == ClassInteger || t.IsFloat() && floatByWidth[t.Width] == strings.TrimPrefix(string(t.Class), "builtin."):
			prefix := "f"
			if t.Class == ClassInteger {
				if !strings.HasPrefix(t.Text, "i") {
					return "", fmt.Errorf("unsupported data layout for non-signless integer %s", t.Text)
				}
				prefix = "i"
			}
			s := fmt.Sprintf("%s%d:%d", prefix, r.Bits.Min, r.ABI*8)
			if r.Pref != r.ABI {
				s += fmt.Sprintf(":%d", r.Pref*8)
			}
			parts = append(parts, s)
		case t.Class == ClassLLVMPtr:
			parts = append(parts, fmt.Sprintf("p%d:%d:%d:%d:%d", t.AddrSpace, r.Bits.Min, r.ABI*8, r.Pref*8, r.Index))
		default:
			return "", fmt.Errorf("unsupported type in data layout: %s", t.Text)
		}
	}
	return strings.Join(parts, "-"), nil
}

func intType(width uint64) *Type {
	return &Type{Class: ClassInteger, Width: width, Text: fmt.Sprintf("i%d", width)}
}
