package cudatile_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	cudatile "github.com/dialectgen/dialectgen/dialects/cuda_tile"
	"github.com/dialectgen/dialectgen/runtime/tileir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// The vectors are NVIDIA/cuda-tile's binary test files (see
// testdata/vectors/README.md); EXPECTED.json describes what each one must
// decode to or why it must be rejected.

const vectorDir = "testdata/vectors"

type expectedFile struct {
	Path                string         `json:"path"`
	Size                int            `json:"size"`
	SHA256              string         `json:"sha256"`
	Expect              string         `json:"expect"` // "decode" or "reject"
	Version             string         `json:"version"`
	Diagnostic          string         `json:"diagnostic"`
	Strings             []string       `json:"strings"`
	Types               []string       `json:"types"`
	ConstantPoolEntries int            `json:"constant_pool_entries"`
	Functions           []expectedFunc `json:"functions"`
}

type expectedFunc struct {
	Name     string       `json:"name"`
	FlagByte int          `json:"flag_byte"`
	Kind     string       `json:"kind"`
	Params   []string     `json:"params"`
	Results  []string     `json:"results"`
	Hints    any          `json:"hints"`
	Ops      []expectedOp `json:"ops"`
}

type expectedOp struct {
	Op             string            `json:"op"`
	Opcode         string            `json:"opcode"`
	Results        []string          `json:"results"`
	ResultValues   []int             `json:"result_values"`
	Operands       []int             `json:"operands"`
	Attrs          map[string]any    `json:"attrs"`
	DefaultedAttrs []string          `json:"defaulted_attrs"`
	Regions        [][]expectedBlock `json:"regions"`
}

type expectedBlock struct {
	Args      []string     `json:"args"`
	ArgValues []int        `json:"arg_values"`
	Ops       []expectedOp `json:"ops"`
}

type expectedDense struct {
	Type   string  `json:"type"`
	Values []int64 `json:"values"`
	Splat  bool    `json:"splat"`
	RawHex string  `json:"raw_hex"`
}

func loadExpected(t testing.TB) []expectedFile {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(vectorDir, "EXPECTED.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Files []expectedFile `json:"files"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("EXPECTED.json: %v", err)
	}
	if len(doc.Files) != 9 {
		t.Fatalf("EXPECTED.json lists %d files, want 9", len(doc.Files))
	}
	return doc.Files
}

func readVector(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorDir, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decodableVectors returns the files that must decode, with their bytes.
func decodableVectors(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for _, f := range loadExpected(t) {
		if f.Expect == "decode" {
			out[f.Path] = readVector(t, f.Path)
		}
	}
	if len(out) != 2 {
		t.Fatalf("%d decodable vectors, want 2", len(out))
	}
	return out
}

// safeRead is cudatile.Read with a panic turned into a test error.
func safeRead(t testing.TB, data []byte) (m *tileir.Module, err error, ok bool) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("Read panicked on %x: %v\n%s", data, p, debug.Stack())
			ok = false
		}
	}()
	m, err = cudatile.Read(data, tileir.ReadOptions{})
	return m, err, true
}

func safeWrite(t testing.TB, m *tileir.Module, v tileir.Version) (out []byte, err error, ok bool) {
	t.Helper()
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("Write(%s) panicked: %v\n%s", v, p, debug.Stack())
			ok = false
		}
	}()
	out, err = cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
	return out, err, true
}

// rejectMeaning lists, per reject vector, substrings the error must
// contain (the meaning of the upstream diagnostic) and the range the
// error's offset must fall in ([lo, hi], -1 = file size).
var rejectMeaning = map[string]struct {
	needles []string
	lo, hi  int64
}{
	"versioning-13.1/f4e2m1fn-in-13.1.tileirbc": {[]string{"Float4E2M1FN", "13.3", "13.1"}, 12, -1},
	"invalid/invalid_magic_number.tileirbc":     {[]string{"invalid magic number"}, 0, 0},
	"invalid/unsupported_version.tileirbc":      {[]string{"18.0.0", "unsupported"}, 8, 8},
	"invalid/invalid_section_id.tileirbc":       {[]string{"unknown section ID: 127"}, 12, 12},
	"invalid/excessive_section_length.tileirbc": {[]string{"end section is not the last section"}, 12, 13},
	"invalid/invalid_dense_map_value.bc":        {[]string{"-2147483648", "unsupported value"}, 12, -1},
	"invalid/invalid_attribute_name.bc":         {[]string{"empty attribute name"}, 12, -1},
}

