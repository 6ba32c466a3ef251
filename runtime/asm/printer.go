// Package asm is the format-neutral runtime of MLIR's textual IR: what
// MLIR's AsmPrinter and AsmParser do for every dialect, without knowing
// any. It has
//
//   - a Printer: a buffer with MLIR's indentation, escaped strings, symbol
//     names, keywords and floats printed as MLIR prints them (AppendFloat,
//     a port of printFloatValue and APFloat::toString);
//   - Names: MLIR's SSA naming state (suggested names made unique per
//     scope, numbers for the rest, the counters every region starts from);
//   - Aliases: MLIR's alias initializer (#loc, #loc1, … ordered by depth
//     and name, deferred or not);
//   - Spacing: the spacing rules of declarative assembly formats, as
//     mlir-tblgen's OpFormatGen decides them;
//   - a Lexer and a Parser of MLIR's tokens, with positioned errors
//     (file:line:col: message) and the generic attribute syntax (Attr).
//
// Dialects and containers (runtime/tileir, generated dialect packages)
// build their op, type and attribute syntax on top of it.
package asm

import (
	"io"
	"strconv"
	"strings"
)

// Printer accumulates text. Newline starts a line indented by the current
// depth (two spaces per level, as MLIR indents nested regions).
type Printer struct {
	buf    []byte
	indent int
	// done holds the full chunks before buf in chunked mode (InChunks).
	done    [][]byte
	doneLen int
	chunked bool
}

// chunkSize is the size of a chunk in chunked mode.
const chunkSize = 1 << 20

// InChunks has the printer keep its text in chunks of 1 MiB instead of
// one buffer doubled as it grows, for text that is written out once
// printed (WriteTo): no chunk is ever copied. Call it before printing.
func (p *Printer) InChunks() { p.chunked = true }

