package model

import (
	"slices"

	"github.com/dialectgen/dialectgen/defs"
)

// Op is an op with the Go types of its parts, its builder's parameter
// names and, for Tile IR, its version gates and flag bits.
type Op struct {
	*defs.Op
	// Full is the op's full name, "arith.addi".
	Full       string
	Operands   []*Value
	Results    []*Value
	Attrs      []*Attr
	Regions    []*Region
	Successors []*Successor
	// OperandSegments and ResultSegments are the AttrSizedOperandSegments
	// and AttrSizedResultSegments traits.
	OperandSegments, ResultSegments bool
	// OperandLayouts and ResultLayouts are, for segmented groups that
	// differ between releases, each release's groups as their places in
	// the definition (Value.ID), the layout release's first; nil where
	// every release has the same groups.
	OperandLayouts, ResultLayouts []GroupLayout

	// Tile IR. Since is the version that added the op. Flags holds the
	// flag bit of each flagged part by name; FlagsSince is the version from
	// which the flags word is written, nil when it is as old as the op.
	// Counted says the op has a variadic operand or result group, so the
	// result count is written: cuda-tile's generated code writes it when
	// ODS's Operator::isVariadic holds, which Optional groups do not make
	// true.
	Since      *defs.Version
	Flags      map[string]int
	FlagsSince *defs.Version
	Counted    bool
}

// Value is an operand or result group.
type Value struct {
	*defs.Operand
	// Param is the builder's parameter: the operand, or the result's type
	// (types for a variadic or optional group).
	Param string
	// Since is the version that added the part when it is newer than the
	// op (Tile IR), else nil.
	Since *defs.Version
	// ID is the group's place among all the definition's groups.
	ID int
}

// Attr is an inherent attribute.
type Attr struct {
	*defs.OpAttr
	Param string
	// Type is the Go type of the attribute's value in op structs and
	// builders.
	Type  Type
	Since *defs.Version
}

// Region is a region of an op.
type Region struct {
	*defs.RegionDef
	Param string
}

// layoutRelease is the LLVM release whose layout of o's values the
// accessors and builder follow: the newest (0), or the last that has o.
func layoutRelease(o *defs.Op) int {
	if v := o.Until; v != nil && v.Axis == "llvm" {
		return v.Parts[0]
	}
	return 0
}

// GroupLayout is the groups of values some LLVM releases lay out: their
// places among the definition's groups, in order.
type GroupLayout struct {
	// Releases are the releases the definitions describe (and the one
	// below the oldest, for all older ones) that lay out these groups.
	Releases []int
	Places   []int
}

// groupLayouts returns the groups of parts that each LLVM release of o
// (known: those the definitions describe, oldest first) lays out where
// its segment trait holds, in its order (orders), as their places in
// parts, the layout release's first; nil when they are the same in every
// release.
func groupLayouts(o *defs.Op, parts []*defs.Operand, orders []*defs.GroupOrder, trait string, layout int, known []int) []GroupLayout {
	at := func(r int) []int { return defs.GroupsAt(parts, orders, r) }
	// The releases the definitions describe, and one below the oldest:
	// the older releases, which lack what the oldest added.
	var releases []int
	if len(known) > 0 {
		releases = append(slices.Clone(known), known[0]-1)
	}
	// Releases whose groups are not the definition's have a layout of
	// none: the accessors find no group in an op read from them.
	unknown := 0
	if u := o.UnknownGroupsUntil; u != nil {
		if unknown = u.Parts[0]; !slices.Contains(releases, unknown) {
			releases = append(releases, unknown)
		}
	}
	layouts := []GroupLayout{{Places: at(layout)}}
	if layout != 0 {
		layouts[0].Releases = []int{layout}
	}
	for _, r := range releases {
		if r <= 0 || r == layout || !o.AtLLVM(r) || !o.TraitAvailability[trait].AtLLVM(r) {
			continue
		}
		ids := at(r)
		if r <= unknown {
			ids = []int{}
		}
		if i := slices.IndexFunc(layouts, func(l GroupLayout) bool { return slices.Equal(l.Places, ids) }); i >= 0 {
			layouts[i].Releases = append(layouts[i].Releases, r)
			continue
		}
		layouts = append(layouts, GroupLayout{Releases: []int{r}, Places: ids})
	}
	if len(layouts) == 1 {
		return nil
	}
	for _, l := range layouts {
		slices.Sort(l.Releases)
	}
	return layouts
}

// Successor is a successor block of a terminator.
type Successor struct {
	*defs.Successor
	Param string
}

