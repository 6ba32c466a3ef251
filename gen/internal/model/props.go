package model

// PropertyHooks are the hand-written conversions of native properties of
// form hook: <Hook>Attr(ctx, v) (ir.Attribute, error) and
// <Hook>Value(a) (uint64, error), once per hook.
func (m *Dialect) PropertyHooks() []Hook {
	var out []Hook
	seen := map[string]bool{}
	attr := Named(IR, "Attribute")
	for _, o := range m.Ops {
		for _, a := range o.Attributes {
			for _, p := range a.Property {
				if p.Hook == "" || seen[p.Hook] {
					continue
				}
				seen[p.Hook] = true
				out = append(out,
					Hook{Pos: p.HookPos, What: "property hook", Name: p.Hook + "Attr",
						Params: []Type{PointerTo(Named(IR, "Context")), Named("", "uint64")}, Results: []Type{attr, Named("", "error")}},
					Hook{Pos: p.HookPos, What: "property hook", Name: p.Hook + "Value",
						Params: []Type{attr}, Results: []Type{Named("", "uint64"), Named("", "error")}})
			}
		}
	}
	return out
}
