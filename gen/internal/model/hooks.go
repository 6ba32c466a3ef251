package model

import (
	"go/ast"

	"github.com/dialectgen/dialectgen/defs"
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
		out = append(out, m.predicateHooks(def)...)
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
					dec, enc := PointerTo(Named(TileIR, "Decoder")), PointerTo(Named(TileIR, "Encoder"))
					out = append(out,
						Hook{Pos: fl.CustomPos, What: what, Name: "read" + fl.Custom, Params: append([]Type{dec}, args...), Results: append(outs, errType)},
						Hook{Pos: fl.CustomPos, What: what, Name: "write" + fl.Custom, Params: append(append([]Type{enc}, outs...), args...), Results: []Type{errType}})
					continue
				}
				r, w := PointerTo(Named(Bytecode, "EntryReader")), PointerTo(Named(Bytecode, "EntryWriter"))
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
		if def.ReleaseHook != "" {
			kind := "Attribute"
			if def.IsType {
				kind = "Type"
			}
			out = append(out, Hook{Pos: def.ReleaseHookPos, What: "release_hook", Name: def.ReleaseHook,
				Params: []Type{Named(Bytecode, "Target"), Named(IR, kind)}, Results: []Type{errType}})
		}
		if def.BuildHook != "" {
			params := []Type{PointerTo(Named(IR, "Context"))}
			var results []Type
			for _, p := range def.Params {
				params = append(params, p.Type)
				results = append(results, p.Type)
			}
			out = append(out, Hook{Pos: def.BuildHookPos, What: "build_hook", Name: def.BuildHook, Params: params, Results: results})
		}
		if def.StringHook != "" {
			out = append(out, Hook{Pos: def.StringHookPos, What: "string", Name: def.StringHook, Params: []Type{self}, Results: []Type{Named("", "string")}})
		}
		if t := def.Text; t != nil && t.Print != "" {
			out = append(out, Hook{Pos: t.PrintPos, What: "text print", Name: t.Print, Params: []Type{self}, Results: []Type{Named("", "string")}})
		}
		if t := def.Text; t != nil && t.Parse != "" {
			ctx := PointerTo(Named(IR, "Context"))
			out = append(out, Hook{Pos: t.ParsePos, What: "text parse", Name: t.Parse,
				Params: []Type{ctx, Named("", "string"), Named("", "int")}, Results: []Type{self, errType}})
		}
		for _, p := range def.Params {
			if t := p.Param.Type; t.Kind == defs.RefGo {
				key := PointerTo(Named(IR, "Key"))
				out = append(out, Hook{Pos: t.Pos, What: t.Text, Name: "AppendKey", Recv: t.Name, RecvPath: t.Path, Params: []Type{key}})
			}
		}
	}
	if tile {
		out = append(out, m.textHooks()...)
	}
	out = append(out, m.versionHooks()...)
	for _, op := range m.Ops {
		if op.ReleaseHook == "" {
			continue
		}
		ctx, ir := PointerTo(Named(IR, "Context")), PointerTo(Named(IR, "Operation"))
		attrs, i := SliceOf(Named(IR, "NamedAttr")), Named("", "int")
		out = append(out, Hook{Pos: op.ReleaseHookPos, What: "release_hook", Name: op.ReleaseHook,
			Params: []Type{ctx, ir, attrs, i, i}, Results: []Type{attrs, errType}})
	}
	if d := m.Dense; d != nil {
		dense := Named(TileIR, "Dense")
		out = append(out,
			Hook{Pos: d.CheckPos, What: "dense check", Name: d.Check, Params: []Type{dense}, Results: []Type{errType}},
			Hook{Pos: d.PrintPos, What: "dense print", Name: d.Print, Params: []Type{dense}, Results: []Type{Named("", "string")}})
	}
	return out
}

// PredicateHook is a hand-written function a when: key calls, with
// the params it passes.
type PredicateHook struct {
	Pos  defs.Pos
	Name string
	Args []*defs.Param
}

// PredicateHooks are the calls of hand-written functions in def's when:
// keys, in variant order, each as often as it is called.
func (m *Dialect) PredicateHooks(def *Def) []PredicateHook {
	var out []PredicateHook
	for _, e := range def.Bytecode {
		if e.When == "" {
			continue
		}
		x, err := defs.ParsePredicate(def.Def, e.When)
		if err != nil {
			continue // the loader reports it
		}
		ast.Inspect(x, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !defs.PredicateHook(def.Def, call) {
				return true
			}
			h := PredicateHook{Pos: e.WhenPos, Name: call.Fun.(*ast.Ident).Name}
			for _, a := range call.Args {
				h.Args = append(h.Args, defs.PredicateParam(def.Def, a.(*ast.Ident).Name))
			}
			out = append(out, h)
			return false
		})
	}
	return out
}

