package release

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/dialectgen/dialectgen/dialects/builtin"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
)

// valueAt is the case's value at a release, false when the release does
// not have the case.
func (c *Case) valueAt(release int) (uint64, bool) {
	if !at(release, c.Since, c.Until) {
		return 0, false
	}
	for _, o := range c.Older {
		if release != 0 && release <= o.Until {
			return o.Value, true
		}
	}
	return c.Value, true
}

// renumber maps a value at release from to the same cases' value at to;
// a bit enum's value is converted bit by bit.
func (e *Enum) renumber(v uint64, from, to int) (uint64, error) {
	one := func(v uint64) (uint64, error) {
		for i := range e.Cases {
			c := &e.Cases[i]
			if fv, ok := c.valueAt(from); !ok || fv != v {
				continue
			}
			tv, ok := c.valueAt(to)
			if !ok {
				return 0, fmt.Errorf("%s has no case %s of %s", bytecode.ReleaseName(to), c.Name, e.Name)
			}
			return tv, nil
		}
		return 0, fmt.Errorf("%d is no case of %s in %s", v, e.Name, bytecode.ReleaseName(from))
	}
	if !e.Bit {
		return one(v)
	}
	if out, err := one(v); err == nil {
		return out, nil // a case of its own: none, all, a group
	}
	var out uint64
	for rest := v; rest != 0; rest &= rest - 1 {
		b, err := one(1 << bits.TrailingZeros64(rest))
		if err != nil {
			return 0, err
		}
		out |= b
	}
	return out, nil
}

// convert renumbers an IntegerAttr, or an ArrayAttr of them.
func (e *Enum) convert(ctx *ir.Context, a ir.Attribute, from, to int) (ir.Attribute, error) {
	switch v := a.(type) {
	case *builtin.IntegerAttr:
		n, err := e.renumber(v.Value().Uint64(), from, to)
		if err != nil {
			return nil, err
		}
		return builtin.GetIntegerAttr(ctx, v.Type(), ir.APIntFromUint64(v.Value().Width(), n)), nil
	case *builtin.ArrayAttr:
		var out []ir.Attribute
		for i, el := range v.Value() {
			c, err := e.convert(ctx, el, from, to)
			if err != nil {
				return nil, fmt.Errorf("element %d: %w", i, err)
			}
			if c != el && out == nil {
				out = append([]ir.Attribute{}, v.Value()[:i]...)
			}
			if out != nil {
				out = append(out, c)
			}
		}
		if out == nil {
			return a, nil
		}
		return builtin.GetArrayAttr(ctx, out), nil
	}
	return nil, fmt.Errorf("%v holds no %s case as an integer", a, e.Name)
}

func (f Form) String() string {
	return map[Form]string{ArrayI64: "I64ArrayAttr", ArrayI32: "I32ArrayAttr", DenseI64: "DenseI64ArrayAttr", DenseI32: "DenseI32ArrayAttr",
		IntI64: "I64Attr", IntI32: "I32Attr", SymbolName: "SymbolNameAttr", SymbolRef: "FlatSymbolRefAttr"}[f]
}

// symbol reports whether the form names a symbol rather than holding
// integers.
func (f Form) symbol() bool { return f == SymbolName || f == SymbolRef }

// convertSymbol converts a symbol's name between a StringAttr and a
// reference without nested references.
func convertSymbol(ctx *ir.Context, a ir.Attribute, from, to Form) (ir.Attribute, error) {
	var name *builtin.StringAttr
	switch v := a.(type) {
	case *builtin.StringAttr:
		if from == SymbolName {
			name = v
		}
	case *builtin.SymbolRefAttr:
		if from == SymbolRef && len(v.NestedReferences()) == 0 {
			name = v.RootReference()
		}
	}
	if name == nil || !to.symbol() {
		return nil, fmt.Errorf("%v is not a %s that a %s can hold", a, from, to)
	}
	if to == SymbolName {
		return name, nil
	}
	return builtin.GetSymbolRefAttr(ctx, name, nil), nil
}

func (f Form) width() uint32 {
	if f == ArrayI32 || f == DenseI32 || f == IntI32 {
		return 32
	}
	return 64
}

// convertStorage converts a list of integers, or a symbol's name, from
// one form to another.
func convertStorage(ctx *ir.Context, a ir.Attribute, from, to Form) (ir.Attribute, error) {
	if from.symbol() || to.symbol() {
		return convertSymbol(ctx, a, from, to)
	}
	vals, ok := ints(a, from)
	if !ok {
		return nil, fmt.Errorf("%v is not a %s", a, from)
	}
	if to.width() == 32 {
		for _, v := range vals {
			if int64(int32(v)) != v {
				return nil, fmt.Errorf("%d does not fit the i32 of %s", v, to)
			}
		}
	}
	return build(ctx, vals, to), nil
}

// DenseI64Array returns the DenseI64ArrayAttr of v (array<i64: ...>).
func DenseI64Array(ctx *ir.Context, v []int64) ir.Attribute { return build(ctx, v, DenseI64) }

// Int returns the integer attribute of v stored in form f (IntI64: 1 : i64).
func Int(ctx *ir.Context, v int64, f Form) ir.Attribute { return build(ctx, []int64{v}, f) }

