package defs

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is a definition error at a position.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is every error found in a file, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	s := make([]string, len(l))
	for i, e := range l {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

// LoadFile reads and checks one definition file.
func LoadFile(path string) (*Dialect, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Load parses definitions from data; name is used in positions.
func Load(name string, data []byte) (*Dialect, error) { return load(name, data, nil) }

func load(name string, data []byte, rec *SchemaRecorder) (*Dialect, error) {
	if rec != nil {
		defer rec.finish()
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(name, err)
	}
	l := &loader{file: name, rec: rec}
	if len(doc.Content) == 0 {
		return nil, ErrorList{{Pos: Pos{name, 1, 1}, Msg: "empty definition file"}}
	}
	d := l.dialect(doc.Content[0])
	if len(l.errs) == 0 {
		resolve(d, l)
		checkMistakes(l, d)
	}
	if len(l.errs) > 0 {
		sort.SliceStable(l.errs, func(i, j int) bool {
			a, b := l.errs[i].Pos, l.errs[j].Pos
			if a.Line != b.Line {
				return a.Line < b.Line
			}
			return a.Col < b.Col
		})
		return nil, l.errs
	}
	return d, nil
}

// yamlError turns a syntax error into file:line:col form.
func yamlError(name string, err error) error {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) {
		msg = strings.Join(te.Errors, "; ")
	}
	// yaml.v3 says "yaml: line N: msg"
	msg = strings.TrimPrefix(msg, "yaml: ")
	line := 1
	if strings.HasPrefix(msg, "line ") {
		rest := msg[5:]
		if i := strings.Index(rest, ":"); i > 0 {
			if n, err := strconv.Atoi(rest[:i]); err == nil {
				line = n
				msg = strings.TrimSpace(rest[i+1:])
			}
		}
	}
	return ErrorList{{Pos: Pos{name, line, 1}, Msg: "invalid YAML: " + msg}}
}

type loader struct {
	file   string
	errs   ErrorList
	d      *Dialect        // set while resolving
	avails []*Availability // every since/until read, for checkMistakes
	rec    *SchemaRecorder // records the shape of what is walked, or nil
}

func (l *loader) pos(n *yaml.Node) Pos { return Pos{l.file, n.Line, n.Column} }

func (l *loader) errorf(n *yaml.Node, format string, args ...any) {
	l.errs = append(l.errs, &Error{Pos: l.pos(n), Msg: fmt.Sprintf(format, args...)})
}

// fields walks a mapping, dispatching each key to its handler; keys without
// a handler are errors naming what the mapping describes.
func (l *loader) fields(n *yaml.Node, what string, h map[string]func(v *yaml.Node)) bool {
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "%s must be a mapping", what)
		return false
	}
	var kind *schemaKind
	if l.rec != nil {
		kind = l.rec.walk(n, what, slices.Collect(maps.Keys(h)))
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if kind != nil {
			if _, ok := h[k.Value]; ok {
				l.rec.value(kind, k.Value, v)
			}
		}
		if seen[k.Value] {
			l.errorf(k, "%s: duplicate key %q", what, k.Value)
			continue
		}
		seen[k.Value] = true
		f, ok := h[k.Value]
		if !ok {
			keys := make([]string, 0, len(h))
			for key := range h {
				keys = append(keys, key)
			}
			sort.Strings(keys)
			l.errorf(k, "%s: unknown key %q (known: %s)", what, k.Value, strings.Join(keys, ", "))
			continue
		}
		f(v)
	}
	return true
}

func (l *loader) str(n *yaml.Node, dst *string) {
	if n.Kind != yaml.ScalarNode {
		l.errorf(n, "expected a string")
		return
	}
	*dst = n.Value
}

func (l *loader) boolean(n *yaml.Node, dst *bool) {
	if n.Kind != yaml.ScalarNode || (n.Value != "true" && n.Value != "false") {
		l.errorf(n, "expected true or false")
		return
	}
	*dst = n.Value == "true"
}

func (l *loader) uint(n *yaml.Node, dst *uint64) {
	v, err := strconv.ParseUint(n.Value, 0, 64)
	// A leading 0 would be octal in Go syntax; nobody means that here.
	octal := len(n.Value) > 1 && n.Value[0] == '0' && n.Value[1] >= '0' && n.Value[1] <= '9'
	if n.Kind != yaml.ScalarNode || err != nil || octal {
		l.errorf(n, "expected a non-negative integer (decimal, or hex with 0x)")
		return
	}
	*dst = v
}

// enumWidth reads an enum's width: the bits of an MLIR IntegerAttr.
func (l *loader) enumWidth(n *yaml.Node, dst *int) {
	var w uint64
	l.uint(n, &w)
	switch w {
	case 0:
	case 1, 8, 16, 32, 64:
		*dst = int(w)
	default:
		l.errorf(n, "expected a width of 1, 8, 16, 32 or 64 bits, not %d", w)
	}
}

func (l *loader) int(n *yaml.Node, dst *int) {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		l.errorf(n, "expected an integer")
		return
	}
	*dst = v
}

func (l *loader) strings(n *yaml.Node, dst *[]string) {
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "expected a list of strings")
		return
	}
	for _, c := range n.Content {
		var s string
		l.str(c, &s)
		*dst = append(*dst, s)
	}
}

// list calls fn for each element of a sequence.
func (l *loader) list(n *yaml.Node, what string, fn func(*yaml.Node)) {
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "%s must be a list", what)
		return
	}
	for _, c := range n.Content {
		fn(c)
	}
}

func (l *loader) version(n *yaml.Node) *Version {
	v, err := ParseVersion(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		l.errorf(n, "invalid version %q: want \"<axis> <number>\" with axis one of %s (e.g. \"llvm 20\")", n.Value, strings.Join(Axes, ", "))
		return nil
	}
	v.Pos = l.pos(n)
	return &v
}

