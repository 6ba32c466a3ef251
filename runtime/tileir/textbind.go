package tileir

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/dialectgen/dialectgen/runtime/asm"
)

// boundAttr is an op attribute reached by name, through the op's Code
// (Coder in binding mode): what attribute dictionaries and the generic op
// form print and set.
type boundAttr struct {
	name string
	unit bool
	// required says the op is not valid without it (set reports it).
	required bool
	// set reports whether the op has the attribute; print returns its
	// value as text; parse reads a value into it.
	set   func() bool
	print func(p *Printer) string
	parse func(p *Parser)
}

// bindAttrs lists an op's attributes in wire order.
func bindAttrs(op Op) []boundAttr {
	c := &Coder{mode: binding, info: op.Info(), op: op}
	op.Code(c)
	return c.bound
}

func (c *Coder) bindAttr(a boundAttr) { c.bound = append(c.bound, a) }

func always() bool { return true }

// AttrForm is implemented by enums that a dialect attribute holds
// (#cuda_tile.overflow<none>): its mnemonic and whether the keyword is in
// angle brackets. Other enums are held as i32 integers.
type AttrForm interface {
	AttrForm() (mnemonic string, bracketed bool)
}

func bindUnit(c *Coder, name string, p *bool) {
	c.bindAttr(boundAttr{name: name, unit: true,
		set:   func() bool { return *p },
		print: func(*Printer) string { return "" },
		parse: func(q *Parser) { *p = true; q.Optional("unit") },
	})
}

func bindBool(c *Coder, name string, p *bool) {
	c.bindAttr(boundAttr{name: name, set: always,
		print: func(*Printer) string { return strconv.FormatBool(*p) },
		parse: func(q *Parser) {
			switch {
			case q.Optional("true"):
				*p = true
			case q.Optional("false"):
				*p = false
			default:
				q.Errorf("expected true or false for attribute '%s'", name)
			}
		},
	})
}

// EnumText prints an enum as an attribute value: #dialect.mnemonic<kw>
// for an enum a dialect attribute holds, else "N : i32".
func EnumText[E Enum](p *Printer, v E) string {
	if f, ok := any(v).(AttrForm); ok {
		m, br := f.AttrForm()
		if br {
			return "#" + p.d.Name() + "." + m + "<" + v.String() + ">"
		}
		return "#" + p.d.Name() + "." + m + " " + v.String()
	}
	return strconv.FormatUint(uint64(v), 10) + " : i32"
}

// EnumFromText returns the value of E with that keyword.
func EnumFromText[E Enum](s string) (E, bool) {
	v, ok := enumTable[E]().byText[s]
	return E(v), ok
}

// EnumKeywords lists the keywords of E.
func EnumKeywords[E Enum]() []string { return enumTable[E]().texts }

type enumInfo struct {
	byText map[string]uint32
	texts  []string
}

var enumTables sync.Map // reflect.Type → *enumInfo

// enumTable lists the values of E (those below 1024, which Since knows).
func enumTable[E Enum]() *enumInfo {
	key := reflect.TypeFor[E]()
	if t, ok := enumTables.Load(key); ok {
		return t.(*enumInfo)
	}
	t := &enumInfo{byText: map[string]uint32{}}
	for x := range uint32(1024) {
		if _, ok := E(x).Since(); ok {
			s := E(x).String()
			t.byText[s] = x
			t.texts = append(t.texts, s)
		}
	}
	enumTables.Store(key, t)
	return t
}

// ParseEnumValue parses an enum as an attribute value: its dialect
// attribute (#cuda_tile.overflow<none>), an integer (with an optional
// ": i32"), or (lenient) a bare keyword.
func ParseEnumValue[E Enum](p *Parser, name string, dst *E) {
	var zero E
	if f, ok := any(zero).(AttrForm); ok && p.Tok().Kind == asm.HashIdent {
		m, br := f.AttrForm()
		want := "#" + p.d.Name() + "." + m
		if p.Tok().Text != want {
			p.Errorf("expected %s for attribute '%s'", want, name)
			return
		}
		p.Next()
		if br && !p.Expect("<") {
			return
		}
		ParseEnumKeyword(p, name, dst)
		if br {
			p.Expect(">")
		}
		return
	}
	if l, ok := p.OptionalInt(); ok {
		v, ok := l.Uint64()
		if _, known := E(v).Since(); !ok || v > 0xFFFFFFFF || !known {
			p.ErrorAt(l.Off, "%v is not a value of attribute '%s'", l.Mag, name)
			return
		}
		*dst = E(v)
		if p.Optional(":") {
			p.Expect("i32")
		}
		return
	}
	ParseEnumKeyword(p, name, dst)
}

