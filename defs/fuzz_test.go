package defs

import (
	"os"
	"testing"
)

// FuzzLoad feeds arbitrary bytes to the loader: it must return a dialect
// or an error list, never panic.
func FuzzLoad(f *testing.F) {
	if data, err := os.ReadFile("../dialects/builtin/builtin.yaml"); err == nil {
		f.Add(data)
	}
	f.Add([]byte("dialect: x\nattributes:\n  - {name: A, params: [{name: v, type: \"[int64]\"}], bytecode: [{code: 0, when: \"len(v) == 0\", fields: [v]}]}\n"))
	f.Add([]byte("dialect: x\ntypes: [{name: T, bytecode: [{code: 0, since: llvm 19}, {code: 0, until: llvm 16}]}]\n"))
	f.Add([]byte("dialect: [\n"))
	// Release conversion keys.
	f.Add([]byte("dialect: x\nversions: {releases: [19, 22]}\nenums: [{name: K, values: [{name: a, value: 1, older_values: {llvm 19: 2}}]}]\nops: [{name: o, release_hook: h, attributes: [{name: k, enum: K, populated: {since: llvm 22}, default: \"K::a\", older_constraints: {llvm 19: I64ArrayAttr}}]}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Load("fuzz.yaml", data)
		if (d == nil) == (err == nil) {
			t.Fatalf("Load returned dialect %v and error %v", d != nil, err)
		}
	})
}

func TestVersions(t *testing.T) {
	v, err := ParseVersion("llvm 19")
	if err != nil || v.Axis != "llvm" || v.Compare(Version{Axis: "llvm", Parts: []int{20}}) != -1 {
		t.Fatalf("ParseVersion(llvm 19) = %+v, %v", v, err)
	}
	if w, _ := ParseVersion("tileir 13.2"); w.Compare(Version{Parts: []int{13, 2, 0}}) != 0 || w.String() != "tileir 13.2" {
		t.Fatalf("13.2 vs 13.2.0: %+v", w)
	}
	for _, bad := range []string{"19", "llvm", "llvm x", "gcc 12", "llvm -1"} {
		if _, err := ParseVersion(bad); err == nil {
			t.Errorf("ParseVersion(%q) accepted", bad)
		}
	}
	mk := func(s string) *Version { v, _ := ParseVersion(s); return &v }
	if overlaps(Availability{Until: mk("llvm 16")}, Availability{Since: mk("llvm 19")}) {
		t.Error("until 16 and since 19 overlap")
	}
	if !overlaps(Availability{Until: mk("llvm 16")}, Availability{Since: mk("llvm 16")}) {
		t.Error("until 16 and since 16 do not overlap")
	}
	if GoName("unrealized_conversion_cast") != "UnrealizedConversionCast" {
		t.Error(GoName("unrealized_conversion_cast"))
	}
}
