// Package tilegen is the Tile IR backend of the generator: typed Go over
// runtime/tileir. Each type and attribute tag becomes a struct with its
// payload codec, each enum a uint32 with its keywords and versions, each op
// a struct with a builder, accessors and one Code method that lists its
// attributes and operands in wire order for tileir.Coder (which reads,
// writes, lists and prints them), and the dialect a table for
// tileir.NewDialect. The wire rules are NVIDIA's generated C++ codecs',
// implemented once in runtime/tileir; the definition says which parts an
// op has, with their flag bits and versions.
package tilegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
)

type gen struct {
	m *model.Dialect
}

// Files returns the emitter of each generated file, by file name without
// the suffix.
func Files(m *model.Dialect) map[string]func(*jen.File) {
	g := &gen{m: m}
	files := map[string]func(*jen.File){"dialect": g.genDialect}
	if len(m.Enums) > 0 || len(m.Structs) > 0 {
		files["enums"] = g.genEnums
	}
	if len(m.Types) > 0 {
		files["types"] = func(f *jen.File) { g.genDefs(f, m.Types) }
	}
	if len(m.Attrs) > 0 {
		files["attributes"] = func(f *jen.File) { g.genDefs(f, m.Attrs) }
	}
	if len(m.Ops) > 0 {
		files["ops"] = g.genOps
	}
	if hasText(m) {
		files["text"] = g.genText
	}
	return files
}

func qual(name string) *jen.Statement { return jen.Qual(model.TileIR, name) }

// version refers to one of the format versions the dialect declares
// (v13_2); genDialect declares them.
func version(v *defs.Version) *jen.Statement { return jen.Id(versionVar(v)) }

func versionVar(v *defs.Version) string {
	parts := make([]string, len(v.Parts))
	for i, p := range v.Parts {
		parts[i] = fmt.Sprint(p)
	}
	for len(parts) < 2 {
		parts = append(parts, "0")
	}
	return "v" + strings.Join(parts, "_")
}

func versionText(v *defs.Version) string { return strings.TrimPrefix(v.String(), v.Axis+" ") }

// atLeast is the condition that the version of x (a Decoder or Encoder) is
// at least v.
func atLeast(x string, v *defs.Version) *jen.Statement {
	maj, min := 0, 0
	if len(v.Parts) > 0 {
		maj = v.Parts[0]
	}
	if len(v.Parts) > 1 {
		min = v.Parts[1]
	}
	return jen.Id(x).Dot("Version").Call().Dot("AtLeast").Call(jen.Lit(maj), jen.Lit(min))
}

// sentence starts a doc comment's clause with summary: lower-cased unless
// it starts with an acronym ("MMA"), without a final period.
func sentence(summary string) string {
	s := strings.TrimSuffix(strings.TrimSpace(summary), ".")
	if len(s) > 1 && s[1] >= 'a' && s[1] <= 'z' {
		s = strings.ToLower(s[:1]) + s[1:]
	}
	return s
}