// ParseEnumKeyword parses an enum's keyword (or its string).
func ParseEnumKeyword[E Enum](p *Parser, name string, dst *E) {
	t := p.Tok()
	s, ok := p.KeywordOrString()
	if ok {
		if v, ok := EnumFromText[E](s); ok {
			*dst = v
			return
		}
	}
	p.ErrorAt(t.Off, "expected string or keyword containing one of the following enum values for attribute '%s' [%s]", name, strings.Join(EnumKeywords[E](), ", "))
}

// OptionalEnumKeyword parses an enum's keyword if the current token is
// one; it reports whether it did.
func OptionalEnumKeyword[E Enum](p *Parser, dst *E) bool {
	if t := p.Tok(); t.Kind == asm.BareIdent {
		if v, ok := EnumFromText[E](t.Text); ok {
			p.Next()
			*dst = v
			return true
		}
	}
	return false
}

func bindEnum[E Enum](c *Coder, name string, p *E) {
	c.bindAttr(boundAttr{name: name, set: always,
		print: func(q *Printer) string { return EnumText(q, *p) },
		parse: func(q *Parser) { ParseEnumValue(q, name, p) },
	})
}

func bindUint[T uint32 | uint64](c *Coder, name string, p *T) {
	typ := "i64"
	if _, ok := any(*p).(uint32); ok {
		typ = "i32"
	}
	c.bindAttr(boundAttr{name: name, set: always,
		print: func(*Printer) string { return strconv.FormatUint(uint64(*p), 10) + " : " + typ },
		parse: func(q *Parser) {
			l, ok := q.OptionalInt()
			if !ok {
				q.Errorf("expected an integer for attribute '%s'", name)
				return
			}
			v, ok := l.Uint64()
			if !ok || uint64(T(v)) != v {
				q.ErrorAt(l.Off, "integer value out of range for attribute '%s'", name)
				return
			}
			*p = T(v)
			if q.Optional(":") {
				q.ExpectKeyword("an integer type")
			}
		},
	})
}

func bindOptional[T any](c *Coder, name string, p **T, code func(*Coder, string, *T)) {
	one := func(v *T) boundAttr {
		inner := &Coder{mode: binding, info: c.info, op: c.op}
		code(inner, name, v)
		if len(inner.bound) != 1 {
			return boundAttr{name: name, set: always, print: func(*Printer) string { return "" }, parse: func(*Parser) {}}
		}
		return inner.bound[0]
	}
	c.bindAttr(boundAttr{name: name,
		set: func() bool { return *p != nil },
		print: func(q *Printer) string {
			if *p == nil {
				return ""
			}
			return one(*p).print(q)
		},
		parse: func(q *Parser) {
			v := new(T)
			one(v).parse(q)
			*p = v
		},
	})
}

func bindString(c *Coder, name string, p *string, symbol bool) {
	c.bindAttr(boundAttr{name: name, set: always,
		print: func(*Printer) string {
			if symbol {
				return string(asm.AppendSymbol(nil, *p))
			}
			return string(asm.AppendQuoted(nil, *p))
		},
		parse: func(q *Parser) {
			if s, ok := q.SymbolName(); ok {
				*p = s
				return
			}
			if s, ok := q.StringLit(); ok {
				*p = s
				return
			}
			q.Errorf("expected a string or symbol for attribute '%s'", name)
		},
	})
}

func bindType(c *Coder, name string, p *Type) {
	c.bindAttr(boundAttr{name: name, required: true, set: func() bool { return !isNil(*p) },
		print: func(q *Printer) string { return q.Sub(func() { q.Type(*p) }) },
		parse: func(q *Parser) { *p = q.Type() },
	})
}