// ParseVersion parses "axis N[.N…]".
func ParseVersion(s string) (Version, error) {
	axis, num, ok := strings.Cut(strings.TrimSpace(s), " ")
	if !ok {
		return Version{}, fmt.Errorf("missing axis")
	}
	known := false
	for _, a := range Axes {
		known = known || a == axis
	}
	if !known {
		return Version{}, fmt.Errorf("unknown axis %q", axis)
	}
	var parts []int
	for _, p := range strings.Split(strings.TrimSpace(num), ".") {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return Version{}, fmt.Errorf("bad number %q", p)
		}
		parts = append(parts, n)
	}
	return Version{Axis: axis, Parts: parts}, nil
}

// releaseValues reads a mapping from LLVM releases ("llvm 19") to what an
// element is up to that release, which must increase.
func (l *loader) releaseValues(n *yaml.Node, what string, value func(v *yaml.Node, rv *ReleaseValue)) []ReleaseValue {
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		l.errorf(n, "%s must be a mapping from releases (llvm N) to what the element is up to them", what)
		return nil
	}
	var out []ReleaseValue
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		ver := l.version(k)
		if ver == nil {
			continue
		}
		if ver.Axis != "llvm" || len(ver.Parts) != 1 {
			l.errorf(k, "%s: want a release \"llvm N\", not %q", what, k.Value)
			continue
		}
		if len(out) > 0 && ver.Parts[0] <= out[len(out)-1].Until {
			l.errorf(k, "%s: releases must increase (llvm %d after llvm %d)", what, ver.Parts[0], out[len(out)-1].Until)
			continue
		}
		rv := ReleaseValue{Pos: l.pos(k), Until: ver.Parts[0]}
		value(v, &rv)
		out = append(out, rv)
	}
	return out
}

// avail adds the since/until handlers to h.
func (l *loader) avail(a *Availability, h map[string]func(*yaml.Node)) map[string]func(*yaml.Node) {
	l.avails = append(l.avails, a)
	h["since"] = func(v *yaml.Node) { a.Since = l.version(v) }
	h["until"] = func(v *yaml.Node) { a.Until = l.version(v) }
	return h
}

func (l *loader) dialect(n *yaml.Node) *Dialect {
	d := &Dialect{Pos: l.pos(n), Format: "mlir"}
	l.fields(n, "dialect", map[string]func(*yaml.Node){
		"dialect": func(v *yaml.Node) { l.str(v, &d.Name) },
		"summary": func(v *yaml.Node) { l.str(v, &d.Summary) },
		"format": func(v *yaml.Node) {
			l.str(v, &d.Format)
			if d.Format != "mlir" && d.Format != "tileir" {
				l.errorf(v, "format must be mlir or tileir, not %q", d.Format)
			}
		},
		"go": func(v *yaml.Node) {
			l.fields(v, "go", map[string]func(*yaml.Node){
				"package":     func(v *yaml.Node) { l.str(v, &d.Go.Package) },
				"ops_package": func(v *yaml.Node) { l.str(v, &d.Go.OpsPackage) },
			})
		},
		"versions": func(v *yaml.Node) { d.Versions = l.versions(v) },
		"enums":    func(v *yaml.Node) { l.list(v, "enums", func(c *yaml.Node) { d.Enums = append(d.Enums, l.enum(c)) }) },
		"structs": func(v *yaml.Node) {
			l.list(v, "structs", func(c *yaml.Node) { d.Structs = append(d.Structs, l.structDef(c)) })
		},
		"attributes": func(v *yaml.Node) {
			l.list(v, "attributes", func(c *yaml.Node) { d.Attributes = append(d.Attributes, l.def(c, false)) })
		},
		"types": func(v *yaml.Node) {
			l.list(v, "types", func(c *yaml.Node) { d.Types = append(d.Types, l.def(c, true)) })
		},
		"ops": func(v *yaml.Node) { l.list(v, "ops", func(c *yaml.Node) { d.Ops = append(d.Ops, l.op(c)) }) },
		"dense": func(v *yaml.Node) {
			h := &DenseHooks{Pos: l.pos(v)}
			l.fields(v, "dense", map[string]func(*yaml.Node){
				"check": func(v *yaml.Node) { l.hook(v, &h.Check, &h.CheckPos) },
				"print": func(v *yaml.Node) { l.hook(v, &h.Print, &h.PrintPos) },
			})
			d.Dense = h
		},
		"layout": func(v *yaml.Node) { d.Layout = l.layoutSpec(v) },
		"text":   func(v *yaml.Node) { d.Text = l.dialectText(v) },
	})
	if d.Name == "" {
		l.errorf(n, "missing key \"dialect\" (the dialect's namespace)")
	}
	if d.Go.Package == "" {
		d.Go.Package = strings.ReplaceAll(d.Name, "_", "")
	}
	return d
}

