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

// EntryTable is the attribute or the type table. It keeps four bytes per
// entry (eight when the section is 2 GiB or more), whatever the file
// holds, so that a file of many tiny entries costs memory in proportion
// to its size.
type EntryTable struct {
	data   []byte // the AttrType section's data
	offset int64  // absolute offset of data[0]
	start  uint64 // where the first entry starts in data
	// ends[i] (or wideEnds[i], for sections of 2 GiB and more) is where
	// entry i ends in data, with its top bit set for custom-encoded
	// entries. One of the two is nil.
	ends     []uint32
	wideEnds []uint64
	groups   []entryGroup
}

const (
	entryCustom     = 1 << 31
	wideEntryCustom = 1 << 63
)

// newEntryTable makes the table of n entries of data, from start on;
// wide keeps eight bytes an entry, which data of 2 GiB or more needs.
func newEntryTable(data []byte, offset int64, start, n int, wide bool) EntryTable {
	t := EntryTable{data: data, offset: offset, start: uint64(start)}
	if wide {
		t.wideEnds = make([]uint64, n)
	} else {
		t.ends = make([]uint32, n)
	}
	return t
}

// setEnd records that entry i ends at pos in data.
func (t *EntryTable) setEnd(i, pos int, custom bool) {
	if t.ends != nil {
		e := uint32(pos)
		if custom {
			e |= entryCustom
		}
		t.ends[i] = e
		return
	}
	e := uint64(pos)
	if custom {
		e |= wideEntryCustom
	}
	t.wideEnds[i] = e
}

// setEnds8 records the ends of the entries from i on whose sizes are the
// one-byte varints at the start of sizes, eight at a time, the first
// starting at pos and none ending more than room bytes further: it
// returns how many it recorded and their total size. Each byte is
// size<<2 | custom<<1 | 1; a four-byte group's running sums fit a byte
// each (4 × 63), so one multiplication makes them. t is narrow.
func (t *EntryTable) setEnds8(i, pos int, sizes []byte, room int) (n, total int) {
	const ones = 0x0101010101010101
	for n+8 <= len(sizes) {
		w := binary.LittleEndian.Uint64(sizes[n:])
		if w&ones != ones {
			break
		}
		sz := w >> 2 & 0x3f3f3f3f3f3f3f3f
		lo := (sz & 0xffffffff) * 0x01010101
		hi := (sz >> 32) * 0x01010101
		mid := total + int(lo>>24&0xff)
		end := mid + int(hi>>24&0xff)
		if end > room {
			break
		}
		c := uint32(w>>1) & 0x01010101
		ch := uint32(w>>33) & 0x01010101
		a, b := uint32(pos+total), uint32(pos+mid)
		e := t.ends[i+n : i+n+8 : i+n+8]
		e[0] = a + uint32(lo&0xff) | c<<31
		e[1] = a + uint32(lo>>8&0xff) | c>>8<<31
		e[2] = a + uint32(lo>>16&0xff) | c>>16<<31
		e[3] = b | c>>24<<31
		e[4] = b + uint32(hi&0xff) | ch<<31
		e[5] = b + uint32(hi>>8&0xff) | ch>>8<<31
		e[6] = b + uint32(hi>>16&0xff) | ch>>16<<31
		e[7] = uint32(pos+end) | ch>>24<<31
		n, total = n+8, end
	}
	return n, total
}

// end is where entry i ends in data, and whether it is custom-encoded.
func (t *EntryTable) end(i int) (uint64, bool) {
	if t.ends != nil {
		e := t.ends[i]
		return uint64(e &^ entryCustom), e&entryCustom != 0
	}
	e := t.wideEnds[i]
	return e &^ wideEntryCustom, e&wideEntryCustom != 0
}

// entryGroup is a run of entries of one dialect, from entry first on.
type entryGroup struct {
	first   int
	dialect int
}

// Len is the number of entries.
func (t *EntryTable) Len() int { return len(t.ends) + len(t.wideEnds) }

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
	start = t.start
	if i > 0 {
		start, _ = t.end(i - 1)
	}
	end, custom = t.end(i)
	return start, end, custom
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
	pos := 0
	read := func(t *EntryTable, n int) error {
		*t = newEntryTable(data.Data, data.Offset, pos, n, len(data.Data) >= entryCustom)
		for i := 0; i < n; {
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
			for k := 0; k < count; k++ {
				// Most entries are under 64 bytes: a run of one-byte
				// sizes needs no checks beyond the bound, and is taken
				// eight at a time where it can be.
				rest := r.Rest()
				p := 0
				if t.ends != nil {
					n, size := t.setEnds8(i, pos, rest[:min(len(rest), count-k)], len(data.Data)-pos)
					i, k, p, pos = i+n, k+n, n, pos+size
				}
				for ; k < count && p < len(rest) && rest[p]&1 != 0; k, p = k+1, p+1 {
					size := int(rest[p] >> 2)
					if size > len(data.Data)-pos {
						break
					}
					pos += size
					t.setEnd(i, pos, rest[p]&2 != 0)
					i++
				}
				r.Skip(uint64(p))
				if k == count {
					break
				}
				at := r.Offset()
				size, custom, err := r.VarIntWithFlag()
				if err != nil {
					return err
				}
				if size > uint64(len(data.Data)-pos) {
					return r.ErrorAt(at, fmt.Sprintf("an entry size within the AttrType section (%d bytes left)", len(data.Data)-pos), wire.ErrInvalid)
				}
				pos += int(size)
				t.setEnd(i, pos, custom)
				i++
			}
		}
		return nil
	}
	if err := read(&f.Attrs, numAttrs); err != nil {
		return err
	}
	if err := read(&f.Types, numTypes); err != nil {
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
