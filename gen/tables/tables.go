// Package tables gives what the generator writes into a dialect package
// as data rather than code: the op table, the release rules and the list
// of hand-written hooks, computed by the same code the generator uses.
// Package interp builds the generated tables from them at run time.
//
// It imports no code generator (no jennifer, no go/format), so a program
// that interprets definitions, such as mlirbc, does not link one.
package tables

import (
	"strings"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/gen/internal/model"
	"github.com/dialectgen/dialectgen/gen/internal/optable"
	"github.com/dialectgen/dialectgen/gen/internal/releaserules"
)

// OpTable returns the text of d's op table (bytecode.NewOpTable) and the
// native property forms its lines refer to by index, each the form of
// the line's releases followed by the other releases' forms: what the
// generated OpSchema method looks ops up in.
func OpTable(d *defs.Dialect) (text string, natives [][]*defs.NativeProperty) {
	lines, natives := optable.Lines(d.Ops)
	return "\n" + strings.Join(lines, "\n") + "\n", natives
}

// Release rules as data (see ReleaseRules).
type (
	ReleaseOp      = releaserules.Op
	ReleaseAttr    = releaserules.Attr
	ReleaseDefault = releaserules.Default
	ReleaseStorage = releaserules.Storage
	ReleaseCase    = releaserules.Case
)

// ReleaseRules describes how d's ops differ between LLVM releases, as
// the generated ConvertOp's rules (release.Rules) have it, with the
// defaults described rather than built: the rules of every op that has
// any, in op order.
func ReleaseRules(d *defs.Dialect) []ReleaseOp {
	return releaserules.Of(model.New(d, ""))
}

// EnumAttr is the attribute definition that holds an enum's cases for
// another dialect's defaults (see EnumAttrs).
type EnumAttr = releaserules.EnumAttr

// EnumAttrs lists, for each enum of d an attribute definition of one
// parameter holds, the first such definition: what the generated EnumAttr
// builds (bytecode.EnumAttrs).
func EnumAttrs(d *defs.Dialect) []EnumAttr { return releaserules.EnumAttrs(model.New(d, "")) }

// ReleaseCases lists the values of an enum the release rules renumber,
// with the LLVM releases that have each.
func ReleaseCases(e *defs.Enum) []ReleaseCase { return releaserules.Cases(e) }

// Hook is a hand-written function a definition names, which only
// compiled code can call.
type Hook struct {
	Pos  defs.Pos
	What string // the key that names it: "custom TileRange", "verify X"
	Name string // the Go function
}

// Hooks lists the hand-written functions d's generated code calls, in
// definition order.
func Hooks(d *defs.Dialect) []Hook {
	m := model.New(d, "")
	var out []Hook
	for _, h := range append(m.Hooks(), m.PropertyHooks()...) {
		out = append(out, Hook{Pos: h.Pos, What: h.What, Name: h.Name})
	}
	return out
}
