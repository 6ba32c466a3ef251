package wire

import "strconv"

// Both formats frame their sections the same way:
//
//	idByte length [alignment padding*] data[length]
//
// idByte is the 7-bit section id, with 0x80 set when an alignment field
// follows the length. length counts data only. Padding (0xCB bytes) runs until
// the ABSOLUTE file offset is a multiple of the alignment, so data can be used
// in place from a suitably aligned buffer. The formats differ only in the
// details captured by SectionFormat.

// PaddingByte fills alignment padding in both formats.
const PaddingByte = 0xCB

// SectionFormat holds the per-format details of section framing.
type SectionFormat struct {
	// LEB128: length and alignment are LEB128 (Tile IR), not PrefixVarInt (MLIR).
	LEB128 bool
	// AlwaysAlign: the writer emits the alignment field whenever alignment > 1,
	// even when data would already be aligned (Tile IR). MLIR's writer omits
	// it in that case.
	AlwaysAlign bool
	// AnyPadding: the reader skips padding without checking its value, as
	// Tile IR's C++ reader does. MLIR's reader requires PaddingByte.
	AnyPadding bool
	// MaxAlignment is the largest alignment the reader accepts; 0 means any
	// power of two. MLIR's reader takes the alignment as a 32-bit unsigned,
	// so larger values never work there.
	MaxAlignment uint64
}

var (
	// MLIRSection is MLIR bytecode's section framing.
	MLIRSection = SectionFormat{MaxAlignment: 1 << 31}
	// TileIRSection is Tile IR bytecode's section framing.
	TileIRSection = SectionFormat{LEB128: true, AlwaysAlign: true, AnyPadding: true}
)

// Section is one decoded section.
type Section struct {
	ID        byte   // section id, high bit cleared
	Aligned   bool   // the id byte had 0x80 set: an alignment field was present
	Alignment uint64 // the alignment field; 0 when absent
	// HeaderOffset is the absolute offset of the id byte.
	HeaderOffset int64
	// Offset is the absolute offset of Data[0].
	Offset int64
	Data   []byte // zero-copy, capacity clipped
}

// Reader returns a Reader over the section's data that reports absolute
// offsets and the given section name.
func (s Section) Reader(name string) *Reader { return NewReader(s.Data, s.Offset, name) }

func (f SectionFormat) appendVarInt(b []byte, v uint64) []byte {
	if f.LEB128 {
		return AppendULEB128(b, v)
	}
	return AppendVarInt(b, v)
}

func (f SectionFormat) readVarInt(r *Reader, expected string) (uint64, error) {
	if f.LEB128 {
		return r.uleb128(expected)
	}
	return r.varInt(expected)
}

// AppendSection appends an MLIR section; see SectionFormat.Append.
func AppendSection(b []byte, id byte, alignment uint64, body []byte) []byte {
	return MLIRSection.Append(b, id, alignment, body)
}

// Append appends a section holding body, whose data must start at a multiple
// of alignment (0 or 1: no requirement). b must hold the file from its first
// byte: len(b) is taken as the absolute offset. Whether alignment is needed is
// decided at the offset right after the length field. It panics if id does
// not fit in 7 bits or alignment is not a power of two, both caller bugs.
func (f SectionFormat) Append(b []byte, id byte, alignment uint64, body []byte) []byte {
	return append(f.AppendHeader(b, id, alignment, len(body)), body...)
}

// AppendHeader appends what Append writes before a section's data of the
// given length, for writers that emit the data themselves.
func (f SectionFormat) AppendHeader(b []byte, id byte, alignment uint64, length int) []byte {
	return f.AppendHeaderAt(b, 0, id, alignment, length)
}