func (m *Dialect) newOp(o *defs.Op) *Op {
	tile := m.Format == "tileir"
	// The accessors and the builder describe the op as the newest LLVM
	// release that has it lays it out (its layout release): the groups
	// of values of that release, in its order. A group only older
	// releases have would shift the groups after it, which the builder
	// would then make an op of no release's layout, and the accessors
	// read in the wrong place.
	at := layoutRelease(o)
	present := func(a defs.Availability) bool { return tile || a.AtLLVM(at) }
	segmented := func(trait string) bool {
		return defs.HasTrait(o.Traits, trait) && present(o.TraitAvailability[trait])
	}
	op := &Op{Op: o, Full: m.Name + "." + o.Name,
		OperandSegments: segmented("AttrSizedOperandSegments"),
		ResultSegments:  segmented("AttrSizedResultSegments"),
	}
	// Builder parameters: the builder (and location) first, then one per
	// part, unique in the signature.
	used := map[string]bool{"b": true, "loc": true, "o": true, "op": true, "types": true}
	param := func(name string) string {
		for used[name] {
			name += "_"
		}
		used[name] = true
		return name
	}
	newer := func(a defs.Availability) *defs.Version {
		if tile && a.Since != nil && o.Since != nil && a.Since.Compare(*o.Since) > 0 {
			return a.Since
		}
		return nil
	}
	for i, r := range o.Results {
		if !present(r.Availability) {
			continue
		}
		p := Local(r.GoName) + "Type"
		if r.Variadic || r.Optional {
			p += "s"
		}
		op.Results = append(op.Results, &Value{Operand: r, Param: param(p), Since: newer(r.Availability), ID: i})
	}
	for i, v := range o.Operands {
		if !present(v.Availability) {
			continue
		}
		op.Operands = append(op.Operands, &Value{Operand: v, Param: param(Local(v.GoName)), Since: newer(v.Availability), ID: i})
	}
	if !tile && m.Versions != nil {
		if op.OperandSegments {
			op.OperandLayouts = groupLayouts(o, o.Operands, o.OperandOrder, "AttrSizedOperandSegments", at, m.Versions.Releases)
		}
		if op.ResultSegments {
			op.ResultLayouts = groupLayouts(o, o.Results, o.ResultOrder, "AttrSizedResultSegments", at, m.Versions.Releases)
		}
	}
	for _, a := range o.Attributes {
		op.Attrs = append(op.Attrs, &Attr{OpAttr: a, Param: param(Local(a.GoName)), Type: m.attrType(a), Since: newer(a.Availability)})
	}
	for _, s := range o.Successors {
		if !present(s.Availability) {
			continue
		}
		op.Successors = append(op.Successors, &Successor{Successor: s, Param: param(Local(s.GoName))})
	}
	for _, r := range o.Regions {
		if !present(r.Availability) {
			continue
		}
		p := Local(r.GoName)
		if r.Variadic && !tile {
			p += "Count"
		}
		op.Regions = append(op.Regions, &Region{RegionDef: r, Param: param(p)})
	}
	if !tile {
		return op
	}
	op.Since = o.Since
	op.Flags = map[string]int{}
	for _, f := range o.Bytecode.Flags {
		op.Flags[f.Name] = f.Bit
		if f.Since != nil && (op.FlagsSince == nil || f.Since.Compare(*op.FlagsSince) < 0) {
			op.FlagsSince = f.Since
		}
	}
	if op.FlagsSince != nil && op.FlagsSince.Compare(*o.Since) <= 0 {
		op.FlagsSince = nil
	}
	for _, l := range [][]*defs.Operand{o.Operands, o.Results} {
		for _, x := range l {
			op.Counted = op.Counted || x.Variadic
		}
	}
	return op
}

// attrType is the Go type of an op attribute's value. MLIR ops hold
// attributes; Tile IR ops hold inline values, pointers when an optional
// value cannot be nil, and dense values as tileir.Dense.
func (m *Dialect) attrType(a *defs.OpAttr) Type {
	t := m.GoType(a.Type)
	if m.Format != "tileir" {
		return t
	}
	if a.Type.Kind == defs.RefBytes {
		t = Named(TileIR, "Dense")
		if a.Optional {
			return PointerTo(t)
		}
		return t
	}
	if a.Optional && a.Type.Kind != defs.RefUnit && !Nilable(a.Type) {
		return PointerTo(t)
	}
	return t
}

// Many reports whether the group holds any number of values (variadic
// or optional).
func (v *Value) Many() bool { return v.Operand.Variadic || v.Optional }
