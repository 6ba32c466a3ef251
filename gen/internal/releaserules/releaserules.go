// Package releaserules derives how a dialect's ops differ between the
// LLVM releases its definitions cover, as data: attributes a release adds
// or drops, the defaults each release populates (all of them: MLIR sets
// them on every op it creates), enums it numbers differently, storage
// that changed, and the hooks ops name (release_hook). The generator
// writes them as a release.Rules table; package interp builds the same
// table at run time. It imports no code generator, so programs that only
// interpret definitions do not link one.
package releaserules

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

// Op is one op's rules.
type Op struct {
	Op    string // without the dialect
	Hook  string // its release_hook, "" without one
	Attrs []Attr
}

// Attr is the rule of one attribute (release.Attr).
type Attr struct {
	Name                           string
	Since, Until                   int
	Populated                      bool
	PopulatedSince, PopulatedUntil int
	// Default is what ODS's default stands for, nil when it cannot be
	// built here; set only for populated attributes.
	Default *Default
	// DefaultText is ODS's default as written, for populated attributes.
	DefaultText string
	Enum        *defs.Enum // renumbered between releases, or with cases added
	Storage     []Storage
	// RenamedFrom is the attribute older releases call this one.
	RenamedFrom string
}

// Storage is an attribute's constraint up to a release (0: the newer
// ones) and the storage it gives; Form names a release.Form, "" where
// the release package converts no such storage.
type Storage struct {
	Until      int
	Form       string
	Constraint string
	// Default is the attribute's default under Constraint, where
	// Default of the Attr, built for one storage, cannot be converted
	// to it.
	Default *Default
}

// Default is an attribute default the release rules can build: what
// ODS's default (a C++ expression) stands for, where the definitions say
// enough.
type Default struct {
	// Kind is "bool" (a BoolAttr of Bool), "int" (an IntegerAttr of Int,
	// Width bits), "string" (a StringAttr of Str), "dense" (an empty
	// DenseArrayAttr of Width-bit integers), "array" (an empty
	// ArrayAttr), "dict" (an empty DictionaryAttr), "attr" (Def, a
	// parameterless attribute of the dialect),
	// "enum" (Def, an attribute of the dialect whose one
	// parameter is an enum, of Case) or "foreign" (the attribute of
	// dialect Dialect holding the case CaseName of its enum EnumName,
	// found at run time: bytecode.EnumAttrs).
	Kind  string
	Bool  bool
	Width int
	Int   int64
	Str   string
	Def   *defs.Def
	Case  *defs.EnumValue

	Dialect, EnumName, CaseName string
}

// storageForms are the constraints of integers (lists, or one), and of
// symbols' names, whose storage the release package converts.
var storageForms = map[string]string{
	"I64ArrayAttr": "ArrayI64", "I32ArrayAttr": "ArrayI32",
	"DenseI64ArrayAttr": "DenseI64", "DenseI32ArrayAttr": "DenseI32",
	"I64Attr": "IntI64", "I32Attr": "IntI32",
	// A symbol's name (SymbolNameAttr) and a reference to it: acc.routine's
	// func_name. A plain string (StrAttr) is not taken for a name: 16's
	// emitc.call named a C function so, where 19's calls a symbol.
	"SymbolNameAttr": "SymbolName",
	"SymbolRefAttr":  "SymbolRef", "FlatSymbolRefAttr": "SymbolRef",
}

// LLVMBound is the LLVM release of a version bound, 0 for none or a bound
// on another axis.
func LLVMBound(v *defs.Version) int { return v.LLVM() }

// Case is one value of an enum a release renumbers (release.Case):
// its value, the values older releases gave it, and the releases that
// have it.
type Case struct {
	Name         string
	Value        uint64
	Older        []defs.ReleaseValue
	Since, Until int
}

// Cases lists e's values with the releases that have them.
func Cases(e *defs.Enum) []Case {
	out := make([]Case, len(e.Values))
	for i, v := range e.Values {
		out[i] = Case{Name: v.Name, Value: v.Value, Older: v.OlderValues, Since: LLVMBound(v.Since), Until: LLVMBound(v.Until)}
	}
	return out
}

// Of derives the rules of every op of m that has any, in op order.
func Of(m *model.Dialect) []Op {
	if m.Format != "mlir" || m.Go.Package == "builtin" {
		return nil
	}
	var out []Op
	for _, op := range m.Ops {
		ro := Op{Op: op.Name, Hook: op.ReleaseHook}
		for _, a := range op.Attributes {
			if r, ok := attrRule(m, a); ok {
				ro.Attrs = append(ro.Attrs, r)
			}
		}
		if len(ro.Attrs) > 0 || op.ReleaseHook != "" {
			out = append(out, ro)
		}
	}
	return out
}

