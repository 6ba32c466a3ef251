package affine

// The lexer and parser mirror MLIR's AffineParser.

import (
	"fmt"
	"math"
	"strconv"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokInt
	tokFloat
	tokLParen
	tokRParen
	tokLSquare
	tokRSquare
	tokComma
	tokLess
	tokGreater
	tokEqual
	tokMinus
	tokPlus
	tokStar
	tokColon
	tokArrow
	tokInvalid
)

// token is one lexeme: its kind, byte offset and text.
type token struct {
	kind tokKind
	off  int
	text string
}

func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of input"
	case tokInvalid:
		return fmt.Sprintf("invalid character %q", t.text)
	}
	return strconv.Quote(t.text)
}

func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20) >= 'a' && (c|0x20) <= 'z'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$' || c == '.'
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || (c|0x20) >= 'a' && (c|0x20) <= 'f'
}

func lex(src string) []token {
	var toks []token
	i := 0
	for {
		// Whitespace and // comments.
		for i < len(src) {
			c := src[i]
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				i++
			} else if c == '/' && i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
			} else {
				break
			}
		}
		if i >= len(src) {
			return append(toks, token{kind: tokEOF, off: i})
		}
		start := i
		c := src[i]
		kind := tokInvalid
		switch {
		case isIdentStart(c):
			for i < len(src) && isIdentChar(src[i]) {
				i++
			}
			kind = tokIdent
		case c >= '0' && c <= '9':
			kind = tokInt
			if c == '0' && i+2 < len(src) && src[i+1] == 'x' && isHex(src[i+2]) {
				i += 2
				for i < len(src) && isHex(src[i]) {
					i++
				}
				break
			}
			for i < len(src) && src[i] >= '0' && src[i] <= '9' {
				i++
			}
			if i < len(src) && src[i] == '.' {
				kind = tokFloat
				i++
				for i < len(src) && (src[i] >= '0' && src[i] <= '9' || src[i] == 'e' || src[i] == 'E' ||
					(src[i] == '+' || src[i] == '-') && (src[i-1] == 'e' || src[i-1] == 'E')) {
					i++
				}
			}
		case c == '-' && i+1 < len(src) && src[i+1] == '>':
			kind, i = tokArrow, i+2
		default:
			i++
			switch c {
			case '(':
				kind = tokLParen
			case ')':
				kind = tokRParen
			case '[':
				kind = tokLSquare
			case ']':
				kind = tokRSquare
			case ',':
				kind = tokComma
			case '<':
				kind = tokLess
			case '>':
				kind = tokGreater
			case '=':
				kind = tokEqual
			case '-':
				kind = tokMinus
			case '+':
				kind = tokPlus
			case '*':
				kind = tokStar
			case ':':
				kind = tokColon
			default:
				// Report a whole UTF-8 sequence as one character.
				for i < len(src) && src[i]&0xC0 == 0x80 {
					i++
				}
			}
		}
		toks = append(toks, token{kind: kind, off: start, text: src[start:i]})
	}
}

// maxNesting bounds the parser's recursion (parentheses and unary
// minus). Printing a tree of depth d nests at most 2d+1 levels, so the
// printed form of anything the parser accepted stays within the limit.
const maxNesting = 2*maxTreeDepth + 1

// SyntaxError is the error ParseMap, ParseIntegerSet and their ForRelease
// variants return for text they reject.
type SyntaxError struct {
	Offset int    // byte offset in the input where the problem was found
	Msg    string // what is wrong, e.g. `use of undeclared identifier "s0"`
}

// Error returns the message with its offset: "affine parse error at offset
// 20: use of undeclared identifier "s0"".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("affine parse error at offset %d: %s", e.Offset, e.Msg)
}

type parser struct {
	toks  []token
	i     int
	b     *builder
	names map[string]*Expr
	nest  int
	err   *SyntaxError
}

func (p *parser) peek() token { return p.toks[p.i] }

