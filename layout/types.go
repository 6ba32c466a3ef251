package layout

import (
	"fmt"
	"strconv"
	"strings"
)

// Class names a type class: MLIR's TypeID, the unit by which spec entries
// apply (every integer width is one class; each float format is its own).
type Class string

// The classes with layout rules.
const (
	ClassInteger    Class = "builtin.integer"
	ClassIndex      Class = "builtin.index"
	ClassVector     Class = "builtin.vector"
	ClassComplex    Class = "builtin.complex"
	ClassLLVMPtr    Class = "llvm.ptr"
	ClassLLVMStruct Class = "llvm.struct"
	ClassLLVMArray  Class = "llvm.array"
	ClassTestLayout Class = "test.test_type_with_layout"
	ClassPtr        Class = "ptr.ptr"
	ClassPPCFP128   Class = "llvm.ppc_fp128"
)

// floatWidths gives the storage width of every builtin float format (what
// LLVM data-layout strings name them by); each is a class of its own (its
// name prefixed by "builtin."). Layout sizes come from builtin.yaml.
var floatWidths = map[string]uint64{
	"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "f80": 80, "f128": 128,
	// tf32 has 19 bits of value but APFloat sizes it as 32 (semanticsSizeInBits).
	"tf32":   32,
	"f8E5M2": 8, "f8E4M3": 8, "f8E4M3FN": 8, "f8E5M2FNUZ": 8, "f8E4M3FNUZ": 8,
	"f8E4M3B11FNUZ": 8, "f8E3M4": 8, "f8E8M0FNU": 8,
	"f6E2M3FN": 6, "f6E3M2FN": 6, "f4E2M1FN": 4,
}

// Type is a type as the layout rules see it, parsed from MLIR's text form
// (the form a type takes in a spec key, and what String prints for a
// decoded type).
type Type struct {
	Class Class
	Text  string // the text it was parsed from, trimmed
	Width uint64 // integers and floats: the bit width
	// Vectors: dimensions, which are scalable, and the element type.
	Shape     []uint64
	Scalable  []bool
	Elem      *Type // vector, complex and array element; typed pointer pointee
	AddrSpace uint64
	// LLVM structs: the body, packed, and an identified struct's name.
	Fields []*Type
	Packed bool
	Name   string
	Opaque bool
	Count  uint64 // LLVM array length
	Param  int64  // test.test_type_with_layout's parameter
	// MemorySpace is !ptr.ptr's memory space attribute, as text.
	MemorySpace string
}

// IsFloat reports whether t is a builtin float type.
func (t *Type) IsFloat() bool {
	_, ok := floatWidths[strings.TrimPrefix(string(t.Class), "builtin.")]
	return ok && strings.HasPrefix(string(t.Class), "builtin.")
}

// Builtin reports whether t's class belongs to the builtin dialect.
func (t *Type) Builtin() bool { return strings.HasPrefix(string(t.Class), "builtin.") }

func (t *Type) String() string { return t.Text }

// maxTypeDepth bounds nesting so that hostile text cannot exhaust the stack.
const maxTypeDepth = 200

// ParseType parses one type in MLIR's text form. Types without layout rules
// parse into their class alone (their parameters are skipped).
func ParseType(s string) (*Type, error) {
	p := &scanner{src: s}
	t := p.typ(false)
	p.space()
	if p.err == nil && p.pos != len(p.src) {
		p.fail("end of the type")
	}
	if p.err != nil {
		return nil, p.err
	}
	return t, nil
}

// scanner reads MLIR's text form of types and attributes, enough of it for
// spec entries; errors name the byte offset and what was expected.
type scanner struct {
	src   string
	pos   int
	depth int
	err   error
}

// SyntaxError is a text form we cannot read.
type SyntaxError struct {
	Text     string
	Offset   int
	Expected string
}

