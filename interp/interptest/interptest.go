// Package interptest checks that an interpreted dialect (package interp)
// and the generated one decode a file into the same values and write it
// back to the same bytes. Tests of dialectgen and of dialect repositories
// use it on their files.
package interptest

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/dialectgen/dialectgen/defs"
	"github.com/dialectgen/dialectgen/interp"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// Compare reads data into a context of the compiled dialects and into one
// where in replaces the compiled dialect of its name, writes both back as
// they were read and reports the first difference: in the bytes written,
// in a value of in's dialect (its kind, each parameter, its String), in
// the generic text printed, or in the bytes written from that text parsed.
// Values of other dialects compare by their String. It returns the number
// of in's values compared.
func Compare(data []byte, compiled []ir.Dialect, in *interp.Dialect) (int, error) {
	genCtx := ir.NewContext(compiled...)
	inCtx := ir.NewContext(append(append([]ir.Dialect{}, compiled...), in.Registered())...)
	gm, gerr := mlirbc.Read(genCtx, data, mlirbc.ReadOptions{})
	im, ierr := mlirbc.Read(inCtx, data, mlirbc.ReadOptions{})
	if (gerr == nil) != (ierr == nil) {
		return 0, fmt.Errorf("reading: generated: %v; interpreted: %v", gerr, ierr)
	}
	if gerr != nil {
		return 0, nil // neither reads it
	}
	gout, gerr := mlirbc.Append(nil, genCtx, gm, gm.Options())
	iout, ierr := mlirbc.Append(nil, inCtx, im, im.Options())
	if (gerr == nil) != (ierr == nil) || gerr != nil && gerr.Error() != ierr.Error() {
		return 0, fmt.Errorf("writing: generated: %v; interpreted: %v", gerr, ierr)
	}
	if !bytes.Equal(gout, iout) {
		return 0, fmt.Errorf("written bytes differ: generated %d bytes, interpreted %d", len(gout), len(iout))
	}
	c := &comparer{in: in}
	c.op(gm.Op, im.Op)
	if c.err != nil {
		return c.n, c.err
	}
	return c.n, compareText(gm, im, compiled, in)
}

// compareText prints both modules as generic MLIR text, which must be the
// same, and parses that text with each, which must write the same bytes.
func compareText(gm, im *mlirbc.Module, compiled []ir.Dialect, in *interp.Dialect) error {
	gtext, gerr := mlirtext.Append(nil, gm, mlirtext.Options{})
	itext, ierr := mlirtext.Append(nil, im, mlirtext.Options{})
	if (gerr == nil) != (ierr == nil) {
		return fmt.Errorf("printing: generated: %v; interpreted: %v", gerr, ierr)
	}
	if gerr != nil {
		return nil
	}
	if !bytes.Equal(gtext, itext) {
		return fmt.Errorf("printed text differs:\n%s\ninterpreted:\n%s", firstDiff(gtext, itext), firstDiff(itext, gtext))
	}
	genCtx := ir.NewContext(compiled...)
	inCtx := ir.NewContext(append(append([]ir.Dialect{}, compiled...), in.Registered())...)
	opts := mlirtext.ParseOptions{Release: gm.Release}
	gp, gerr := mlirtext.ParseBytes(genCtx, gtext, opts)
	ip, ierr := mlirtext.ParseBytes(inCtx, gtext, opts)
	if (gerr == nil) != (ierr == nil) {
		return fmt.Errorf("parsing the text: generated: %v; interpreted: %v", gerr, ierr)
	}
	if gerr != nil {
		return nil
	}
	wopts := gm.Options()
	gout, gerr := mlirbc.Append(nil, genCtx, gp, wopts)
	iout, ierr := mlirbc.Append(nil, inCtx, ip, wopts)
	if (gerr == nil) != (ierr == nil) || gerr == nil && !bytes.Equal(gout, iout) {
		return fmt.Errorf("the parsed text writes differently: generated %d bytes (%v), interpreted %d (%v)", len(gout), gerr, len(iout), ierr)
	}
	return nil
}

// firstDiff is the line of a where it first differs from b.
func firstDiff(a, b []byte) string {
	al, bl := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := range al {
		if i >= len(bl) || !bytes.Equal(al[i], bl[i]) {
			return fmt.Sprintf("line %d: %s", i+1, al[i])
		}
	}
	return "(a prefix)"
}

type comparer struct {
	in  *interp.Dialect
	n   int
	err error
}

func (c *comparer) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf(format, args...)
	}
}

