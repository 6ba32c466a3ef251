package asm

import (
	"fmt"
	"strings"
)

// Kind is the kind of a token.
type Kind uint8

// The tokens of MLIR's textual IR (mlir/lib/AsmParser/Lexer.cpp).
const (
	EOF Kind = iota
	Invalid
	BareIdent    // foo, i32, cuda_tile.addi, testing$func
	AtIdent      // @foo, @"foo bar"
	HashIdent    // #foo
	PercentIdent // %foo, %12
	CaretIdent   // ^bb0
	BangIdent    // !foo
	Integer      // 42, 0x2A
	FloatLit     // 1.5, 2.0e-3
	String       // "…"
	Punct        // -> : , ... = < > { } [ ] ( ) ? + * - | {-# #-}
)

var kindNames = [...]string{"end of input", "invalid token", "identifier", "symbol", "attribute alias", "SSA value", "block label", "type alias", "integer", "float", "string", "punctuation"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Token is a token: its kind, its spelling and where it starts.
type Token struct {
	Kind Kind
	Text string
	Off  int
}

// Is reports whether the token is punctuation or a bare identifier
// spelled s.
func (t Token) Is(s string) bool {
	return (t.Kind == Punct || t.Kind == BareIdent) && t.Text == s
}

// Lexer splits MLIR text into tokens, skipping whitespace and // comments.
// It lexes on demand, so a parser may go back to any offset (dimension
// lists split identifiers such as x4xf32).
type Lexer struct {
	src string
	off int
	// invalid explains the last Invalid token (kept here, not in every
	// token: a token is copied at every step of a parse).
	invalid string
}

// InvalidReason explains the last Invalid token Next returned.
func (l *Lexer) InvalidReason() string { return l.invalid }

// NewLexer lexes src.
func NewLexer(src string) *Lexer { return &Lexer{src: src} }

// Source is the text being lexed.
func (l *Lexer) Source() string { return l.src }

// Reset continues lexing at off.
func (l *Lexer) Reset(off int) { l.off = off }

// Character classes of the lexer's loops, one table lookup a byte.
const (
	space  = 1 << iota // between tokens
	punct1             // a token of its own: one of :,=<>}[]()?+*|
	bare               // in a bare identifier after its first character
	suffix             // in the name of a #, %, ^ or ! identifier
)

var class = func() (c [256]uint8) {
	for _, b := range []byte(" \t\n\r") {
		c[b] |= space
	}
	for _, b := range []byte(":,=<>}[]()?+*|") {
		c[b] |= punct1
	}
	for b := range 256 {
		if isLetter(byte(b)) || isDigit(byte(b)) {
			c[b] |= bare | suffix
		}
	}
	for _, b := range []byte("_$.") {
		c[b] |= bare | suffix
	}
	c['-'] |= suffix
	return c
}()

// Next returns the next token.
func (l *Lexer) Next() Token {
	src := l.src
	for {
		for l.off < len(src) && class[src[l.off]]&space != 0 {
			l.off++
		}
		if strings.HasPrefix(src[l.off:], "//") {
			for l.off < len(src) && src[l.off] != '\n' {
				l.off++
			}
			continue
		}
		break
	}
	start := l.off
	if start >= len(src) {
		return Token{Kind: EOF, Off: start}
	}
	c := src[start]
	punct := func(n int) Token {
		l.off += n
		return Token{Kind: Punct, Text: src[start:l.off], Off: start}
	}
	switch {
	case c == '-':
		if l.peek(1) == '>' {
			return punct(2)
		}
		return punct(1)
	case c == '.':
		if strings.HasPrefix(src[start:], "...") {
			return punct(3)
		}
		return l.invalidAt(start, 1, "unexpected character '.'")
	case c == '{':
		if strings.HasPrefix(src[start:], "{-#") {
			return punct(3)
		}
		return punct(1)
	case c == '#' && strings.HasPrefix(src[start:], "#-}"):
		return punct(3)
	case class[c]&punct1 != 0:
		return punct(1)
	case c == '#' || c == '%' || c == '^' || c == '!':
		return l.prefixed(start)
	case c == '@':
		return l.at(start)
	case c == '"':
		return l.str(start)
	case isDigit(c):
		return l.number(start)
	case isLetter(c) || c == '_':
		l.off++
		for l.off < len(src) && class[src[l.off]]&bare != 0 {
			l.off++
		}
		return Token{Kind: BareIdent, Text: src[start:l.off], Off: start}
	}
	return l.invalidAt(start, 1, fmt.Sprintf("unexpected character %q", c))
}

func (l *Lexer) peek(n int) byte {
	if l.off+n < len(l.src) {
		return l.src[l.off+n]
	}
	return 0
}

func (l *Lexer) invalidAt(start, n int, msg string) Token {
	l.off = min(start+n, len(l.src))
	l.invalid = msg
	return Token{Kind: Invalid, Text: l.src[start:l.off], Off: start}
}

// prefixed lexes #id, %id, ^id and !id: the prefix and a suffix-id,
// digits or [A-Za-z$._-][A-Za-z0-9$._-]*.
func (l *Lexer) prefixed(start int) Token {
	src := l.src
	var kind Kind
	switch src[start] {
	case '#':
		kind = HashIdent
	case '%':
		kind = PercentIdent
	case '^':
		kind = CaretIdent
	case '!':
		kind = BangIdent
	}
	l.off = start + 1
	switch {
	case l.off < len(src) && isDigit(src[l.off]):
		for l.off < len(src) && isDigit(src[l.off]) {
			l.off++
		}
	case l.off < len(src) && (isLetter(src[l.off]) || strings.IndexByte("$._-", src[l.off]) >= 0):
		for l.off < len(src) && class[src[l.off]]&suffix != 0 {
			l.off++
		}
	default:
		what := map[Kind]string{HashIdent: "attribute alias", PercentIdent: "SSA value name", CaretIdent: "block name", BangIdent: "type alias"}[kind]
		return l.invalidAt(start, 1, "invalid "+what)
	}
	return Token{Kind: kind, Text: src[start:l.off], Off: start}
}

// at lexes @name or @"string".
func (l *Lexer) at(start int) Token {
	src := l.src
	l.off = start + 1
	if l.off < len(src) && src[l.off] == '"' {
		t := l.str(l.off)
		if t.Kind == Invalid {
			return t
		}
		return Token{Kind: AtIdent, Text: src[start:l.off], Off: start}
	}
	if l.off >= len(src) || !(isLetter(src[l.off]) || src[l.off] == '_') {
		return l.invalidAt(start, 1, "@ identifier expected to start with letter or '_'")
	}
	for l.off < len(src) && (isLetter(src[l.off]) || isDigit(src[l.off]) || strings.IndexByte("_$.", src[l.off]) >= 0) {
		l.off++
	}
	return Token{Kind: AtIdent, Text: src[start:l.off], Off: start}
}

// str lexes a string literal: escapes \" \\ \n \t and \XX (two hex
// digits).
func (l *Lexer) str(start int) Token {
	src := l.src
	l.off = start + 1
	for {
		if l.off-start > longString {
			l.off += plainRun(src[l.off:])
		}
		if l.off >= len(src) {
			return l.invalidAt(start, len(src)-start, "expected '\"' in string literal")
		}
		c := src[l.off]
		l.off++
		switch c {
		case '"':
			return Token{Kind: String, Text: src[start:l.off], Off: start}
		case '\n', '\v', '\f':
			l.off--
			t := l.invalidAt(start, l.off-start, "expected '\"' in string literal")
			t.Off = l.off
			return t
		case '\\':
			switch {
			case l.off < len(src) && strings.IndexByte("\"\\nt", src[l.off]) >= 0:
				l.off++
			case l.off+1 < len(src) && isHex(src[l.off]) && isHex(src[l.off+1]):
				l.off += 2
			default:
				t := l.invalidAt(start, l.off-start, "unknown escape in string literal")
				t.Off = l.off - 1
				return t
			}
		}
	}
}

// longString is the length from which str looks for the end of a string
// literal with plainRun rather than byte by byte.
const longString = 64

// plainRun is the length of s's prefix without a byte a string literal
// treats specially: its end, an escape, or a line break that ends it too
// early. A long literal (a dense constant's hex, megabytes of it) is one
// such run; IndexByte finds its end a window at a time, many times faster
// than a byte at a time, and lets the collector stop the goroutine
// between windows.
func plainRun(s string) int {
	n := 0
	for n < len(s) {
		w := s[n:min(len(s), n+plainWindow)]
		end := len(w)
		for _, special := range [...]byte{'"', '\\', '\n', '\v', '\f'} {
			if i := strings.IndexByte(w[:end], special); i >= 0 {
				end = i
			}
		}
		n += end
		if end < len(w) {
			break
		}
	}
	return n
}

const plainWindow = 32 << 10

// number lexes an integer (decimal or 0x hex) or a float
// [0-9]+.[0-9]*([eE][-+]?[0-9]+)?.
func (l *Lexer) number(start int) Token {
	src := l.src
	l.off = start + 1
	if src[start] == '0' && l.off < len(src) && src[l.off] == 'x' {
		if l.off+1 >= len(src) || !isHex(src[l.off+1]) {
			return Token{Kind: Integer, Text: src[start:l.off], Off: start}
		}
		l.off += 2
		for l.off < len(src) && isHex(src[l.off]) {
			l.off++
		}
		return Token{Kind: Integer, Text: src[start:l.off], Off: start}
	}
	for l.off < len(src) && isDigit(src[l.off]) {
		l.off++
	}
	if l.off >= len(src) || src[l.off] != '.' {
		return Token{Kind: Integer, Text: src[start:l.off], Off: start}
	}
	l.off++
	for l.off < len(src) && isDigit(src[l.off]) {
		l.off++
	}
	if l.off < len(src) && (src[l.off] == 'e' || src[l.off] == 'E') {
		if l.off+1 < len(src) && isDigit(src[l.off+1]) ||
			l.off+2 < len(src) && (src[l.off+1] == '-' || src[l.off+1] == '+') && isDigit(src[l.off+2]) {
			l.off += 2
			for l.off < len(src) && isDigit(src[l.off]) {
				l.off++
			}
		}
	}
	return Token{Kind: FloatLit, Text: src[start:l.off], Off: start}
}

// Unquote decodes a string token's spelling ("a\0Ab" → a, newline, b).
func Unquote(tok string) string {
	if len(tok) < 2 {
		return ""
	}
	s := tok[1 : len(tok)-1]
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b = append(b, c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case '"', '\\':
			b = append(b, s[i])
		default:
			if i+1 < len(s) {
				b = append(b, unhex(s[i])<<4|unhex(s[i+1]))
				i++
			}
		}
	}
	return string(b)
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}