func (l *loader) versions(n *yaml.Node) *Versions {
	vs := &Versions{Pos: l.pos(n)}
	l.fields(n, "versions", map[string]func(*yaml.Node){
		"releases": func(v *yaml.Node) {
			l.list(v, "releases", func(c *yaml.Node) {
				var r int
				l.int(c, &r)
				if len(vs.Releases) > 0 && r <= vs.Releases[len(vs.Releases)-1] {
					l.errorf(c, "releases must be listed oldest first")
				}
				vs.Releases = append(vs.Releases, r)
			})
		},
		"format": func(v *yaml.Node) {
			l.list(v, "format versions", func(c *yaml.Node) {
				if ver := l.version(c); ver != nil {
					vs.Format = append(vs.Format, *ver)
				}
			})
		},
		"dialect": func(v *yaml.Node) {
			dv := &DialectVersion{Pos: l.pos(v)}
			l.fields(v, "dialect version", map[string]func(*yaml.Node){
				"current": func(v *yaml.Node) {
					if ver := l.version(v); ver != nil {
						dv.Current = *ver
					}
				},
				"encoding": func(v *yaml.Node) {
					l.list(v, "encoding", func(c *yaml.Node) { dv.Encoding = append(dv.Encoding, l.field(c)) })
				},
				"upgrade":  func(v *yaml.Node) { l.hook(v, &dv.Upgrade, &dv.UpgradePos) },
				"producer": func(v *yaml.Node) { l.str(v, &dv.Producer) },
				"minimum":  func(v *yaml.Node) { dv.Minimum = l.version(v) },
				"bytecode": func(v *yaml.Node) {
					l.list(v, "bytecode", func(c *yaml.Node) {
						b := &VersionBytecode{Pos: l.pos(c)}
						l.fields(c, "bytecode version", map[string]func(*yaml.Node){
							"until":   func(v *yaml.Node) { b.Until = l.version(v) },
							"version": func(v *yaml.Node) { l.int(v, &b.Version) },
						})
						dv.Bytecode = append(dv.Bytecode, b)
					})
				},
				"downgrade": func(v *yaml.Node) { l.hook(v, &dv.Downgrade, &dv.DowngradePos) },
				"history": func(v *yaml.Node) {
					l.list(v, "history", func(c *yaml.Node) {
						st := &VersionStep{Pos: l.pos(c)}
						l.fields(c, "version step", map[string]func(*yaml.Node){
							"version": func(v *yaml.Node) {
								if ver := l.version(v); ver != nil {
									st.Version = *ver
								}
							},
							"adds":    func(v *yaml.Node) { l.strings(v, &st.Adds) },
							"removes": func(v *yaml.Node) { l.strings(v, &st.Removes) },
							"notes":   func(v *yaml.Node) { l.str(v, &st.Notes) },
							"renames": func(v *yaml.Node) {
								st.Renames = map[string]string{}
								if v.Kind != yaml.MappingNode {
									l.errorf(v, "renames must map old names to new names")
									return
								}
								for i := 0; i+1 < len(v.Content); i += 2 {
									st.Renames[v.Content[i].Value] = v.Content[i+1].Value
								}
							},
						})
						dv.History = append(dv.History, st)
					})
				},
			})
			vs.Dialect = dv
		},
	})
	return vs
}

func (l *loader) enum(n *yaml.Node) *Enum {
	e := &Enum{Pos: l.pos(n)}
	l.fields(n, "enum", map[string]func(*yaml.Node){
		"name":         func(v *yaml.Node) { l.str(v, &e.Name) },
		"doc":          func(v *yaml.Node) { l.str(v, &e.Doc) },
		"bit_enum":     func(v *yaml.Node) { l.boolean(v, &e.BitEnum) },
		"separator":    func(v *yaml.Node) { l.str(v, &e.Separator) },
		"print_groups": func(v *yaml.Node) { l.boolean(v, &e.PrintGroups) },
		"width":        func(v *yaml.Node) { l.enumWidth(v, &e.Width) },
		"values": func(v *yaml.Node) {
			l.list(v, "enum values", func(c *yaml.Node) {
				ev := &EnumValue{Pos: l.pos(c)}
				l.fields(c, "enum value", l.avail(&ev.Availability, map[string]func(*yaml.Node){
					"name":    func(v *yaml.Node) { l.str(v, &ev.Name) },
					"value":   func(v *yaml.Node) { l.uint(v, &ev.Value) },
					"text":    func(v *yaml.Node) { l.str(v, &ev.Text) },
					"go_name": func(v *yaml.Node) { l.goName(v, &ev.GoName) },
					"older_values": func(v *yaml.Node) {
						ev.OlderValues = l.releaseValues(v, "older_values", func(v *yaml.Node, rv *ReleaseValue) { l.uint(v, &rv.Value) })
					},
				}))
				if ev.Text == "" {
					ev.Text = strings.ToLower(ev.Name)
				}
				e.Values = append(e.Values, ev)
			})
		},
		"attribute": func(v *yaml.Node) { e.Attribute = l.enumAttribute(v) },
	})
	return e
}

func (l *loader) structDef(n *yaml.Node) *Struct {
	s := &Struct{Pos: l.pos(n)}
	l.fields(n, "struct", map[string]func(*yaml.Node){
		"name": func(v *yaml.Node) { l.str(v, &s.Name) },
		"doc":  func(v *yaml.Node) { l.str(v, &s.Doc) },
		"params": func(v *yaml.Node) {
			l.list(v, "params", func(c *yaml.Node) { s.Params = append(s.Params, l.param(c)) })
		},
	})
	return s
}

