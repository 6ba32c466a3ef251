package tileir

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Magic starts every Tile IR file.
const Magic = "\x7FTileIR\x00"

// Section ids.
const (
	sectionEnd      = 0
	sectionString   = 1
	sectionFunc     = 2
	sectionDebug    = 3
	sectionConstant = 4
	sectionType     = 5
	sectionGlobal   = 6
	sectionProducer = 7
	numSections     = 8
)

var sectionNames = [numSections]string{"end", "String", "Func", "Debug", "Constant", "Type", "Global", "Producer"}

// SectionName names a section id ("String", "Func", …; "end" for 0), or
// returns "" for an unknown id.
func SectionName(id byte) string {
	if int(id) < len(sectionNames) {
		return sectionNames[id]
	}
	return ""
}

// sectionAlign is the alignment the reader requires (a multiple of it)
// and the writer uses; 0 means no rule.
var sectionAlign = [numSections]uint64{0, 4, 8, 8, 8, 4, 0, 0}

// Function flag bits.
const (
	funcFlagVisibility = 1 << 0
	funcFlagKernel     = 1 << 1
	funcFlagHints      = 1 << 2
)

// IsTileIR reports whether data starts with the Tile IR magic.
func IsTileIR(data []byte) bool { return bytes.HasPrefix(data, []byte(Magic)) }

// ReadHeader checks the magic and the version.
func ReadHeader(data []byte) (Version, error) {
	r := wire.NewReader(data, 0, "header")
	for i := 0; i < len(Magic); i++ {
		b, err := r.Byte()
		if err != nil {
			return Version{}, r.Errorf("the magic number \\x7FTileIR\\x00", wire.ErrTruncated)
		}
		if b != Magic[i] {
			return Version{}, r.ErrorAt(int64(i), fmt.Sprintf("the magic number \\x7FTileIR\\x00 (byte %d is %d, not %d)", i, b, Magic[i]),
				errors.New("invalid magic number"))
		}
	}
	var v Version
	var err error
	if v.Major, err = r.Byte(); err == nil {
		if v.Minor, err = r.Byte(); err == nil {
			v.Tag, err = r.Uint16()
		}
	}
	if err != nil {
		return v, r.Errorf("the version (major u8, minor u8, tag u16)", wire.ErrTruncated)
	}
	if !v.Supported() {
		return v, r.ErrorAt(int64(len(Magic)), "a version in 13.1–13.3",
			fmt.Errorf("%w: Tile IR %s, this reader supports versions [13.1 - 13.3]", wire.ErrUnsupportedVersion, v.Full()))
	}
	return v, nil
}

// splitSections reads every section up to the end marker, which must be
// the last byte. A repeated id replaces the earlier payload, as upstream's
// reader does.
func splitSections(data []byte) ([numSections]*wire.Section, error) {
	var secs [numSections]*wire.Section
	r := wire.NewReader(data[12:], 12, "")
	for {
		if r.Empty() {
			return secs, r.Errorf("a section id or the end marker 0x00", wire.ErrTruncated)
		}
		idb, _ := r.PeekByte()
		id := idb & 0x7f
		if id >= numSections {
			return secs, r.Errorf("a section id below 8", fmt.Errorf("unknown section ID: %d", id))
		}
		if id == sectionEnd {
			if idb&0x80 != 0 {
				return secs, r.Errorf("the end marker 0x00, not 0x80 (an end marker with the alignment bit)", wire.ErrInvalid)
			}
			r.Byte()
			if !r.Empty() {
				return secs, r.Errorf("the end of the file after the end marker", fmt.Errorf("end section is not the last section (%d bytes follow)", r.Len()))
			}
			return secs, nil
		}
		s, err := r.SectionOf(wire.TileIRSection)
		if err != nil {
			if we := (*wire.Error)(nil); errors.As(err, &we) {
				we.Section = sectionNames[id]
			}
			return secs, err
		}
		if a := sectionAlign[id]; a != 0 {
			if !s.Aligned || s.Alignment%a != 0 {
				return secs, wire.NewReader(nil, s.HeaderOffset, sectionNames[id]).Errorf(
					fmt.Sprintf("an alignment that is a multiple of %d, not %d", a, s.Alignment), wire.ErrInvalid)
			}
		}
		secs[id] = &s
	}
}
