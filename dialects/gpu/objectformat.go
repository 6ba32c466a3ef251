package gpu

import (
	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/asmformat"
)

// custom<Object>($format, $object) of #gpu.object: the object's string,
// after "offload = ", "assembly = " or "bin = " for those formats; a
// fatbin, the default, prints none (and reads with or without one).
var asmCustoms = map[string]asmformat.Custom{
	"Object": {
		Parse: func(p *asmformat.Parser, v []any, args []int) {
			format := CompilationTargetFatbin
			for _, f := range objectFormats {
				if p.Optional(f.keyword) {
					format = f.format
					p.Expect("=")
					break
				}
			}
			obj := p.Attr()
			if _, ok := obj.(*builtin.StringAttr); !ok && !p.Failed() {
				p.Errorf("expected a string")
			}
			if !p.Failed() {
				v[args[0]], v[args[1]] = uint64(format), obj
			}
		},
		Print: func(pr *asmformat.Printer, v []any, args []int) {
			format, ok1 := v[args[0]].(uint64)
			_, ok2 := v[args[1]].(*builtin.StringAttr)
			if !ok1 || !ok2 {
				pr.Fail()
				return
			}
			if CompilationTarget(format) != CompilationTargetFatbin {
				known := false
				for _, f := range objectFormats {
					if f.format == CompilationTarget(format) {
						pr.Write(f.keyword + " = ")
						known = true
					}
				}
				if !known {
					pr.Fail()
					return
				}
			}
			pr.Value(v[args[1]])
		},
	},
}

var objectFormats = []struct {
	keyword string
	format  CompilationTarget
}{
	{"offload", CompilationTargetOffload},
	{"assembly", CompilationTargetAssembly},
	{"bin", CompilationTargetBinary},
	{"fatbin", CompilationTargetFatbin},
}