func (l *loader) def(n *yaml.Node, isType bool) *Def {
	d := &Def{Pos: l.pos(n), IsType: isType}
	what := "attribute"
	if isType {
		what = "type"
	}
	l.fields(n, what, l.avail(&d.Availability, map[string]func(*yaml.Node){
		"name":    func(v *yaml.Node) { l.str(v, &d.Name) },
		"summary": func(v *yaml.Node) { l.str(v, &d.Summary) },
		"params": func(v *yaml.Node) {
			l.list(v, "params", func(c *yaml.Node) { d.Params = append(d.Params, l.param(c)) })
		},
		"traits":       func(v *yaml.Node) { l.strings(v, &d.Traits) },
		"distinct":     func(v *yaml.Node) { l.boolean(v, &d.Distinct) },
		"bit_width":    func(v *yaml.Node) { l.str(v, &d.BitWidth) },
		"string":       func(v *yaml.Node) { l.hook(v, &d.StringHook, &d.StringHookPos) },
		"release_hook": func(v *yaml.Node) { l.hook(v, &d.ReleaseHook, &d.ReleaseHookPos) },
		"build_hook":   func(v *yaml.Node) { l.hook(v, &d.BuildHook, &d.BuildHookPos) },
		"mnemonic":     func(v *yaml.Node) { l.str(v, &d.Mnemonic) },
		"alias": func(v *yaml.Node) {
			if l.str(v, &d.Alias); !isIdent(d.Alias) {
				l.errorf(v, "alias: %q is not an identifier (letters, digits and _)", d.Alias)
			}
		},
		"assembly_format":        func(v *yaml.Node) { d.Assembly = l.asmFormat(v) },
		"custom_assembly_format": func(v *yaml.Node) { l.boolean(v, &d.CustomAssembly) },
		"asm_hooks": func(v *yaml.Node) {
			h := &DefAsmHooks{Pos: l.pos(v)}
			l.fields(v, "asm_hooks", map[string]func(*yaml.Node){
				"parse": func(v *yaml.Node) { l.hook(v, &h.Parse, &h.ParsePos) },
				"print": func(v *yaml.Node) { l.hook(v, &h.Print, &h.PrintPos) },
			})
			d.AsmHooks = h
		},
		"older_text_forms": func(v *yaml.Node) {
			l.list(v, "older_text_forms", func(c *yaml.Node) {
				t := &OlderTextForm{Pos: l.pos(c)}
				l.fields(c, "older_text_forms", map[string]func(*yaml.Node){
					"until":                  func(v *yaml.Node) { t.Until = l.version(v) },
					"mnemonic":               func(v *yaml.Node) { l.str(v, &t.Mnemonic) },
					"assembly_format":        func(v *yaml.Node) { t.Assembly = l.asmFormat(v) },
					"custom_assembly_format": func(v *yaml.Node) { l.boolean(v, &t.CustomAssembly) },
					"params": func(v *yaml.Node) {
						l.strings(v, &t.Params)
						t.HasParams = true
					},
					"text_defaults": func(v *yaml.Node) {
						if v.Kind != yaml.MappingNode {
							l.errorf(v, "text_defaults: expected a map of parameter names to default texts")
							return
						}
						t.TextDefaults = map[string]string{}
						for i := 0; i+1 < len(v.Content); i += 2 {
							t.TextDefaults[v.Content[i].Value] = v.Content[i+1].Value
						}
					},
				})
				d.OlderTexts = append(d.OlderTexts, t)
			})
		},
		"verify": func(v *yaml.Node) {
			l.str(v, &d.Verify)
			d.VerifyPos = l.pos(v)
			if !isIdent(d.Verify) {
				l.errorf(v, "verify %q must name a hook: a Go identifier X for verifyX", d.Verify)
			}
		},
		"bytecode": func(v *yaml.Node) {
			l.list(v, "bytecode", func(c *yaml.Node) { d.Bytecode = append(d.Bytecode, l.encoding(c)) })
		},
		"text": func(v *yaml.Node) {
			t := &TextForm{Pos: l.pos(v)}
			l.fields(v, "text", map[string]func(*yaml.Node){
				"keyword": func(v *yaml.Node) { l.str(v, &t.Keyword) },
				"prefix":  func(v *yaml.Node) { l.str(v, &t.Prefix) },
				"parse":   func(v *yaml.Node) { l.hook(v, &t.Parse, &t.ParsePos) },
				"print":   func(v *yaml.Node) { l.hook(v, &t.Print, &t.PrintPos) },
			})
			d.Text = t
		},
		"layout": func(v *yaml.Node) { d.Layout = l.typeLayout(v) },
	}))
	if d.Name == "" {
		l.errorf(n, "%s without a name", what)
	}
	if d.BuildHook != "" && len(d.Params) == 0 {
		l.errs = append(l.errs, &Error{Pos: d.BuildHookPos, Msg: fmt.Sprintf("build_hook %s: %s %s has no parameters for it to build", d.BuildHook, what, d.Name)})
	}
	return d
}

// IntegerLocality says p gives locality by its own value (a line), not by
// the IDs of the values it holds.
func IntegerLocality(p *Param) bool {
	return p.Type != nil && slices.Contains([]RefKind{RefInt32, RefInt64, RefUint32, RefUint64}, p.Type.Kind)
}

// checkLocality checks a definition's locality params once names are
// resolved: each holds what a group can be near in, an integer or
// attributes, types or locations (or a list of them), whose IDs are the
// measure; several may give locality when each is a value (the group is
// near the newest of them), but an integer one must be the only one; and
// a distinct definition, never uniqued, has none.
func checkLocality(l *loader, def *Def) {
	what := "attribute"
	if def.IsType {
		what = "type"
	}
	var first *Param
	for _, p := range def.Params {
		if !p.Locality || p.Type == nil {
			continue
		}
		t := p.Type
		if t.Kind == RefList {
			t = t.Elem
		}
		switch {
		case !IntegerLocality(p) && (t == nil || !slices.Contains([]RefKind{RefAttr, RefLocation, RefType}, t.Kind)):
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: locality needs an integer parameter, or attributes, types or locations (or a list of them), not %s", p.Name, p.Type.Text)})
		case def.Distinct:
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: locality groups uniqued values, and %s %s is distinct", p.Name, what, def.Name)})
		case first != nil && (IntegerLocality(first) || IntegerLocality(p)):
			l.errs = append(l.errs, &Error{Pos: p.Pos, Msg: fmt.Sprintf("param %q: %s %s has an integer locality parameter, which must be its only one", p.Name, what, def.Name)})
		}
		if first == nil {
			first = p
		}
	}
}

