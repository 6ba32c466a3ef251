package mlirgen

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/optable"
)

// genOpSchemas emits the dialect's op table (parsed on first use) and the
// OpSchema method that looks ops up in it.
func (g *gen) genOpSchemas(f *jen.File) {
	var ops []*defs.Op
	for _, o := range g.m.Ops {
		ops = append(ops, o.Op)
	}
	lines, natives := optable.Lines(ops)
	args := []jen.Code{jen.Lit(g.m.Name), jen.Id("opTableText")}
	for _, forms := range natives {
		// builtin.IntProp(…) or builtin.HookProp(hookAttr, …): the package
		// is qualified, the rest written as is.
		fn, rest, _ := strings.Cut(optable.NativeExpr(forms), "(")
		args = append(args, jen.Qual(model.Builtin, strings.TrimPrefix(fn, "builtin.")).Op("("+rest))
	}
	f.Comment("opTableText describes the op schemas, one line per op and range of")
	f.Comment("releases with the same layout (see bytecode.OpTable).")
	f.Const().Id("opTableText").Op("=").Op("`\n" + strings.Join(lines, "\n") + "\n`")
	f.Var().Id("opTable").Op("=").Qual(model.Bytecode, "NewOpTable").Call(args...)
	f.Comment("OpSchema returns what the bytecode container needs to know about an op")
	f.Comment("(its name without the dialect prefix) at an LLVM release, 0 meaning the")
	f.Comment("newest: its structural traits (isolation, graph regions, terminators) and")
	f.Comment("the layout of its properties.")
	f.Comment("It returns nil for ops the dialect does not have at that release. The")
	f.Comment("schemas are shared: do not modify them.")
	f.Func().Params(jen.Id("dialect")).Id("OpSchema").Params(jen.Id("op").String(), jen.Id("release").Int()).Op("*").Qual(model.Bytecode, "OpSchema").Block(
		jen.Return(jen.Id("opTable").Dot("Lookup").Call(jen.Id("op"), jen.Id("release"))),
	)
	f.Comment("OpReleases says which LLVM releases have an op, false for one the dialect")
	f.Comment("does not define, as bytecode.OpReleases.")
	f.Func().Params(jen.Id("dialect")).Id("OpReleases").Params(jen.Id("op").String()).Params(jen.String(), jen.Bool()).Block(
		jen.Return(jen.Id("opTable").Dot("Releases").Call(jen.Id("op"))),
	)
	f.Var().Id("_").Qual(model.Bytecode, "OpReleases").Op("=").Id("Dialect")
	if slices.ContainsFunc(ops, func(o *defs.Op) bool { return len(o.OlderNames) > 0 }) {
		f.Comment("OpNameAt gives the name release gives the op that some release names op")
		f.Comment("(older releases named some ops otherwise), as bytecode.OpNames.")
		f.Func().Params(jen.Id("dialect")).Id("OpNameAt").Params(jen.Id("op").String(), jen.Id("release").Int()).Params(jen.String(), jen.Bool()).Block(
			jen.Return(jen.Id("opTable").Dot("NameAt").Call(jen.Id("op"), jen.Id("release"))),
		)
		f.Var().Id("_").Qual(model.Bytecode, "OpNames").Op("=").Id("Dialect")
	}
}