func (p *parser) next() token {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

func (p *parser) failAt(off int, format string, args ...any) {
	if p.err == nil {
		p.err = &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
}

func (p *parser) expected(what string) {
	t := p.peek()
	p.failAt(t.off, "expected %s, found %s", what, t.describe())
}

func (p *parser) consume(k tokKind, what string) bool {
	if p.err != nil {
		return false
	}
	if p.peek().kind != k {
		p.expected(what)
		return false
	}
	p.next()
	return true
}

func (p *parser) isKeyword(word string) bool {
	t := p.peek()
	return t.kind == tokIdent && t.text == word
}

// parseIDList parses "(a, b)" or "[a, b]" and binds the names.
func (p *parser) parseIDList(open, close tokKind, openText, closeText string, symbols bool) int {
	if !p.consume(open, "'"+openText+"'") {
		return 0
	}
	n := 0
	if p.peek().kind == close {
		p.next()
		return 0
	}
	for {
		t := p.peek()
		if t.kind != tokIdent {
			p.expected("bare identifier")
			return 0
		}
		p.next()
		if _, dup := p.names[t.text]; dup {
			p.failAt(t.off, "redefinition of identifier %q", t.text)
			return 0
		}
		if symbols {
			p.names[t.text] = p.b.sym(n)
		} else {
			p.names[t.text] = p.b.dim(n)
		}
		n++
		if p.peek().kind == tokComma {
			p.next()
			continue
		}
		if !p.consume(close, "',' or '"+closeText+"'") {
			return 0
		}
		return n
	}
}

func (p *parser) enter() bool {
	p.nest++
	if p.nest > maxNesting {
		p.failAt(p.peek().off, "expression nested more than %d levels deep", maxNesting)
		return false
	}
	return true
}

func (p *parser) leave() { p.nest-- }

// parseExpr parses a sum of terms (low-precedence + and -), left to right.
func (p *parser) parseExpr() *Expr {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	var acc *Expr
	var accOp token
	for {
		t := p.parseTerm(acc != nil)
		if t == nil {
			return nil
		}
		if acc == nil {
			acc = t
		} else if acc = p.binary(accOp, acc, t); acc == nil {
			return nil
		}
		if k := p.peek().kind; k != tokPlus && k != tokMinus {
			return acc
		}
		accOp = p.next()
	}
}

func (p *parser) highOp() bool {
	t := p.peek()
	return t.kind == tokStar || t.kind == tokIdent && (t.text == "floordiv" || t.text == "ceildiv" || t.text == "mod")
}

// parseTerm parses a product of operands (high-precedence *, floordiv,
// ceildiv, mod), left to right; afterOp tells whether it is the right
// operand of a + or -.
func (p *parser) parseTerm(afterOp bool) *Expr {
	x := p.parseOperand(afterOp)
	for x != nil && p.highOp() {
		op := p.next()
		y := p.parseOperand(true)
		if y == nil {
			return nil
		}
		x = p.binary(op, x, y)
	}
	return x
}

func (p *parser) parseOperand(afterOp bool) *Expr {
	if p.err != nil {
		return nil
	}
	t := p.peek()
	switch t.kind {
	case tokLParen:
		p.next()
		if p.peek().kind == tokRParen {
			p.failAt(p.peek().off, "no expression inside parentheses")
			return nil
		}
		e := p.parseExpr()
		if e == nil || !p.consume(tokRParen, "')'") {
			return nil
		}
		return e
	case tokMinus:
		if !p.enter() {
			return nil
		}
		defer p.leave()
		p.next()
		switch p.peek().kind {
		case tokLParen, tokMinus, tokIdent, tokInt, tokFloat:
		default:
			p.failAt(p.peek().off, "missing operand of negation, found %s", p.peek().describe())
			return nil
		}
		// "-9223372036854775808" is how MLIR prints the smallest constant;
		// read it back as that constant.
		if n := p.peek(); n.kind == tokInt {
			if v, err := parseUint(n.text); err == nil && v == 1<<63 {
				p.next()
				p.b.inexact = true // read modulo 2^64
				return p.b.cst(math.MinInt64)
			}
		}
		e := p.parseOperand(true)
		if e == nil {
			return nil
		}
		return p.checkDepth(p.b.neg(e), t.off)
	case tokIdent:
		e, ok := p.names[t.text]
		if !ok {
			p.failAt(t.off, "use of undeclared identifier %q", t.text)
			return nil
		}
		p.next()
		return e
	case tokInt:
		v, err := parseUint(t.text)
		if err != nil || v > math.MaxInt64 {
			p.failAt(t.off, "constant too large for index")
			return nil
		}
		p.next()
		return p.b.cst(int64(v))
	case tokFloat:
		p.failAt(t.off, "expected integer constant in affine expression, found %s", t.text)
		return nil
	}
	if afterOp {
		p.failAt(t.off, "missing right operand of binary operator, found %s", t.describe())
	} else if t.kind == tokPlus || t.kind == tokStar {
		p.failAt(t.off, "missing left operand of binary operator")
	} else {
		p.failAt(t.off, "expected affine expression, found %s", t.describe())
	}
	return nil
}

func parseUint(s string) (uint64, error) {
	if len(s) > 2 && s[0] == '0' && s[1] == 'x' {
		return strconv.ParseUint(s[2:], 16, 64)
	}
	return strconv.ParseUint(s, 10, 64)
}

func (p *parser) checkDepth(e *Expr, off int) *Expr {
	if p.b.tooDeep {
		p.failAt(off, "expression tree deeper than %d levels", maxTreeDepth)
		return nil
	}
	return e
}

// binary builds "l op r" with the checks of MLIR's parser (pure affine:
// a product needs a symbolic operand, a division or mod a symbolic divisor).
func (p *parser) binary(op token, l, r *Expr) *Expr {
	b := p.b
	var e *Expr
	switch op.kind {
	case tokPlus:
		e = b.add(l, r)
	case tokMinus:
		e = b.add(l, b.neg(r))
	case tokStar:
		if !b.isSym(l) && !b.isSym(r) {
			p.failAt(op.off, "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
			return nil
		}
		e = b.mul(l, r)
	default:
		if !b.isSym(r) {
			p.failAt(op.off, "non-affine expression: right operand of %s has to be either a constant or symbolic", op.text)
			return nil
		}
		switch op.text {
		case "floordiv":
			e = b.floorDiv(l, r)
		case "ceildiv":
			e = b.ceilDiv(l, r)
		default:
			e = b.mod(l, r)
		}
	}
	return p.checkDepth(e, op.off)
}

// parseHeader parses the optional "affine_map<" / "affine_set<" prefix and
// the dimension and symbol lists.
func (p *parser) parseHeader(keyword, other string) (wrapped bool, dims, syms int) {
	if p.isKeyword(keyword) {
		p.next()
		if !p.consume(tokLess, "'<' after "+keyword) {
			return
		}
		wrapped = true
	} else if p.isKeyword(other) {
		p.failAt(p.peek().off, "expected %s, found %s", keyword, other)
		return
	}
	dims = p.parseIDList(tokLParen, tokRParen, "(", ")", false)
	if p.err == nil && p.peek().kind == tokLSquare {
		syms = p.parseIDList(tokLSquare, tokRSquare, "[", "]", true)
	}
	return
}

func (p *parser) finish(wrapped bool) {
	if wrapped {
		p.consume(tokGreater, "'>'")
	}
	p.consume(tokEOF, "end of input")
}

func newParser(text string, b *builder) *parser {
	return &parser{toks: lex(text), b: b, names: map[string]*Expr{}}
}

func parseMap(text string, r rules) (Map, error) {
	return parseMapWith(text, newBuilder(r, true))
}

func parseSet(text string, r rules) (IntegerSet, error) {
	return parseSetWith(text, newBuilder(r, true))
}

// parseMapWith parses with b, which must hash-cons.
func parseMapWith(text string, b *builder) (Map, error) {
	p := newParser(text, b)
	wrapped, dims, syms := p.parseHeader("affine_map", "affine_set")
	if p.err == nil && p.peek().kind == tokColon {
		p.failAt(p.peek().off, "expected affine map, found integer set")
	}
	p.consume(tokArrow, "'->'")
	p.consume(tokLParen, "'(' at start of map results")
	var results []*Expr
	if p.err == nil && p.peek().kind == tokRParen {
		p.next()
	} else {
		for p.err == nil {
			e := p.parseExpr()
			if e == nil {
				break
			}
			results = append(results, e)
			if p.peek().kind == tokComma {
				p.next()
				continue
			}
			p.consume(tokRParen, "',' or ')'")
			break
		}
	}
	p.finish(wrapped)
	if p.err != nil {
		return Map{}, p.err
	}
	return Map{NumDims: dims, NumSymbols: syms, Results: results}, nil
}

// parseSetWith parses with b, which must hash-cons.
func parseSetWith(text string, b *builder) (IntegerSet, error) {
	p := newParser(text, b)
	wrapped, dims, syms := p.parseHeader("affine_set", "affine_map")
	if p.err == nil && p.peek().kind == tokArrow {
		p.failAt(p.peek().off, "expected integer set, found affine map")
	}
	p.consume(tokColon, "':'")
	p.consume(tokLParen, "'(' at start of integer set constraints")
	var cons []*Expr
	var eqs []bool
	if p.err == nil && p.peek().kind == tokRParen {
		p.next()
	} else {
		for p.err == nil {
			e, eq := p.parseConstraint()
			if e == nil {
				break
			}
			cons, eqs = append(cons, e), append(eqs, eq)
			if p.peek().kind == tokComma {
				p.next()
				continue
			}
			p.consume(tokRParen, "',' or ')'")
			break
		}
	}
	p.finish(wrapped)
	if p.err != nil {
		return IntegerSet{}, p.err
	}
	if len(cons) == 0 {
		cons, eqs = []*Expr{p.b.cst(0)}, []bool{true}
	}
	return IntegerSet{NumDims: dims, NumSymbols: syms, Constraints: cons, EqFlags: eqs}, nil
}

// parseConstraint parses "a >= b" (a - b >= 0), "a <= b" (b - a >= 0) or
// "a == b" (a - b == 0).
func (p *parser) parseConstraint() (*Expr, bool) {
	lhs := p.parseExpr()
	if lhs == nil {
		return nil, false
	}
	// Like MLIR, try ">" "=", then "<" "=", then "=" "=", each attempt
	// consuming what it matched (so "a ><= b" reads as "a <= b").
	t := p.peek()
	var eq, swap, ok bool
	if p.peek().kind == tokGreater {
		p.next()
		ok = p.peek().kind == tokEqual
	}
	if !ok && p.peek().kind == tokLess {
		p.next()
		ok, swap = p.peek().kind == tokEqual, true
	}
	if !ok && p.peek().kind == tokEqual {
		p.next()
		ok, swap, eq = p.peek().kind == tokEqual, false, true
	}
	if !ok {
		p.failAt(p.peek().off, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint, found %s", p.peek().describe())
		return nil, false
	}
	p.next()
	rhs := p.parseExpr()
	if rhs == nil {
		return nil, false
	}
	if swap {
		lhs, rhs = rhs, lhs
	}
	e := p.checkDepth(p.b.add(lhs, p.b.neg(rhs)), t.off)
	return e, eq
}