// predicateHooks are the hooks of def's when: keys.
func (m *Dialect) predicateHooks(def *Def) []Hook {
	var out []Hook
	for _, h := range m.PredicateHooks(def) {
		var params []Type
		for _, p := range h.Args {
			params = append(params, m.GoType(p.Type))
		}
		out = append(out, Hook{Pos: h.Pos, What: "when " + h.Name, Name: h.Name, Params: params, Results: []Type{Named("", "bool")}})
	}
	return out
}

// textHooks are the hooks of a Tile IR dialect's text form: the dialect's
// type, attribute and module hooks, each op's hand-written parts, and the
// print and parse functions of the custom directives its formats use.
func (m *Dialect) textHooks() []Hook {
	var out []Hook
	tile := func(name string) Type { return Named(TileIR, name) }
	printer, parser := PointerTo(tile("Printer")), PointerTo(tile("Parser"))
	if t := m.Text; t != nil {
		if t.Type.Print != "" {
			out = append(out,
				Hook{Pos: t.Type.PrintPos, What: "text type print", Name: t.Type.Print, Params: []Type{printer, tile("Type")}},
				Hook{Pos: t.Type.ParsePos, What: "text type parse", Name: t.Type.Parse, Params: []Type{parser}, Results: []Type{tile("Type")}})
		}
		if t.Attribute.Print != "" {
			out = append(out,
				Hook{Pos: t.Attribute.PrintPos, What: "text attribute print", Name: t.Attribute.Print, Params: []Type{printer, tile("Attr"), tile("AttrStyle")}},
				Hook{Pos: t.Attribute.ParsePos, What: "text attribute parse", Name: t.Attribute.Parse, Params: []Type{parser, Named("", "string")}, Results: []Type{tile("Attr")}})
		}
		if t.ExtraOps != "" {
			out = append(out, Hook{Pos: t.ExtraOpsPos, What: "text extra_ops", Name: t.ExtraOps, Results: []Type{SliceOf(PointerTo(tile("OpInfo")))}})
		}
		if t.Module.ToOps != "" {
			out = append(out,
				Hook{Pos: t.Module.ToOpsPos, What: "text module to_ops", Name: t.Module.ToOps, Params: []Type{PointerTo(tile("Module"))}, Results: []Type{tile("Op")}},
				Hook{Pos: t.Module.FromOpsPos, What: "text module from_ops", Name: t.Module.FromOps, Params: []Type{tile("Op")}, Results: []Type{PointerTo(tile("Module")), Named("", "error")}})
		}
	}
	seen := map[string]bool{}
	// The custom directives of attribute and type formats take the
	// parameters (and no op: nil).
	for _, def := range m.Defs() {
		f := def.Assembly
		if f == nil {
			continue
		}
		f.Walk(func(e *defs.FormatElem) {
			if e.Kind != defs.FmtCustom {
				return
			}
			var pargs, qargs []Type
			for _, a := range e.Args {
				if r := f.Refs[a]; r != nil && r.Param != nil {
					t := m.GoType(r.Param.Type)
					if r.Param.Optional && !Nilable(r.Param.Type) {
						t = PointerTo(t)
					}
					pargs = append(pargs, t)
					qargs = append(qargs, PointerTo(t))
				}
			}
			what := "custom<" + e.Value + "> of " + def.Name
			if !seen["print"+e.Value] {
				seen["print"+e.Value] = true
				out = append(out, Hook{Pos: e.Pos, What: what, Name: "print" + e.Value, Params: append([]Type{printer, tile("Op")}, pargs...)})
			}
			if !seen["parse"+e.Value] {
				seen["parse"+e.Value] = true
				out = append(out, Hook{Pos: e.Pos, What: what, Name: "parse" + e.Value, Params: append([]Type{parser}, qargs...)})
			}
		})
	}
	for _, o := range m.Ops {
		self := PointerTo(Named("", o.GoName))
		if h := o.Text; h != nil {
			if h.Print != "" {
				out = append(out,
					Hook{Pos: h.PrintPos, What: "text print of " + o.Name, Name: h.Print, Params: []Type{printer, self}},
					Hook{Pos: h.ParsePos, What: "text parse of " + o.Name, Name: h.Parse, Params: []Type{parser, self}})
			}
			if h.ResultNames != "" {
				out = append(out, Hook{Pos: h.ResultNamesPos, What: "result_names of " + o.Name, Name: h.ResultNames, Params: []Type{self, tile("NameFunc")}})
			}
			if h.BlockArgNames != "" {
				out = append(out, Hook{Pos: h.BlockArgNamesPos, What: "block_arg_names of " + o.Name, Name: h.BlockArgNames, Params: []Type{self, PointerTo(tile("Region")), tile("NameFunc")}})
			}
		}
		f := o.Assembly
		if f == nil {
			continue
		}
		f.Walk(func(e *defs.FormatElem) {
			if e.Kind != defs.FmtCustom {
				return
			}
			name := e.Value
			var pargs, qargs []Type
			for _, a := range e.Args {
				var t Type
				switch a.Kind {
				case defs.FmtType:
					t = tile("Type")
					if v := a.Args[0]; o.many(f, v) {
						t = SliceOf(t)
						name = e.Value + "List"
					}
				case defs.FmtVar:
					r := f.Refs[a]
					switch {
					case r != nil && r.Attr != nil:
						for _, x := range o.Attrs {
							if x.OpAttr == r.Attr {
								t = x.Type
							}
						}
					case r != nil && r.Region != nil:
						pargs = append(pargs, PointerTo(tile("Region")))
						qargs = append(qargs, PointerTo(tile("Region")))
						continue
					}
				}
				pargs = append(pargs, t)
				qargs = append(qargs, PointerTo(t))
			}
			what := "custom<" + e.Value + "> of " + o.Name
			if !seen["print"+name] {
				seen["print"+name] = true
				out = append(out, Hook{Pos: e.Pos, What: what, Name: "print" + name, Params: append([]Type{printer, tile("Op")}, pargs...)})
			}
			if !seen["parse"+name] {
				seen["parse"+name] = true
				out = append(out, Hook{Pos: e.Pos, What: what, Name: "parse" + name, Params: append([]Type{parser}, qargs...)})
			}
		})
	}
	return out
}

