package bytecode

import "github.com/dialectgen/dialectgen/runtime/ir"

// ReleaseConverter is implemented by a dialect whose ops hold different
// attributes, or the same ones differently, in different LLVM releases
// (an enum renumbered, a default one release populates, an attribute
// whose storage changed). The writer asks it for the attributes an op
// read at release from has at release to (0: the newest) and writes those;
// changed is false when they are op.Attrs() as they are. A value the target
// cannot express is an error that names the attribute and the release.
// A converter may also set the op's operand segments (an operand group
// the target added) or rename it (a terminator the target names
// otherwise); the writer puts back the attributes, segments and name
// after the write.
type ReleaseConverter interface {
	ConvertOp(ctx *ir.Context, op *ir.Operation, from, to int) (attrs []ir.NamedAttr, changed bool, err error)
}

// DefaultPopulator is implemented by a dialect some of whose ops carry an
// attribute at its default wherever it is not set (ODS's DefaultValuedAttr):
// MLIR sets it on every such op it creates (from text, from bytecode, in a
// builder), so what leaves it out reads as if it were there.
// PopulateDefaults returns attrs, the attributes of an op of the dialect
// (op without the dialect prefix) sorted by name, with those defaults of
// release (0: the newest) added where absent, and whether it added any.
// It may insert into attrs' array.
type DefaultPopulator interface {
	PopulateDefaults(ctx *ir.Context, op string, release int, attrs []ir.NamedAttr) (_ []ir.NamedAttr, added bool)
}

// PopulateDefaults gives op the defaults its dialect in ctx populates at
// the newest release where op lacks them (DefaultPopulator): what the
// generated builders call, as MLIR's builders set them. Without ctx, or
// the dialect in it, it does nothing.
func PopulateDefaults(ctx *ir.Context, op *ir.Operation) {
	if ctx == nil {
		return
	}
	if d, ok := ctx.Dialect(op.Name().Dialect).(DefaultPopulator); ok {
		if attrs, added := d.PopulateDefaults(ctx, op.Name().Op, 0, op.Attrs()); added {
			op.SetAttrs(attrs)
		}
	}
}

// EnumAttrs is implemented by a dialect with attributes that hold one enum
// (#arith.fastmath<none>): EnumAttr returns the attribute holding the case
// named value of the enum named enum (the names the definitions give
// them), nil if the dialect has none. Another dialect's default names one
// this way (math's fastmath defaults to arith's none).
type EnumAttrs interface {
	EnumAttr(ctx *ir.Context, enum, value string) ir.Attribute
}
