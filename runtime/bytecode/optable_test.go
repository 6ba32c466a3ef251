package bytecode

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

type fakeProp struct{}

func (fakeProp) ReadProp(*wire.Reader, *ir.Context) (ir.Attribute, error) { return nil, nil }
func (fakeProp) AppendProp(b []byte, _ ir.Attribute) ([]byte, error)      { return b, nil }

func TestOpTable(t *testing.T) {
	native := fakeProp{}
	tab := NewOpTable("d", `
call @22- +isolated +graph +terminator +noterminator +operands=3 +results=2 callee b? p!0
call @19-21 callee
old @-18
any
`, native)
	show := func(s *OpSchema) string {
		if s == nil {
			return "nil"
		}
		parts := []string{s.Name}
		for _, f := range []struct {
			on   bool
			name string
		}{{s.Isolated, "isolated"}, {s.GraphRegions, "graph"}, {s.Terminator, "terminator"}, {s.NoTerminator, "noterminator"}, {s.OperandSegments, "operands"}, {s.ResultSegments, "results"}} {
			if f.on {
				parts = append(parts, f.name)
			}
		}
		for _, p := range s.Properties {
			parts = append(parts, map[PropKind]string{PropAttr: "A:", PropOptionalAttr: "O:", PropNative: "P:"}[p.Kind]+p.Name)
			if p.Kind == PropNative && p.Native != native {
				parts = append(parts, "(wrong native)")
			}
		}
		return strings.Join(parts, " ")
	}
	for _, tc := range []struct {
		op      string
		release int
		want    string
	}{
		{"call", 0, "d.call isolated graph terminator noterminator operands results A:callee O:b P:p"},
		{"call", 23, "d.call isolated graph terminator noterminator operands results A:callee O:b P:p"},
		{"call", 22, "d.call isolated graph terminator noterminator operands results A:callee O:b P:p"},
		{"call", 21, "d.call A:callee"},
		{"call", 19, "d.call A:callee"},
		{"call", 18, "nil"},
		{"old", 18, "d.old"},
		{"old", 16, "d.old"},
		{"old", 19, "nil"},
		{"old", 0, "nil"},
		{"any", 0, "d.any"},
		{"any", 16, "d.any"},
		{"nope", 0, "nil"},
	} {
		if got := show(tab.Lookup(tc.op, tc.release)); got != tc.want {
			t.Errorf("Lookup(%s, %d) = %s, want %s", tc.op, tc.release, got, tc.want)
		}
	}
	if s := tab.Lookup("call", 22); s.OperandGroups != 3 || s.ResultGroups != 2 {
		t.Errorf("groups %d %d", s.OperandGroups, s.ResultGroups)
	}
	// The verifier's facts.
	tab2 := NewOpTable("d", "fn +symbol +symboltable +counts=1-2/0+/1/0 +oneblock=0 +parents=d.m,e.n +declaration=without_body\n")
	s := tab2.Lookup("fn", 0)
	c := s.Counts
	if !s.Symbol || !s.SymbolTable || s.Declaration != ir.DeclaresWithoutBody || strings.Join(s.Parents, " ") != "d.m e.n" ||
		c == nil || c.Operands != (ir.Count{Min: 1, Max: 2}) || c.Results != (ir.Count{Min: 0, Max: -1}) ||
		c.Regions != (ir.Count{Min: 1, Max: 1}) || c.Successors != (ir.Count{}) || len(c.OneBlock) != 1 || c.OneBlock[0] != 0 {
		t.Errorf("fn: %+v, counts %+v", s, c)
	}
	if got := strings.Join(tab.Ops(), " "); got != "call old any" {
		t.Errorf("Ops() = %s", got)
	}
}

func TestOpTableBadText(t *testing.T) {
	for _, text := range []string{"a @x-", "a +what", "a p!1", "a +operands=x", "a @19",
		"a +counts=1/2/3", "a +counts=2-1/0/0/0", "a +counts=1+-2/0/0/0", "a +counts=x/0/0/0", "a +oneblock=0", "a +counts=0/0/1/0 +oneblock=x",
		"a +declaration=sometimes", "a +operands"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%q: no panic", text)
				}
			}()
			NewOpTable("d", text, fakeProp{}).Lookup("a", 0)
		}()
	}
}