func TestVectorFiles(t *testing.T) {
	files := loadExpected(t)
	var rejects int
	for _, f := range files {
		t.Run(f.Path, func(t *testing.T) {
			data := readVector(t, f.Path)
			if len(data) != f.Size {
				t.Errorf("size %d, EXPECTED.json says %d", len(data), f.Size)
			}
			sum := sha256.Sum256(data)
			if got := hex.EncodeToString(sum[:]); got != f.SHA256 {
				t.Fatalf("sha256 %s, EXPECTED.json says %s", got, f.SHA256)
			}
			m, err, ok := safeRead(t, data)
			if !ok {
				return
			}
			switch f.Expect {
			case "decode":
				if err != nil {
					t.Fatalf("Read: %v", err)
				}
				checkModule(t, m, f)
			case "reject":
				rejects++
				if err == nil {
					t.Fatalf("Read succeeded, want an error like %q", f.Diagnostic)
				}
				checkReject(t, f, data, err)
			default:
				t.Fatalf("unknown expectation %q", f.Expect)
			}
		})
	}
	if rejects != 7 {
		t.Errorf("%d reject vectors, want 7", rejects)
	}
}

func checkReject(t *testing.T, f expectedFile, data []byte, err error) {
	t.Helper()
	want, ok := rejectMeaning[f.Path]
	if !ok {
		t.Fatalf("no expected meaning for %s (error: %v)", f.Path, err)
	}
	msg := err.Error()
	t.Logf("rejected: %v", err)
	for _, n := range want.needles {
		if !strings.Contains(msg, n) {
			t.Errorf("error %q does not contain %q (upstream: %q)", msg, n, f.Diagnostic)
		}
	}
	if !strings.Contains(msg, f.Diagnostic) {
		t.Logf("note: error %q differs from upstream text %q", msg, f.Diagnostic)
	}
	var we *wire.Error
	if !errors.As(err, &we) {
		t.Fatalf("error %T %q is not a *wire.Error", err, msg)
	}
	hi := want.hi
	if hi < 0 {
		hi = int64(len(data)) - 1
	}
	if we.Offset < want.lo || we.Offset > hi {
		t.Errorf("error offset %d outside [%d, %d] (file has %d bytes): %v", we.Offset, want.lo, hi, len(data), err)
	}
	switch f.Path {
	case "versioning-13.1/f4e2m1fn-in-13.1.tileirbc":
		var ve *wire.VersionError
		if !errors.As(err, &ve) {
			t.Errorf("error %q does not wrap a *wire.VersionError", msg)
		} else if ve.Needs != "13.3" || ve.Target != "13.1" || !ve.Reading {
			t.Errorf("VersionError %+v, want needs 13.3, target 13.1, reading", *ve)
		}
	case "invalid/invalid_dense_map_value.bc":
		// The offset names the INT32_MIN word itself.
		if we.Offset+4 > int64(len(data)) || !bytes.Equal(data[we.Offset:we.Offset+4], []byte{0, 0, 0, 0x80}) {
			t.Errorf("error offset %d does not point at the INT32_MIN word", we.Offset)
		}
	case "invalid/unsupported_version.tileirbc":
		if !errors.Is(err, wire.ErrUnsupportedVersion) {
			t.Errorf("error %q does not wrap wire.ErrUnsupportedVersion", msg)
		}
	}
}

// ---- structure of a decoded module ----