func (l *loader) param(n *yaml.Node) *Param {
	p := &Param{Pos: l.pos(n)}
	l.fields(n, "param", l.avail(&p.Availability, map[string]func(*yaml.Node){
		"name":         func(v *yaml.Node) { l.str(v, &p.Name) },
		"type":         func(v *yaml.Node) { p.Type = l.typeRef(v) },
		"doc":          func(v *yaml.Node) { l.str(v, &p.Doc) },
		"optional":     func(v *yaml.Node) { l.boolean(v, &p.Optional) },
		"default":      func(v *yaml.Node) { l.str(v, &p.Default) },
		"width_of":     func(v *yaml.Node) { l.str(v, &p.WidthOf) },
		"text_default": func(v *yaml.Node) { l.str(v, &p.TextDefault) },
		"stripped":     func(v *yaml.Node) { l.str(v, &p.Stripped) },
		"self":         func(v *yaml.Node) { l.boolean(v, &p.Self) },
		"text_names":   func(v *yaml.Node) { l.str(v, &p.TextNames) },
		"text_quoted":  func(v *yaml.Node) { l.boolean(v, &p.TextQuoted) },
		"canonical":    func(v *yaml.Node) { l.str(v, &p.Canonical) },
		"locality":     func(v *yaml.Node) { l.boolean(v, &p.Locality) },
	}))
	if p.Name == "" {
		l.errorf(n, "param without a name")
	}
	if p.Type == nil {
		l.errorf(n, "param %q: missing type", p.Name)
	}
	if p.Canonical != "" && p.Canonical != "empty_if_all_zero" {
		l.errorf(n, "param %q: unknown canonical form %q (known: empty_if_all_zero)", p.Name, p.Canonical)
	}
	return p
}

var scalarRefs = map[string]RefKind{
	"Attribute": RefAttr, "Type": RefType, "Location": RefLocation,
	"string": RefString, "bool": RefBool, "int64": RefInt64, "uint64": RefUint64,
	"int32": RefInt32, "uint32": RefUint32, "APInt": RefAPInt, "APFloat": RefAPFloat,
	"bytes": RefBytes, "Resource": RefResource, "unit": RefUnit,
}

func (l *loader) typeRef(n *yaml.Node) *TypeRef {
	var s string
	l.str(n, &s)
	t, err := ParseTypeRef(s)
	if err != nil {
		l.errorf(n, "invalid type %q: %v", s, err)
		return nil
	}
	setPos(t, l.pos(n))
	return t
}

func setPos(t *TypeRef, p Pos) {
	for ; t != nil; t = t.Elem {
		t.Pos = p
	}
}

// ParseTypeRef parses a parameter type: a scalar kind, "[T]" for a list,
// "go:Name" for a hand-written Go type, or the name of an attribute, type,
// enum or struct of the dialect (resolved later).
func ParseTypeRef(s string) (*TypeRef, error) {
	s = strings.TrimSpace(s)
	t := &TypeRef{Text: s}
	switch {
	case s == "":
		return nil, fmt.Errorf("empty type")
	case strings.HasPrefix(s, "["):
		if !strings.HasSuffix(s, "]") {
			return nil, fmt.Errorf("unterminated list type")
		}
		e, err := ParseTypeRef(s[1 : len(s)-1])
		if err != nil {
			return nil, err
		}
		t.Kind, t.Elem = RefList, e
	case strings.HasPrefix(s, "go:"):
		// go:Name (a type of the dialect package) or go:import/path.Name.
		t.Kind, t.Name = RefGo, s[3:]
		if i := strings.LastIndexByte(t.Name, '.'); i >= 0 && strings.LastIndexByte(t.Name, '/') < i {
			t.Path, t.Name = t.Name[:i], t.Name[i+1:]
			if t.Path == "" || strings.ContainsAny(t.Path, " \t\"`") {
				return nil, fmt.Errorf("go: needs a type name, or an import path, a dot and a type name")
			}
		}
		if !isIdent(t.Name) {
			return nil, fmt.Errorf("go: needs a type name, or an import path, a dot and a type name")
		}
	default:
		if k, ok := scalarRefs[s]; ok {
			t.Kind = k
		} else if isIdent(s) {
			t.Name = s // resolved against the dialect's definitions
		} else {
			return nil, fmt.Errorf("not a type name")
		}
	}
	return t, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func (l *loader) encoding(n *yaml.Node) *Encoding {
	e := &Encoding{Pos: l.pos(n)}
	hasCode := false
	l.fields(n, "bytecode encoding", l.avail(&e.Availability, map[string]func(*yaml.Node){
		"code": func(v *yaml.Node) { l.uint(v, &e.Code); hasCode = true },
		"when": func(v *yaml.Node) { l.str(v, &e.When); e.WhenPos = l.pos(v) },
		"fields": func(v *yaml.Node) {
			l.list(v, "fields", func(c *yaml.Node) { e.Fields = append(e.Fields, l.field(c)) })
		},
	}))
	if !hasCode {
		l.errorf(n, "bytecode encoding without a code")
	}
	return e
}

// field reads a wire field: a bare parameter name, or a mapping.
func (l *loader) field(n *yaml.Node) *Field {
	f := &Field{Pos: l.pos(n)}
	if n.Kind == yaml.ScalarNode {
		f.Param = n.Value
		return f
	}
	l.fields(n, "field", l.avail(&f.Availability, map[string]func(*yaml.Node){
		"param":   func(v *yaml.Node) { l.str(v, &f.Param) },
		"as":      func(v *yaml.Node) { l.str(v, &f.As) },
		"custom":  func(v *yaml.Node) { l.str(v, &f.Custom); f.CustomPos = l.pos(v) },
		"outputs": func(v *yaml.Node) { l.strings(v, &f.Outputs) },
		"args":    func(v *yaml.Node) { l.strings(v, &f.Args) },
		"views":   func(v *yaml.Node) { l.boolean(v, &f.Views) },
		"flag":    func(v *yaml.Node) { l.str(v, &f.Flag) },
		"flags":   func(v *yaml.Node) { l.strings(v, &f.Flags) },
		"packed": func(v *yaml.Node) {
			l.list(v, "packed", func(c *yaml.Node) {
				pp := &PackedPart{Pos: l.pos(c)}
				if c.Kind == yaml.ScalarNode {
					pp.Param = c.Value
				} else {
					l.fields(c, "packed part", map[string]func(*yaml.Node){
						"param": func(v *yaml.Node) { l.str(v, &pp.Param) },
						"bits":  func(v *yaml.Node) { l.int(v, &pp.Bits) },
					})
				}
				f.Packed = append(f.Packed, pp)
			})
		},
	}))
	kinds := 0
	for _, set := range []bool{f.Param != "", f.Custom != "", f.Packed != nil, f.Flags != nil} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		l.errorf(n, "a field is exactly one of param, custom, packed or flags")
	}
	if f.As != "" && f.As != "varint" && f.As != "svarint" && f.As != "byte" && f.As != "optional" {
		l.errorf(n, "unknown wire form %q (known: varint, svarint, byte, optional)", f.As)
	}
	if f.Views && f.Custom == "" {
		l.errorf(n, "views is said of a custom field's outputs; this field is not custom")
	}
	return f
}

