package asm

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Error is a parse error: file:line:col: message (columns count bytes
// from 1).
type Error struct {
	File      string
	Line, Col int
	Off       int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg) }

// MaxDepth is the default limit on nesting (brackets, regions) that a
// Parser accepts.
const MaxDepth = 512

// Parser reads MLIR text token by token. Its error is sticky: after the
// first, every token is the end of input, optional forms are absent and
// expectations fail silently, so callers may check Failed once at the end
// of a construct.
type Parser struct {
	file  string
	lex   Lexer
	tok   Token
	prev  int // end of the last consumed token
	err   *Error
	depth int
	// MaxDepth limits nesting (Enter); 0 means the default.
	MaxDepth int
}

// NewParser parses src, naming it file in errors.
func NewParser(file string, src []byte) *Parser { return NewParserString(file, string(src)) }

// NewParserString is NewParser for text already held as a string, which
// it does not copy: what is parsed may keep substrings of it.
func NewParserString(file, src string) *Parser {
	p := &Parser{file: file, lex: Lexer{src: src}}
	p.advance()
	return p
}

func (p *Parser) advance() {
	p.tok = p.lex.Next()
	if p.tok.Kind == Invalid {
		p.ErrorAt(p.tok.Off, "%s", p.lex.InvalidReason())
	}
}

// Tok is the current token.
func (p *Parser) Tok() Token { return p.tok }

// Next consumes the current token and returns it.
func (p *Parser) Next() Token {
	t := p.tok
	if p.err == nil && t.Kind != EOF {
		p.prev = t.Off + len(t.Text)
		p.advance()
	}
	return t
}

// Offset is where the current token starts.
func (p *Parser) Offset() int { return p.tok.Off }

// ResetTo goes back (or forward) to offset off.
func (p *Parser) ResetTo(off int) {
	if p.err != nil {
		return
	}
	p.lex.Reset(off)
	p.advance()
}

// SkipTo consumes the text up to end, which must be where a token ends:
// the caller read what lies before it some other way.
func (p *Parser) SkipTo(end int) {
	if p.err != nil {
		return
	}
	p.prev = end
	p.lex.Reset(end)
	p.advance()
}

// End is where the last consumed token ends.
func (p *Parser) End() int { return p.prev }

// File is the name errors give.
func (p *Parser) File() string { return p.file }

// Source is the text being parsed.
func (p *Parser) Source() string { return p.lex.src }

// Failed reports whether an error occurred.
func (p *Parser) Failed() bool { return p.err != nil }

// Err returns the first error, nil if none.
func (p *Parser) Err() error {
	if p.err == nil {
		return nil
	}
	return p.err
}

// Position returns the line and column of an offset.
func (p *Parser) Position(off int) (line, col int) {
	src := p.lex.src
	off = min(max(off, 0), len(src))
	line = 1 + strings.Count(src[:off], "\n")
	col = off - strings.LastIndexByte(src[:off], '\n')
	return line, col
}

// ErrorAt records an error at an offset (the first error wins).
func (p *Parser) ErrorAt(off int, format string, args ...any) {
	if p.err != nil {
		return
	}
	line, col := p.Position(off)
	p.err = &Error{File: p.file, Line: line, Col: col, Off: off, Msg: fmt.Sprintf(format, args...)}
	p.tok = Token{Kind: EOF, Off: len(p.lex.src)}
}

// Errorf records an error at the current token.
func (p *Parser) Errorf(format string, args ...any) { p.ErrorAt(p.tok.Off, format, args...) }

// Fail records err at the current token unless it is nil.
func (p *Parser) Fail(err error) {
	if err != nil {
		p.Errorf("%v", err)
	}
}

// Describe names the current token for messages ("'foo'", "end of
// input").
func (p *Parser) Describe() string {
	if p.tok.Kind == EOF {
		return "end of input"
	}
	return "'" + p.tok.Text + "'"
}

// Enter counts a level of nesting; it fails beyond MaxDepth. Leave undoes
// it.
func (p *Parser) Enter() bool {
	limit := cmp.Or(p.MaxDepth, MaxDepth)
	p.depth++
	if p.depth > limit {
		p.Errorf("nesting deeper than %d levels", limit)
		return false
	}
	return true
}

// Leave ends a level of nesting.
func (p *Parser) Leave() { p.depth-- }

// Is reports whether the current token is punctuation or a bare
// identifier spelled s.
func (p *Parser) Is(s string) bool { return p.tok.Is(s) }

// Optional consumes the current token if it is s (punctuation or a
// keyword).
func (p *Parser) Optional(s string) bool {
	if p.tok.Is(s) {
		p.Next()
		return true
	}
	return false
}

// Expect consumes s or fails with "expected 's'".
func (p *Parser) Expect(s string) bool {
	if p.Optional(s) {
		return true
	}
	p.Errorf("expected '%s'", s)
	return false
}