// AppendHeaderAt is AppendHeader for a writer that handed the file's
// first base bytes on already: len(b) bytes follow them.
func (f SectionFormat) AppendHeaderAt(b []byte, base int, id byte, alignment uint64, length int) []byte {
	if id&0x80 != 0 {
		panic("wire: section id " + strconv.Itoa(int(id)) + " does not fit in 7 bits")
	}
	if alignment&(alignment-1) != 0 {
		panic("wire: section alignment " + strconv.FormatUint(alignment, 10) + " is not a power of two")
	}
	idPos := len(b)
	b = append(b, id)
	b = f.appendVarInt(b, uint64(length))
	if alignment > 1 && (f.AlwaysAlign || uint64(base+len(b))&(alignment-1) != 0) {
		b[idPos] |= 0x80
		b = f.appendVarInt(b, alignment)
		for uint64(base+len(b))&(alignment-1) != 0 {
			b = append(b, PaddingByte)
		}
	}
	return b
}

// Section reads an MLIR section header and its data.
func (r *Reader) Section() (Section, error) { return r.SectionOf(MLIRSection) }

// SectionOf reads one section in format f. On error the cursor is left
// where it was.
func (r *Reader) SectionOf(f SectionFormat) (Section, error) {
	start := r.pos
	s, err := r.section(f)
	if err != nil {
		r.pos = start
	}
	return s, err
}

// SkipSection moves past an MLIR section without returning it: what a
// reader that skims over nested sections needs. The common unaligned
// header is read in place; anything else, errors included, goes through
// Section, so the errors are the same.
func (r *Reader) SkipSection() error {
	if r.pos < len(r.data) && r.data[r.pos]&0x80 == 0 {
		if n, w, err := decodeVarInt(r.data[r.pos+1:]); err == nil && n <= uint64(len(r.data)-r.pos-1-w) {
			r.pos += 1 + w + int(n)
			return nil
		}
	}
	_, err := r.Section()
	return err
}

func (r *Reader) section(f SectionFormat) (Section, error) {
	s := Section{HeaderOffset: r.Offset()}
	if r.Empty() {
		return s, r.errAt(r.pos, "a section id", ErrTruncated)
	}
	idb := r.data[r.pos]
	r.pos++
	s.ID, s.Aligned = idb&0x7f, idb&0x80 != 0
	length, err := f.readVarInt(r, "the length of a section")
	if err != nil {
		// Named with its id only on error: a message built per section
		// read (there is one per isolated op) would cost every file.
		if e, ok := err.(*Error); ok {
			e.Expected = "the length of section " + strconv.Itoa(int(s.ID))
		}
		return s, err
	}
	if s.Aligned {
		apos := r.pos
		a, err := f.readVarInt(r, "the alignment of section "+strconv.Itoa(int(s.ID)))
		if err != nil {
			return s, err
		}
		if a == 0 || a&(a-1) != 0 || (f.MaxAlignment != 0 && a > f.MaxAlignment) {
			exp := "a power-of-two alignment"
			if f.MaxAlignment != 0 {
				exp += " up to " + strconv.FormatUint(f.MaxAlignment, 10)
			}
			return s, r.errAt(apos, exp+", not "+strconv.FormatUint(a, 10), ErrInvalid)
		}
		s.Alignment = a
		// Padding runs to the next multiple of a in absolute terms.
		pad := uint64(-r.Offset()) & (a - 1)
		if pad > uint64(r.Len()) {
			return s, r.errAt(r.pos, strconv.FormatUint(pad, 10)+" padding bytes", ErrTruncated)
		}
		end := r.pos + int(pad)
		if !f.AnyPadding {
			for i := r.pos; i < end; i++ {
				if r.data[i] != PaddingByte {
					return s, r.errAt(i, "padding byte 0xCB, not 0x"+
						strconv.FormatUint(uint64(r.data[i]), 16), ErrInvalid)
				}
			}
		}
		r.pos = end
	}
	s.Offset = r.Offset()
	if length > uint64(r.Len()) {
		return s, r.errAt(r.pos, strconv.FormatUint(length, 10)+" bytes of section "+
			strconv.Itoa(int(s.ID))+" data", ErrTruncated)
	}
	s.Data, _ = r.Bytes(length)
	return s, nil
}
