// Package mlirbc reads and writes whole MLIR bytecode files: the IR section
// with its nested regions, properties, resources and use-list orders, on
// top of the attribute and type tables of package bytecode. Writing numbers
// everything the way mlir-opt does, so that reading a file and writing it
// again at the same version and release gives the same bytes.
package mlirbc

import (
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/internal/chunked"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Module is a decoded bytecode file: its root operation (normally
// builtin.module) and what travels beside the IR.
type Module struct {
	Op *ir.Operation
	// Version, Producer and Release describe the file that was read (for
	// a module built in Go: what Write uses by default).
	Version  Version
	Producer string
	Release  int
	// Resources holds dialect resource data by handle; attributes refer to
	// entries by handle (builtin's dense_resource). A handle that attributes
	// use but that has no entry here is written as a declaration.
	Resources map[ir.ResourceHandle]*Resource
	// External lists resource groups owned by no dialect, written back as
	// they were read.
	External []ResourceGroup
	// DialectVersions holds the DialectVersions payload of each dialect
	// the file carried one for (bytecode v1+), by dialect name. It is
	// written back as it is for every dialect the module uses, so that a
	// version nobody here interprets is never lost.
	DialectVersions map[string][]byte
	// Versions are the versions of the dialects that version themselves
	// (bytecode.VersionedDialect) that the file was at, where older than
	// the dialect's current version: the module was upgraded from them,
	// and Options writes them again.
	Versions bytecode.DialectVersions

	file *filemap.File // the mapping ReadFile made, if any
	body *lazyBody     // the root's unread body, for Symbol
	// dicts are the dictionaries the reader made attribute lists from;
	// an op's list came from dicts[AttrsFrom()-1]. A writer writes that
	// dictionary, once it checked that it holds the list, instead of
	// making it again: a uniquing lookup, which misses the cache. In
	// chunks: a slice doubling to 20,000 dictionaries left a mebibyte
	// behind.
	dicts chunked.List[ir.Attribute]
	// byTrait says the file marked only ops with the IsolatedFromAbove
	// trait isolated from above, as LLVM 16 did, and writers of releases
	// the producer does not name (JAX's exports of 2023, "StableHLO_v0.9.0")
	// did; later releases also mark ops none of whose nested ops use a
	// value defined outside them. Written back at the release it was read
	// in, where that release is not known, such a file is marked so again.
	byTrait bool
}

// Close releases the mapping of a module ReadFile read; nothing read from
// the file (blobs, strings, and the attributes of the context that hold
// them, such as dense constants) may be used after it. It does nothing for
// other modules.
func (m *Module) Close() error { return m.file.Close() }

// ResourceKind is the kind of a resource entry.
type ResourceKind uint8

const (
	ResourceBlob ResourceKind = iota
	ResourceBool
	ResourceString
)

func (k ResourceKind) String() string {
	switch k {
	case ResourceBlob:
		return "blob"
	case ResourceBool:
		return "bool"
	case ResourceString:
		return "string"
	}
	return "unknown"
}

// Resource is one resource entry.
type Resource struct {
	Key  string
	Kind ResourceKind
	// Declared marks an entry without data: a reference whose data was
	// never there or was elided when the file was written.
	Declared bool
	// Alignment and Data hold a blob. Data read from a file is a view
	// into the file's bytes.
	Alignment uint64
	Data      []byte
	Bool      bool
	String    string
}

// ResourceGroup is a named list of resource entries.
type ResourceGroup struct {
	Name    string
	Entries []*Resource
}

// NewBlob returns blob resource data with the given alignment (a power of
// two; 0 or 1 for none).
func NewBlob(key string, alignment uint64, data []byte) *Resource {
	return &Resource{Key: key, Kind: ResourceBlob, Alignment: alignment, Data: data}
}
