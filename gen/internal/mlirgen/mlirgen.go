// Package mlirgen is the MLIR backend of the generator: attribute and type
// values with uniquing constructors and accessors, the bytecode codecs,
// the text forms, op wrappers, builders and op schemas over runtime/ir and
// runtime/bytecode. It only emits: names, Go types and versions come from
// the model, and the loader has checked the definition.
package mlirgen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/gofile"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/releaserules"
)

type gen struct {
	m *model.Dialect
	// rules are the release rules of the dialect's ops (releaserules.Of);
	// populates, the ops whose builders populate defaults.
	rules     []releaserules.Op
	populates map[string]bool
}

// Files returns the emitter of each generated file, by file name without
// the suffix.
func Files(m *model.Dialect) map[string]func(*jen.File) {
	g := &gen{m: m, rules: releaserules.Of(m)}
	g.populates = populatedOps(g.rules)
	files := map[string]func(*jen.File){"dialect": g.genDialect}
	if len(m.Enums) > 0 || len(m.Structs) > 0 {
		files["enums"] = g.genEnumsAndStructs
	}
	if len(m.Attributes) > 0 {
		files["attributes"] = func(f *jen.File) {
			g.genDefs(f, m.Attrs)
			g.genEnumAttrs(f)
			g.genAvailability(f, m.Attributes, false)
		}
	}
	if len(m.Dialect.Types) > 0 {
		files["types"] = func(f *jen.File) {
			g.genDefs(f, m.Types)
			g.genAvailability(f, m.Dialect.Types, true)
		}
	}
	if m.HasBytecode() {
		files["bytecode"] = g.genBytecode
	}
	if g.hasLayouts() {
		files["layout"] = g.genLayouts
	}
	if m.HasText() || g.hasAsmForms() {
		files["text"] = g.genText
	}
	if len(m.Ops) > 0 {
		files["ops"] = g.genOps
	}
	if g.hasVersions() {
		files["versions"] = g.genVersions
	}
	if g.hasReleaseRules() {
		files["release"] = g.genRelease
	}
	if g.hasHookTable() {
		files["hooktable"] = g.genHookTable
	}
	return files
}

// goType is the Go type holding a value of t.
func (g *gen) goType(t *defs.TypeRef) *jen.Statement { return gofile.TypeCode(g.m.GoType(t)) }

// recv is the receiver name used for a definition's methods.
func recv(def *defs.Def) string {
	if def.IsType {
		return "t"
	}
	return "a"
}

func (g *gen) hasOpSchemas() bool { return len(g.m.Ops) > 0 }

func (g *gen) genDialect(f *jen.File) {
	d := g.m
	f.Comment(fmt.Sprintf("Dialect is the %s dialect. Register it with ir.NewContext or", d.Name))
	f.Comment("Context.Register to make its codecs and text forms available.")
	f.Var().Id("Dialect").Op("=").Id("dialect").Values()
	f.Type().Id("dialect").Struct()
	f.Comment("Name is the dialect namespace.")
	f.Func().Params(jen.Id("dialect")).Id("Name").Params().String().Block(jen.Return(jen.Lit(d.Name)))
	if d.Versions != nil && len(d.Versions.Releases) > 0 {
		f.Comment("Releases lists the producer releases whose encodings the definitions describe.")
		var rs []jen.Code
		for _, r := range d.Versions.Releases {
			rs = append(rs, jen.Lit(r))
		}
		f.Var().Id("Releases").Op("=").Index().Int().Values(rs...)
		f.Comment("OldestRelease is the oldest of Releases, as bytecode.DescribedReleases.")
		f.Func().Params(jen.Id("dialect")).Id("OldestRelease").Params().Int().Block(jen.Return(jen.Id("Releases").Index(jen.Lit(0))))
		f.Var().Id("_").Qual(model.Bytecode, "DescribedReleases").Op("=").Id("Dialect")
	}
	if g.hasOpSchemas() {
		g.genOpSchemas(f)
	}
	var checks []jen.Code
	checks = append(checks, jen.Id("_").Qual(model.IR, "Dialect").Op("=").Id("Dialect"))
	if d.HasBytecode() {
		checks = append(checks,
			jen.Id("_").Qual(model.Bytecode, "AttrCodec").Op("=").Id("Dialect"),
			jen.Id("_").Qual(model.Bytecode, "TypeCodec").Op("=").Id("Dialect"))
	}
	if d.HasText() || g.hasAsmForms() {
		checks = append(checks, jen.Id("_").Qual(model.Bytecode, "TextCodec").Op("=").Id("Dialect"))
	}
	if g.hasOpSchemas() {
		checks = append(checks, jen.Id("_").Qual(model.Bytecode, "OpSchemas").Op("=").Id("Dialect"))
	}
	f.Var().Defs(checks...)
}
