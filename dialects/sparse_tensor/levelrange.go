package sparsetensor

import "github.com/dialectgen/dialectgen/runtime/asmformat"

// custom<LevelRange>($loLvl, $hiLvl) of the iteration space and iterator
// types: "lo" for the one level lo (hi = lo+1), else "lo to hi".
var asmCustoms = map[string]asmformat.Custom{
	"LevelRange": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			lo := p.ExpectUint64("a level")
			hi := lo + 1
			if p.Optional("to") {
				hi = p.ExpectUint64("a level")
			}
			if !p.Failed() {
				v[args[0]], v[args[1]] = lo, hi
			}
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			lo, ok1 := v[args[0]].(uint64)
			hi, ok2 := v[args[1]].(uint64)
			if !ok1 || !ok2 {
				pr.Fail()
				return
			}
			pr.Uint(lo)
			if hi != lo+1 {
				pr.Write(" to ")
				pr.Uint(hi)
			}
		},
	},
}
