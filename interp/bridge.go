package interp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/hooks"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Hand-written Go reached through the compiled package's hook table
// (runtime/hooks), when that package is linked in: the interpreter
// converts its parameters to the compiled values hooks take and back.

// bridged reports whether the table provides the hook h names, and why
// not when it does not.
func bridged(t *hooks.Table, d *defs.Dialect, what, name string) (bool, string) {
	switch {
	case t == nil:
		return false, fmt.Sprintf("no package linked in registers %s's hooks (runtime/hooks)", d.Name)
	}
	switch {
	case strings.HasPrefix(what, "custom "):
		if t.Fields[strings.TrimPrefix(what, "custom ")] != nil {
			return true, ""
		}
	case strings.HasPrefix(what, "verify "):
		for _, def := range allDefs(d) {
			if def.Verify == strings.TrimPrefix(what, "verify ") && t.Defs[def.Name] != nil && t.Defs[def.Name].Verify != nil {
				return true, ""
			}
		}
	case what == "string":
		// The compiled String, of the value Def.Value makes.
		for _, def := range allDefs(d) {
			if def.StringHook == name && t.Defs[def.Name] != nil {
				return true, ""
			}
		}
	case what == "text print", what == "text parse":
		for _, def := range allDefs(d) {
			if tx := def.Text; tx != nil && (tx.Print == name || tx.Parse == name) {
				if h := t.Defs[def.Name]; h != nil && h.PrintText != nil && h.ParseText != nil {
					return true, ""
				}
			}
		}
	case what == "build_hook":
		for _, def := range allDefs(d) {
			if def.BuildHook == name && t.Defs[def.Name] != nil && t.Defs[def.Name].Build != nil {
				return true, ""
			}
		}
	case what == "release_hook":
		if t.Release[name] != nil {
			return true, ""
		}
		for _, def := range allDefs(d) {
			if def.ReleaseHook == name && t.Defs[def.Name] != nil && t.Defs[def.Name].Release != nil {
				return true, ""
			}
		}
	case what == "upgrade":
		if t.Upgrade != nil {
			return true, ""
		}
	case what == "downgrade":
		if t.Downgrade != nil {
			return true, ""
		}
	case strings.HasPrefix(what, "default "):
		if t.Defaults[strings.TrimPrefix(what, "default ")] != nil {
			return true, ""
		}
	case strings.HasPrefix(what, "when "):
		if t.When[name] != nil {
			return true, ""
		}
	case strings.HasPrefix(what, "go:"):
		return true, "" // the value keys itself (AppendKey)
	case what == "property hook":
		name = strings.TrimSuffix(strings.TrimSuffix(name, "Attr"), "Value")
		if t.Props[name] != nil {
			return true, ""
		}
	}
	return false, fmt.Sprintf("%s's hook table does not provide it", d.Name)
}

func allDefs(d *defs.Dialect) []*defs.Def {
	return append(append([]*defs.Def{}, d.Attributes...), d.Types...)
}

// toCompiled converts a parameter to the form hooks take: values of this
// dialect's definitions where t names one become compiled values.
func (in *Dialect) toCompiled(t *defs.TypeRef, x any) any {
	switch t.Kind {
	case defs.RefAttr, defs.RefType, defs.RefLocation:
		// Hooks see this dialect's values as compiled ones, also where
		// the parameter takes any attribute (a hook may switch on them).
		y, _ := in.deepCompiled(x, 0)
		return y
	case defs.RefList:
		l, _ := x.([]any)
		if l == nil {
			return x
		}
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = in.toCompiled(t.Elem, e)
		}
		return out
	case defs.RefStruct:
		s, _ := x.([]any)
		out := make([]any, len(s))
		for i, p := range t.Struct.Params {
			if i < len(s) {
				out[i] = in.toCompiled(p.Type, s[i])
			}
		}
		return out
	}
	return x
}

// deepCompiled is x with this dialect's values in it compiled, also where
// they sit in another dialect's value (#dlti.dl_spec's entries are a
// builtin array of dl_entry attributes): that value is rebuilt through its
// own package's table. changed is false when x has none.
func (in *Dialect) deepCompiled(x any, depth int) (y any, changed bool) {
	y, changed, _ = rebuild(x, depth, ctxOf, func(x any) (any, bool, bool, error) {
		v := valueOf(x)
		if v == nil {
			return x, false, false, nil // a compiled value: look inside
		}
		if v.in != in {
			return x, true, false, nil
		}
		return in.compiled(v), true, true, nil
	})
	return y, changed
}