func attrRule(m *model.Dialect, a *defs.OpAttr) (Attr, bool) {
	// Bounds alone are a rule: an attribute inherent where the op was
	// read and undeclared in the target is refused, unless that release
	// reads it from the attribute dictionary (read_outside: 19's affine.if
	// condition), where it then travels.
	r := Attr{Name: a.Name, Since: LLVMBound(a.Since), Until: LLVMBound(a.Until)}
	keep := (r.Since != 0 || r.Until != 0) && !a.ReadOutside
	if a.RenamedFrom != "" {
		r.RenamedFrom, keep = a.RenamedFrom, true
	}
	if e := a.EnumRef; e != nil && renumbered(e) {
		r.Enum, keep = e, true
	}
	// A constraint that changed between releases: the writer converts
	// the storages the release package knows and refuses to carry any
	// other value across the change (see release.Storage).
	known := true
	for _, o := range a.OlderConstraints {
		known = known && storageForms[o.Constraint] != ""
		r.Storage = append(r.Storage, Storage{Until: o.Until, Form: storageForms[o.Constraint], Constraint: o.Constraint})
	}
	if len(r.Storage) > 0 {
		known = known && storageForms[a.Constraint] != ""
		r.Storage, keep = append(r.Storage, Storage{Form: storageForms[a.Constraint], Constraint: a.Constraint}), true
	}
	// Every populated attribute has a rule, bounded or not: MLIR sets its
	// default on every op it creates, and so do the parser, the reader and
	// the builders here.
	if a.Populated {
		release := 0
		if pa := a.PopulatedAt; pa != nil {
			r.PopulatedSince, r.PopulatedUntil = LLVMBound(pa.Since), LLVMBound(pa.Until)
			release = r.PopulatedUntil
		} else if r.Until != 0 {
			release = r.Until
		}
		if d, null := defaultOf(m, a, a.ConstraintAt(release)); !null {
			if !known {
				// One default converted to no other storage would be
				// wrong where the constraint differs: each constraint
				// gets its own (apply_registered_pass's options: "" in
				// 19, {} in 22).
				for i := range r.Storage {
					r.Storage[i].Default, _ = defaultOf(m, a, r.Storage[i].Constraint)
				}
				d = nil
			}
			r.Populated, r.Default, r.DefaultText, keep = true, d, a.Default, true
		}
	}
	return r, keep
}

// renumbered reports whether releases number an enum's cases differently,
// or a release added cases: one written for an older release is refused
// (an integer its enum does not name, which its reader refuses). A case
// a release dropped is no reason: its number may live on under another
// name (LLVM 22 calls transform's VectorContractLowering 1 LLVMIntr,
// which the definitions leave out as an alias of Matmul).
func renumbered(e *defs.Enum) bool {
	for _, v := range e.Values {
		if len(v.OlderValues) > 0 || LLVMBound(v.Since) != 0 {
			return true
		}
	}
	return false
}