// opRec is one op of a module walked in pre-order.
type opRec struct {
	op       tileir.Op
	depth    int
	results  []int // wire numbers, -1 for Value.Unnumbered results
	operands []int
	// blockArgs holds, per region and block, the wire numbers of the
	// block's arguments.
	blockArgs [][][]int
}

// numbering assigns wire value numbers with the rules of README §7:
// parameters first; inside a block its arguments, then its ops' results;
// an op's results after its regions; numbers defined in a block go out of
// scope when it ends. Results marked Unnumbered get none. It reports any
// operand that is not in scope.
type numbering struct {
	t     testing.TB
	next  int
	num   map[*tileir.Value]int
	scope []*tileir.Value
	ops   []*opRec
}

func numberFunc(t testing.TB, fn *tileir.Function) *numbering {
	n := &numbering{t: t, num: map[*tileir.Value]int{}}
	for _, p := range fn.Params {
		n.define(p)
	}
	for _, op := range fn.Body {
		n.walk(op, 0)
	}
	return n
}

func (n *numbering) define(v *tileir.Value) int {
	i := n.next
	n.next++
	n.num[v] = i
	n.scope = append(n.scope, v)
	return i
}

func (n *numbering) walk(op tileir.Op, depth int) {
	rec := &opRec{op: op, depth: depth}
	n.ops = append(n.ops, rec)
	for _, v := range tileir.Operands(op) {
		i, ok := n.num[v]
		if !ok || !slices.Contains(n.scope, v) {
			n.t.Errorf("%s: operand not in scope", op.Info().Name)
			i = -2
		}
		rec.operands = append(rec.operands, i)
	}
	for _, r := range op.Base().Regions {
		var blocks [][]int
		for _, b := range r.Blocks {
			mark, next := len(n.scope), n.next
			var args []int
			for _, a := range b.Args {
				args = append(args, n.define(a))
			}
			blocks = append(blocks, args)
			for _, inner := range b.Ops {
				n.walk(inner, depth+1)
			}
			for _, v := range n.scope[mark:] {
				delete(n.num, v)
			}
			n.scope, n.next = n.scope[:mark], next
		}
		rec.blockArgs = append(rec.blockArgs, blocks)
	}
	for _, v := range op.Base().Results {
		if v.Unnumbered {
			rec.results = append(rec.results, -1)
		} else {
			rec.results = append(rec.results, n.define(v))
		}
	}
}

func shortName(op tileir.Op) string { return strings.TrimPrefix(op.Info().Name, "cuda_tile.") }

func typeStrings(vs []*tileir.Value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Type.String()
	}
	return out
}

// normType maps EXPECTED.json's type notation to ours. They agree today;
// this is where a difference would be absorbed.
func normType(s string) string { return s }

func normTypes(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = normType(s)
	}
	return out
}

func sig(ins, outs []string) string {
	return "(" + strings.Join(ins, ", ") + ") -> (" + strings.Join(outs, ", ") + ")"
}

