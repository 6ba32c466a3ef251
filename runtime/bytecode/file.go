package bytecode

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Magic starts every MLIR bytecode file ("ML\xEFR").
var Magic = []byte{'M', 'L', 0xEF, 'R'}

// MaxVersion is the newest bytecode version this package reads.
const MaxVersion = 6

// Section ids.
const (
	SectionString = iota
	SectionDialect
	SectionAttrType
	SectionAttrTypeOffset
	SectionIR
	SectionResource
	SectionResourceOffset
	SectionDialectVersions
	SectionProperties
	numSections
)

var sectionNames = [numSections]string{"String", "Dialect", "AttrType", "AttrTypeOffset", "IR", "Resource", "ResourceOffset", "DialectVersions", "Properties"}

// SectionName names a section id as errors do.
func SectionName(id byte) string {
	if int(id) < len(sectionNames) {
		return sectionNames[id]
	}
	return "section " + strconv.Itoa(int(id))
}

// File is the header, sections and tables of an MLIR bytecode file. Its
// slices point into the input, which must not change while File is used.
type File struct {
	Data     []byte
	Version  int
	Producer string
	// Release is the LLVM major of the producer ("MLIR19.1.7" → 19), or 0
	// when the producer names none, which selects the newest encodings.
	Release  int
	Sections [numSections]*wire.Section
	Order    []byte // section ids in file order
	Strings  wire.Strings
	Dialects []Dialect
	OpNames  []OpName
	Attrs    EntryTable
	Types    EntryTable
	// Resources are the dialect resource keys in handle order.
	Resources []ir.ResourceHandle
	// ResourceEntries lists every entry of the ResourceOffset section in
	// file order, external groups first, each with its data in the
	// Resource section.
	ResourceEntries []ResourceEntry
	// ExternalGroups names the external resource groups in file order.
	ExternalGroups []string
}

// ResourceEntry is one resource entry: its group (an external group's
// name, or a dialect's when Dialect is set), key, kind and data.
type ResourceEntry struct {
	Group   string
	Dialect bool
	// External is the index in ExternalGroups of an external entry's group.
	External int
	Key      string
	Kind     byte  // 0 blob, 1 bool, 2 string
	Offset   int64 // absolute offset of Data
	Data     []byte
	// KindOffset is where the kind byte sits, for errors about it.
	KindOffset int64
}

// Dialect is an entry of the dialect section.
type Dialect struct {
	Name    string
	Version []byte // the DialectVersions payload, nil when absent
	// VersionOffset is where the payload starts in the file.
	VersionOffset int64
}

// OpName is an entry of the op-name list.
type OpName struct {
	Dialect    int
	Name       string
	Registered bool // known only from version 5 on; true before
}

// Entry is one attribute or type table entry.
type Entry struct {
	Dialect int
	Custom  bool   // custom-encoded (else text + NUL)
	Offset  int64  // absolute offset of Data in the file
	Data    []byte // the entry's bytes
}

// EntryTable is the attribute or the type table, at about a byte per
// entry whatever the file holds. Entries come in blocks of 16. A regular
// block, the common one, is 16 entries of under 64 bytes in one dialect
// group: their sizes are one-byte varints side by side in the offsets
// section, so the block keeps only where it starts and where its sizes
// are, and an entry's start is the block's plus the sizes before it,
// summed eight at a time. The other blocks keep each entry's end.
type EntryTable struct {
	data   []byte // the AttrType section's data
	offset int64  // absolute offset of data[0]
	n      int
	sizes  []byte // the AttrTypeOffset section's data, where regular blocks' sizes are
	blocks []entryBlock
	// ends holds the ends of the entries of irregular blocks, 16 a block,
	// with entryCustom set for custom-encoded ones.
	ends   []uint64
	groups []entryGroup
}

const (
	blockSize   = 16
	entryCustom = 1 << 63
)

// entryBlock is where a block's first entry starts in data, and where its
// sizes are: sizes[at:at+16] for a regular block; for another,
// ends[16*(-1-at):].
type entryBlock struct {
	start uint64
	at    int32
}