func (l *loader) op(n *yaml.Node) *Op {
	o := &Op{Pos: l.pos(n)}
	operands := func(dst *[]*Operand, what string) func(*yaml.Node) {
		return func(v *yaml.Node) {
			l.list(v, what, func(c *yaml.Node) {
				od := &Operand{Pos: l.pos(c)}
				l.fields(c, what, l.avail(&od.Availability, map[string]func(*yaml.Node){
					"name":           func(v *yaml.Node) { l.str(v, &od.Name) },
					"go_name":        func(v *yaml.Node) { l.goName(v, &od.GoName) },
					"type":           func(v *yaml.Node) { l.str(v, &od.Type) },
					"variadic":       func(v *yaml.Node) { l.boolean(v, &od.Variadic) },
					"optional":       func(v *yaml.Node) { l.boolean(v, &od.Optional) },
					"buildable_type": func(v *yaml.Node) { l.str(v, &od.BuildableType) },
				}))
				*dst = append(*dst, od)
			})
		}
	}
	orders := func(dst *[]*GroupOrder, what string) func(*yaml.Node) {
		return func(v *yaml.Node) {
			l.list(v, what, func(c *yaml.Node) {
				g := &GroupOrder{Pos: l.pos(c)}
				until := false
				l.fields(c, what, map[string]func(*yaml.Node){
					"until": func(v *yaml.Node) {
						until = true
						if g.Until = l.version(v); g.Until != nil && g.Until.Axis != "llvm" {
							l.errorf(v, "%s: until %q is not an LLVM release (\"llvm 19\")", what, v.Value)
							g.Until = nil
						}
					},
					"groups": func(v *yaml.Node) {
						l.list(v, what+" groups", func(c *yaml.Node) {
							var name string
							l.str(c, &name)
							g.Groups = append(g.Groups, name)
						})
					},
				})
				if !until {
					l.errorf(c, "%s: an order needs until (the newest LLVM release that lays the groups out so)", what)
				}
				*dst = append(*dst, g)
			})
		}
	}
	l.fields(n, "op", l.avail(&o.Availability, map[string]func(*yaml.Node){
		"name":    func(v *yaml.Node) { l.str(v, &o.Name) },
		"go_name": func(v *yaml.Node) { l.goName(v, &o.GoName) },
		"summary": func(v *yaml.Node) { l.str(v, &o.Summary) },
		"release_hook": func(v *yaml.Node) {
			o.ReleaseHookPos = l.pos(v)
			if l.str(v, &o.ReleaseHook); !isIdent(o.ReleaseHook) {
				l.errorf(v, "release_hook: %q is not a Go identifier", o.ReleaseHook)
			}
		},
		"unknown_groups_until": func(v *yaml.Node) {
			if o.UnknownGroupsUntil = l.version(v); o.UnknownGroupsUntil != nil && o.UnknownGroupsUntil.Axis != "llvm" {
				l.errorf(v, "unknown_groups_until: %q is not an LLVM release (\"llvm 16\")", v.Value)
				o.UnknownGroupsUntil = nil
			}
		},
		"older_names": func(v *yaml.Node) {
			l.list(v, "older_names", func(c *yaml.Node) {
				n := &OlderName{Pos: l.pos(c)}
				l.fields(c, "older name", map[string]func(*yaml.Node){
					"name": func(v *yaml.Node) { l.str(v, &n.Name) },
					"until": func(v *yaml.Node) {
						if n.Until = l.version(v); n.Until != nil && n.Until.Axis != "llvm" {
							l.errorf(v, "older_names: until %q is not an LLVM release (\"llvm 16\")", v.Value)
							n.Until = nil
						}
					},
				})
				if n.Name == "" || n.Until == nil {
					l.errorf(c, "older_names: an older name needs name and until (the newest LLVM release that names the op so)")
					return
				}
				o.OlderNames = append(o.OlderNames, n)
			})
		},
		"operand_order": orders(&o.OperandOrder, "operand_order"),
		"result_order":  orders(&o.ResultOrder, "result_order"),
		"ends_with": func(v *yaml.Node) {
			e := &EndsWith{Pos: l.pos(v)}
			l.fields(v, "ends_with", l.avail(&e.Availability, map[string]func(*yaml.Node){
				"op": func(v *yaml.Node) { l.str(v, &e.Op) },
			}))
			o.EndsWith = e
		},
		"traits": func(v *yaml.Node) { l.opTraits(v, o) },
		"parents": func(v *yaml.Node) {
			o.ParentsPos = l.pos(v)
			ops := func(v *yaml.Node) {
				l.list(v, "parents", func(c *yaml.Node) {
					var p string
					if l.str(c, &p); !strings.Contains(p, ".") {
						l.errorf(c, "parents: %q is not an op's full name (dialect.op)", p)
					}
					o.Parents = append(o.Parents, p)
				})
			}
			if v.Kind == yaml.MappingNode {
				// {ops: [...], since, until}: the releases that restrict.
				l.fields(v, "parents", l.avail(&o.ParentsAvailability, map[string]func(*yaml.Node){"ops": ops}))
				return
			}
			ops(v)
		},
		"declaration": func(v *yaml.Node) {
			o.DeclarationPos = l.pos(v)
			if l.str(v, &o.Declaration); o.Declaration != DeclaresWithoutBody && o.Declaration != DeclaresAlways {
				l.errorf(v, "declaration: %q is neither %s nor %s", o.Declaration, DeclaresWithoutBody, DeclaresAlways)
			}
		},
		"operands": operands(&o.Operands, "operand"),
		"results":  operands(&o.Results, "result"),
		"attributes": func(v *yaml.Node) {
			l.list(v, "attributes", func(c *yaml.Node) {
				a := &OpAttr{Pos: l.pos(c)}
				l.fields(c, "op attribute", l.avail(&a.Availability, map[string]func(*yaml.Node){
					"name":                func(v *yaml.Node) { l.str(v, &a.Name) },
					"go_name":             func(v *yaml.Node) { l.goName(v, &a.GoName) },
					"type":                func(v *yaml.Node) { a.Type = l.typeRef(v) },
					"constraint":          func(v *yaml.Node) { l.str(v, &a.Constraint) },
					"optional":            func(v *yaml.Node) { a.OptionalAt = l.optionalAt(v, &a.Optional) },
					"default":             func(v *yaml.Node) { l.str(v, &a.Default) },
					"property":            func(v *yaml.Node) { a.Property = l.nativeProperty(v) },
					"enum":                func(v *yaml.Node) { l.str(v, &a.Enum) },
					"populated":           func(v *yaml.Node) { a.PopulatedAt = l.flagAt(v, "populated", &a.Populated) },
					"discardable_outside": func(v *yaml.Node) { l.boolean(v, &a.DiscardableOutside) },
					"read_outside":        func(v *yaml.Node) { l.boolean(v, &a.ReadOutside) },
					"renamed_from":        func(v *yaml.Node) { l.str(v, &a.RenamedFrom) },
					"older_constraints": func(v *yaml.Node) {
						a.OlderConstraints = l.releaseValues(v, "older_constraints", func(v *yaml.Node, rv *ReleaseValue) { l.str(v, &rv.Constraint) })
					},
				}))
				if a.Type == nil {
					a.Type = &TypeRef{Pos: a.Pos, Text: "Attribute", Kind: RefAttr}
				}
				o.Attributes = append(o.Attributes, a)
			})
		},
		"regions": func(v *yaml.Node) {
			l.list(v, "regions", func(c *yaml.Node) {
				r := &RegionDef{Pos: l.pos(c)}
				l.fields(c, "region", l.avail(&r.Availability, map[string]func(*yaml.Node){
					"name":         func(v *yaml.Node) { l.str(v, &r.Name) },
					"go_name":      func(v *yaml.Node) { l.goName(v, &r.GoName) },
					"single_block": func(v *yaml.Node) { l.boolean(v, &r.SingleBlock) },
					"variadic":     func(v *yaml.Node) { l.boolean(v, &r.Variadic) },
				}))
				o.Regions = append(o.Regions, r)
			})
		},
		"successors": func(v *yaml.Node) {
			l.list(v, "successors", func(c *yaml.Node) {
				s := &Successor{Pos: l.pos(c)}
				l.fields(c, "successor", l.avail(&s.Availability, map[string]func(*yaml.Node){
					"name":     func(v *yaml.Node) { l.str(v, &s.Name) },
					"go_name":  func(v *yaml.Node) { l.goName(v, &s.GoName) },
					"variadic": func(v *yaml.Node) { l.boolean(v, &s.Variadic) },
				}))
				o.Successors = append(o.Successors, s)
			})
		},
		"properties": func(v *yaml.Node) {
			a := &Availability{}
			if v.Kind == yaml.ScalarNode {
				var b bool
				l.boolean(v, &b)
				if b {
					o.Properties = a
				}
				return
			}
			l.fields(v, "properties", l.avail(a, map[string]func(*yaml.Node){}))
			o.Properties = a
		},
		"assembly_format":        func(v *yaml.Node) { o.Assembly = l.asmFormat(v) },
		"custom_assembly_format": func(v *yaml.Node) { l.boolean(v, &o.CustomAssembly) },
		"default_dialect":        func(v *yaml.Node) { l.str(v, &o.DefaultDialect) },
		"bytecode": func(v *yaml.Node) {
			e := &OpEncoding{Pos: l.pos(v)}
			l.fields(v, "op bytecode", map[string]func(*yaml.Node){
				"opcode":       func(v *yaml.Node) { l.uint(v, &e.Opcode) },
				"result_types": func(v *yaml.Node) { l.str(v, &e.ResultTypes) },
				"fields": func(v *yaml.Node) {
					l.list(v, "fields", func(c *yaml.Node) { e.Fields = append(e.Fields, l.field(c)) })
				},
				"flags": func(v *yaml.Node) {
					l.list(v, "flags", func(c *yaml.Node) {
						f := &Flag{Pos: l.pos(c)}
						l.fields(c, "flag", l.avail(&f.Availability, map[string]func(*yaml.Node){
							"name": func(v *yaml.Node) { l.str(v, &f.Name) },
							"bit":  func(v *yaml.Node) { l.int(v, &f.Bit) },
						}))
						e.Flags = append(e.Flags, f)
					})
				},
			})
			if e.ResultTypes != "" && e.ResultTypes != "written" && e.ResultTypes != "inferred" {
				l.errorf(v, "result_types must be written or inferred")
			}
			o.Bytecode = e
		},
	}))
	if o.Name == "" {
		l.errorf(n, "op without a name")
	}
	if o.Assembly != nil && o.CustomAssembly {
		l.errorf(n, "op %q: assembly_format and custom_assembly_format exclude each other", o.Name)
	}
	return o
}