// deepInterpreted is the inverse of deepCompiled: x with the compiled
// values of this dialect in it made interpreted, in ctx, also inside other
// dialects' values.
func (in *Dialect) deepInterpreted(ctx *ir.Context, x any, depth int) (y any, changed bool, err error) {
	return rebuild(x, depth, func(any) *ir.Context { return ctx }, func(x any) (any, bool, bool, error) {
		if valueOf(x) != nil {
			return x, true, false, nil
		}
		n := x.(interface {
			Dialect() string
			Kind() string
		})
		if n.Dialect() != in.d.Name {
			return x, false, false, nil // another dialect's: look inside
		}
		if def := in.byName[n.Kind()]; def != nil && in.hooks != nil {
			v, err := in.fromCompiledValue(ctx, def, x)
			return v, true, err == nil, err
		}
		return x, true, false, nil
	})
}

// rebuild walks x through lists and through the parameters of other
// dialects' values, which it rebuilds in ctxFor(value) through their
// packages' hook tables when anything inside changed. own decides first
// for each attribute or type: done when it took care of it. changed is
// false when nothing in x changed.
func rebuild(x any, depth int, ctxFor func(any) *ir.Context, own func(any) (y any, done, changed bool, err error)) (any, bool, error) {
	const maxDepth = 64 // values nest no deeper in practice; past it, as is
	if depth > maxDepth {
		return x, false, nil
	}
	switch x := x.(type) {
	case []any:
		var out []any
		for i, e := range x {
			c, ok, err := rebuild(e, depth+1, ctxFor, own)
			if err != nil {
				return nil, false, err
			}
			if ok {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = c
			}
		}
		if out == nil {
			return x, false, nil
		}
		return out, true, nil
	case ir.Attribute, ir.Type:
		if y, done, changed, err := own(x); done || err != nil {
			return y, changed, err
		}
		n := x.(interface {
			Dialect() string
			Kind() string
		})
		t := hooks.Lookup(n.Dialect())
		ctx := ctxFor(x)
		if t == nil || t.Defs[n.Kind()] == nil || ctx == nil {
			return x, false, nil
		}
		h := t.Defs[n.Kind()]
		params, ok := h.Params(x)
		if !ok {
			return x, false, nil
		}
		p, ok, err := rebuild(params, depth+1, ctxFor, own)
		if err != nil || !ok {
			return x, false, err
		}
		return h.Value(ctx, p.([]any)), true, nil
	}
	return x, false, nil
}

// interpreted is x with compiled values of this dialect in it made
// interpreted (what a hook parsed), x when it has none.
func (in *Dialect) interpreted(ctx *ir.Context, x any) any {
	if y, ok, err := in.deepInterpreted(ctx, x, 0); ok && err == nil {
		return y
	}
	return x
}

// ctxOf is the context a value is uniqued in, nil for others.
func ctxOf(x any) *ir.Context {
	if c, ok := x.(interface{ Context() *ir.Context }); ok {
		return c.Context()
	}
	return nil
}

// compiled is the compiled value of v, for a hook to read.
func (in *Dialect) compiled(v *value) any {
	params := make([]any, len(v.params))
	for i, p := range v.def.Params {
		params[i] = in.toCompiled(p.Type, v.params[i])
	}
	h := in.hooks.Defs[v.def.Name]
	if h == nil {
		return v // the table does not convert it (New checked those with hooks)
	}
	return h.Value(v.ctx, params)
}

// fromCompiled converts a parameter a hook returned back to the
// interpreter's form, making this dialect's values in ctx.
func (in *Dialect) fromCompiled(ctx *ir.Context, t *defs.TypeRef, x any) (any, error) {
	switch t.Kind {
	case defs.RefAttr, defs.RefType, defs.RefLocation:
		if x == nil || valueOf(x) != nil {
			return x, nil
		}
		if t.Def != nil {
			return in.fromCompiledValue(ctx, t.Def, x)
		}
		y, _, err := in.deepInterpreted(ctx, x, 0)
		return y, err
	case defs.RefList:
		l, _ := x.([]any)
		if l == nil {
			return x, nil
		}
		out := make([]any, len(l))
		for i, e := range l {
			var err error
			if out[i], err = in.fromCompiled(ctx, t.Elem, e); err != nil {
				return nil, err
			}
		}
		return out, nil
	case defs.RefStruct:
		s, _ := x.([]any)
		out := make([]any, len(t.Struct.Params))
		for i, p := range t.Struct.Params {
			if i < len(s) {
				var err error
				if out[i], err = in.fromCompiled(ctx, p.Type, s[i]); err != nil {
					return nil, err
				}
			}
		}
		return out, nil
	}
	return x, nil
}

// fromCompiledValue is the interpreted value of a compiled value of def.
func (in *Dialect) fromCompiledValue(ctx *ir.Context, def *defs.Def, x any) (any, error) {
	h := in.hooks.Defs[def.Name]
	if h == nil {
		return nil, fmt.Errorf("%s %s: a hook gave %T, which %s's hook table does not convert", in.d.Name, def.Name, x, in.d.Name)
	}
	params, ok := h.Params(x)
	if !ok {
		return nil, fmt.Errorf("%s %s: a hook gave %T", in.d.Name, def.Name, x)
	}
	params = hooks.Fields(params, len(def.Params))
	out := make([]any, len(def.Params))
	for i, p := range def.Params {
		var err error
		if out[i], err = in.fromCompiled(ctx, p.Type, params[i]); err != nil {
			return nil, err
		}
	}
	return in.get(ctx, def, out), nil
}

