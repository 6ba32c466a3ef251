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

// bindNamesSince is the release whose acc.routine splits its bind names
// into identifiers and strings (acc.yaml: bindIdName, bindStrName, since:
// llvm 22); 19 has only strings, bindName.
const bindNamesSince = 22

// bindNameRelease is the release_hook of acc.routine. LLVM 19 names the
// functions a routine binds to by string only (bindName, with
// bindNameDeviceType); 22 keeps strings in bindStrName and identifiers in
// bindIdName, and its parser gives a routine with a bind both, the
// identifiers' empty. 19 to 22 moves the strings and adds the empty
// identifiers; 22 to 19 moves the strings back and refuses identifiers,
// which 19 cannot say.
func bindNameRelease(ctx *ir.Context, op *ir.Operation, attrs []ir.NamedAttr, from, to int) ([]ir.NamedAttr, error) {
	has := func(r int) bool { return release.AtLeast(r, bindNamesSince) }
	if has(to) == has(from) {
		return attrs, nil
	}
	if has(to) {
		names, types := release.Find(attrs, "bindName"), release.Find(attrs, "bindNameDeviceType")
		if names == nil && types == nil {
			return attrs, nil
		}
		attrs = release.Remove(release.Remove(attrs, "bindName"), "bindNameDeviceType")
		empty := builtin.GetArrayAttr(ctx, nil)
		for _, a := range []struct {
			name string
			v    ir.Attribute
		}{{"bindIdName", empty}, {"bindIdNameDeviceType", empty}, {"bindStrName", names}, {"bindStrNameDeviceType", types}} {
			if a.v != nil {
				attrs = release.Set(attrs, a.name, a.v)
			}
		}
		return attrs, nil
	}
	for _, name := range []string{"bindIdName", "bindIdNameDeviceType"} {
		if a := release.Find(attrs, name); a != nil {
			if arr, ok := a.(*builtin.ArrayAttr); !ok || len(arr.Value()) > 0 {
				return nil, fmt.Errorf("attribute %s: %v binds the routine to an identifier, which LLVM %d cannot say (it binds to strings only)", name, a, to)
			}
			attrs = release.Remove(attrs, name)
		}
	}
	for _, p := range [][2]string{{"bindStrName", "bindName"}, {"bindStrNameDeviceType", "bindNameDeviceType"}} {
		if a := release.Find(attrs, p[0]); a != nil {
			attrs = release.Set(release.Remove(attrs, p[0]), p[1], a)
		}
	}
	return attrs, nil
}
