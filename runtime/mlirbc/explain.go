package mlirbc

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// Explain reads data as Read does and tells tr what every byte range
// holds, as llvm-bcanalyzer does for LLVM bitcode: the header, each
// section's framing, the string table, the dialect and op-name lists, the
// attribute and type entries with what they decode to, resources,
// properties entries, and the IR down to each op's fields. It returns the
// error Read would give; what came before it is already reported, which
// is what one wants when a writer got a byte wrong.
func Explain(ctx *ir.Context, data []byte, opts ReadOptions, tr wire.Tracer) error {
	if err := explainFraming(data, tr); err != nil {
		return err
	}
	f, err := bytecode.ParseFile(data)
	if err != nil {
		return err
	}
	explainStrings(f, tr)
	explainDialects(f, tr)
	explainEntries(ctx, f, tr)
	explainResources(f, tr)
	_, err = decode(ctx, f, opts, tr)
	return err
}

// explainFraming reports the header and each section's header and body.
func explainFraming(data []byte, tr wire.Tracer) error {
	r := wire.NewReader(data, 0, "header")
	if _, err := r.Bytes(uint64(len(bytecode.Magic))); err != nil {
		return err
	}
	tr.Span(0, r.Offset(), `magic "ML\xEFR"`)
	at := r.Offset()
	v, err := r.VarInt()
	if err != nil {
		return err
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("version %d", v))
	at = r.Offset()
	p, err := r.CString()
	if err != nil {
		return err
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("producer %q", p))
	for !r.Empty() {
		at := r.Offset()
		s, err := r.Section()
		if err != nil {
			return err
		}
		name := bytecode.SectionName(s.ID)
		tr.Span(at, s.Offset, fmt.Sprintf("section header: %s, %d bytes", name, len(s.Data)))
		tr.Span(at, s.Offset+int64(len(s.Data)), name+" section")
	}
	return nil
}

// explainStrings reports the string table: its count, each size (written
// last string first) and each string.
func explainStrings(f *bytecode.File, tr wire.Tracer) {
	s := f.Sections[bytecode.SectionString]
	r := s.Reader("String")
	at := r.Offset()
	n, err := r.VarInt()
	if err != nil {
		return
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("%d strings", n))
	for k := int(n) - 1; k >= 0; k-- {
		at := r.Offset()
		if _, err := r.VarInt(); err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("size of string %d", k))
	}
	for i := range f.Strings.Len() {
		at := r.Offset()
		str := f.Strings.At(i)
		if err := r.Skip(uint64(len(str)) + 1); err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("string %d: %q", i, str))
	}
}

// explainDialects reports the dialect names and the op-name groups.
func explainDialects(f *bytecode.File, tr wire.Tracer) {
	r := f.Sections[bytecode.SectionDialect].Reader("Dialect")
	at := r.Offset()
	if _, err := r.VarInt(); err != nil {
		return
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("%d dialects", len(f.Dialects)))
	for i, d := range f.Dialects {
		at := r.Offset()
		if _, err := r.VarInt(); err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("dialect %d: %s", i, d.Name))
		if d.Version != nil {
			at := r.Offset()
			if _, err := r.Section(); err != nil {
				return
			}
			tr.Span(at, r.Offset(), fmt.Sprintf("version of dialect %s (%d bytes)", d.Name, len(d.Version)))
		}
	}
	if f.Version >= 4 {
		at := r.Offset()
		if _, err := r.VarInt(); err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("%d op names", len(f.OpNames)))
	}
	next := 0
	for !r.Empty() {
		at := r.Offset()
		d, err := r.VarInt()
		if err != nil || d >= uint64(len(f.Dialects)) {
			return
		}
		n, err := r.VarInt()
		if err != nil {
			return
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("%d op names of dialect %s", n, f.Dialects[d].Name))
		for range n {
			at := r.Offset()
			if _, err := r.VarInt(); err != nil || next >= len(f.OpNames) {
				return
			}
			o := f.OpNames[next]
			what := fmt.Sprintf("op name %d: %s.%s", next, f.Dialects[o.Dialect].Name, o.Name)
			if f.Version >= 5 && !o.Registered {
				what += " (unregistered)"
			}
			tr.Span(at, r.Offset(), what)
			next++
		}
	}
}

