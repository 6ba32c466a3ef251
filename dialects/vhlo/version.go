package vhlo

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Version is a StableHLO release, major.minor.patch: VHLO keeps it in the
// producer string of a portable artifact (StableHLO_v1.20.0), not in a
// DialectVersions section. Facts from openxla/stablehlo's Version.h/.cpp
// and Serialization.cpp at 1.20.0.
type Version struct {
	Major, Minor, Patch int64
}

var (
	// MinimumVersion is the oldest version StableHLO reads and writes.
	MinimumVersion = Version{0, 9, 0}
	// CurrentVersion is the newest version known here.
	CurrentVersion = Version{1, 20, 0}
)

// The compatibility requirements StableHLO names (Version.h's
// CompatibilityRequirement), as the versions they stand for at 1.20.0.
var (
	RequirementNone   = CurrentVersion
	RequirementWeek4  = Version{1, 18, 0}
	RequirementWeek12 = Version{1, 16, 2}
	RequirementMax    = MinimumVersion
)

var versionPattern = regexp.MustCompile(`^([0-9]+)\.([0-9]+)\.([0-9]+)$`)

// ParseVersion parses "1.20.0" as Version::fromString does: three numbers
// and nothing else.
func ParseVersion(s string) (Version, error) {
	m := versionPattern.FindStringSubmatch(s)
	if m == nil {
		return Version{}, fmt.Errorf("StableHLO version %q: want major.minor.patch, e.g. 1.20.0", s)
	}
	var v [3]int64
	for i := range v {
		n, err := strconv.ParseInt(m[i+1], 10, 64)
		if err != nil {
			return Version{}, fmt.Errorf("StableHLO version %q: %w", s, err)
		}
		v[i] = n
	}
	return Version{v[0], v[1], v[2]}, nil
}

func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// Compare orders versions.
func (v Version) Compare(o Version) int {
	for _, d := range [3]int64{v.Major - o.Major, v.Minor - o.Minor, v.Patch - o.Patch} {
		switch {
		case d < 0:
			return -1
		case d > 0:
			return 1
		}
	}
	return 0
}

// BytecodeVersion is the MLIR bytecode version StableHLO writes artifacts
// of version v in (Version::getBytecodeVersion); versions outside
// MinimumVersion..CurrentVersion have none.
func BytecodeVersion(v Version) (int, error) {
	switch {
	case v.Compare(MinimumVersion) < 0:
		return 0, fmt.Errorf("StableHLO %s is older than %s, the oldest version known here", v, MinimumVersion)
	case v.Compare(Version{0, 10, 0}) < 0:
		return 0, nil
	case v.Compare(Version{0, 12, 0}) < 0:
		return 1, nil
	case v.Compare(Version{0, 14, 0}) < 0:
		return 3, nil
	case v.Compare(Version{0, 15, 0}) < 0:
		return 4, nil // first 5, revised to 4 (openxla/stablehlo#1827)
	case v.Compare(CurrentVersion) <= 0:
		return 6, nil
	}
	return 0, fmt.Errorf("StableHLO %s is newer than %s, the newest version known here", v, CurrentVersion)
}

// producerPrefix starts the version in a portable artifact's producer.
const producerPrefix = "StableHLO_v"

// Producer is the producer string of an artifact written for v.
func Producer(v Version) string { return producerPrefix + v.String() }

// ProducerVersion reads the version of a portable artifact from its
// producer string as getPortableArtifactVersion does: what follows the
// first "StableHLO_v". ok is false for a producer that names none (not a
// portable artifact); a version that does not parse is an error.
func ProducerVersion(producer string) (v Version, ok bool, err error) {
	i := strings.Index(producer, producerPrefix)
	if i < 0 {
		return Version{}, false, nil
	}
	v, err = ParseVersion(producer[i+len(producerPrefix):])
	if err != nil {
		return Version{}, true, fmt.Errorf("producer %q: %w", producer, err)
	}
	return v, true, nil
}
