package model

import (
	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
)

// Hook is a hand-written function, or method, of the dialect package that
// generated code calls: named by the definition, with the signature the
// call needs.
type Hook struct {
	// Pos is the definition key that names the hook; What says what the
	// key is ("custom LineCol", "text print").
	Pos  defs.Pos
	What string
	// Name is the function's name. For a method, Recv is the receiver's
	// type name (a value or pointer receiver both do) and RecvPath the
	// import path of its package, "" for the dialect package.
	Name           string
	Recv, RecvPath string
	Params         []Type
	Results        []Type
}

// Hooks lists the hooks the generated code calls, in definition order.
func (m *Dialect) Hooks() []Hook {
	var out []Hook
	tile := m.Format == "tileir"
	errType := Named("", "error")
	for _, def := range m.Defs() {
		self := PointerTo(Named("", def.Name))
		for _, e := range def.Bytecode {
			for _, fl := range e.Fields {
				if fl.Custom == "" {
					continue
				}
				var args, outs []Type
				for _, a := range fl.Args {
					args = append(args, m.GoType(def.FindParam(a).Type))
				}
				for _, o := range fl.Outputs {
					outs = append(outs, m.GoType(def.FindParam(o).Type))
				}
				what := "custom " + fl.Custom
				if tile {
					dec, enc := PointerTo(Named(gofile.TileIR, "Decoder")), PointerTo(Named(gofile.TileIR, "Encoder"))
					out = append(out,
						Hook{Pos: fl.CustomPos, What: what, Name: "read" + fl.Custom, Params: append([]Type{dec}, args...), Results: append(outs, errType)},
						Hook{Pos: fl.CustomPos, What: what, Name: "write" + fl.Custom, Params: append(append([]Type{enc}, outs...), args...), Results: []Type{errType}})
					continue
				}
				r, w := PointerTo(Named(gofile.Bytecode, "EntryReader")), PointerTo(Named(gofile.Bytecode, "EntryWriter"))
				out = append(out,
					Hook{Pos: fl.CustomPos, What: what, Name: "read" + fl.Custom, Params: append([]Type{r}, args...), Results: append(outs, errType)},
					Hook{Pos: fl.CustomPos, What: what, Name: "write" + fl.Custom, Params: append(append([]Type{w}, args...), outs...)})
			}
		}
		if def.Verify != "" {
			var params []Type
			for _, p := range def.Params {
				params = append(params, p.Type)
			}
			out = append(out, Hook{Pos: def.VerifyPos, What: "verify " + def.Verify, Name: "verify" + def.Verify, Params: params, Results: []Type{errType}})
		}
		if def.StringHook != "" {
			out = append(out, Hook{Pos: def.StringHookPos, What: "string", Name: def.StringHook, Params: []Type{self}, Results: []Type{Named("", "string")}})
		}
		if t := def.Text; t != nil && t.Print != "" {
			out = append(out, Hook{Pos: t.PrintPos, What: "text print", Name: t.Print, Params: []Type{self}, Results: []Type{Named("", "string")}})
		}
		if t := def.Text; t != nil && t.Parse != "" {
			ctx := PointerTo(Named(gofile.IR, "Context"))
			out = append(out, Hook{Pos: t.ParsePos, What: "text parse", Name: t.Parse,
				Params: []Type{ctx, Named("", "string"), Named("", "int")}, Results: []Type{self, errType}})
		}
		for _, p := range def.Params {
			if t := p.Param.Type; t.Kind == defs.RefGo {
				key := PointerTo(Named(gofile.IR, "Key"))
				out = append(out, Hook{Pos: t.Pos, What: t.Text, Name: "AppendKey", Recv: t.Name, RecvPath: t.Path, Params: []Type{key}})
			}
		}
	}
	if d := m.Dense; d != nil {
		dense := Named(gofile.TileIR, "Dense")
		out = append(out,
			Hook{Pos: d.CheckPos, What: "dense check", Name: d.Check, Params: []Type{dense}, Results: []Type{errType}},
			Hook{Pos: d.PrintPos, What: "dense print", Name: d.Print, Params: []Type{dense}, Results: []Type{Named("", "string")}})
	}
	return out
}