// entryGroup is a run of entries of one dialect, from entry first on.
type entryGroup struct {
	first   int
	dialect int
}

// Len is the number of entries.
func (t *EntryTable) Len() int { return t.n }

// At returns entry i, which must be below Len.
func (t *EntryTable) At(i int) Entry {
	start, end, custom := t.bounds(i)
	return Entry{
		Dialect: t.DialectOf(i),
		Custom:  custom,
		Offset:  t.offset + int64(start),
		Data:    t.data[start:end:end],
	}
}

// Bytes returns the bytes of entry i, which must be below Len, and
// whether they are custom-encoded: At without the dialect and offset,
// for a caller that looks at many entries and few of their dialects.
func (t *EntryTable) Bytes(i int) ([]byte, bool) {
	start, end, custom := t.bounds(i)
	return t.data[start:end:end], custom
}

func (t *EntryTable) bounds(i int) (start, end uint64, custom bool) {
	b := t.blocks[i/blockSize]
	k := i % blockSize
	if b.at >= 0 {
		s := t.sizes[b.at : b.at+blockSize : b.at+blockSize]
		start = b.start + sizeSum(binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:]), k)
		return start, start + uint64(s[k]>>2), s[k]&2 != 0
	}
	ends := t.ends[blockSize*int(-1-b.at):][:blockSize]
	start = b.start
	if k > 0 {
		start = ends[k-1] &^ entryCustom
	}
	return start, ends[k] &^ entryCustom, ends[k]&entryCustom != 0
}

// sizeSum is the total size of the first k of the 16 entries whose
// one-byte sizes are the bytes of lo and hi (size<<2 | custom<<1 | 1).
func sizeSum(lo, hi uint64, k int) uint64 {
	if k < 8 {
		lo &= 1<<(8*k) - 1
		hi = 0
	} else {
		hi &= 1<<(8*(k-8)) - 1
	}
	return byteSum(lo>>2&0x3f3f3f3f3f3f3f3f) + byteSum(hi>>2&0x3f3f3f3f3f3f3f3f)
}

// byteSum adds up the bytes of x, each under 64: in pairs first, so that
// the sums fit their lanes.
func byteSum(x uint64) uint64 {
	x = x&0x00ff00ff00ff00ff + x>>8&0x00ff00ff00ff00ff
	return x * 0x0001000100010001 >> 48
}

// DialectOf is the dialect of entry i, which must be below Len: that of
// the last group whose first entry is at most i.
func (t *EntryTable) DialectOf(i int) int {
	lo, hi := 0, len(t.groups)
	for hi-lo > 1 {
		if mid := int(uint(lo+hi) >> 1); t.groups[mid].first <= i {
			lo = mid
		} else {
			hi = mid
		}
	}
	return t.groups[lo].dialect
}

