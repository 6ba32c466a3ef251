// Package crafted builds MLIR bytecode files of the shapes a hostile
// writer would use against a reader's memory: millions of tiny table
// entries, ops or strings in a few megabytes. They are valid files, so a
// reader must read them, in memory proportional to their size.
package crafted

import (
	"fmt"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// file is a version-6 file with the builtin dialect and one unregistered
// dialect "x", whose top-level builtin.module holds the IR in body.
type file struct {
	strings []string
	opNames []int // string indices of op names of dialect x, after "module"
	// attrs are entries of dialect x after entry 0 (builtin's UnknownLoc).
	attrs      int
	body       []byte // the module body region's one block of ops, encoded
	bodyOps    int
	props      [][]byte
	resources  int // declared builtin resources
	extraNames int // unused op names
}

const (
	strBuiltin = iota
	strModule
	strX
	strOp
	firstFree
)

// encode writes the file. Op name 0 is builtin.module, 1 is x.op; the
// attribute entry 0 is UnknownLoc, used as every location.
func (f *file) encode() []byte {
	strs := append([]string{"builtin", "module", "x", "op"}, f.strings...)
	var st wire.StringTable
	for _, s := range strs {
		st.Intern(s)
	}
	// A table with many equal strings needs them written one by one.
	stringSection := st.AppendTo(nil)
	if len(f.strings) > 0 && st.Len() < len(strs) {
		stringSection = appendStrings(nil, strs)
	}

	dialects := wire.AppendVarInt(nil, 2)
	dialects = wire.AppendVarIntWithFlag(dialects, strBuiltin, false)
	dialects = wire.AppendVarIntWithFlag(dialects, strX, false)
	dialects = wire.AppendVarInt(dialects, uint64(2+f.extraNames))
	dialects = wire.AppendVarInt(dialects, 0)
	dialects = wire.AppendVarInt(dialects, 1)
	dialects = wire.AppendVarIntWithFlag(dialects, strModule, true)
	dialects = wire.AppendVarInt(dialects, 1)
	dialects = wire.AppendVarInt(dialects, uint64(1+f.extraNames))
	dialects = wire.AppendVarIntWithFlag(dialects, strOp, false)
	for range f.extraNames {
		dialects = wire.AppendVarIntWithFlag(dialects, strOp, false)
	}

	offsets := wire.AppendVarInt(nil, uint64(1+f.attrs))
	offsets = wire.AppendVarInt(offsets, 0)
	offsets = wire.AppendVarInt(offsets, 0) // builtin
	offsets = wire.AppendVarInt(offsets, 1)
	unknownLoc := wire.AppendVarInt(nil, 15)
	offsets = wire.AppendVarIntWithFlag(offsets, uint64(len(unknownLoc)), true)
	if f.attrs > 0 {
		offsets = wire.AppendVarInt(offsets, 1) // x
		offsets = wire.AppendVarInt(offsets, uint64(f.attrs))
		for range f.attrs {
			offsets = wire.AppendVarIntWithFlag(offsets, 0, true)
		}
	}

	// The module: name 0, regions, location 0; one isolated region.
	region := wire.AppendVarInt(nil, 1)   // blocks
	region = wire.AppendVarInt(region, 0) // values
	region = wire.AppendVarIntWithFlag(region, uint64(f.bodyOps), false)
	region = append(region, f.body...)
	irb := wire.AppendVarIntWithFlag(nil, 1, false)
	irb = wire.AppendVarInt(irb, 0)
	irb = append(irb, 0x10) // regions
	irb = wire.AppendVarInt(irb, 0)
	irb = wire.AppendVarIntWithFlag(irb, 1, true)
	irb = wire.AppendSection(irb, bytecode.SectionIR, 0, region)

	props := wire.AppendVarInt(nil, uint64(len(f.props)))
	for _, p := range f.props {
		props = wire.AppendVarInt(props, uint64(len(p)))
		props = append(props, p...)
	}

	out := append([]byte(nil), bytecode.Magic...)
	out = wire.AppendVarInt(out, 6)
	out = wire.AppendCString(out, "crafted")
	out = wire.AppendSection(out, bytecode.SectionDialect, 0, dialects)
	out = wire.AppendSection(out, bytecode.SectionAttrTypeOffset, 0, offsets)
	out = wire.AppendSection(out, bytecode.SectionAttrType, 0, unknownLoc)
	out = wire.AppendSection(out, bytecode.SectionIR, 0, irb)
	if f.resources > 0 {
		ro := wire.AppendVarInt(nil, 0) // no external groups
		ro = wire.AppendVarInt(ro, 0)   // builtin
		ro = wire.AppendVarInt(ro, uint64(f.resources))
		for i := range f.resources {
			ro = wire.AppendVarInt(ro, uint64(firstFree+i)) // key
			ro = wire.AppendVarInt(ro, 0)                   // size: declared only
			ro = append(ro, 0)                              // blob
		}
		out = wire.AppendSection(out, bytecode.SectionResourceOffset, 0, ro)
		out = wire.AppendSection(out, bytecode.SectionResource, 0, nil)
	}
	out = wire.AppendSection(out, bytecode.SectionString, 0, stringSection)
	return wire.AppendSection(out, bytecode.SectionProperties, 0, props)
}

// appendStrings writes a string section that may repeat strings.
func appendStrings(b []byte, strs []string) []byte {
	b = wire.AppendVarInt(b, uint64(len(strs)))
	for i := len(strs) - 1; i >= 0; i-- {
		b = wire.AppendVarInt(b, uint64(len(strs[i]))+1)
	}
	for _, s := range strs {
		b = append(b, s...)
		b = append(b, 0)
	}
	return b
}

// emptyOp is x.op with no results, operands or attributes at UnknownLoc.
var emptyOp = []byte{wire.AppendVarInt(nil, 1)[0], 0, wire.AppendVarInt(nil, 0)[0]}

// Kinds lists the crafted shapes by name.
var Kinds = []string{"attr-entries", "ops", "strings", "op-names", "resources", "properties"}

// File returns a crafted file of about size bytes of the given kind:
//
//   - attr-entries: attribute entries of zero bytes (one offset byte each)
//   - ops: empty unregistered ops (three bytes each)
//   - strings: empty strings (two bytes each)
//   - op-names: op names (one byte each)
//   - resources: declared builtin resources with distinct keys (about ten
//     bytes each, key included)
//   - properties: one-byte properties entries (two bytes each)
func File(kind string, size int) ([]byte, error) {
	f := &file{}
	switch kind {
	case "attr-entries":
		f.attrs = size
	case "ops":
		f.bodyOps = size / len(emptyOp)
		for range f.bodyOps {
			f.body = append(f.body, emptyOp...)
		}
	case "strings":
		f.strings = make([]string, size/2)
	case "op-names":
		f.extraNames = size
	case "resources":
		// Keys are distinct strings: "0", "1", ... about 8 bytes each
		// with their offset entries.
		f.resources = size / 10
		f.strings = make([]string, f.resources)
		for i := range f.strings {
			f.strings[i] = strconv.Itoa(i)
		}
	case "properties":
		f.props = make([][]byte, size/2)
		for i := range f.props {
			f.props[i] = []byte{0}
		}
	default:
		return nil, fmt.Errorf("crafted: no kind %q (have %v)", kind, Kinds)
	}
	return f.encode(), nil
}