func (e *SyntaxError) Error() string {
	near := e.Text[e.Offset:]
	if len(near) > 24 {
		near = near[:24] + "…"
	}
	return fmt.Sprintf("offset %d of %q: expected %s, found %q", e.Offset, clip(e.Text), e.Expected, near)
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

func (p *scanner) fail(expected string) {
	if p.err == nil {
		p.err = &SyntaxError{Text: p.src, Offset: p.pos, Expected: expected}
	}
	p.pos = len(p.src)
}

func (p *scanner) space() {
	for p.pos < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *scanner) peek(s string) bool {
	p.space()
	return strings.HasPrefix(p.src[p.pos:], s)
}

func (p *scanner) accept(s string) bool {
	if p.peek(s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *scanner) expect(s string) {
	if !p.accept(s) {
		p.fail("'" + s + "'")
	}
}

func isIdent(c byte, first bool) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && (c >= '0' && c <= '9' || c == '.' || c == '$')
}

// ident reads a bare identifier (letters, digits, '_', '.', '$').
func (p *scanner) ident() string {
	p.space()
	start := p.pos
	for p.pos < len(p.src) && isIdent(p.src[p.pos], p.pos == start) {
		p.pos++
	}
	return p.src[start:p.pos]
}

// uint reads a decimal unsigned integer.
func (p *scanner) uint(what string) uint64 {
	p.space()
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	v, err := strconv.ParseUint(p.src[start:p.pos], 10, 64)
	if err != nil {
		p.pos = start
		p.fail(what)
		return 0
	}
	return v
}

// int reads a decimal integer with an optional sign.
func (p *scanner) int(what string) int64 {
	p.space()
	start := p.pos
	if p.pos < len(p.src) && p.src[p.pos] == '-' {
		p.pos++
	}
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	v, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
	if err != nil {
		// Unsigned 64-bit values print above MaxInt64; keep their bits.
		u, uerr := strconv.ParseUint(p.src[start:p.pos], 10, 64)
		if uerr == nil {
			return int64(u)
		}
		p.pos = start
		p.fail(what)
		return 0
	}
	return v
}

// quoted reads a string literal and returns it unescaped as far as MLIR's
// printer escapes (\" \\ and \XX hex).
func (p *scanner) quoted() string {
	p.space()
	if p.pos >= len(p.src) || p.src[p.pos] != '"' {
		p.fail("a string")
		return ""
	}
	var b strings.Builder
	for i := p.pos + 1; i < len(p.src); i++ {
		switch c := p.src[i]; c {
		case '"':
			p.pos = i + 1
			return b.String()
		case '\\':
			if i+1 >= len(p.src) {
				break
			}
			if n := p.src[i+1]; n == '"' || n == '\\' {
				b.WriteByte(n)
				i++
			} else if i+2 < len(p.src) {
				v, err := strconv.ParseUint(p.src[i+1:i+3], 16, 8)
				if err != nil {
					p.pos = i
					p.fail("an escape (\\\\, \\\" or two hex digits)")
					return ""
				}
				b.WriteByte(byte(v))
				i += 2
			}
		default:
			b.WriteByte(c)
		}
	}
	p.fail("the closing '\"' of a string")
	return ""
}

// skipBalanced skips to the closing '>' of a '<' already read (not
// consuming it), passing over nested brackets and strings.
func (p *scanner) skipBalanced() {
	var stack []byte
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch c {
		case '"':
			p.quoted()
			continue
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case '>', ')', ']', '}':
			if c == '>' && p.pos > 0 && p.src[p.pos-1] == '-' {
				break // the arrow of a function type
			}
			if len(stack) == 0 {
				if c == '>' {
					return
				}
				p.fail("'>'")
				return
			}
			open := stack[len(stack)-1]
			if open == '<' && c != '>' || open == '(' && c != ')' || open == '[' && c != ']' || open == '{' && c != '}' {
				p.fail("a matching bracket")
				return
			}
			stack = stack[:len(stack)-1]
		}
		p.pos++
	}
	p.fail("'>'")
}

// typ reads a type; inLLVM says the LLVM dialect's nested syntax applies
// (its own types without the "!llvm." prefix).
func (p *scanner) typ(inLLVM bool) *Type {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > maxTypeDepth {
		p.fail(fmt.Sprintf("types nested at most %d deep", maxTypeDepth))
		return &Type{}
	}
	p.space()
	start := p.pos
	t := p.typeBody(inLLVM)
	if t == nil {
		t = &Type{}
	}
	if p.err == nil {
		t.Text = strings.TrimSpace(p.src[start:p.pos])
	}
	return t
}

func (p *scanner) typeBody(inLLVM bool) *Type {
	if p.peek("(") {
		// A function type: (inputs) -> results.
		p.pos++
		p.skipBalancedParen()
		p.expect("->")
		if p.peek("(") {
			p.pos++
			p.skipBalancedParen()
		} else {
			p.typ(inLLVM)
		}
		return &Type{Class: "builtin.function"}
	}
	if p.accept("!") {
		dialect := p.ident()
		d, name, ok := strings.Cut(dialect, ".")
		if !ok {
			// Opaque type: !dialect<"...">.
			if p.accept("<") {
				p.skipBalanced()
				p.expect(">")
			}
			return &Type{Class: Class(dialect + ".opaque")}
		}
		if d == "llvm" {
			return p.llvmType(name)
		}
		if d == "ptr" && name == "ptr" {
			t := &Type{Class: ClassPtr}
			if p.accept("<") {
				start := p.pos
				p.skipBalanced()
				t.MemorySpace = strings.TrimSpace(p.src[start:p.pos])
				p.expect(">")
			}
			return t
		}
		if d == "test" && name == "test_type_with_layout" {
			p.expect("<")
			t := &Type{Class: ClassTestLayout, Param: p.int("the parameter of !test.test_type_with_layout")}
			p.expect(">")
			return t
		}
		if p.accept("<") {
			p.skipBalanced()
			p.expect(">")
		}
		return &Type{Class: Class(d + "." + name)}
	}
	word := p.ident()
	if inLLVM {
		switch word {
		case "ptr", "struct", "array", "vec", "void", "func", "label", "metadata", "token", "x86_mmx", "x86_amx", "ppc_fp128", "target":
			return p.llvmType(word)
		}
	}
	if w, ok := intWidth(word); ok {
		return &Type{Class: ClassInteger, Width: w}
	}
	if w, ok := floatWidths[word]; ok {
		return &Type{Class: Class("builtin." + word), Width: w}
	}
	switch word {
	case "index":
		return &Type{Class: ClassIndex}
	case "none":
		return &Type{Class: "builtin.none"}
	case "vector":
		return p.vector(inLLVM)
	case "complex":
		p.expect("<")
		t := &Type{Class: ClassComplex, Elem: p.typ(inLLVM)}
		p.expect(">")
		return t
	case "memref", "tensor", "tuple":
		p.expect("<")
		p.skipBalanced()
		p.expect(">")
		return &Type{Class: Class("builtin." + word)}
	}
	p.pos -= len(word)
	p.fail("a type")
	return nil
}

