package mlirbc

import (
	"fmt"
	"strconv"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Version is an MLIR bytecode version, 0 to 6. The zero Version is no
// version: Write refuses it, so that no file is written at a version
// nobody chose (0 is a real version, the only one LLVM 16 writes).
type Version struct{ n int8 } // the version plus one

// V returns version n; an n outside 0–6 gives a Version Write refuses.
func V(n int) Version {
	if n < 0 || n > bytecode.MaxVersion {
		return Version{n: -1}
	}
	return Version{n: int8(n + 1)}
}

// Latest is the newest version this package reads and writes.
var Latest = V(bytecode.MaxVersion)

// Number is the version's number; -1 when it is not a version.
func (v Version) Number() int {
	if v.n <= 0 {
		return -1
	}
	return int(v.n) - 1
}

// Valid reports whether v is one of the versions 0–6.
func (v Version) Valid() bool { return v.n > 0 }

func (v Version) String() string {
	if !v.Valid() {
		return "no version"
	}
	return strconv.Itoa(v.Number())
}

// ParseVersion reads a version number, "0" to "6".
func ParseVersion(s string) (Version, error) {
	n, err := strconv.Atoi(s)
	if err != nil || !V(n).Valid() {
		return Version{}, fmt.Errorf("%w: MLIR bytecode version %s (there are 0 to %d)", wire.ErrUnsupportedVersion, s, bytecode.MaxVersion)
	}
	return V(n), nil
}

// firstRelease is the LLVM release that first reads version v: 16 reads
// only version 0 ("bytecode version 1 is newer than the current version
// 0"), 17 added versions 1 to 5 (dialect versions, lazy loading, use-list
// orders, elided block argument locations, properties) and 18 version 6
// (segment sizes in properties).
func firstRelease(v int) int {
	switch {
	case v <= 0:
		return 0
	case v <= 5:
		return 17
	}
	return 18
}