// asmFormat reads and parses a declarative assembly format.
func (l *loader) asmFormat(n *yaml.Node) *AsmFormat {
	var text string
	l.str(n, &text)
	pos := l.pos(n)
	// Columns inside the string are exact for a quoted scalar on one line.
	exact := !strings.Contains(text, "\n") && (n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle)
	if exact {
		pos.Col++
	}
	f, err := ParseAsmFormat(text, pos, exact)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			l.errs = append(l.errs, e)
		} else {
			l.errorf(n, "%v", err)
		}
		return nil
	}
	return f
}

// enumAttribute reads an enum's attribute form.
func (l *loader) enumAttribute(n *yaml.Node) *EnumAttribute {
	a := &EnumAttribute{Pos: l.pos(n)}
	l.fields(n, "enum attribute", map[string]func(*yaml.Node){
		"mnemonic":        func(v *yaml.Node) { l.str(v, &a.Mnemonic) },
		"assembly_format": func(v *yaml.Node) { a.Assembly = l.asmFormat(v) },
	})
	if a.Mnemonic == "" {
		l.errorf(n, "an enum attribute needs a mnemonic")
	}
	if f := a.Assembly; f != nil {
		es := f.Elements
		switch {
		case len(es) == 1 && es[0].Kind == FmtVar && es[0].Value == "value":
		case len(es) == 3 && es[0].Kind == FmtLiteral && es[0].Value == "<" && es[1].Kind == FmtVar && es[1].Value == "value" && es[2].Kind == FmtLiteral && es[2].Value == ">":
			a.Bracketed = true
		default:
			l.errorf(n, "an enum attribute's assembly format must be `<` $value `>` or $value")
		}
	} else {
		a.Bracketed = true // EnumAttr's default format
	}
	return a
}