// many reports whether a format variable names a group of values.
func (o *Op) many(f *defs.AsmFormat, v *defs.FormatElem) bool {
	r := f.Refs[v]
	switch {
	case r == nil:
	case r.Operand != nil:
		return r.Operand.Variadic
	case r.Result != nil:
		return r.Result.Variadic || r.Result.Optional
	}
	return false
}

func versioned(v *defs.Version) bool { return v != nil && v.Axis == "dialect" }

// versionHooks are the hand-written steps of a versioned dialect's
// upgrade and downgrade (versions.dialect.upgrade and .downgrade).
func (m *Dialect) versionHooks() []Hook {
	if m.Versions == nil || m.Versions.Dialect == nil {
		return nil
	}
	dv := m.Versions.Dialect
	ctx, op := PointerTo(Named(IR, "Context")), PointerTo(Named(IR, "Operation"))
	ver, name := Named(Bytecode, "DialectVersion"), Named(IR, "OpName")
	attrs := SliceOf(Named(IR, "NamedAttr"))
	var out []Hook
	if dv.Upgrade != "" {
		out = append(out, Hook{Pos: dv.UpgradePos, What: "upgrade", Name: "upgrade" + dv.Upgrade,
			Params: []Type{ctx, op, ver}, Results: []Type{Named("", "error")}})
	}
	if dv.Downgrade != "" {
		out = append(out, Hook{Pos: dv.DowngradePos, What: "downgrade", Name: "downgrade" + dv.Downgrade,
			Params: []Type{ctx, op, ver, name, attrs}, Results: []Type{name, attrs, Named("", "error")}})
	}
	attr := Named(IR, "Attribute")
	seen := map[string]bool{}
	for _, o := range m.Ops {
		for _, a := range o.Attributes {
			lit, err := defs.ParseAttrLiteral(a.Default)
			if err != nil || lit.Hook == "" || seen[lit.Hook] || (!versioned(a.Since) && !versioned(a.Until)) {
				continue
			}
			seen[lit.Hook] = true
			out = append(out,
				Hook{Pos: a.Pos, What: "default " + lit.Hook, Name: "default" + lit.Hook, Params: []Type{ctx}, Results: []Type{attr}},
				Hook{Pos: a.Pos, What: "default " + lit.Hook, Name: "isDefault" + lit.Hook, Params: []Type{attr}, Results: []Type{Named("", "bool")}})
		}
	}
	return out
}