func (p *scanner) skipBalancedParen() {
	// Reuse skipBalanced by treating '(' as already open: scan to ')'.
	depth := 1
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; c {
		case '"':
			p.quoted()
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				p.pos++
				return
			}
		}
		p.pos++
	}
	p.fail("')'")
}

// intWidth recognises iN, siN and uiN.
func intWidth(w string) (uint64, bool) {
	digits := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(w, "s"), "u"), "i")
	if len(digits) == len(w) || digits == "" || digits[0] == '+' || digits[0] == '-' || len(w)-len(digits) > 2 {
		return 0, false
	}
	if w[len(w)-len(digits)-1] != 'i' {
		return 0, false
	}
	v, err := strconv.ParseUint(digits, 10, 32)
	// MLIR caps integer widths at 2^24.
	if err != nil || v > 1<<24 {
		return 0, false
	}
	return v, true
}

// vector reads vector<4x[8]xf32> after the keyword.
func (p *scanner) vector(inLLVM bool) *Type {
	p.expect("<")
	t := &Type{Class: ClassVector}
	for p.err == nil {
		p.space()
		scalable := p.accept("[")
		if !scalable && (p.pos >= len(p.src) || p.src[p.pos] < '0' || p.src[p.pos] > '9') {
			break
		}
		n := p.uint("a dimension")
		if scalable {
			p.expect("]")
		}
		t.Shape = append(t.Shape, n)
		t.Scalable = append(t.Scalable, scalable)
		if len(t.Shape) > maxTypeDepth {
			p.fail("fewer dimensions")
		}
		// The 'x' after a dimension is glued to the element type's name.
		if p.pos < len(p.src) && p.src[p.pos] == 'x' {
			p.pos++
		} else {
			p.fail("'x'")
		}
	}
	t.Elem = p.typ(inLLVM)
	p.expect(">")
	return t
}

// llvmType reads an LLVM dialect type after its name.
func (p *scanner) llvmType(name string) *Type {
	switch name {
	case "ptr":
		t := &Type{Class: ClassLLVMPtr}
		if p.accept("<") {
			p.space()
			if p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
				t.AddrSpace = p.uint("an address space")
			} else {
				// A typed pointer (LLVM 16): ptr<elem[, as]>.
				t.Elem = p.typ(true)
				if p.accept(",") {
					t.AddrSpace = p.uint("an address space")
				}
			}
			p.expect(">")
		}
		return t
	case "struct":
		t := &Type{Class: ClassLLVMStruct}
		p.expect("<")
		if p.peek("\"") {
			t.Name = p.quoted()
			if !p.accept(",") {
				// A reference to an enclosing identified struct; its body
				// is not repeated.
				p.expect(">")
				t.Opaque = true
				return t
			}
			if p.accept("opaque") {
				t.Opaque = true
				p.expect(">")
				return t
			}
		}
		t.Packed = p.accept("packed")
		p.expect("(")
		if !p.accept(")") {
			for p.err == nil {
				t.Fields = append(t.Fields, p.typ(true))
				if !p.accept(",") {
					break
				}
			}
			p.expect(")")
		}
		p.expect(">")
		return t
	case "array":
		p.expect("<")
		t := &Type{Class: ClassLLVMArray, Count: p.uint("an array length")}
		p.space()
		if p.pos < len(p.src) && p.src[p.pos] == 'x' {
			p.pos++
		} else {
			p.fail("'x'")
		}
		t.Elem = p.typ(true)
		p.expect(">")
		return t
	}
	if p.accept("<") {
		p.skipBalanced()
		p.expect(">")
	}
	return &Type{Class: Class("llvm." + name)}
}
