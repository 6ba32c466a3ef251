package mlirbc

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// readResources reads the resource groups: external groups as they are,
// dialect groups into m.Resources by handle. Blob data stays in the file.
func (rd *reader) readResources(m *Module) error {
	offs := rd.f.Sections[bytecode.SectionResourceOffset]
	if offs == nil {
		return nil
	}
	r := offs.Reader("ResourceOffset")
	data := rd.f.Sections[bytecode.SectionResource]
	dr := data.Reader("Resource")
	ext, err := r.Count(2, "external resource groups")
	if err != nil {
		return err
	}
	group := func(dialect string) ([]*Resource, error) {
		n, err := r.Count(3, "resources")
		if err != nil {
			return nil, err
		}
		entries := make([]*Resource, 0, n)
		for range n {
			key, err := rd.str(r, "a resource key")
			if err != nil {
				return nil, err
			}
			at := r.Offset()
			size, err := r.VarInt()
			if err != nil {
				return nil, err
			}
			kat := r.Offset()
			kind, err := r.Byte()
			if err != nil {
				return nil, err
			}
			if kind > byte(ResourceString) {
				return nil, r.ErrorAt(kat, fmt.Sprintf("a resource kind 0 (blob), 1 (bool) or 2 (string), not %d", kind), wire.ErrInvalid)
			}
			if size > uint64(dr.Len()) {
				return nil, r.ErrorAt(at, fmt.Sprintf("a resource size within the %d bytes left of the Resource section", dr.Len()), wire.ErrInvalid)
			}
			er, _ := dr.Sub(size, "Resource")
			res := &Resource{Key: key, Kind: ResourceKind(kind)}
			if size == 0 {
				// Elided data, or a reference that never had any.
				res.Declared = true
			} else if err := rd.readResourceData(er, res); err != nil {
				return nil, err
			}
			entries = append(entries, res)
		}
		return entries, nil
	}
	for range ext {
		name, err := rd.str(r, "a resource group name")
		if err != nil {
			return err
		}
		entries, err := group("")
		if err != nil {
			return err
		}
		m.External = append(m.External, ResourceGroup{Name: name, Entries: entries})
	}
	for !r.Empty() {
		at := r.Offset()
		d, err := r.VarInt()
		if err != nil {
			return err
		}
		if d >= uint64(len(rd.f.Dialects)) {
			return r.ErrorAt(at, fmt.Sprintf("a dialect index below %d", len(rd.f.Dialects)), wire.ErrInvalid)
		}
		dialect := rd.f.Dialects[d].Name
		entries, err := group(dialect)
		if err != nil {
			return err
		}
		for _, e := range entries {
			m.Resources[ir.ResourceHandle{Dialect: dialect, Key: e.Key}] = e
		}
	}
	if !dr.Empty() {
		return dr.Errorf("no bytes after the last resource", wire.ErrInvalid)
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
		s, err := rd.str(r, "a resource string")
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

func (rd *reader) str(r *wire.Reader, what string) (string, error) {
	at := r.Offset()
	i, err := r.VarInt()
	if err != nil {
		return "", err
	}
	s, ok := rd.f.Strings.Lookup(i)
	if !ok {
		return "", r.ErrorAt(at, fmt.Sprintf("a string index below %d for %s", rd.f.Strings.Len(), what), wire.ErrInvalid)
	}
	return s, nil
}
