package mlirbc

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readResources turns the file's resource entries into external groups
// and dialect resources by handle. Blob data stays in the file.
func (rd *reader) readResources(m *Module) error {
	for _, name := range rd.f.ExternalGroups {
		m.External = append(m.External, ResourceGroup{Name: name})
	}
	for _, e := range rd.f.ResourceEntries {
		if e.Kind > byte(ResourceString) {
			r := wire.NewReader(nil, e.KindOffset, "ResourceOffset")
			return r.ErrorAt(e.KindOffset, fmt.Sprintf("a resource kind 0 (blob), 1 (bool) or 2 (string), not %d", e.Kind), wire.ErrInvalid)
		}
		res := &Resource{Key: e.Key, Kind: ResourceKind(e.Kind)}
		if len(e.Data) == 0 {
			// Elided data, or a reference that never had any.
			res.Declared = true
		} else if err := rd.readResourceData(wire.NewReader(e.Data, e.Offset, "Resource"), res); err != nil {
			return err
		}
		if e.Dialect {
			m.Resources[ir.ResourceHandle{Dialect: e.Group, Key: e.Key}] = res
			continue
		}
		g := &m.External[e.External]
		g.Entries = append(g.Entries, res)
	}
	return nil
}

func (rd *reader) readResourceData(r *wire.Reader, res *Resource) error {
	switch res.Kind {
	case ResourceBlob:
		at := r.Offset()
		align, err := r.VarInt()
		if err != nil {
			return err
		}
		if align == 0 || align&(align-1) != 0 || align > 1<<31 {
			return r.ErrorAt(at, fmt.Sprintf("a power-of-two blob alignment, not %d", align), wire.ErrInvalid)
		}
		sat := r.Offset()
		size, err := r.VarInt()
		if err != nil {
			return err
		}
		// Padding runs to an absolute multiple of the alignment.
		pad := uint64(-r.Offset()) & (align - 1)
		padding, err := r.Bytes(pad)
		if err != nil {
			return err
		}
		for i, b := range padding {
			if b != wire.PaddingByte {
				return r.ErrorAt(r.Offset()-int64(pad)+int64(i), "alignment padding 0xCB", wire.ErrInvalid)
			}
		}
		if res.Data, err = r.Bytes(size); err != nil {
			return r.ErrorAt(sat, fmt.Sprintf("a blob of %d bytes within its entry", size), err)
		}
		res.Alignment = align
	case ResourceBool:
		b, err := r.Byte()
		if err != nil {
			return err
		}
		res.Bool = b != 0
	case ResourceString:
		s, err := rd.f.ReadString(r, "a resource string")
		if err != nil {
			return err
		}
		res.String = s
	}
	if !r.Empty() {
		return r.Errorf("the end of the resource entry", wire.ErrInvalid)
	}
	return nil
}