func checkModule(t *testing.T, m *tileir.Module, f expectedFile) {
	t.Helper()
	if got := m.Version.Full(); got != f.Version {
		t.Errorf("version %s, want %s", got, f.Version)
	}
	if len(m.Globals) != 0 || m.Producer != "" {
		t.Errorf("unexpected globals (%d) or producer (%q)", len(m.Globals), m.Producer)
	}
	if len(m.Funcs) != len(f.Functions) {
		t.Fatalf("%d functions, want %d", len(m.Funcs), len(f.Functions))
	}
	used := map[string]bool{}   // every type text that occurs
	texts := map[string]bool{}  // function names and attribute texts
	consts := map[string]bool{} // distinct constant-pool contents
	for i, want := range f.Functions {
		fn := m.Funcs[i]
		if fn.Name != want.Name {
			t.Errorf("function %d: name %q, want %q", i, fn.Name, want.Name)
		}
		texts[fn.Name] = true
		if fn.Kernel != (want.FlagByte&2 != 0) || (want.Kind == "kernel") != fn.Kernel {
			t.Errorf("function %s: kernel=%v, want flag byte 0x%02X (%s)", fn.Name, fn.Kernel, want.FlagByte, want.Kind)
		}
		if int(fn.Flags) != want.FlagByte&^6 {
			t.Errorf("function %s: other flag bits 0x%02X, want 0x%02X", fn.Name, fn.Flags, want.FlagByte&^6)
		}
		if (want.Hints == nil) != (fn.Hints == nil) {
			t.Errorf("function %s: hints %v, want %v", fn.Name, fn.Hints, want.Hints)
		}
		if fn.Loc != nil {
			t.Errorf("function %s: location %v, want none (location index 0)", fn.Name, fn.Loc)
		}
		wantSig := sig(normTypes(want.Params), normTypes(want.Results))
		if got := fn.Type.String(); got != wantSig {
			t.Errorf("function %s: signature %s, want %s", fn.Name, got, wantSig)
		}
		used[fn.Type.String()] = true
		if got, w := typeStrings(fn.Params), normTypes(want.Params); !slices.Equal(got, w) {
			t.Errorf("function %s: params %v, want %v", fn.Name, got, w)
		}
		n := numberFunc(t, fn)
		for k, p := range fn.Params {
			if n.num[p] != k {
				t.Errorf("function %s: param %d numbered %d", fn.Name, k, n.num[p])
			}
		}
		flat := flattenExpected(want.Ops, 0, nil)
		if len(n.ops) != len(flat) {
			t.Errorf("function %s: %d ops in pre-order, want %d", fn.Name, len(n.ops), len(flat))
		}
		for k := range min(len(n.ops), len(flat)) {
			checkOp(t, fmt.Sprintf("%s op #%d", fn.Name, k), n.ops[k], flat[k])
			rec := n.ops[k]
			for _, r := range rec.op.Base().Results {
				used[r.Type.String()] = true
			}
			for _, r := range rec.op.Base().Regions {
				for _, b := range r.Blocks {
					for _, a := range b.Args {
						used[a.Type.String()] = true
					}
				}
			}
			for _, a := range tileir.Attrs(rec.op) {
				texts[unquote(a.Text)] = true
			}
			if c, ok := rec.op.(*cudatile.ConstantOp); ok {
				consts[constType(c)+"\x00"+string(c.Value.Data)] = true
			}
		}
	}
	// The type table is not exposed; every listed type must occur in the
	// module, on its own or nested in another type's text.
	for _, want := range f.Types {
		want = normType(want)
		found := used[want]
		for u := range used {
			found = found || strings.Contains(u, want)
		}
		if !found {
			t.Errorf("type %s of the type table occurs nowhere in the decoded module", want)
		}
	}
	for _, s := range f.Strings {
		if !texts[s] {
			t.Errorf("string %q is neither a function name nor an attribute", s)
		}
	}
	if len(consts) != f.ConstantPoolEntries {
		t.Errorf("%d distinct constants, want %d pool entries", len(consts), f.ConstantPoolEntries)
	}
}

// flatOp is an expected op in pre-order with its nesting depth.
type flatOp struct {
	expectedOp
	depth int
}

func flattenExpected(ops []expectedOp, depth int, out []flatOp) []flatOp {
	for _, op := range ops {
		out = append(out, flatOp{op, depth})
		for _, r := range op.Regions {
			for _, b := range r {
				out = flattenExpected(b.Ops, depth+1, out)
			}
		}
	}
	return out
}

