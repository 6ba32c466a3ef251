package builtin_test

import (
	"fmt"
	"testing"

	. "github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// FuzzCompositeLocations makes locations as the input says, each of parts
// made before it (call sites, fused and named locations are grouped by
// the newest ID among their parts), and checks uniquing: one value for
// each location however often and in whatever order it is made, and a
// value of its own for each location that differs.
func FuzzCompositeLocations(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 0, 1, 2, 3, 4})
	f.Add([]byte{3, 3, 3, 2, 2, 1, 4, 4, 0, 0, 3, 1, 2})
	f.Add([]byte{4, 2, 0, 9, 4, 2, 0, 9, 200, 17, 3, 3})
	f.Add([]byte{0, 1, 1, 2, 1, 0, 2, 1, 0, 3, 1, 2, 3, 1, 2, 1, 3, 3, 1, 3, 3})
	f.Fuzz(func(t *testing.T, in []byte) {
		ctx := ir.NewContext(Dialect)
		none := GetNoneType(ctx)
		made := []ir.Location{GetUnknownLoc(ctx)}
		byText := map[string]ir.Location{}
		pick := func(b byte) ir.Location { return made[int(b)%len(made)] }
		for i := 0; i+2 < len(in); i += 3 {
			op, a, b := in[i]%5, in[i+1], in[i+2]
			var l ir.Location
			switch op {
			case 0:
				l = GetFileLineColLoc(ctx, fmt.Sprintf("f%d.py", a%3), uint32(b%16), uint32(a%4))
			case 1:
				l = GetNameLoc(ctx, GetStringAttr(ctx, fmt.Sprintf("n%d", a%4), none), pick(b))
			case 2:
				l = GetCallSiteLoc(ctx, pick(a), pick(b))
			case 3:
				l = GetFusedLoc(ctx, []ir.Location{pick(a), pick(b)}, nil)
			case 4:
				l = GetFusedLoc(ctx, []ir.Location{pick(b)}, GetStringAttr(ctx, fmt.Sprintf("m%d", a%2), none))
			}
			text := fmt.Sprint(l)
			if prev, ok := byText[text]; ok && prev != l {
				t.Fatalf("%s made twice as two values", text)
			}
			byText[text] = l
			made = append(made, l)
		}
		seen := map[ir.Location]string{}
		for text, l := range byText {
			if other, dup := seen[l]; dup {
				t.Fatalf("%s and %s are one value", text, other)
			}
			seen[l] = text
		}
	})
}