// ExpectKind consumes a token of kind k or fails with "expected what".
func (p *Parser) ExpectKind(k Kind, what string) (Token, bool) {
	if p.tok.Kind == k {
		return p.Next(), true
	}
	p.Errorf("expected %s", what)
	return Token{}, false
}

// Keyword consumes a bare identifier.
func (p *Parser) Keyword() (string, bool) {
	if p.tok.Kind == BareIdent {
		return p.Next().Text, true
	}
	return "", false
}

// ExpectKeyword consumes a bare identifier or fails with "expected what".
func (p *Parser) ExpectKeyword(what string) string {
	if k, ok := p.Keyword(); ok {
		return k
	}
	p.Errorf("expected %s", what)
	return ""
}

// OptionalKeywordOf consumes a keyword that is one of words, returning it.
func (p *Parser) OptionalKeywordOf(words ...string) (string, bool) {
	if p.tok.Kind == BareIdent {
		for _, w := range words {
			if p.tok.Text == w {
				p.Next()
				return w, true
			}
		}
	}
	return "", false
}

// StringLit consumes a string literal and returns its value.
func (p *Parser) StringLit() (string, bool) {
	if p.tok.Kind == String {
		return Unquote(p.Next().Text), true
	}
	return "", false
}

// KeywordOrString consumes a keyword or a string literal.
func (p *Parser) KeywordOrString() (string, bool) {
	if s, ok := p.Keyword(); ok {
		return s, true
	}
	return p.StringLit()
}

// SymbolName consumes @name or @"name" and returns the name.
func (p *Parser) SymbolName() (string, bool) {
	if p.tok.Kind != AtIdent {
		return "", false
	}
	t := p.Next().Text[1:]
	if strings.HasPrefix(t, "\"") {
		return Unquote(t), true
	}
	return t, true
}

// IntLit is an integer literal: its magnitude and sign.
type IntLit struct {
	Neg bool
	Mag *big.Int
	Hex bool
	Off int
}

// Int64 returns the value as an int64, ok false if it does not fit.
func (l IntLit) Int64() (int64, bool) {
	if l.Mag == nil {
		return 0, false
	}
	v := new(big.Int).Set(l.Mag)
	if l.Neg {
		v.Neg(v)
	}
	if !v.IsInt64() {
		return 0, false
	}
	return v.Int64(), true
}

// Uint64 returns the value as a uint64, ok false if it is negative or
// does not fit.
func (l IntLit) Uint64() (uint64, bool) {
	if l.Mag == nil {
		return 0, false
	}
	if l.Neg && l.Mag.Sign() != 0 || !l.Mag.IsUint64() {
		return 0, false
	}
	return l.Mag.Uint64(), true
}

// Bits returns the value as a width-bit pattern, ok false if it is
// outside the union of the signed and unsigned ranges of the width (what
// MLIR accepts for an integer of that width).
func (l IntLit) Bits(width int) (uint64, bool) {
	if l.Mag == nil || width <= 0 || width > 64 {
		return 0, false
	}
	limit := new(big.Int).Lsh(big.NewInt(1), uint(width)) // unsigned bound
	if l.Neg {
		limit.Rsh(limit, 1) // -2^(w-1) is the smallest
		if l.Mag.Cmp(limit) > 0 {
			return 0, false
		}
		v := new(big.Int).Neg(l.Mag)
		v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(width)))
		if l.Mag.Sign() == 0 {
			return 0, true
		}
		return v.Uint64() & mask(width), true
	}
	if l.Mag.Cmp(limit) >= 0 {
		return 0, false
	}
	return l.Mag.Uint64(), true
}

func mask(width int) uint64 {
	if width == 64 {
		return math.MaxUint64
	}
	return 1<<width - 1
}

// OptionalInt consumes an integer literal, with a leading '-' if any.
func (p *Parser) OptionalInt() (IntLit, bool) {
	off := p.tok.Off
	neg := false
	if p.tok.Is("-") {
		save := p.tok.Off
		p.Next()
		if p.tok.Kind != Integer {
			p.ResetTo(save)
			return IntLit{}, false
		}
		neg = true
	}
	if p.tok.Kind != Integer {
		return IntLit{}, false
	}
	t := p.Next().Text
	v := new(big.Int)
	hex := strings.HasPrefix(t, "0x")
	if n, ok := smallDecimal(t); ok {
		v.SetUint64(n)
	} else if hex {
		v.SetString(t[2:], 16)
	} else {
		v.SetString(t, 10)
	}
	return IntLit{Neg: neg, Mag: v, Hex: hex, Off: off}, true
}

// smallDecimal is the value of t if it is a decimal literal a uint64
// holds: most literals are, and reading them needs no big.Int.
func smallDecimal(t string) (uint64, bool) {
	n, err := strconv.ParseUint(t, 10, 64)
	return n, err == nil
}

