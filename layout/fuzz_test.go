package layout

import "testing"

// FuzzSpecAndQuery parses a spec and a type and queries the type: any
// input must give a result or an error, never a panic or a hang.
func FuzzSpecAndQuery(f *testing.F) {
	f.Add(`#dlti.dl_spec<#dlti.dl_entry<i32, dense<[32, 64]> : vector<2xi64>>, #dlti.dl_entry<index, 32 : i64>>`, "vector<4xindex>", 22)
	f.Add(`#dlti.dl_spec<i64 = dense<64> : vector<2xi64>, !llvm.ptr<270> = dense<32> : vector<4xi64>, "dlti.endianness" = "big">`, "!llvm.struct<(i8, ptr<270>, array<3 x f80>)>", 19)
	f.Add(`#dlti.dl_spec<#dlti.dl_entry<!test.test_type_with_layout<10>, ["size", 12]>>`, "!test.test_type_with_layout<3>", 16)
	f.Add(`#dlti.dl_spec<#dlti.dl_entry<!llvm.struct<()>, dense<[0]> : vector<1xi64>>>`, "complex<f80>", 22)
	f.Add(`#dlti.dl_spec<>`, "vector<[4]x3xi1>", 23)
	f.Add(`#dlti.dl_spec<"dlti.stack_alignment" = -1 : i8>`, "(i32) -> (i64)", 22)
	f.Fuzz(func(t *testing.T, spec, typ string, release int) {
		s, err := ParseSpec(spec)
		if err != nil {
			return
		}
		dl, err := New(RulesFor(release%30), s, s)
		if err != nil {
			if dl, err = New(RulesFor(release % 30)); err != nil {
				t.Fatal(err)
			}
		}
		ty, err := ParseType(typ)
		if err != nil {
			return
		}
		if r, err := dl.Query(ty); err == nil {
			if _, err := dl.FormatResult(r); err != nil {
				t.Fatal(err)
			}
		}
	})
}
