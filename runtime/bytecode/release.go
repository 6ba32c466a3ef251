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
// the target added); the writer puts back the attributes and segments
// after the write.
type ReleaseConverter interface {
	ConvertOp(ctx *ir.Context, op *ir.Operation, from, to int) (attrs []ir.NamedAttr, changed bool, err error)
}
