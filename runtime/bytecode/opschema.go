package bytecode

import (
	"fmt"
	"slices"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// OpSchema is what the container needs to know about a registered op at
// one LLVM release: whether it is isolated from above, and the layout of
// its properties entry (bytecode v5+). Generated dialect packages build
// these from op definitions imported from upstream ODS records.
type OpSchema struct {
	// Name is the full op name, e.g. "func.func".
	Name string
	// Isolated is the IsolatedFromAbove trait.
	Isolated bool
	// GraphRegions is the HasOnlyGraphRegion trait: the op's regions are
	// graph regions, whose values need not dominate their uses.
	GraphRegions bool
	// Terminator is the IsTerminator trait (ODS Terminator): the op may
	// end a block. NoTerminator lets the op's single-block regions end
	// with any op, or be empty.
	Terminator   bool
	NoTerminator bool
	// Symbol says the op defines a symbol (the Symbol trait, or an
	// interface built on it such as FunctionOpInterface); SymbolTable
	// that the symbols in its region are named uniquely. MLIR refuses a
	// symbol whose parent is a registered op that is not a symbol table.
	Symbol      bool
	SymbolTable bool
	// Declaration says when a symbol op declares its symbol, which MLIR
	// refuses to be public.
	Declaration ir.Declaration
	// Counts bounds how many operands, results, regions and successors
	// the op has; nil where the table does not say.
	Counts *ir.OpCounts
	// Parents are the ops that may hold this one (MLIR's HasParent), by
	// full name; nil for any.
	Parents []string
	// Properties lists the op's inherent attributes and native properties
	// in wire order: attributes sorted by name, then native properties in
	// declaration order. Empty when the op has none.
	Properties []PropField
	// OperandSegments and ResultSegments are the AttrSizedOperandSegments
	// and AttrSizedResultSegments traits: the sizes travel in the
	// properties entry (v5+) or as a dictionary entry (v<5).
	OperandSegments bool
	ResultSegments  bool
	// UnknownGroups says that the release splits the op's values into
	// segment groups otherwise than the definitions describe (LLVM 16's
	// acc.data): its segment sizes cannot be converted to or from
	// another release's.
	UnknownGroups bool
	// OperandGroups and ResultGroups count the op's operand and result
	// groups: the length of its segment-size arrays, which the sparse v6
	// encoding does not write.
	OperandGroups int
	ResultGroups  int
	// OperandIDs and ResultIDs are the places of those groups among all
	// the groups the op has in any release (the definition's list), or
	// nil where this release has them all in the definition's order: a
	// writer converting an op between releases moves each group's size,
	// and its values, by them (SegmentsFor).
	OperandIDs []int
	ResultIDs  []int
	// Implicit names (in the op's dialect) the op that the op's
	// single-block regions end with in this release where others have
	// none, or "": one parsers add (SingleBlockImplicitTerminator:
	// gpu.module's module_end) or one the release needs written (the
	// definitions' ends_with: omp.wsloop's omp.terminator in LLVM 19). A
	// writer converting the op to a release that has none drops it, and
	// adds it for one that has.
	Implicit string
	// Absent lists the inherent attributes the op has in other releases
	// only: written for this one, such an attribute would be read as a
	// discardable one, so writers refuse it.
	Absent []AbsentAttr
}

// AbsentAttr is an inherent attribute of an op in releases From to To
// (inclusive; 0 for no bound), not in the schema's.
type AbsentAttr struct {
	Name     string
	From, To int
}

// Releases says which LLVM releases have the attribute: "LLVM 22 or
// newer", "LLVM 19 to 21", "LLVM 17 or older".
func (a AbsentAttr) Releases() string { return ReleasesText(a.From, a.To) }

// ReleaseName names an LLVM release as version errors do: "LLVM 19", or
// for 0 "the newest LLVM release".
func ReleaseName(release int) string {
	if release == 0 {
		return "the newest LLVM release"
	}
	return fmt.Sprintf("LLVM %d", release)
}

// ReleasesText names the LLVM releases from to to (0: unbounded), as
// version errors say them: "LLVM 19 or newer", "LLVM 19 to 21", "LLVM 19".
func ReleasesText(from, to int) string {
	switch {
	case from != 0 && from == to:
		return fmt.Sprintf("LLVM %d", from)
	case from != 0 && to != 0:
		return fmt.Sprintf("LLVM %d to %d", from, to)
	case from != 0:
		return fmt.Sprintf("LLVM %d or newer", from)
	case to != 0:
		return fmt.Sprintf("LLVM %d or older", to)
	}
	return "another LLVM release"
}

// HasProperties reports whether the op has property storage, which decides
// whether a v5+ file carries a properties entry for it.
func (s *OpSchema) HasProperties() bool {
	return len(s.Properties) > 0 || s.OperandSegments || s.ResultSegments
}

// PropKind is how one property is written.
type PropKind uint8

const (
	// PropAttr is a required attribute: an attribute index.
	PropAttr PropKind = iota
	// PropOptionalAttr is an optional, default-valued or unit attribute:
	// 0 when absent, else (index << 1) | 1.
	PropOptionalAttr
	// PropNative is an ODS native property (Property<>), written in the
	// form of PropField.Native; in memory it is the attribute that form
	// says stands for its value.
	PropNative
)

// PropField is one entry of an op's properties.
type PropField struct {
	Name string
	Kind PropKind
	// Native reads and writes a PropNative entry.
	Native NativeProp
}

// NativeProp is the form of a native property: how its value is written
// in a properties entry, and the attribute that stands for the value in
// memory, in attribute dictionaries (bytecode before v5) and in MLIR's
// generic text (ODS's convertToAttribute). Generated dialects build them
// from their definitions.
type NativeProp interface {
	// ReadProp reads a value and returns the attribute that stands for it.
	ReadProp(r *wire.Reader, ctx *ir.Context) (ir.Attribute, error)
	// AppendProp appends the value attribute a stands for; nil stands for
	// the property's default (an error when it has none).
	AppendProp(b []byte, a ir.Attribute) ([]byte, error)
}

// OpSchemas is implemented by dialects that define ops. OpSchema returns
// the schema of the op (name without the dialect prefix) at an LLVM release
// (0 = the newest the dialect knows), or nil when the dialect has no such
// op at that release.
type OpSchemas interface {
	OpSchema(op string, release int) *OpSchema
}

// OpReleases is implemented by a dialect whose ops may exist in some LLVM
// releases only: OpReleases says which releases have op ("LLVM 19 or
// older"), false for an op the dialect does not define at all. A writer
// refuses an op its target release lacks (tosa.fully_connected, which
// LLVM 22 dropped) rather than write it as one without a schema.
type OpReleases interface {
	OpReleases(op string) (string, bool)
}

// DescribedReleases is implemented by a dialect whose definitions
// describe some LLVM releases (versions.releases): OldestRelease is the
// oldest, 0 for none. An op of the dialect its definitions lack, read from
// an older release, is one that release had and the described ones lack.
type DescribedReleases interface {
	OldestRelease() int
}

// OpNames is implemented by a dialect some of whose ops older LLVM
// releases named otherwise (LLVM 16's arith.maxf, 17's arith.maximumf):
// OpNameAt gives the name (without the dialect prefix) that release gives
// the op some release names op, false where release has no such op. A
// writer converting an op between releases renames it so.
type OpNames interface {
	OpNameAt(op string, release int) (string, bool)
}

// SegmentsFor gives the segment sizes of an op laid out as release from
// lays it out (fromIDs and fromN: the groups' places and count there, as
// OperandIDs and OperandGroups hold them) the layout of release to: each
// group's size moves to its place among to's groups, a group to adds is
// empty, and a group to lacks must be empty. Where the releases order the
// groups otherwise, the values move with their groups: order lists, for
// each value of to's layout, its index among the op's values as from
// lays them out; it is nil where they keep their order. It refuses sizes
// of another count than from's groups, or a negative one.
func SegmentsFor(sizes []int32, fromIDs []int, fromN int, toIDs []int, toN int) (out []int32, order []int, err error) {
	if len(sizes) != fromN {
		return nil, nil, fmt.Errorf("%d segment sizes for %d groups", len(sizes), fromN)
	}
	place := func(ids []int, i int) int {
		if ids == nil {
			return i
		}
		return ids[i]
	}
	// Where each group's values start among from's values.
	starts := make([]int, fromN)
	total := 0
	for i, n := range sizes {
		if n < 0 {
			return nil, nil, fmt.Errorf("segment sizes %v: a negative size", sizes)
		}
		starts[i] = total
		total += int(n)
	}
	out = make([]int32, toN)
	from := make([]int, toN) // the from group each of to's comes from, or -1
	for j := range toN {
		from[j] = -1
		for i := range fromN {
			if place(fromIDs, i) == place(toIDs, j) {
				from[j], out[j] = i, sizes[i]
				break
			}
		}
	}
	for i, n := range sizes {
		if n != 0 && !slices.Contains(from, i) {
			return nil, nil, &MissingGroupError{Group: place(fromIDs, i), Values: int(n)}
		}
	}
	// The values in to's order of groups, unless that is from's.
	prev, moved := -1, false
	for _, i := range from {
		if i >= 0 && sizes[i] > 0 {
			moved = moved || i < prev
			prev = i
		}
	}
	if !moved {
		return out, nil, nil
	}
	order = make([]int, 0, total)
	for _, i := range from {
		if i >= 0 {
			for k := range int(sizes[i]) {
				order = append(order, starts[i]+k)
			}
		}
	}
	return out, order, nil
}

// MissingGroupError is SegmentsFor's refusal of values in a group the
// target release lacks: Group is the group's place in the definition's
// list of the op's groups.
type MissingGroupError struct {
	Group, Values int
}

func (e *MissingGroupError) Error() string {
	return fmt.Sprintf("group %d of the op's definition (counting from 0) holds %d values, and the target release has no such group", e.Group, e.Values)
}