// ExpectInt64 consumes an integer literal that fits an int64.
func (p *Parser) ExpectInt64(what string) int64 {
	if p.tok.Kind == Integer {
		if n, ok := smallDecimal(p.tok.Text); ok && n <= math.MaxInt64 {
			p.Next()
			return int64(n)
		}
	}
	l, ok := p.OptionalInt()
	if !ok {
		p.Errorf("expected %s", what)
		return 0
	}
	v, ok := l.Int64()
	if !ok {
		p.ErrorAt(l.Off, "integer value too large")
	}
	return v
}

// ExpectUint64 consumes a non-negative integer literal that fits a
// uint64.
func (p *Parser) ExpectUint64(what string) uint64 {
	if p.tok.Kind == Integer {
		if n, ok := smallDecimal(p.tok.Text); ok {
			p.Next()
			return n
		}
	}
	l, ok := p.OptionalInt()
	if !ok {
		p.Errorf("expected %s", what)
		return 0
	}
	v, ok := l.Uint64()
	if !ok {
		p.ErrorAt(l.Off, "integer value out of range")
	}
	return v
}

// FloatText consumes a float literal, with a leading '-' if any, and
// returns its spelling.
func (p *Parser) FloatText() (string, bool) {
	if p.tok.Is("-") {
		save := p.tok.Off
		p.Next()
		if p.tok.Kind != FloatLit {
			p.ResetTo(save)
			return "", false
		}
		return "-" + p.Next().Text, true
	}
	if p.tok.Kind == FloatLit {
		return p.Next().Text, true
	}
	return "", false
}

// Dynamic is the size of a dynamic dimension (?), ShapedType::kDynamic.
const Dynamic = math.MinInt64

// DimensionList parses MLIR's ranked dimension list: with trailingX,
// "4x?x" (each size followed by x, stopping before what is not a size);
// without, "4x?x8". Sizes lex together with the x's (4xf32 is 4 then
// xf32), which it splits.
func (p *Parser) DimensionList(allowDynamic, trailingX bool) []int64 {
	dims := []int64{}
	dim := func() bool {
		if p.tok.Is("?") {
			if !allowDynamic {
				p.Errorf("expected static shape")
				return false
			}
			p.Next()
			dims = append(dims, Dynamic)
			return true
		}
		if p.tok.Kind != Integer {
			p.Errorf("expected a dimension size")
			return false
		}
		t := p.tok
		if len(t.Text) > 1 && t.Text[1] == 'x' { // 0x… is 0 then x…
			p.ResetTo(t.Off + 1)
			dims = append(dims, 0)
			return true
		}
		v, err := strconv.ParseUint(t.Text, 10, 64)
		if err != nil || v > math.MaxInt64 {
			p.Errorf("invalid dimension")
			return false
		}
		p.Next()
		dims = append(dims, int64(v))
		return true
	}
	x := func() bool {
		t := p.tok
		if t.Kind != BareIdent || t.Text[0] != 'x' {
			p.Errorf("expected 'x' in dimension list")
			return false
		}
		if len(t.Text) != 1 {
			p.ResetTo(t.Off + 1)
		} else {
			p.Next()
		}
		return true
	}
	if trailingX {
		for !p.Failed() && (p.tok.Kind == Integer || p.tok.Is("?")) {
			if !dim() || !x() {
				break
			}
		}
		return dims
	}
	if p.tok.Kind == Integer || p.tok.Is("?") {
		if !dim() {
			return dims
		}
		for !p.Failed() && p.tok.Kind == BareIdent && p.tok.Text[0] == 'x' {
			if !x() || !dim() {
				break
			}
		}
	}
	return dims
}

// List parses elements separated by commas: at least one, unless the
// closing token (when not "") comes first.
func (p *Parser) List(closing string, elem func()) {
	if closing != "" && p.Is(closing) {
		return
	}
	for !p.Failed() {
		elem()
		if !p.Optional(",") {
			return
		}
	}
}

// SkipBalanced consumes a balanced <…>, (…), […] or {…} group starting
// at the current token and returns its text, brackets included.
func (p *Parser) SkipBalanced() string {
	if p.tok.Kind != Punct || closer(p.tok.Text) == "" {
		p.Errorf("expected '<', '(', '[' or '{'")
		return ""
	}
	open := p.tok.Text
	start := p.tok.Off
	var inline [16]string
	stack := inline[:0]
	for !p.Failed() {
		t := p.tok
		if t.Kind == EOF {
			p.Errorf("unbalanced '%s'", open)
			return ""
		}
		if t.Kind == Punct {
			if c := closer(t.Text); c != "" {
				stack = append(stack, c)
				if limit := cmp.Or(p.MaxDepth, MaxDepth); len(stack) > limit {
					p.Errorf("nesting deeper than %d levels", limit)
					return ""
				}
			} else if len(stack) > 0 && t.Text == stack[len(stack)-1] {
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					p.Next()
					return p.lex.src[start:p.prev]
				}
			}
		}
		p.Next()
	}
	return ""
}

// closer is the bracket that closes open, "" if open opens none.
func closer(open string) string {
	switch open {
	case "<":
		return ">"
	case "(":
		return ")"
	case "[":
		return "]"
	case "{":
		return "}"
	}
	return ""
}
