package builtin

import (
	"math"

	"github.com/dialectgen/dialectgen/runtime/asm"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// LocReader reads what loc(...) holds in MLIR's text: unknown,
// "file":line:col (to line:col), "name"(child), callsite(a at b) and
// fused<metadata>[...]. The generic text reads locations with it, and so
// do dialect values that hold one.
type LocReader struct {
	// Attr reads a fused location's metadata.
	Attr func() ir.Attribute
	// Alias is the location #name stands for; nil where the text has no
	// aliases.
	Alias func(name string) (ir.Location, bool)
	// lastFile is the file name of the last location read (File).
	lastFile *StringAttr
}

// Read reads a location's body from p; nil after an error.
func (r *LocReader) Read(p *asm.Parser, ctx *ir.Context) ir.Location {
	if !p.Enter() {
		return nil
	}
	defer p.Leave()
	t := p.Tok()
	switch {
	case t.Kind == asm.HashIdent && r.Alias != nil:
		p.Next()
		l, ok := r.Alias(t.Text)
		if !ok {
			p.ErrorAt(t.Off, "%s is not a defined location alias", t.Text)
			return nil
		}
		return l
	case t.Is("unknown"):
		p.Next()
		return GetUnknownLoc(ctx)
	case t.Is("callsite"):
		p.Next()
		p.Expect("(")
		callee := r.Read(p, ctx)
		p.Expect("at")
		caller := r.Read(p, ctx)
		p.Expect(")")
		if p.Failed() {
			return nil
		}
		return GetCallSiteLoc(ctx, callee, caller)
	case t.Is("fused"):
		p.Next()
		var md ir.Attribute
		if p.Optional("<") {
			md = r.Attr()
			p.Expect(">")
		}
		var locs []ir.Location
		p.Expect("[")
		p.List("]", func() { locs = append(locs, r.Read(p, ctx)) })
		p.Expect("]")
		if p.Failed() {
			return nil
		}
		return GetFusedLoc(ctx, locs, md)
	case t.Kind == asm.String:
		s, _ := p.StringLit()
		if p.Optional(":") {
			line := locNumber(p, "a line")
			p.Expect(":")
			col := locNumber(p, "a column")
			if !p.Optional("to") {
				if p.Failed() {
					return nil
				}
				return GetFileLineColRange(ctx, r.File(ctx, s), line, col, line, col, 2)
			}
			endLine := line
			if !p.Is(":") {
				endLine = locNumber(p, "an end line")
			}
			p.Expect(":")
			endCol := locNumber(p, "an end column")
			if p.Failed() {
				return nil
			}
			return GetFileLineColRange(ctx, r.File(ctx, s), line, col, endLine, endCol, 4)
		}
		var child ir.Location = GetUnknownLoc(ctx)
		if p.Optional("(") {
			child = r.Read(p, ctx)
			p.Expect(")")
		}
		if p.Failed() {
			return nil
		}
		return GetNameLoc(ctx, GetStringAttr(ctx, s, GetNoneType(ctx)), child)
	}
	p.Errorf("expected a location")
	return nil
}

// File is the file name of a location: the last one again where it
// repeats, as consecutive locations mostly name the same file.
func (r *LocReader) File(ctx *ir.Context, name string) *StringAttr {
	if r.lastFile == nil || r.lastFile.Value() != name {
		r.lastFile = GetStringAttr(ctx, name, nil)
	}
	return r.lastFile
}

// locNumber reads a line or column, which locations keep in 32 bits.
func locNumber(p *asm.Parser, what string) uint32 {
	v := p.ExpectUint64(what)
	if v > math.MaxUint32 {
		p.Errorf("%s beyond 32 bits", what)
	}
	return uint32(v)
}