// dialectText reads the dialect's text hooks.
func (l *loader) dialectText(n *yaml.Node) *DialectText {
	t := &DialectText{Pos: l.pos(n)}
	hooks := func(h *Hooks, what string) func(*yaml.Node) {
		return func(v *yaml.Node) {
			l.fields(v, what, map[string]func(*yaml.Node){
				"print": func(v *yaml.Node) { l.hook(v, &h.Print, &h.PrintPos) },
				"parse": func(v *yaml.Node) { l.hook(v, &h.Parse, &h.ParsePos) },
			})
		}
	}
	l.fields(n, "text", map[string]func(*yaml.Node){
		"type":      hooks(&t.Type, "text.type"),
		"extra_ops": func(v *yaml.Node) { l.hook(v, &t.ExtraOps, &t.ExtraOpsPos) },
		"attribute": hooks(&t.Attribute, "text.attribute"),
		"module": func(v *yaml.Node) {
			l.fields(v, "text.module", map[string]func(*yaml.Node){
				"to_ops":   func(v *yaml.Node) { l.hook(v, &t.Module.ToOps, &t.Module.ToOpsPos) },
				"from_ops": func(v *yaml.Node) { l.hook(v, &t.Module.FromOps, &t.Module.FromOpsPos) },
			})
		},
		"ops": func(v *yaml.Node) {
			if v.Kind != yaml.MappingNode {
				l.errorf(v, "text.ops must map op names to their hooks")
				return
			}
			t.Ops = map[string]*OpTextHooks{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				k, c := v.Content[i], v.Content[i+1]
				h := &OpTextHooks{Pos: l.pos(k)}
				l.fields(c, "op text hooks", map[string]func(*yaml.Node){
					"print":           func(v *yaml.Node) { l.hook(v, &h.Print, &h.PrintPos) },
					"parse":           func(v *yaml.Node) { l.hook(v, &h.Parse, &h.ParsePos) },
					"result_names":    func(v *yaml.Node) { l.hook(v, &h.ResultNames, &h.ResultNamesPos) },
					"block_arg_names": func(v *yaml.Node) { l.hook(v, &h.BlockArgNames, &h.BlockArgNamesPos) },
				})
				if t.Ops[k.Value] != nil {
					l.errorf(k, "text.ops: op %q twice", k.Value)
				}
				t.Ops[k.Value] = h
			}
		},
	})
	return t
}

// hook reads the name of a hand-written function.
func (l *loader) hook(n *yaml.Node, dst *string, pos *Pos) {
	l.str(n, dst)
	*pos = l.pos(n)
	if !isIdent(*dst) {
		l.errorf(n, "%q is not a Go identifier (the name of a hand-written function)", *dst)
	}
}

// goName reads a Go identifier that overrides a derived Go name.
func (l *loader) goName(n *yaml.Node, dst *string) {
	l.str(n, dst)
	if *dst != "" && !isIdent(*dst) {
		l.errorf(n, "go_name %q is not a Go identifier", *dst)
	}
}

// opTraits reads an op's traits: names, or {name, since, until} for
// traits that exist only in some releases.
func (l *loader) opTraits(n *yaml.Node, o *Op) {
	l.list(n, "traits", func(c *yaml.Node) {
		if c.Kind == yaml.ScalarNode {
			o.Traits = append(o.Traits, c.Value)
			return
		}
		var name string
		var a Availability
		l.fields(c, "trait", l.avail(&a, map[string]func(*yaml.Node){
			"name": func(v *yaml.Node) { l.str(v, &name) },
		}))
		if name == "" {
			l.errorf(c, "trait without a name")
			return
		}
		o.Traits = append(o.Traits, name)
		if o.TraitAvailability == nil {
			o.TraitAvailability = map[string]Availability{}
		}
		o.TraitAvailability[name] = a
	})
}

func (l *loader) layoutSpec(n *yaml.Node) *LayoutSpec {
	s := &LayoutSpec{Pos: l.pos(n)}
	l.fields(n, "layout", map[string]func(*yaml.Node){
		"entries": func(v *yaml.Node) {
			l.list(v, "layout entries", func(c *yaml.Node) {
				e := &LayoutEntry{Pos: l.pos(c)}
				l.fields(c, "layout entry", map[string]func(*yaml.Node){
					"key":     func(v *yaml.Node) { l.str(v, &e.Key) },
					"type":    func(v *yaml.Node) { l.str(v, &e.Type) },
					"default": func(v *yaml.Node) { l.str(v, &e.Default) },
					"doc":     func(v *yaml.Node) { l.str(v, &e.Doc) },
				})
				s.Entries = append(s.Entries, e)
			})
		},
	})
	return s
}
