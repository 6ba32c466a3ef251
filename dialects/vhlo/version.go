package vhlo

import (
	"fmt"
	"regexp"
	"sync"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
)

// StableHLO versions are major.minor.patch; VHLO keeps the version of a
// portable artifact in its producer string (StableHLO_v1.20.0), not in a
// DialectVersions section. vhlo.yaml's versions.dialect holds the current
// version, the producer prefix and the bytecode version of each release
// (CurrentVersion, Dialect.FileFor); here is the rest of Version.h.

// MinimumVersion is the oldest version StableHLO reads and writes.
var MinimumVersion = Dialect.OldestVersion()

// The compatibility requirements StableHLO names (Version.h's
// CompatibilityRequirement), as the versions they stand for at 1.20.0.
var (
	RequirementNone   = CurrentVersion
	RequirementWeek4  = bytecode.DialectVersion{1, 18, 0}
	RequirementWeek12 = bytecode.DialectVersion{1, 16, 2}
	RequirementMax    = MinimumVersion
)

// versionPattern is compiled on first use, not when every program that
// links the dialect starts.
var versionPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`) })

// ParseVersion parses "1.20.0" as Version::fromString does: three numbers
// and nothing else.
func ParseVersion(s string) (bytecode.DialectVersion, error) {
	if !versionPattern().MatchString(s) {
		return nil, fmt.Errorf("StableHLO version %q: want major.minor.patch, e.g. 1.20.0", s)
	}
	return bytecode.ParseDialectVersion(s)
}

// BytecodeVersion is the MLIR bytecode version StableHLO writes artifacts
// of version v in (Version::getBytecodeVersion); versions outside
// MinimumVersion..CurrentVersion have none.
func BytecodeVersion(v bytecode.DialectVersion) (int, error) {
	_, bc, err := Dialect.FileFor(v)
	return bc, err
}

// Producer is the producer string of an artifact written for v.
func Producer(v bytecode.DialectVersion) string {
	p, _, _ := Dialect.FileFor(v)
	if p == "" {
		p = "StableHLO_v" + v.String()
	}
	return p
}