// constType is the type of a constant's value: its own, else (a value
// typed by its op) the result type.
func constType(c *cudatile.ConstantOp) string {
	if c.Value.Type != nil {
		return c.Value.Type.String()
	}
	return c.Result().Type.String()
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

func checkOp(t *testing.T, where string, got *opRec, want flatOp) {
	t.Helper()
	op := got.op
	name := shortName(op)
	where += " (" + name + ")"
	if name != want.Op {
		t.Errorf("%s: op %s, want %s", where, name, want.Op)
		return
	}
	if code := fmt.Sprintf("0x%02X", op.Info().Opcode); code != want.Opcode {
		t.Errorf("%s: opcode %s, want %s", where, code, want.Opcode)
	}
	if got.depth != want.depth {
		t.Errorf("%s: nesting depth %d, want %d", where, got.depth, want.depth)
	}
	// EXPECTED.json lists the results that exist on the wire. A result the
	// reader synthesizes for an older file (print_tko's token in 13.1) is
	// Unnumbered and not listed there.
	var wireTypes []string
	var wireNums []int
	for i, r := range op.Base().Results {
		if got.results[i] >= 0 {
			wireTypes = append(wireTypes, r.Type.String())
			wireNums = append(wireNums, got.results[i])
		}
	}
	if w := normTypes(want.Results); !slices.Equal(wireTypes, w) {
		t.Errorf("%s: result types %v, want %v", where, wireTypes, w)
	}
	if !slices.Equal(wireNums, want.ResultValues) {
		t.Errorf("%s: result values %v, want %v", where, wireNums, want.ResultValues)
	}
	if !slices.Equal(got.operands, want.Operands) {
		t.Errorf("%s: operands %v, want %v", where, got.operands, want.Operands)
	}
	if len(got.blockArgs) != len(want.Regions) {
		t.Errorf("%s: %d regions, want %d", where, len(got.blockArgs), len(want.Regions))
	} else {
		for ri, r := range want.Regions {
			regs := op.Base().Regions[ri]
			if len(regs.Blocks) != len(r) {
				t.Errorf("%s: region %d has %d blocks, want %d", where, ri, len(regs.Blocks), len(r))
				continue
			}
			for bi, b := range r {
				if args := typeStrings(regs.Blocks[bi].Args); !slices.Equal(args, normTypes(b.Args)) {
					t.Errorf("%s: region %d block %d args %v, want %v", where, ri, bi, args, b.Args)
				}
				if nums := got.blockArgs[ri][bi]; !slices.Equal(nums, b.ArgValues) {
					t.Errorf("%s: region %d block %d arg values %v, want %v", where, ri, bi, nums, b.ArgValues)
				}
			}
		}
	}
	checkAttrs(t, where, op, want.Attrs)
}

// checkAttrs compares tileir.Attrs(op) to EXPECTED.json's attrs loosely: a
// string is an enum keyword, a string or a printed attribute and must
// match the text (unquoted); false means absent (unit attribute) or
// "false"; an object is a dense value. Attributes we print that
// EXPECTED.json does not list are errors.
func checkAttrs(t *testing.T, where string, op tileir.Op, want map[string]any) {
	t.Helper()
	got := map[string]string{}
	for _, a := range tileir.Attrs(op) {
		got[a.Name] = a.Text
	}
	for name, w := range want {
		text, present := got[name]
		delete(got, name)
		switch w := w.(type) {
		case bool:
			switch {
			case !w && present && text != "false":
				t.Errorf("%s: attribute %s = %q, want false/absent", where, name, text)
			case w && !present:
				t.Errorf("%s: attribute %s absent, want set", where, name)
			}
		case string:
			if !present {
				t.Errorf("%s: attribute %s absent, want %q", where, name, w)
			} else if unquote(text) != w {
				t.Errorf("%s: attribute %s = %q, want %q", where, name, text, w)
			}
		case map[string]any:
			raw, _ := json.Marshal(w)
			var d expectedDense
			if err := json.Unmarshal(raw, &d); err != nil {
				t.Errorf("%s: attribute %s: %v", where, name, err)
				continue
			}
			vals := make([]string, len(d.Values))
			for i, v := range d.Values {
				vals[i] = strconv.FormatInt(v, 10)
			}
			if wantText := "[" + strings.Join(vals, ", ") + "]"; text != wantText {
				t.Errorf("%s: attribute %s = %q, want %s", where, name, text, wantText)
			}
			c, ok := op.(*cudatile.ConstantOp)
			if !ok {
				continue
			}
			if got := strings.ToLower(hex.EncodeToString(c.Value.Data)); got != strings.ToLower(d.RawHex) {
				t.Errorf("%s: dense bytes %s, want %s", where, got, d.RawHex)
			}
			if got := constType(c); got != normType(d.Type) {
				t.Errorf("%s: dense type %s, want %s", where, got, d.Type)
			}
		default:
			t.Errorf("%s: attribute %s: unhandled expectation %T", where, name, w)
		}
	}
	for name, text := range got {
		t.Errorf("%s: attribute %s = %q not in EXPECTED.json", where, name, text)
	}
}

// TestVectorPinned checks the facts cuda-tile's own lit tests pin, in
// terms of the Go API.
func TestVectorPinned(t *testing.T) {
	vecs := decodableVectors(t)

	m, err := cudatile.Read(vecs["versioning-13.1/negi-op-13.1.tileirbc"], tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var negis int
	for _, op := range m.Funcs[0].Body {
		if n, ok := op.(*cudatile.NegiOp); ok {
			negis++
			if n.Overflow != cudatile.IntegerOverflowNone {
				t.Errorf("negi overflow %v, want none", n.Overflow)
			}
		}
	}
	if negis != 2 {
		t.Errorf("%d negi ops, want 2", negis)
	}

	m, err = cudatile.Read(vecs["versioning-13.1/print-op-13.1.tileirbc"], tileir.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkPrintModule(t, m, false)
}

// checkPrintModule checks print-op's print_tko and mmaf; numbered says
// whether the token result has a wire number (files of 13.2+).
func checkPrintModule(t *testing.T, m *tileir.Module, numbered bool) {
	t.Helper()
	n := numberFunc(t, m.Funcs[0])
	var prints, mmafs int
	for _, rec := range n.ops {
		switch op := rec.op.(type) {
		case *cudatile.PrintTkoOp:
			prints++
			if op.Str != "Iteration result" || len(op.Args) != 0 || op.Token != nil {
				t.Errorf("print_tko %q args %d token %v", op.Str, len(op.Args), op.Token)
			}
			res := op.Base().Results
			if len(res) != 1 || res[0].Type.String() != "token" {
				t.Fatalf("print_tko results %v, want one token", typeStrings(res))
			}
			if res[0].Unnumbered == numbered {
				t.Errorf("print_tko token Unnumbered=%v, want %v", res[0].Unnumbered, !numbered)
			}
			want := []int{-1}
			if numbered {
				want = []int{15}
			}
			if !slices.Equal(rec.results, want) {
				t.Errorf("print_tko result numbers %v, want %v", rec.results, want)
			}
		case *cudatile.MmafOp:
			mmafs++
			want := []int{15, 15, 14}
			if numbered {
				want = []int{16, 16, 14}
			}
			if !slices.Equal(rec.operands, want) {
				t.Errorf("mmaf operands %v, want %v", rec.operands, want)
			}
			for _, v := range tileir.Operands(op) {
				if v.Type.String() != "tile<256x256xf64>" {
					t.Errorf("mmaf operand of type %s", v.Type)
				}
			}
			if op.FastAcc {
				t.Errorf("mmaf fast_acc set")
			}
		}
	}
	if prints != 1 || mmafs != 1 {
		t.Errorf("%d print_tko and %d mmaf ops, want 1 each", prints, mmafs)
	}
}

// ---- re-encoding ----

// dump prints a module's structure without wire numbers: values are named
// by where they are defined (parameter, block argument, op result in
// pre-order), so modules written at different versions compare equal.
func dump(m *tileir.Module) string {
	var b strings.Builder
	for _, fn := range m.Funcs {
		fmt.Fprintf(&b, "func %s kernel=%v flags=%d hints=%v : %s\n", fn.Name, fn.Kernel, fn.Flags, fn.Hints, fn.Type)
		names := map[*tileir.Value]string{}
		for i, p := range fn.Params {
			names[p] = fmt.Sprintf("p%d", i)
		}
		k := 0
		var walk func(ops []tileir.Op, indent string)
		walk = func(ops []tileir.Op, indent string) {
			for _, op := range ops {
				id := k
				k++
				var operands []string
				for _, v := range tileir.Operands(op) {
					s, ok := names[v]
					if !ok {
						s = "?"
					}
					operands = append(operands, s)
				}
				fmt.Fprintf(&b, "%s%d: %s %v", indent, id, op.Info().Name, operands)
				for _, a := range tileir.Attrs(op) {
					fmt.Fprintf(&b, " %s=%s", a.Name, a.Text)
				}
				fmt.Fprintf(&b, " -> %v\n", typeStrings(op.Base().Results))
				for ri, r := range op.Base().Regions {
					for bi, blk := range r.Blocks {
						for ai, a := range blk.Args {
							names[a] = fmt.Sprintf("op%d.r%d.b%d.a%d", id, ri, bi, ai)
						}
						fmt.Fprintf(&b, "%s  region %d block %d %v\n", indent, ri, bi, typeStrings(blk.Args))
						walk(blk.Ops, indent+"    ")
					}
				}
				for ri, r := range op.Base().Results {
					names[r] = fmt.Sprintf("op%d.%d", id, ri)
				}
			}
		}
		walk(fn.Body, "  ")
	}
	return b.String()
}

func TestVectorReencode(t *testing.T) {
	for path, data := range decodableVectors(t) {
		t.Run(path, func(t *testing.T) {
			m, err := cudatile.Read(data, tileir.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := dump(m)
			out, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: m.Version})
			if err != nil {
				t.Fatalf("Write(%s): %v", m.Version, err)
			}
			if !bytes.Equal(out, data) {
				t.Errorf("Write(%s) differs from the file:\n got %x\nwant %x", m.Version, out, data)
			}
			for _, v := range []tileir.Version{tileir.V13_2, tileir.V13_3} {
				t.Run(v.String(), func(t *testing.T) {
					m, err := cudatile.Read(data, tileir.ReadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					out, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v})
					if err != nil {
						t.Fatalf("Write(%s): %v", v, err)
					}
					m2, err := cudatile.Read(out, tileir.ReadOptions{})
					if err != nil {
						t.Fatalf("Read(Write(%s)): %v\n%x", v, err, out)
					}
					if m2.Version != v {
						t.Errorf("version %s, want %s", m2.Version.Full(), v.Full())
					}
					if got := dump(m2); got != want {
						t.Errorf("structure changed at %s:\n got:\n%s\nwant:\n%s", v, got, want)
					}
					if strings.Contains(path, "print-op") {
						checkPrintModule(t, m2, true)
					} else {
						checkNegiNumbering(t, m2)
					}
					// The re-decoded module is a fixpoint at v ...
					again, err := cudatile.Append(nil, m2, tileir.WriteOptions{Version: v})
					if err != nil || !bytes.Equal(again, out) {
						t.Errorf("Write(Read(Write(%s))) differs (err %v)", v, err)
					}
					// ... and goes back to the original bytes at 13.1.
					back, err := cudatile.Append(nil, m2, tileir.WriteOptions{Version: tileir.V13_1})
					if err != nil {
						t.Errorf("Write(13.1) of the %s module: %v", v, err)
					} else if !bytes.Equal(back, data) {
						t.Errorf("%s -> 13.1 differs from the file:\n got %x\nwant %x", v, back, data)
					}
				})
			}
		})
	}
}

func checkNegiNumbering(t *testing.T, m *tileir.Module) {
	t.Helper()
	n := numberFunc(t, m.Funcs[0])
	var got [][2][]int
	for _, rec := range n.ops {
		got = append(got, [2][]int{rec.results, rec.operands})
	}
	want := "[[[0] []] [[1] [0]] [[2] [0]] [[] []]]"
	if s := fmt.Sprint(got); s != want {
		t.Errorf("negi-op numbering %s, want %s", s, want)
	}
}

// TestVectorWriteKeepsModule checks that writing at any version leaves the
// in-memory structure alone. Value.Unnumbered is left out of the
// comparison: Write sets it to match the target version (a 13.3 write
// clears it on print_tko's token), so it reflects the last write, not the
// file the module was read from.
func TestVectorWriteKeepsModule(t *testing.T) {
	for path, data := range decodableVectors(t) {
		m, err := cudatile.Read(data, tileir.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := dump(m)
		for _, v := range tileir.Versions {
			if _, err := cudatile.Append(nil, m, tileir.WriteOptions{Version: v}); err != nil {
				t.Errorf("%s: Write(%s): %v", path, v, err)
			}
			if got := dump(m); got != want {
				t.Errorf("%s: Write(%s) changed the module:\n%s", path, v, got)
			}
		}
	}
}

// ---- corruption ----

func TestCorruptTruncated(t *testing.T) {
	for path, data := range decodableVectors(t) {
		t.Run(path, func(t *testing.T) {
			for n := range len(data) {
				prefix := slices.Clone(data[:n])
				m, err, ok := safeRead(t, prefix)
				if !ok {
					continue
				}
				if err == nil {
					t.Errorf("prefix of %d bytes decoded (%d funcs)", n, len(m.Funcs))
					continue
				}
				var we *wire.Error
				if !errors.As(err, &we) {
					t.Errorf("prefix of %d bytes: error %T is not a *wire.Error: %v", n, err, err)
				} else if we.Offset < 0 || we.Offset > int64(n) {
					t.Errorf("prefix of %d bytes: error offset %d outside the data: %v", n, we.Offset, err)
				}
			}
		})
	}
}

func TestCorruptFlipped(t *testing.T) {
	masks := []byte{0xFF, 0x01, 0x80, 0x40}
	for path, data := range decodableVectors(t) {
		t.Run(path, func(t *testing.T) {
			var decoded, rejected int
			for i := range data {
				for _, mask := range masks {
					mut := slices.Clone(data)
					mut[i] ^= mask
					if checkStable(t, fmt.Sprintf("byte %d ^ 0x%02X", i, mask), mut) {
						decoded++
					} else {
						rejected++
					}
				}
			}
			t.Logf("%d mutants decoded, %d rejected", decoded, rejected)
		})
	}
}

// checkStable reads data; an error must be a *wire.Error with an offset
// inside the data. A decoded module must write at its own version, and
// that output must read back and write to the same bytes. It reports
// whether data decoded.
func checkStable(t testing.TB, what string, data []byte) bool {
	t.Helper()
	m, err, ok := safeRead(t, data)
	if !ok {
		t.Errorf("%s: input %x", what, data)
		return false
	}
	if err != nil {
		var we *wire.Error
		if !errors.As(err, &we) {
			t.Errorf("%s: error %T is not a *wire.Error: %v\ninput %x", what, err, err, data)
		} else if we.Offset < 0 || we.Offset > int64(len(data)) {
			t.Errorf("%s: error offset %d outside the data: %v\ninput %x", what, we.Offset, err, data)
		}
		return false
	}
	w1, err, ok := safeWrite(t, m, m.Version)
	if !ok || err != nil {
		t.Errorf("%s: decoded, but Write(%s) failed: %v\ninput %x", what, m.Version, err, data)
		return true
	}
	m2, err, ok := safeRead(t, w1)
	if !ok || err != nil {
		t.Errorf("%s: Read(Write(m)) failed: %v\ninput %x\nwritten %x", what, err, data, w1)
		return true
	}
	w2, err, ok := safeWrite(t, m2, m2.Version)
	if !ok || err != nil || !bytes.Equal(w1, w2) {
		t.Errorf("%s: write(read(write(m))) != write(m) (err %v)\ninput %x\nw1 %x\nw2 %x", what, err, data, w1, w2)
	}
	return true
}