func bindAttrValue(c *Coder, name string, p *Attr, required bool) {
	c.bindAttr(boundAttr{name: name, required: required, set: func() bool { return !isNil(*p) },
		print: func(q *Printer) string { return q.Sub(func() { q.Attr(*p) }) },
		parse: func(q *Parser) { *p = q.Attr() },
	})
}

func bindAttrList(c *Coder, name string, p *[]Attr, optional bool) {
	c.bindAttr(boundAttr{name: name, set: func() bool { return !optional || *p != nil },
		print: func(q *Printer) string {
			return q.Sub(func() {
				q.Byte('[')
				for i, a := range *p {
					if i > 0 {
						q.Write(", ")
					}
					q.Attr(a)
				}
				q.Byte(']')
			})
		},
		parse: func(q *Parser) {
			l := []Attr{}
			if q.Expect("[") {
				q.List("]", func() { l = append(l, q.Attr()) })
				q.Expect("]")
			}
			*p = l
		},
	})
}

func bindPayload[T Attr](c *Coder, name string, p *T, optional bool) {
	c.bindAttr(boundAttr{name: name, required: !optional, set: func() bool { return !isNil(*p) },
		print: func(q *Printer) string { return q.Sub(func() { q.Attr(*p) }) },
		parse: func(q *Parser) {
			a := q.Attr()
			if v, ok := a.(T); ok {
				*p = v
			} else if !q.Failed() {
				q.Errorf("attribute '%s' has the wrong kind of value", name)
			}
		},
	})
}

func bindInts[T int32 | int64](c *Coder, name string, p *[]T) {
	typ := "i64"
	if _, ok := any(T(0)).(int32); ok {
		typ = "i32"
	}
	c.bindAttr(boundAttr{name: name, set: always,
		print: func(*Printer) string {
			s := "array<" + typ
			for i, v := range *p {
				if i == 0 {
					s += ": "
				} else {
					s += ", "
				}
				s += strconv.FormatInt(int64(v), 10)
			}
			return s + ">"
		},
		parse: func(q *Parser) { *p = ParseDenseArray[T](q, true) },
	})
}

// ParseDenseArray parses a dense array: array<i32: 1, 2> (full), or [1,
// 2] (stripped, as op formats print it).
func ParseDenseArray[T int32 | int64](p *Parser, full bool) []T {
	typ := "i64"
	if _, ok := any(T(0)).(int32); ok {
		typ = "i32"
	}
	out := []T{}
	elem := func() {
		l, ok := p.OptionalInt()
		if !ok {
			p.Errorf("expected an integer")
			return
		}
		v, ok := l.Int64()
		if !ok || int64(T(v)) != v {
			p.ErrorAt(l.Off, "integer value out of range for %s", typ)
			return
		}
		out = append(out, T(v))
	}
	if p.Optional("array") {
		if !p.Expect("<") {
			return nil
		}
		if !p.Expect(typ) {
			return nil
		}
		if p.Optional(":") {
			p.List(">", elem)
		}
		p.Expect(">")
		return out
	}
	if full {
		p.Errorf("expected array<%s: …>", typ)
		return nil
	}
	if p.Expect("[") {
		p.List("]", elem)
		p.Expect("]")
	}
	return out
}

func bindDense(c *Coder, name string, p *Dense) {
	c.bindAttr(boundAttr{name: name, required: true, set: func() bool { return p.Data != nil },
		print: func(q *Printer) string { return q.d.FormatDense(*p) },
		parse: func(q *Parser) {
			q.Errorf("attribute '%s': a dense value in an attribute dictionary is not supported", name)
		},
	})
}

// boundOperand is an operand group of an op, in declaration order.
type boundOperand struct {
	name     string
	one      **Value // a single or optional operand
	optional bool
	many     *[]*Value // a variadic group
}

// bindOperands lists an op's operand groups in order.
func bindOperands(op Op) []boundOperand {
	c := &Coder{mode: binding, info: op.Info(), op: op}
	op.Code(c)
	return c.boundOps
}