// readCustom reads a custom field with its hook, setting its outputs.
func (in *Dialect) readCustom(r *bytecode.EntryReader, def *defs.Def, fl *defs.Field, params []any, index func(string) int) error {
	args := make([]any, len(fl.Args))
	for i, a := range fl.Args {
		args[i] = in.toCompiled(def.FindParam(a).Type, params[index(a)])
	}
	outs, err := in.hooks.Fields[fl.Custom].Read(r, args)
	if err != nil {
		return err
	}
	outs = hooks.Fields(outs, len(fl.Outputs))
	for i, o := range fl.Outputs {
		if params[index(o)], err = in.fromCompiled(r.Context(), def.FindParam(o).Type, outs[i]); err != nil {
			return err
		}
	}
	return nil
}

// writeCustom writes a custom field with its hook.
func (in *Dialect) writeCustom(w *bytecode.EntryWriter, v *value, fl *defs.Field) {
	conv := func(names []string) []any {
		out := make([]any, len(names))
		for i, n := range names {
			out[i] = in.toCompiled(v.def.FindParam(n).Type, v.Param(n))
		}
		return out
	}
	in.hooks.Fields[fl.Custom].Write(w, conv(fl.Args), conv(fl.Outputs))
}

// verify runs def's verify hook over parameters, nil without one.
func (in *Dialect) verify(def *defs.Def, params []any) error {
	if def.Verify == "" {
		return nil
	}
	conv := make([]any, len(params))
	for i, p := range def.Params {
		conv[i] = in.toCompiled(p.Type, params[i])
	}
	return in.hooks.Defs[def.Name].Verify(conv)
}

// verifyRead is verify as the generated reader reports it: at the entry's
// start.
func (in *Dialect) verifyRead(r *bytecode.EntryReader, at int64, def *defs.Def, params []any) error {
	if err := in.verify(def, params); err != nil {
		return r.ErrorAt(at, "a valid "+def.Name, fmt.Errorf("%w: %w", wire.ErrInvalid, err))
	}
	return nil
}

// hookString is what the generated String returns through a hook: the
// string hook's text, or the text hook's print.
func (in *Dialect) hookString(v *value) (string, bool) {
	switch {
	case in.hooks == nil:
		return "", false
	case v.def.StringHook != "":
		return fmt.Sprint(in.compiled(v)), true
	case v.def.Text != nil && v.def.Text.Print != "":
		return in.hooks.Defs[v.def.Name].PrintText(in.compiled(v)), true
	}
	return "", false
}

// parseText reads text stored as text with the definitions of a text form
// given by a keyword or text hooks, as the generated ParseAttribute and
// ParseType do before the declared forms; false when none matches.
func (in *Dialect) parseText(ctx *ir.Context, list []*defs.Def, text string, release int) (any, bool, error) {
	for _, def := range list {
		if t := def.Text; t != nil && t.Keyword != "" && text == t.Keyword {
			return in.get(ctx, def, nil), true, nil
		}
	}
	for _, def := range list {
		t := def.Text
		if t == nil || t.Keyword != "" || !strings.HasPrefix(text, t.Prefix) || in.hooks == nil {
			continue
		}
		x, err := in.hooks.Defs[def.Name].ParseText(ctx, text, release)
		if err != nil || x == nil {
			return nil, true, err
		}
		v, err := in.fromCompiledValue(ctx, def, x)
		return v, true, err
	}
	return nil, false, nil
}

// printText prints a value of a definition with a keyword or text hooks.
func (in *Dialect) printText(x any) (string, bool) {
	v := valueOf(x)
	if v == nil || v.in != in || v.def.Text == nil {
		return "", false
	}
	if k := v.def.Text.Keyword; k != "" {
		return k, true
	}
	if in.hooks == nil || v.def.Text.Print == "" {
		return "", false
	}
	return in.hooks.Defs[v.def.Name].PrintText(in.compiled(v)), true
}

// own is x as a value of this dialect: an interpreted value, or a
// compiled one a hook made or handed on (its nested values print through
// the interpreted dialect registered in their context); nil for others.
func (in *Dialect) own(x any) *value {
	if v := valueOf(x); v != nil {
		if v.in != in {
			return nil
		}
		return v
	}
	if in.hooks == nil {
		return nil
	}
	n, ok := x.(interface {
		Dialect() string
		Kind() string
		Context() *ir.Context
	})
	if !ok || n.Dialect() != in.d.Name || in.byName[n.Kind()] == nil || n.Context() == nil {
		return nil
	}
	v, err := in.fromCompiledValue(n.Context(), in.byName[n.Kind()], x)
	if err != nil {
		return nil
	}
	return valueOf(v)
}