// ParseFile reads the header and every section needed to decode the
// attribute and type tables. It does not decode the entries themselves.
// What is decoded from the file keeps views of data (its strings, and
// the blobs of dense constants): data must not change while that is in
// use.
func ParseFile(data []byte) (*File, error) {
	f := &File{Data: data}
	r := wire.NewReader(data, 0, "header")
	magic, err := r.Bytes(uint64(len(Magic)))
	if err != nil || !bytes.Equal(magic, Magic) {
		return nil, r.ErrorAt(0, "the magic number ML\\xEFR", wire.ErrInvalid)
	}
	at := r.Offset()
	v, err := r.VarInt()
	if err != nil {
		return nil, err
	}
	if v > MaxVersion {
		return nil, r.ErrorAt(at, fmt.Sprintf("a bytecode version up to %d", MaxVersion), fmt.Errorf("%w: MLIR bytecode version %d is newer", wire.ErrUnsupportedVersion, v))
	}
	f.Version = int(v)
	p, err := r.CString()
	if err != nil {
		return nil, err
	}
	f.Producer = string(p)
	f.Release = ReleaseOf(f.Producer)
	for !r.Empty() {
		at := r.Offset()
		s, err := r.Section()
		if err != nil {
			// Name the section whose framing is broken, not the header.
			var we *wire.Error
			if errors.As(err, &we) {
				we.Section = SectionName(data[at] & 0x7f)
			}
			return nil, err
		}
		if s.ID >= numSections || (s.ID == SectionDialectVersions) || (s.ID == SectionProperties && f.Version < 5) {
			return nil, r.ErrorAt(at, "a known top-level section id", fmt.Errorf("%w: id %d", wire.ErrInvalid, s.ID))
		}
		if f.Sections[s.ID] != nil {
			return nil, r.ErrorAt(at, "each section once", fmt.Errorf("%w: duplicate %s section", wire.ErrInvalid, SectionName(s.ID)))
		}
		sec := s
		f.Sections[s.ID] = &sec
		f.Order = append(f.Order, s.ID)
	}
	required := []byte{SectionString, SectionDialect, SectionAttrType, SectionAttrTypeOffset, SectionIR}
	if f.Version >= 5 {
		required = append(required, SectionProperties)
	}
	for _, id := range required {
		if f.Sections[id] == nil {
			return nil, r.ErrorAt(r.Offset(), "a "+SectionName(id)+" section", fmt.Errorf("%w: missing", wire.ErrTruncated))
		}
	}
	if (f.Sections[SectionResource] == nil) != (f.Sections[SectionResourceOffset] == nil) {
		return nil, r.ErrorAt(r.Offset(), "both resource sections or neither", wire.ErrInvalid)
	}
	if f.Strings, err = wire.ReadStringTable(f.Sections[SectionString].Reader("String")); err != nil {
		return nil, err
	}
	if err := f.readDialects(); err != nil {
		return nil, err
	}
	if err := f.readAttrTypeOffsets(); err != nil {
		return nil, err
	}
	if f.Sections[SectionResourceOffset] != nil {
		if err := f.readResourceOffsets(); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// ReleaseOf returns the LLVM major version named by an mlir-opt producer
// string ("MLIR22.1.8" → 22), or 0.
func ReleaseOf(producer string) int {
	rest, ok := strings.CutPrefix(producer, "MLIR")
	if !ok {
		return 0
	}
	major, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(major)
	if err != nil {
		return 0
	}
	return n
}

// ReadString reads a string index and resolves it; what names the string
// in errors.
func (f *File) ReadString(r *wire.Reader, what string) (string, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return "", err
	}
	s, ok := f.Strings.Lookup(i)
	if !ok {
		return "", r.ErrorAt(at, fmt.Sprintf("a string index below %d for %s", f.Strings.Len(), what), wire.ErrInvalid)
	}
	return s, nil
}

// dialectIndex reads a varint that must name a dialect of the file.
func (f *File) dialectIndex(r *wire.Reader) (uint64, error) {
	at := r.Offset()
	d, err := r.VarInt()
	if err != nil {
		return 0, err
	}
	if d >= uint64(len(f.Dialects)) {
		return 0, r.ErrorAt(at, fmt.Sprintf("a dialect index below %d", len(f.Dialects)), wire.ErrInvalid)
	}
	return d, nil
}

func (f *File) readDialects() error {
	r := f.Sections[SectionDialect].Reader("Dialect")
	n, err := r.Count(1, "dialects")
	if err != nil {
		return err
	}
	f.Dialects = make([]Dialect, n)
	for i := range f.Dialects {
		at := r.Offset()
		v, err := r.VarInt()
		if err != nil {
			return err
		}
		hasVersion := false
		if f.Version >= 1 {
			hasVersion = v&1 == 1
			v >>= 1
		}
		name, ok := f.Strings.Lookup(v)
		if !ok {
			return r.ErrorAt(at, "a dialect name string index", wire.ErrInvalid)
		}
		f.Dialects[i].Name = name
		if hasVersion {
			at := r.Offset()
			s, err := r.Section()
			if err != nil {
				return err
			}
			if s.ID != SectionDialectVersions {
				return r.ErrorAt(at, "a DialectVersions section", wire.ErrInvalid)
			}
			f.Dialects[i].Version = s.Data
			f.Dialects[i].VersionOffset = s.Offset
		}
	}
	if f.Version >= 4 {
		total, err := r.Count(1, "op names")
		if err != nil {
			return err
		}
		f.OpNames = make([]OpName, 0, total)
	}
	for !r.Empty() {
		d, err := f.dialectIndex(r)
		if err != nil {
			return err
		}
		n, err := r.Count(1, "op names")
		if err != nil {
			return err
		}
		for range n {
			at := r.Offset()
			v, err := r.VarInt()
			if err != nil {
				return err
			}
			registered := true
			if f.Version >= 5 {
				registered = v&1 == 1
				v >>= 1
			}
			name, ok := f.Strings.Lookup(v)
			if !ok {
				return r.ErrorAt(at, "an op name string index", wire.ErrInvalid)
			}
			f.OpNames = append(f.OpNames, OpName{Dialect: int(d), Name: name, Registered: registered})
		}
	}
	return nil
}

func (f *File) readAttrTypeOffsets() error {
	r := f.Sections[SectionAttrTypeOffset].Reader("AttrTypeOffset")
	numAttrs, err := r.Count(1, "attributes")
	if err != nil {
		return err
	}
	numTypes, err := r.Count(1, "types")
	if err != nil {
		return err
	}
	if numAttrs+numTypes > r.Len() {
		return r.Errorf(fmt.Sprintf("%d offset entries", numAttrs+numTypes), wire.ErrTruncated)
	}
	data := f.Sections[SectionAttrType]
	var pos int
	if f.Attrs, pos, err = f.readEntryTable(r, data, 0, numAttrs); err != nil {
		return err
	}
	if f.Types, pos, err = f.readEntryTable(r, data, pos, numTypes); err != nil {
		return err
	}
	if !r.Empty() {
		return r.Errorf("the end of the AttrTypeOffset section", wire.ErrInvalid)
	}
	if pos != len(data.Data) {
		return wire.NewReader(data.Data, data.Offset, "AttrType").ErrorAt(data.Offset+int64(pos), "no bytes after the last entry", wire.ErrInvalid)
	}
	return nil
}

// readEntryTable reads the sizes of n entries from r, the AttrTypeOffset
// section, in their dialect groups; the first starts at pos in data. It
// returns the table and where its last entry ends.
func (f *File) readEntryTable(r *wire.Reader, data *wire.Section, pos, n int) (EntryTable, int, error) {
	sec := f.Sections[SectionAttrTypeOffset]
	t := EntryTable{data: data.Data, offset: data.Offset, n: n, sizes: sec.Data,
		blocks: make([]entryBlock, (n+blockSize-1)/blockSize)}
	left := 0 // entries of the current group not read yet
	group := func(i int) error {
		for left == 0 {
			d, err := f.dialectIndex(r)
			if err != nil {
				return err
			}
			at := r.Offset()
			count, err := r.Count(1, "entries")
			if err != nil {
				return err
			}
			if count > n-i {
				return r.ErrorAt(at, fmt.Sprintf("at most %d more entries", n-i), wire.ErrInvalid)
			}
			if count > 0 {
				t.groups = append(t.groups, entryGroup{first: i, dialect: int(d)})
			}
			left = count
		}
		return nil
	}
	for i := 0; i < n; {
		if err := group(i); err != nil {
			return t, pos, err
		}
		b := &t.blocks[i/blockSize]
		b.start = uint64(pos)
		if at := r.Offset() - sec.Offset; left >= blockSize && at < 1<<31 {
			if size, ok := regularSizes(r.Rest(), len(data.Data)-pos); ok {
				b.at = int32(at)
				r.Skip(blockSize)
				pos, i, left = pos+size, i+blockSize, left-blockSize
				continue
			}
		}
		b.at = -1 - int32(len(t.ends)/blockSize)
		for end := min(i+blockSize, n); i < end; i++ {
			if err := group(i); err != nil {
				return t, pos, err
			}
			at := r.Offset()
			size, custom, err := r.VarIntWithFlag()
			if err != nil {
				return t, pos, err
			}
			if size > uint64(len(data.Data)-pos) {
				return t, pos, r.ErrorAt(at, fmt.Sprintf("an entry size within the AttrType section (%d bytes left)", len(data.Data)-pos), wire.ErrInvalid)
			}
			pos += int(size)
			e := uint64(pos)
			if custom {
				e |= entryCustom
			}
			t.ends = append(t.ends, e)
			left--
		}
		t.ends = append(t.ends, make([]uint64, (blockSize-len(t.ends)%blockSize)%blockSize)...)
	}
	return t, pos, nil
}

// regularSizes reports whether sizes starts with 16 one-byte sizes (a
// regular block) whose total is at most room, and the total.
func regularSizes(sizes []byte, room int) (int, bool) {
	const ones = 0x0101010101010101
	if len(sizes) < blockSize {
		return 0, false
	}
	lo, hi := binary.LittleEndian.Uint64(sizes), binary.LittleEndian.Uint64(sizes[8:])
	if lo&hi&ones != ones {
		return 0, false
	}
	total := int(sizeSum(lo, hi, blockSize-1)) + int(sizes[blockSize-1]>>2)
	return total, total <= room
}

// readResourceOffsets lists the resource entries with their data, and the
// dialect resource keys in handle order (external groups are not
// referenced by handles).
func (f *File) readResourceOffsets() error {
	r := f.Sections[SectionResourceOffset].Reader("ResourceOffset")
	data := f.Sections[SectionResource]
	pos := 0
	ext, err := r.Count(2, "external resource groups")
	if err != nil {
		return err
	}
	seen := map[ir.ResourceHandle]bool{}
	entries := func(group string, dialect bool, external int) error {
		n, err := r.Count(3, "resources")
		if err != nil {
			return err
		}
		for range n {
			key, err := f.ReadString(r, "a resource key")
			if err != nil {
				return err
			}
			at := r.Offset()
			size, err := r.VarInt()
			if err != nil {
				return err
			}
			kat := r.Offset()
			kind, err := r.Byte()
			if err != nil {
				return err
			}
			if size > uint64(len(data.Data)-pos) {
				return r.ErrorAt(at, fmt.Sprintf("a resource size within the %d bytes left of the Resource section", len(data.Data)-pos), wire.ErrInvalid)
			}
			f.ResourceEntries = append(f.ResourceEntries, ResourceEntry{
				Group: group, Dialect: dialect, External: external, Key: key, Kind: kind, KindOffset: kat,
				Offset: data.Offset + int64(pos), Data: data.Data[pos : pos+int(size) : pos+int(size)],
			})
			pos += int(size)
			if dialect {
				h := ir.ResourceHandle{Dialect: group, Key: key}
				if seen[h] {
					// MLIR renames the second entry; handles name resources
					// by key here, so it would be lost.
					return r.ErrorAt(kat-1, fmt.Sprintf("resource keys unique within dialect %s, not %q again", group, key), wire.ErrInvalid)
				}
				seen[h] = true
				f.Resources = append(f.Resources, h)
			}
		}
		return nil
	}
	for range ext {
		name, err := f.ReadString(r, "a resource group name")
		if err != nil {
			return err
		}
		f.ExternalGroups = append(f.ExternalGroups, name)
		if err := entries(name, false, len(f.ExternalGroups)-1); err != nil {
			return err
		}
	}
	for !r.Empty() {
		d, err := f.dialectIndex(r)
		if err != nil {
			return err
		}
		if err := entries(f.Dialects[d].Name, true, -1); err != nil {
			return err
		}
	}
	if pos != len(data.Data) {
		return wire.NewReader(data.Data, data.Offset, "Resource").ErrorAt(data.Offset+int64(pos), "no bytes after the last resource", wire.ErrInvalid)
	}
	return nil
}

// Target is what the file was written for.
func (f *File) Target() Target { return Target{Version: f.Version, Release: f.Release} }

// All iterates over the entries in order.
func (t *EntryTable) All() iter.Seq2[int, Entry] {
	return func(yield func(int, Entry) bool) {
		for i := range t.Len() {
			if !yield(i, t.At(i)) {
				return
			}
		}
	}
}