func (c *comparer) op(g, i *ir.Operation) {
	if c.err != nil {
		return
	}
	if g.Name() != i.Name() || len(g.Attrs()) != len(i.Attrs()) || g.NumResults() != i.NumResults() || g.NumRegions() != i.NumRegions() {
		c.fail("op %v and %v differ in shape", g.Name(), i.Name())
		return
	}
	for k := range g.Attrs() {
		c.value(g.Attrs()[k].Value, i.Attrs()[k].Value)
	}
	for k := range g.Results() {
		c.value(g.Result(k).Type(), i.Result(k).Type())
	}
	for k, r := range g.Regions() {
		if r.NumBlocks() != i.Region(k).NumBlocks() {
			c.fail("op %v: region %d has %d blocks, interpreted %d", g.Name(), k, r.NumBlocks(), i.Region(k).NumBlocks())
			return
		}
		for b, blk := range r.Blocks() {
			ib := i.Region(k).Block(b)
			if blk.NumOps() != ib.NumOps() || blk.NumArgs() != ib.NumArgs() {
				c.fail("op %v: block sizes differ", g.Name())
				return
			}
			for a := range blk.Args() {
				c.value(blk.Arg(a).Type(), ib.Arg(a).Type())
			}
			for o := range blk.Ops() {
				c.op(blk.Op(o), ib.Op(o))
			}
		}
	}
}

// value compares a generated value with the interpreted one.
func (c *comparer) value(g, i any) {
	if c.err != nil {
		return
	}
	if fmt.Sprint(g) != fmt.Sprint(i) {
		c.fail("%v prints as %v when interpreted", g, i)
		return
	}
	type named interface{ Dialect() string }
	gn, ok := g.(named)
	if !ok || gn.Dialect() != c.in.Name() {
		return
	}
	iv, ok := i.(interface {
		Def() *defs.Def
		Params() []any
	})
	if !ok {
		// Not custom-encoded (a textual entry): both kept it as it was.
		if reflect.TypeOf(g) != reflect.TypeOf(i) {
			c.fail("%v is %T, interpreted %T", g, g, i)
		}
		return
	}
	c.n++
	def := iv.Def()
	if k := g.(interface{ Kind() string }).Kind(); k != def.Name {
		c.fail("%v is a %s, interpreted a %s", g, k, def.Name)
		return
	}
	gv := reflect.ValueOf(g)
	for k, p := range def.Params {
		m := gv.MethodByName(defs.GoName(p.Name))
		if !m.IsValid() {
			c.fail("%v has no accessor %s", g, defs.GoName(p.Name))
			return
		}
		c.param(fmt.Sprintf("%v: %s", g, p.Name), p.Type, m.Call(nil)[0], iv.Params()[k])
	}
}

// param compares a generated parameter with the interpreted one.
func (c *comparer) param(what string, t *defs.TypeRef, g reflect.Value, i any) {
	if c.err != nil {
		return
	}
	switch t.Kind {
	case defs.RefAttr, defs.RefLocation, defs.RefType:
		if g.IsNil() != (i == nil) {
			c.fail("%s: %v, interpreted %v", what, g, i)
			return
		}
		if i != nil {
			c.value(g.Interface(), i)
		}
		return
	case defs.RefList:
		l, _ := i.([]any)
		if g.Len() != len(l) || g.IsNil() != (l == nil) {
			c.fail("%s: %v, interpreted %v", what, g, i)
			return
		}
		for k := range l {
			c.param(fmt.Sprintf("%s[%d]", what, k), t.Elem, g.Index(k), l[k])
		}
		return
	case defs.RefStruct:
		s := i.([]any)
		for k, p := range t.Struct.Params {
			c.param(what+"."+p.Name, p.Type, g.Field(k), s[k])
		}
		return
	}
	var want any
	switch g.Kind() {
	case reflect.Int64, reflect.Int32:
		want = g.Int()
	case reflect.Uint64, reflect.Uint32:
		want = g.Uint()
	default:
		want = g.Interface()
	}
	if !reflect.DeepEqual(want, i) {
		c.fail("%s: %#v, interpreted %#v", what, want, i)
	}
}

// CompareReleases reads data with the compiled dialects and with in, as
// Compare does, and writes both for each LLVM release in releases (other
// than the file's): the ops converted between releases must give the same
// bytes, or the same error.
func CompareReleases(data []byte, compiled []ir.Dialect, in *interp.Dialect, releases []int) error {
	genCtx := ir.NewContext(compiled...)
	inCtx := ir.NewContext(append(append([]ir.Dialect{}, compiled...), in.Registered())...)
	gm, gerr := mlirbc.Read(genCtx, data, mlirbc.ReadOptions{})
	im, ierr := mlirbc.Read(inCtx, data, mlirbc.ReadOptions{})
	if gerr != nil || ierr != nil {
		return nil // Compare reports a difference in reading
	}
	for _, r := range releases {
		if r == gm.Release {
			continue
		}
		gopts, iopts := gm.Options(), im.Options()
		gopts.Release, iopts.Release = r, r
		gout, gerr := mlirbc.Append(nil, genCtx, gm, gopts)
		iout, ierr := mlirbc.Append(nil, inCtx, im, iopts)
		if (gerr == nil) != (ierr == nil) || gerr != nil && gerr.Error() != ierr.Error() {
			return fmt.Errorf("writing for LLVM %d: generated: %v; interpreted: %v", r, gerr, ierr)
		}
		if !bytes.Equal(gout, iout) {
			return fmt.Errorf("written for LLVM %d, bytes differ: generated %d bytes, interpreted %d", r, len(gout), len(iout))
		}
	}
	return nil
}
