// Package asmformat reads and prints the textual form of dialect attributes
// and types that MLIR bytecode stores as text (#dialect.mnemonic<…>,
// !dialect.mnemonic<…>). A dialect describes each definition by a Def: its
// mnemonic, its declarative assembly format (ODS's assemblyFormat, which
// this package interprets as mlir-tblgen's AttrOrTypeFormatGen would have
// compiled it) or a hand-written hook, and how to build the typed value
// from the parsed parameters. Interpreting formats from tables keeps the
// dialect packages small: a format is a string, not generated code.
package asmformat

import (
	"fmt"
	"strings"
)

// elemKind is the kind of a format element.
type elemKind uint8

const (
	eLiteral  elemKind = iota // `text`
	eVar                      // $name, qualified($name)
	eParams                   // params
	eStruct                   // struct(...)
	eOptional                 // (…)? or (…):(…)?
	eCustom                   // custom<Name>(args)
)

type elem struct {
	kind      elemKind
	text      string // literal text, custom name
	param     int    // eVar: index of the parameter
	qualified bool
	anchor    bool
	args      []*elem // struct and custom arguments
	then, els []*elem
}

// parseFormat parses a declarative attribute or type format against the
// parameter names.
func parseFormat(src string, params []Param) ([]*elem, error) {
	fp := &formatParser{src: src, params: params}
	out := fp.elems(0)
	if fp.err == nil && fp.off < len(fp.src) {
		fp.fail("unexpected %q", fp.src[fp.off:])
	}
	return out, fp.err
}

type formatParser struct {
	src    string
	off    int
	params []Param
	err    error
}

func (fp *formatParser) fail(format string, args ...any) {
	if fp.err == nil {
		fp.err = fmt.Errorf("format %q at %d: %s", fp.src, fp.off, fmt.Sprintf(format, args...))
	}
	fp.off = len(fp.src)
}

func (fp *formatParser) skip() {
	for fp.off < len(fp.src) && strings.IndexByte(" \t\r\n", fp.src[fp.off]) >= 0 {
		fp.off++
	}
}

func (fp *formatParser) peek(s string) bool {
	fp.skip()
	return strings.HasPrefix(fp.src[fp.off:], s)
}

func (fp *formatParser) eat(s string) bool {
	if fp.peek(s) {
		fp.off += len(s)
		return true
	}
	return false
}

func (fp *formatParser) expect(s string) {
	if !fp.eat(s) {
		fp.fail("expected %q", s)
	}
}

func identChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (fp *formatParser) ident() string {
	fp.skip()
	start := fp.off
	for fp.off < len(fp.src) && (identChar(fp.src[fp.off]) || fp.src[fp.off] == '-') {
		fp.off++
	}
	return fp.src[start:fp.off]
}

// elems parses elements up to a closing ')' (depth > 0) or the end.
func (fp *formatParser) elems(depth int) []*elem {
	var out []*elem
	for fp.err == nil {
		fp.skip()
		if fp.off >= len(fp.src) || depth > 0 && (fp.peek(")") || fp.peek(",")) {
			return out
		}
		e := fp.elem(depth)
		if e == nil {
			return out
		}
		out = append(out, e)
	}
	return out
}

func (fp *formatParser) param(name string) int {
	for i, p := range fp.params {
		if p.Name == name {
			return i
		}
	}
	fp.fail("$%s is not a parameter", name)
	return -1
}

func (fp *formatParser) elem(depth int) *elem {
	fp.skip()
	c := fp.src[fp.off]
	switch {
	case c == '`':
		end := strings.IndexByte(fp.src[fp.off+1:], '`')
		if end < 0 {
			fp.fail("unterminated literal")
			return nil
		}
		e := &elem{kind: eLiteral, text: fp.src[fp.off+1 : fp.off+1+end]}
		fp.off += end + 2
		return e
	case c == '$':
		fp.off++
		e := &elem{kind: eVar, param: fp.param(fp.ident())}
		e.anchor = fp.eat("^")
		return e
	case c == '(':
		fp.off++
		e := &elem{kind: eOptional, then: fp.elems(depth + 1)}
		fp.expect(")")
		if fp.eat(":") {
			fp.expect("(")
			e.els = fp.elems(depth + 1)
			fp.expect(")")
		}
		fp.expect("?")
		return e
	}
	word := fp.ident()
	switch word {
	case "params":
		return &elem{kind: eParams}
	case "qualified":
		fp.expect("(")
		fp.expect("$")
		e := &elem{kind: eVar, param: fp.param(fp.ident()), qualified: true}
		fp.expect(")")
		e.anchor = fp.eat("^")
		return e
	case "struct":
		fp.expect("(")
		e := &elem{kind: eStruct}
		for fp.err == nil {
			if fp.eat("params") {
				for i, p := range fp.params {
					if !p.Absent && !p.Self {
						e.args = append(e.args, &elem{kind: eVar, param: i})
					}
				}
			} else {
				fp.expect("$")
				e.args = append(e.args, &elem{kind: eVar, param: fp.param(fp.ident())})
			}
			if !fp.eat(",") {
				break
			}
		}
		fp.expect(")")
		e.anchor = fp.eat("^")
		return e
	case "custom":
		fp.expect("<")
		e := &elem{kind: eCustom, text: fp.ident()}
		fp.expect(">")
		fp.expect("(")
		for fp.err == nil && !fp.peek(")") {
			ref := fp.eat("ref")
			if ref {
				fp.expect("(")
			}
			fp.expect("$")
			e.args = append(e.args, &elem{kind: eVar, param: fp.param(fp.ident())})
			if ref {
				fp.expect(")")
			}
			if !fp.eat(",") {
				break
			}
		}
		fp.expect(")")
		e.anchor = fp.eat("^")
		return e
	}
	fp.fail("unsupported directive %q", word)
	return nil
}
