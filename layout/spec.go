package layout

import (
	"fmt"
	"github.com/dialectgen/dialectgen/runtime/asm"
	"strings"
)

// Spec is a data-layout specification, #dlti.dl_spec<...>: its entries in
// order.
type Spec struct {
	Entries []Entry
}

// Entry is one #dlti.dl_entry: a key that is a type or an identifier
// ("dlti.endianness"), and a value.
type Entry struct {
	Type  *Type  // nil for an identifier key
	ID    string // the identifier, when Type is nil
	Value *Value
}

// KeyText is the key as MLIR prints it: the type, or the quoted identifier.
func (e Entry) KeyText() string {
	if e.Type != nil {
		return e.Type.Text
	}
	return quote(e.ID)
}

// ValueKind says which attribute an entry's value is.
type ValueKind int

const (
	ValueOther      ValueKind = iota // kept as text only
	ValueDense                       // dense<...> : vector<NxT>
	ValueInteger                     // 32 : i64
	ValueString                      // "big"
	ValueArray                       // [a, b]
	ValueDenseArray                  // array<i32: 8, 16>
)

// Value is an entry's value: its text as MLIR prints it (which the query
// results repeat verbatim) and, for the kinds the rules read, its contents.
type Value struct {
	Kind ValueKind
	Text string
	// Ints holds a dense attribute's elements (a splat expanded), an
	// integer's value, or a dense array's elements.
	Ints []int64
	// ElemType is the element type of a dense or dense array attribute, or
	// an integer's type ("i64" when the text gives none).
	ElemType string
	Str      string   // ValueString
	Elems    []*Value // ValueArray
}

// maxDenseElements bounds how many elements a splat expands to.
const maxDenseElements = 1 << 16

// ParseSpec parses the text of a #dlti.dl_spec attribute, in either
// spelling: #dlti.dl_entry<KEY, VALUE> items (every release) or KEY = VALUE
// (LLVM 20 and later).
func ParseSpec(text string) (*Spec, error) {
	p := &scanner{src: text}
	s := p.spec()
	p.space()
	if p.err == nil && p.pos != len(p.src) {
		p.fail("the end of the spec")
	}
	if p.err != nil {
		return nil, fmt.Errorf("dlti.dl_spec: %w", p.err)
	}
	return s, nil
}

func (p *scanner) spec() *Spec {
	s := &Spec{}
	p.expect("#dlti.dl_spec<")
	if p.accept(">") {
		return s
	}
	for p.err == nil {
		var e Entry
		wrapped := p.accept("#dlti.dl_entry<")
		if p.peek("\"") {
			e.ID = p.quoted()
		} else {
			e.Type = p.typ(false)
		}
		if wrapped {
			p.expect(",")
		} else {
			p.expect("=")
		}
		e.Value = p.value()
		if wrapped {
			p.expect(">")
		}
		if p.err == nil {
			s.Entries = append(s.Entries, e)
		}
		if !p.accept(",") {
			break
		}
	}
	p.expect(">")
	return s
}

// value reads an attribute, ending before a ',' or '>' or ']' at its level.
func (p *scanner) value() *Value {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxTypeDepth {
		p.fail(fmt.Sprintf("attributes nested at most %d deep", maxTypeDepth))
		return &Value{}
	}
	p.space()
	start := p.pos
	v := p.valueBody()
	if p.err == nil {
		v.Text = strings.TrimSpace(p.src[start:p.pos])
	}
	return v
}

func (p *scanner) valueBody() *Value {
	switch {
	case p.accept("dense<"):
		v := &Value{Kind: ValueDense}
		var elems []int64
		splat := true
		if p.accept("[") {
			splat = false
			if !p.accept("]") {
				for p.err == nil {
					elems = append(elems, p.int("an integer element"))
					if len(elems) > maxDenseElements {
						p.fail("fewer elements")
					}
					if !p.accept(",") {
						break
					}
				}
				p.expect("]")
			}
		} else {
			elems = append(elems, p.int("an integer element"))
		}
		p.expect(">")
		p.expect(":")
		t := p.typ(false)
		if t.Class != ClassVector && t.Class != "builtin.tensor" {
			p.fail("a vector type")
			return v
		}
		if t.Elem != nil {
			v.ElemType = t.Elem.Text
		}
		n := uint64(1)
		for _, d := range t.Shape {
			if d > maxDenseElements || n*d > maxDenseElements {
				p.fail("a dense attribute of at most 65536 elements")
				return v
			}
			n *= d
		}
		if splat && t.Class == ClassVector {
			for range n {
				v.Ints = append(v.Ints, elems[0])
			}
		} else {
			v.Ints = elems
		}
		return v
	case p.peek("\""):
		v := &Value{Kind: ValueString, Str: p.quoted()}
		if p.accept(":") {
			p.typ(false)
			v.Kind = ValueOther
		}
		return v
	case p.accept("array<"):
		v := &Value{Kind: ValueDenseArray, ElemType: p.ident()}
		if p.accept(":") {
			for p.err == nil {
				v.Ints = append(v.Ints, p.int("an array element"))
				if len(v.Ints) > maxDenseElements {
					p.fail("fewer elements")
				}
				if !p.accept(",") {
					break
				}
			}
		}
		p.expect(">")
		return v
	case p.accept("["):
		v := &Value{Kind: ValueArray}
		if !p.accept("]") {
			for p.err == nil {
				v.Elems = append(v.Elems, p.value())
				if !p.accept(",") {
					break
				}
			}
			p.expect("]")
		}
		return v
	case p.peek("true") || p.peek("false"):
		p.ident()
		return &Value{Kind: ValueOther}
	}
	p.space()
	if p.pos < len(p.src) && (p.src[p.pos] == '-' || p.src[p.pos] >= '0' && p.src[p.pos] <= '9') {
		v := &Value{Kind: ValueInteger, ElemType: "i64"}
		v.Ints = []int64{p.int("an integer")}
		if p.accept(":") {
			t := p.typ(false)
			v.ElemType = t.Text
			if t.Class != ClassInteger && t.Class != ClassIndex {
				v.Kind = ValueOther // a float written as an integer, say
			}
		}
		return v
	}
	// Anything else (#dialect.attr<...>, unit, ...) is kept as text.
	p.skipValue()
	return &Value{Kind: ValueOther}
}

// skipValue passes over an attribute we do not model: up to a ',', '>' or
// ']' outside brackets.
func (p *scanner) skipValue() {
	start := p.pos
	var stack []byte
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch c {
		case '"':
			p.quoted()
			continue
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case ',', '>', ']', ')', '}':
			if c == '>' && p.pos > 0 && p.src[p.pos-1] == '-' {
				break
			}
			if len(stack) == 0 {
				if c == ',' || c == '>' || c == ']' {
					if p.pos == start {
						p.fail("an attribute")
					}
					return
				}
				p.fail("an attribute")
				return
			}
			if c != ',' {
				stack = stack[:len(stack)-1]
			}
		}
		p.pos++
	}
	if len(stack) != 0 || p.pos == start {
		p.fail("an attribute")
	}
}

// quote prints a string as MLIR does.
func quote(s string) string { return string(asm.AppendQuoted(nil, s)) }
