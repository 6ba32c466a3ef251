package tileir

import "fmt"

// Version is a Tile IR bytecode version: major.minor from the header, and
// the tag (a build number that readers do not check).
type Version struct {
	Major, Minor uint8
	Tag          uint16
}

// The versions this package reads and writes.
var (
	V13_1 = Version{Major: 13, Minor: 1}
	V13_2 = Version{Major: 13, Minor: 2}
	V13_3 = Version{Major: 13, Minor: 3}
	// Latest is the newest supported version, the writer's default.
	Latest = V13_3
)

// Versions lists the supported versions, oldest first.
var Versions = []Version{V13_1, V13_2, V13_3}

// Supported reports whether v (ignoring the tag) is 13.1–13.3.
func (v Version) Supported() bool { return v.Major == 13 && v.Minor >= 1 && v.Minor <= 3 }

// AtLeast reports whether v is major.minor or newer (the tag is ignored).
func (v Version) AtLeast(major, minor uint8) bool {
	return v.Major > major || v.Major == major && v.Minor >= minor
}

// String gives "13.1"; Full adds the tag.
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Full gives "13.1.0".
func (v Version) Full() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Tag) }

// ParseVersion reads "13.2" or "13.2.7".
func ParseVersion(s string) (Version, error) {
	var v Version
	var maj, min, tag int
	n, _ := fmt.Sscanf(s, "%d.%d.%d", &maj, &min, &tag)
	if n < 2 || maj < 0 || maj > 255 || min < 0 || min > 255 || tag < 0 || tag > 65535 {
		return v, fmt.Errorf("invalid Tile IR version %q: want MAJOR.MINOR", s)
	}
	v = Version{uint8(maj), uint8(min), uint16(tag)}
	if !v.Supported() {
		return v, fmt.Errorf("unsupported Tile IR version %s: supported are 13.1, 13.2 and 13.3", v)
	}
	return v, nil
}