// I64Array returns the I64ArrayAttr of v ([1 : i64, ...]).
func I64Array(ctx *ir.Context, v []int64) ir.Attribute { return build(ctx, v, ArrayI64) }

// DenseI32Array returns the DenseI32ArrayAttr of v (array<i32: ...>).
func DenseI32Array(ctx *ir.Context, v []int64) ir.Attribute { return build(ctx, v, DenseI32) }

// IntsOf returns the values of a list of integers stored in form f,
// false for any other attribute.
func IntsOf(a ir.Attribute, f Form) ([]int64, bool) { return ints(a, f) }

// DenseI64Values returns the values of a DenseI64ArrayAttr, false for any
// other attribute.
func DenseI64Values(a ir.Attribute) ([]int64, bool) { return ints(a, DenseI64) }

// ints returns the values of a list of integers stored in form f.
func ints(a ir.Attribute, f Form) ([]int64, bool) {
	var vals []int64
	switch f {
	case ArrayI64, ArrayI32:
		arr, ok := a.(*builtin.ArrayAttr)
		if !ok {
			return nil, false
		}
		for _, el := range arr.Value() {
			i, ok := el.(*builtin.IntegerAttr)
			if !ok || i.Value().Width() != f.width() {
				return nil, false
			}
			vals = append(vals, i.Value().Int64())
		}
		return vals, true
	case IntI64, IntI32:
		i, ok := a.(*builtin.IntegerAttr)
		if !ok || i.Value().Width() != f.width() {
			return nil, false
		}
		if t, ok := i.Type().(*builtin.IntegerType); !ok || t.Signedness() != builtin.SignednessSignless {
			return nil, false
		}
		return []int64{i.Value().Int64()}, true
	case DenseI64, DenseI32:
		d, ok := a.(*builtin.DenseArrayAttr)
		if !ok {
			return nil, false
		}
		t, isInt := d.ElementType().(*builtin.IntegerType)
		if !isInt || t.Width() != f.width() {
			return nil, false
		}
		raw, n := d.RawData(), int(f.width()/8)
		for i := 0; i+n <= len(raw); i += n {
			if n == 4 {
				vals = append(vals, int64(int32(binary.LittleEndian.Uint32(raw[i:]))))
			} else {
				vals = append(vals, int64(binary.LittleEndian.Uint64(raw[i:])))
			}
		}
		return vals, true
	}
	return nil, false
}

// build stores vals in form f (one value for IntI64 and IntI32),
// truncating each to its width.
func build(ctx *ir.Context, vals []int64, f Form) ir.Attribute {
	w := f.width()
	if f == IntI64 || f == IntI32 {
		var v int64
		if len(vals) > 0 {
			v = vals[0]
		}
		return builtin.GetIntegerAttr(ctx, builtin.GetIntType(ctx, w), ir.APIntFromInt64(w, v))
	}
	if f == ArrayI64 || f == ArrayI32 {
		els := make([]ir.Attribute, len(vals))
		t := builtin.GetIntType(ctx, w)
		for i, v := range vals {
			els[i] = builtin.GetIntegerAttr(ctx, t, ir.APIntFromInt64(w, v))
		}
		return builtin.GetArrayAttr(ctx, els)
	}
	raw := make([]byte, len(vals)*int(w/8))
	for i, v := range vals {
		if w == 32 {
			binary.LittleEndian.PutUint32(raw[4*i:], uint32(v))
		} else {
			binary.LittleEndian.PutUint64(raw[8*i:], uint64(v))
		}
	}
	return builtin.GetDenseArrayAttr(ctx, builtin.GetIntType(ctx, w), int64(len(vals)), raw)
}

// holds reports whether a satisfies the ODS constraint named c, for the
// few constraints whose change between releases leaves many values valid
// in both (tosa.clamp's min_fp, F32Attr in LLVM 16 and Tosa_FloatAttr
// after; llvm.switch's case_values, ElementsAttr and AnyIntElementsAttr);
// false for any other constraint.
func holds(c string, a ir.Attribute) bool {
	switch c {
	case "F32Attr":
		f, ok := a.(*builtin.FloatAttr)
		return ok && ir.Is[*builtin.Float32Type](f.Type())
	case "F64Attr":
		f, ok := a.(*builtin.FloatAttr)
		return ok && ir.Is[*builtin.Float64Type](f.Type())
	case "ElementsAttr":
		return elementsType(a) != nil
	case "AnyIntElementsAttr":
		s, ok := elementsType(a).(interface{ ElementType() ir.Type })
		if !ok {
			return false
		}
		_, isInt := s.ElementType().(*builtin.IntegerType)
		return isInt
	}
	return false
}

// elementsType is the shaped type of a builtin elements attribute, nil
// for any other attribute.
func elementsType(a ir.Attribute) ir.Type {
	switch e := a.(type) {
	case *builtin.DenseIntOrFPElementsAttr:
		return e.Type()
	case *builtin.DenseStringElementsAttr:
		return e.Type()
	case *builtin.DenseResourceElementsAttr:
		return e.Type()
	case *builtin.SparseElementsAttr:
		return e.Type()
	}
	return nil
}