// defaultOf is the default of a for the rules: builtin integers and
// booleans, empty integer lists, and cases of an enum attribute of the
// dialect. null reports a default that is no attribute at all ("{}" of
// an attribute that is not a list), which nobody populates.
func defaultOf(m *model.Dialect, a *defs.OpAttr, constraint string) (def *Default, null bool) {
	d := strings.TrimSpace(a.Default)
	switch constraint {
	case "BoolAttr", "I1Attr":
		switch d {
		case "false", "0":
			return &Default{Kind: "bool"}, false
		case "true", "1":
			return &Default{Kind: "bool", Bool: true}, false
		}
	case "StrAttr":
		if d == "{}" {
			// A value-initialized StringRef.
			return &Default{Kind: "string"}, false
		}
		// A C++ string literal (the importer writes an op's
		// getOperationName() as one); one with escapes, or any other
		// expression, is left alone.
		if len(d) >= 2 && d[0] == '"' && d[len(d)-1] == '"' && !strings.ContainsAny(d[1:len(d)-1], "\\\"") {
			return &Default{Kind: "string", Str: d[1 : len(d)-1]}, false
		}
		return nil, false
	case "I8Attr", "I16Attr", "I32Attr", "I64Attr":
		w, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(constraint, "I"), "Attr"))
		if d == "{}" {
			// A value-initialized integer (split_reduction's split_factor).
			d = "0"
		}
		// static_cast<uint64_t>(-1): the integer's bits are the same.
		if rest, ok := strings.CutPrefix(d, "static_cast<"); ok && strings.HasSuffix(rest, ")") {
			if _, arg, ok := strings.Cut(rest, ">("); ok {
				d = strings.TrimSuffix(arg, ")")
			}
		}
		if v, err := strconv.ParseInt(d, 0, 64); err == nil {
			return &Default{Kind: "int", Width: w, Int: v}, false
		}
	}
	if d == "{}" {
		switch {
		case constraint == "DictionaryAttr":
			return &Default{Kind: "dict"}, false
		case strings.HasPrefix(constraint, "Dense") && strings.HasSuffix(constraint, "ArrayAttr"):
			w, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(constraint, "DenseI"), "ArrayAttr"))
			if err != nil {
				return nil, false
			}
			return &Default{Kind: "dense", Width: w}, false
		case strings.HasSuffix(constraint, "ArrayAttr"), constraint == "TypedArrayAttrBase":
			// (An anonymous TypedArrayAttrBase is an ArrayAttr too:
			// structured.pad's transpose_paddings.)
			return &Default{Kind: "array"}, false
		}
		// An enum attribute's empty value: the case numbered 0 (a bit
		// enum's none: LLVM 22 populates #llvm.fastmath<none>).
		if def := enumAttrOf(m, constraint, ""); def != nil {
			for _, v := range def.Params[0].Param.Type.Enum.Values {
				if v.Value == 0 {
					return &Default{Kind: "enum", Def: def.Def, Case: v}, false
				}
			}
		}
		return nil, true
	}
	// A parameterless attribute of the dialect, as its builder call
	// (::mlir::ub::PoisonAttr::get($_builder.getContext())).
	if call, ok := strings.CutSuffix(d, "::get($_builder.getContext())"); ok {
		parts := strings.Split(strings.TrimPrefix(call, "::"), "::")
		if n := len(parts); n >= 2 && parts[n-2] == m.Name {
			for _, def := range m.Attributes {
				if def.Name == parts[n-1] && len(def.Params) == 0 {
					return &Default{Kind: "attr", Def: def}, false
				}
			}
		}
		return nil, false
	}
	// An enum case, Enum::Case with any namespace before it, of an
	// attribute definition whose one parameter is that enum.
	parts := strings.Split(d, "::")
	if len(parts) < 2 {
		return nil, false
	}
	enumName, caseName := parts[len(parts)-2], parts[len(parts)-1]
	if e := a.EnumRef; e != nil && e.Name == enumName && e.Width > 0 {
		// A case held as an integer (LLVM's ordering = 0 : i64).
		for _, v := range e.Values {
			if v.Name == caseName && v.Value < 1<<63 {
				return &Default{Kind: "int", Width: e.Width, Int: int64(v.Value)}, false
			}
		}
		return nil, false
	}
	found := enumAttrOf(m, constraint, enumName)
	if found == nil {
		// A case of another dialect's enum (::mlir::arith::FastMathFlags::
		// none in math): its attribute is found at run time, by name.
		if len(parts) >= 3 && token.IsIdentifier(caseName) {
			if d := strings.ToLower(parts[len(parts)-3]); d != "" && d != "mlir" && d != m.Name {
				return &Default{Kind: "foreign", Dialect: d, EnumName: enumName, CaseName: caseName}, false
			}
		}
		return nil, false
	}
	e := found.Params[0].Param.Type.Enum
	for _, v := range e.Values {
		if v.Name == caseName {
			return &Default{Kind: "enum", Def: found.Def, Case: v}, false
		}
	}
	return nil, false
}

// enumAttrOf is the attribute definition of m whose one parameter is an
// enum (named enumName, or any with enumName "") that constraint names:
// with an enum name, the one whose name ends the constraint after "_" if
// several hold the enum, else any; without, only that one.
func enumAttrOf(m *model.Dialect, constraint, enumName string) *model.Def {
	var found *model.Def
	for _, cand := range oneEnumAttrs(m) {
		if enumName != "" && cand.Params[0].Param.Type.Enum.Name != enumName {
			continue
		}
		named := constraint == cand.Name || strings.HasSuffix(constraint, "_"+cand.Name)
		switch {
		case named:
			return cand
		case enumName != "" && found == nil:
			found = cand
		}
	}
	return found
}

// oneEnumAttrs lists m's attribute definitions whose one parameter is an
// enum, in definition order.
func oneEnumAttrs(m *model.Dialect) []*model.Def {
	var out []*model.Def
	for _, a := range m.Attrs {
		if len(a.Params) == 1 && !a.Distinct && a.Params[0].Param.Type.Kind == defs.RefEnum {
			out = append(out, a)
		}
	}
	return out
}

// EnumAttr is the attribute definition that holds an enum's cases for
// another dialect's defaults, which name only the enum and the case.
type EnumAttr struct {
	Enum *defs.Enum
	Def  *defs.Def
}

// EnumAttrs lists, for each enum an attribute definition of one
// parameter holds in an MLIR dialect, the first such definition: what the
// dialect's EnumAttr (bytecode.EnumAttrs) builds, generated or
// interpreted.
func EnumAttrs(m *model.Dialect) []EnumAttr {
	if m.Format != "mlir" {
		return nil
	}
	var out []EnumAttr
	seen := map[*defs.Enum]bool{}
	for _, a := range oneEnumAttrs(m) {
		if e := a.Params[0].Param.Type.Enum; !seen[e] {
			seen[e] = true
			out = append(out, EnumAttr{Enum: e, Def: a.Def})
		}
	}
	return out
}