// explainEntries reports the offset table and each attribute and type
// entry with what it decodes to.
func explainEntries(ctx *ir.Context, f *bytecode.File, tr wire.Tracer) {
	r := f.Sections[bytecode.SectionAttrTypeOffset].Reader("AttrTypeOffset")
	at := r.Offset()
	if _, err := r.VarInt(); err != nil {
		return
	}
	if _, err := r.VarInt(); err != nil {
		return
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("%d attributes, %d types", f.Attrs.Len(), f.Types.Len()))
	dec := bytecode.NewDecoder(ctx, f, ir.Limits{})
	for _, types := range []bool{false, true} {
		table, kind := &f.Attrs, "attribute"
		if types {
			table, kind = &f.Types, "type"
		}
		for i := 0; i < table.Len(); {
			at := r.Offset()
			if _, err := r.VarInt(); err != nil {
				return
			}
			n, err := r.VarInt()
			if err != nil || n == 0 {
				return
			}
			tr.Span(at, r.Offset(), fmt.Sprintf("%d %ss of dialect %s", n, kind, f.Dialects[table.At(i).Dialect].Name))
			for range n {
				if i >= table.Len() {
					return
				}
				at := r.Offset()
				size, err := r.VarInt()
				if err != nil {
					return
				}
				e := table.At(i)
				form := "text"
				if e.Custom {
					form = "custom"
				}
				tr.Span(at, r.Offset(), fmt.Sprintf("%s %d: %d bytes, %s", kind, i, size>>1, form))
				var v any
				if types {
					v, err = dec.Type(uint64(i))
				} else {
					v, err = dec.Attribute(uint64(i))
				}
				what := fmt.Sprintf("%s %d, %s %s: %v", kind, i, f.Dialects[e.Dialect].Name, form, v)
				if err != nil {
					what = fmt.Sprintf("%s %d, %s %s: does not decode: %v", kind, i, f.Dialects[e.Dialect].Name, form, err)
				}
				tr.Span(e.Offset, e.Offset+int64(len(e.Data)), what)
				i++
			}
		}
	}
}

// explainResources reports the resource offset table and each entry's
// data.
func explainResources(f *bytecode.File, tr wire.Tracer) {
	for _, e := range f.ResourceEntries {
		kind := ResourceKind(e.Kind).String()
		tr.Span(e.Offset, e.Offset+int64(len(e.Data)), fmt.Sprintf("resource %s.%s (%s, %d bytes)", e.Group, e.Key, kind, len(e.Data)))
	}
	s := f.Sections[bytecode.SectionResourceOffset]
	if s == nil {
		return
	}
	r := s.Reader("ResourceOffset")
	at := r.Offset()
	ext, err := r.VarInt()
	if err != nil {
		return
	}
	tr.Span(at, r.Offset(), fmt.Sprintf("%d external resource groups", ext))
	next := 0
	group := func(what string) bool {
		at := r.Offset()
		n, err := r.VarInt()
		if err != nil {
			return false
		}
		tr.Span(at, r.Offset(), fmt.Sprintf("%d resources of %s", n, what))
		for range n {
			if next >= len(f.ResourceEntries) {
				return false
			}
			e := f.ResourceEntries[next]
			at := r.Offset()
			for range 2 { // key, size
				if _, err := r.VarInt(); err != nil {
					return false
				}
			}
			if _, err := r.Byte(); err != nil {
				return false
			}
			tr.Span(at, r.Offset(), fmt.Sprintf("resource %s: key, %d bytes, %s", e.Key, len(e.Data), ResourceKind(e.Kind)))
			next++
		}
		return true
	}
	for i := range ext {
		at := r.Offset()
		if _, err := r.VarInt(); err != nil {
			return
		}
		tr.Span(at, r.Offset(), "name of external group "+f.ExternalGroups[i])
		if !group("external group " + f.ExternalGroups[i]) {
			return
		}
	}
	for !r.Empty() {
		at := r.Offset()
		d, err := r.VarInt()
		if err != nil || d >= uint64(len(f.Dialects)) {
			return
		}
		tr.Span(at, r.Offset(), "dialect "+f.Dialects[d].Name)
		if !group("dialect " + f.Dialects[d].Name) {
			return
		}
	}
}