// WriteTo writes what was printed to w.
func (p *Printer) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, b := range append(p.done, p.buf) {
		k, err := w.Write(b)
		n += int64(k)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// Bytes returns what was printed (in chunked mode, joining the chunks).
func (p *Printer) Bytes() []byte {
	if len(p.done) > 0 {
		joined := make([]byte, 0, p.Len())
		for _, b := range p.done {
			joined = append(joined, b...)
		}
		p.buf, p.done, p.doneLen = append(joined, p.buf...), nil, 0
	}
	return p.buf
}

// String returns what was printed.
func (p *Printer) String() string { return string(p.Bytes()) }

// Len is the number of bytes printed.
func (p *Printer) Len() int { return p.doneLen + len(p.buf) }

// Reset empties the buffer, keeping its storage.
func (p *Printer) Reset() { p.buf, p.indent, p.done, p.doneLen = p.buf[:0], 0, nil, 0 }

// Truncate drops what was printed after n bytes.
func (p *Printer) Truncate(n int) {
	if n < p.doneLen {
		p.Bytes()
	}
	p.buf = p.buf[:n-p.doneLen]
}

// room makes room for n more bytes: a new chunk in chunked mode, else a
// buffer of twice the size. append grows a large slice by a quarter at a
// time, and printing 100k ops then copied the text about five times
// over, each time onto pages the kernel had to map anew (a third of
// printing). The new buffer is made, not appended to, so that its
// unwritten part is not zeroed: fresh pages the kernel maps only once
// written.
func (p *Printer) room(n int) {
	if cap(p.buf)-len(p.buf) < n {
		if p.chunked {
			if len(p.buf) > 0 {
				p.done, p.doneLen = append(p.done, p.buf), p.doneLen+len(p.buf)
			}
			p.buf = make([]byte, 0, max(n, chunkSize))
			return
		}
		b := make([]byte, len(p.buf), len(p.buf)+max(n, cap(p.buf)))
		copy(b, p.buf)
		p.buf = b
	}
}

// Grow makes room for n more bytes; in chunked mode it does nothing, as
// chunks are never copied.
func (p *Printer) Grow(n int) {
	if !p.chunked {
		p.room(n)
	}
}

// Write appends s as it is.
func (p *Printer) Write(s string) { p.room(len(s)); p.buf = append(p.buf, s...) }

// Byte appends one byte.
func (p *Printer) Byte(c byte) { p.room(1); p.buf = append(p.buf, c) }

// Append returns the buffer for append-style helpers: p.Set(f(p.Append())).
func (p *Printer) Append() []byte { p.room(64); return p.buf }

// Set replaces the buffer (see Append).
func (p *Printer) Set(b []byte) { p.buf = b }

// Int appends a signed decimal.
func (p *Printer) Int(v int64) { p.room(20); p.buf = strconv.AppendInt(p.buf, v, 10) }

// Uint appends an unsigned decimal.
func (p *Printer) Uint(v uint64) { p.room(20); p.buf = strconv.AppendUint(p.buf, v, 10) }

// Float appends a float bit pattern as MLIR prints it (AppendFloat) and
// reports whether that is in hex (0x…), which some callers must follow
// with the type.
func (p *Printer) Float(s *FloatSemantics, bits uint64) (hex bool) {
	p.room(64)
	start := len(p.buf)
	p.buf = AppendFloat(p.buf, s, bits)
	return len(p.buf) > start+1 && p.buf[start] == '0' && p.buf[start+1] == 'x'
}

// Quoted appends s as an MLIR string literal (AppendQuoted).
func (p *Printer) Quoted(s string) { p.room(len(s) + 2); p.buf = AppendQuoted(p.buf, s) }

// Symbol appends a symbol name: @name, or @"…" when name is not a bare
// identifier.
func (p *Printer) Symbol(name string) { p.room(len(name) + 3); p.buf = AppendSymbol(p.buf, name) }

// KeywordOrString appends s bare when it is a keyword, else quoted.
func (p *Printer) KeywordOrString(s string) {
	if IsBareIdentifier(s) {
		p.Write(s)
	} else {
		p.Quoted(s)
	}
}

// Indent and Dedent change the depth of the lines Newline starts.
func (p *Printer) Indent() { p.indent++ }
func (p *Printer) Dedent() { p.indent-- }

// Depth is the current indentation depth.
func (p *Printer) Depth() int { return p.indent }

// Newline ends the line and indents the next one.
func (p *Printer) Newline() {
	p.room(1 + 2*p.indent)
	p.buf = append(p.buf, '\n')
	for range p.indent {
		p.buf = append(p.buf, "  "...)
	}
}

// AppendQuoted appends s as MLIR prints a string: in double quotes,
// printable ASCII other than '"' and '\' as is, '\' as "\\", every other
// byte as '\' and two uppercase hex digits ("\0A").
func AppendQuoted(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b = append(b, '\\', '\\')
		case c == '"' || c < 0x20 || c >= 0x7F:
			b = append(b, '\\', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}

// IsBareIdentifier reports whether s is a bare identifier:
// [a-zA-Z_][a-zA-Z0-9_$.]*.
func IsBareIdentifier(s string) bool {
	if s == "" || !isLetter(s[0]) && s[0] != '_' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !isDigit(c) && c != '_' && c != '$' && c != '.' {
			return false
		}
	}
	return true
}

// AppendSymbol appends @name, or @"escaped" when name is not a bare
// identifier (or is empty).
func AppendSymbol(b []byte, name string) []byte {
	b = append(b, '@')
	if IsBareIdentifier(name) {
		return append(b, name...)
	}
	return AppendQuoted(b, name)
}

// Sanitize makes a suggested name an identifier as MLIR's AsmPrinter does
// (sanitizeIdentifier): letters, digits and the allowed punctuation stay,
// a space becomes '_', other bytes their hex digits; a leading digit gets
// a '_' first.
func Sanitize(name, allowedPunct string) string {
	valid := func(c byte) bool {
		return isLetter(c) || isDigit(c) || strings.IndexByte(allowedPunct, c) >= 0
	}
	copyName := func(b []byte) string {
		for i := 0; i < len(name); i++ {
			switch c := name[i]; {
			case valid(c):
				b = append(b, c)
			case c == ' ':
				b = append(b, '_')
			default:
				b = append(b, strings.ToUpper(strconv.FormatUint(uint64(c), 16))...)
			}
		}
		return string(b)
	}
	if name != "" && isDigit(name[0]) {
		return copyName([]byte{'_'})
	}
	for i := 0; i < len(name); i++ {
		if !valid(name[i]) {
			return copyName(nil)
		}
	}
	return name
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// Spacing is the state a declarative assembly format's printer threads
// through its elements (OpFormatGen's shouldEmitSpace and
// lastWasPunctuation), decided statically, in format order: generators
// run it over a format and emit the spaces it asks for.
type Spacing struct {
	NoSpace   bool // the last element asked for no space after it
	LastPunct bool // the last element was punctuation
}

// Literal reports whether a space goes before the literal v and updates
// the state. The empty literal (“) and the space literal (` `) are
// handled by Empty and SpaceLiteral.
func (s *Spacing) Literal(v string) bool {
	space := !s.NoSpace && spaceBefore(v, s.LastPunct)
	s.NoSpace = len(v) == 1 && strings.IndexByte("<({[", v[0]) >= 0
	s.LastPunct = !(v[0] == '_' || isLetter(v[0]))
	return space
}

func spaceBefore(v string, lastPunct bool) bool {
	if len(v) != 1 && v != "->" {
		return true
	}
	if lastPunct {
		return strings.IndexByte(">)}],", v[0]) < 0
	}
	return strings.IndexByte("<>(){}[],", v[0]) < 0
}

// Empty is the empty literal: no space before what follows.
func (s *Spacing) Empty() { s.NoSpace, s.LastPunct = true, true }

// SpaceLiteral is the space literal: it prints one space, and none
// before what follows.
func (s *Spacing) SpaceLiteral() { s.NoSpace, s.LastPunct = true, false }

// AttrDict is an attr-dict directive (which prints its own leading space).
func (s *Spacing) AttrDict() { s.LastPunct = false }

// Element is any other element (a variable, a custom directive): it
// reports whether a space goes before it.
func (s *Spacing) Element() bool {
	space := !s.NoSpace || !s.LastPunct
	s.NoSpace, s.LastPunct = false, false
	return space
}