// TestOpTableLinesParsedAlone: an op's lines are parsed when it is looked
// up, so that a bad line of another op does not stop it; Check finds the
// bad line all the same.
func TestOpTableLinesParsedAlone(t *testing.T) {
	tab := NewOpTable("d", "\nz +what\na @22- x\na @-21\n")
	if s := tab.Lookup("a", 22); s == nil || len(s.Properties) != 1 {
		t.Errorf("Lookup(a, 22) = %+v, want a schema of one property", s)
	}
	if s := tab.Lookup("a", 19); s == nil || len(s.Properties) != 0 {
		t.Errorf("Lookup(a, 19) = %+v, want a schema of none", s)
	}
	if err := tab.Check(); err == nil || !strings.Contains(err.Error(), "+what") {
		t.Errorf("Check() = %v, want the bad flag +what", err)
	}
	if !slices.Contains(OpTables(), tab) {
		t.Error("OpTables() does not list a table just made")
	}
}

// TestOpTableConcurrentLookups: goroutines looking ops up at once get the
// same schemas (run with -race).
func TestOpTableConcurrentLookups(t *testing.T) {
	tab := NewOpTable("d", "\na x\nb y?\nc +terminator\n")
	var wg sync.WaitGroup
	got := make([][3]*OpSchema, 8)
	for g := range got {
		wg.Go(func() {
			for i, op := range []string{"a", "b", "c"} {
				got[g][i] = tab.Lookup(op, 0)
			}
		})
	}
	wg.Wait()
	for g := range got {
		if got[g] != got[0] || got[g][0] == nil {
			t.Fatalf("goroutine %d got %v, goroutine 0 %v", g, got[g], got[0])
		}
	}
}

// TestOpTablesForgetDropped: a table no longer in use leaves OpTables, so
// that a program making tables again and again keeps none it dropped.
func TestOpTablesForgetDropped(t *testing.T) {
	made := func() string {
		tab := NewOpTable("gone", "a\n")
		return fmt.Sprintf("%p", tab)
	}()
	runtime.GC()
	for _, tab := range OpTables() {
		if fmt.Sprintf("%p", tab) == made {
			t.Fatal("a dropped table is still listed after a collection")
		}
	}
}

// TestOpTableReleases: the releases that have an op span all its lines.
func TestOpTableReleases(t *testing.T) {
	tab := NewOpTable("d", "call @22- callee\ncall @19-21 callee\nold @-18\nmid @17-19\nany\n")
	for op, want := range map[string]string{
		"call": "LLVM 19 or newer",
		"old":  "LLVM 18 or older",
		"mid":  "LLVM 17 to 19",
		"any":  "another LLVM release",
		"none": "",
	} {
		got, ok := tab.Releases(op)
		if got != want || ok != (want != "") {
			t.Errorf("Releases(%q) = %q, %v; want %q", op, got, ok, want)
		}
	}
}

// An op an older release named otherwise (+name) is found by the name of
// each release, at that release only, and NameAt gives the name a
// release gives it from either name.
func TestOpTableOlderName(t *testing.T) {
	tb := NewOpTable("d", "halt @18- +counts=0/0/0/0\nhalt @-17 +name=stop +counts=0/0/1/0\nwait +counts=0/0/0/0\n")
	for _, c := range []struct {
		op      string
		release int
		want    string // the schema's name, "" for none
	}{
		{"stop", 16, "d.stop"}, {"stop", 17, "d.stop"}, {"stop", 18, ""}, {"stop", 0, ""},
		{"halt", 16, ""}, {"halt", 18, "d.halt"}, {"halt", 0, "d.halt"}, {"wait", 16, "d.wait"},
	} {
		got := ""
		if s := tb.Lookup(c.op, c.release); s != nil {
			got = s.Name
		}
		if got != c.want {
			t.Errorf("Lookup(%q, %d): %q, want %q", c.op, c.release, got, c.want)
		}
	}
	if s := tb.Lookup("stop", 16); s == nil || s.Counts == nil || s.Counts.Regions.Min != 1 {
		t.Errorf("Lookup(stop, 16) is not the line of 17 and older: %+v", s)
	}
	for _, c := range []struct {
		op      string
		release int
		want    string
		ok      bool
	}{
		{"stop", 19, "halt", true}, {"stop", 0, "halt", true}, {"halt", 17, "stop", true}, {"halt", 16, "stop", true},
		{"halt", 22, "halt", true}, {"wait", 16, "wait", true}, {"nope", 16, "", false},
	} {
		if got, ok := tb.NameAt(c.op, c.release); got != c.want || ok != c.ok {
			t.Errorf("NameAt(%q, %d): %q %v, want %q %v", c.op, c.release, got, ok, c.want, c.ok)
		}
	}
	for op, want := range map[string]string{"stop": "LLVM 17 or older", "halt": "LLVM 18 or newer"} {
		if got, ok := tb.Releases(op); !ok || got != want {
			t.Errorf("Releases(%q): %q %v, want %q", op, got, ok, want)
		}
	}
}
