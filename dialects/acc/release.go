package acc

import (
	"fmt"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/dialects/release"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// varTypeSince is the release whose data clause ops have the varType
// attribute (acc.yaml: since: llvm 22).
const varTypeSince = 22

// varOperand is the position of the variable among a data clause op's
// operands: after the accelerator variable for the ops that copy back.
var varOperand = map[string]int{"copyout": 1, "update_host": 1}

// varTypeRelease is the release_hook of the data clause ops. LLVM 22
// stores the variable's type in varType, which its parser and builders
// derive from the variable (a memref's element type); 19 has no such
// attribute. 19 to 22 derives it; 22 to 19 drops it where it is what the
// variable says and refuses it otherwise.
func varTypeRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, varTypeSince) }
	if has(to) == has(from) {
		return attrs, nil
	}
	i := varOperand[op.Name().Op]
	if i >= op.NumOperands() || op.Operand(i) == nil {
		return nil, fmt.Errorf("no variable operand %d", i)
	}
	var derived ir.Type
	switch t := op.Operand(i).Type().(type) {
	case *builtin.MemRefType:
		derived = t.ElementType()
	case *builtin.UnrankedMemRefType:
		derived = t.ElementType()
	}
	if has(to) {
		if release.Find(attrs, "varType") != nil {
			return attrs, nil
		}
		if derived == nil {
			return nil, fmt.Errorf("attribute varType: LLVM %d derives it from the variable's type %v, which is not done here", to, op.Operand(i).Type())
		}
		return release.Set(attrs, "varType", builtin.GetTypeAttr(ctx, derived)), nil
	}
	a := release.Find(attrs, "varType")
	if a == nil {
		return attrs, nil
	}
	if ta, ok := a.(*builtin.TypeAttr); !ok || derived == nil || ta.Value() != derived {
		return nil, fmt.Errorf("attribute varType: %v is not the type LLVM %d derives from the variable (%v), and it has no varType", a, to, op.Operand(i).Type())
	}
	return release.Remove(attrs, "varType"), nil
}

// asyncOnlySince is the release whose acc.update names its device types
// of async without a value asyncOnly (acc.yaml: since: llvm 22); 19
// names them async.
const asyncOnlySince = 22

// asyncOnlyRelease is the release_hook of acc.update: LLVM 22 renamed its
// attribute async asyncOnly, the value alike (a DeviceTypeArrayAttr,
// mlir-opt-19 and -22 give the same text the same array). A value of
// another kind (16's unit async) is left to the rules.
func asyncOnlyRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, asyncOnlySince) }
	if has(to) == has(from) {
		return attrs, nil
	}
	old, now := "async", "asyncOnly"
	if !has(to) {
		old, now = now, old
	}
	a := release.Find(attrs, old)
	if _, ok := a.(*builtin.ArrayAttr); !ok {
		return attrs, nil
	}
	if release.Find(attrs, now) != nil {
		return nil, fmt.Errorf("attribute %s and %s: LLVM %d has only %s", old, now, to, now)
	}
	return release.Set(release.Remove(attrs, old), now, a), nil
}
