package mlirtext_test

import (
	"sort"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// delegated lists what in m this package cannot vouch for: values of
// other dialects held as typed Go values, which print through their
// dialect's textual form (issue 13), text of dialects that encode such
// values in binary (parsed text stays text until the dialect reads it),
// and ops of LLVM's test dialect. A file that holds none must print and
// convert exactly.
func delegated(m *mlirbc.Module) []string {
	found := map[string]bool{}
	seen := map[any]bool{}
	var attr func(a ir.Attribute)
	var typ func(t ir.Type)
	attr = func(a ir.Attribute) {
		if a == nil || seen[a] {
			return
		}
		seen[a] = true
		switch a := a.(type) {
		case *ir.TextAttr:
			if _, coded := a.Context().Dialect(a.Dialect()).(bytecode.AttrCodec); coded {
				found["text of "+a.Dialect()+" that its codec would encode"] = true
			}
		case *builtin.ArrayAttr:
			for _, x := range a.Value() {
				attr(x)
			}
		case *builtin.DictionaryAttr:
			for _, x := range a.Value() {
				attr(x.Value)
			}
		case *builtin.TypeAttr:
			typ(a.Value())
		case *builtin.DistinctAttr:
			attr(a.ReferencedAttr())
		case *builtin.StringAttr:
			typ(a.Type())
		case *builtin.IntegerAttr:
			typ(a.Type())
		case *builtin.FloatAttr:
			typ(a.Type())
		case *builtin.DenseIntOrFPElementsAttr:
			typ(a.Type())
		case *builtin.DenseStringElementsAttr:
			typ(a.Type())
		case *builtin.DenseResourceElementsAttr:
			typ(a.Type())
		case *builtin.SparseElementsAttr:
			typ(a.Type())
		case *builtin.DenseArrayAttr:
			typ(a.ElementType())
		default:
			if a.Dialect() != "builtin" {
				found[a.Dialect()+"."+a.Kind()] = true
			}
		}
	}
	typ = func(t ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *ir.TextType:
			if _, coded := t.Context().Dialect(t.Dialect()).(bytecode.TypeCodec); coded {
				found["text of "+t.Dialect()+" that its codec would encode"] = true
			}
		case *builtin.RankedTensorType:
			typ(t.ElementType())
			attr(t.Encoding())
		case *builtin.UnrankedTensorType:
			typ(t.ElementType())
		case *builtin.VectorType:
			typ(t.ElementType())
		case *builtin.MemRefType:
			typ(t.ElementType())
			attr(t.Layout())
			attr(t.MemorySpace())
		case *builtin.UnrankedMemRefType:
			typ(t.ElementType())
			attr(t.MemorySpace())
		case *builtin.ComplexType:
			typ(t.ElementType())
		case *builtin.TupleType:
			for _, x := range t.Types() {
				typ(x)
			}
		case *builtin.FunctionType:
			for _, x := range t.Inputs() {
				typ(x)
			}
			for _, x := range t.Results() {
				typ(x)
			}
		default:
			if t.Dialect() != "builtin" {
				found[t.Dialect()+"."+t.Kind()] = true
			}
		}
	}
	m.Op.Walk(func(op *ir.Operation) bool {
		if op.Name().Dialect == "test" {
			// Debian's mlir-opt registers LLVM's test dialect (and writes
			// its version); no definitions of it are here.
			found["ops of the test dialect"] = true
		}
		for _, a := range op.Attrs() {
			attr(a.Value)
		}
		attr(op.Properties())
		for _, v := range op.Results() {
			typ(v.Type())
		}
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, v := range b.Args() {
					typ(v.Type())
				}
			}
		}
		return true
	})
	var out []string
	for k := range found {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
