package ir

import (
	"fmt"
	"unsafe"
)

// TextAttr is an attribute held as its textual assembly form, for entries
// that a file stores as text and that no registered dialect parses into a
// typed value. Reading and writing it reproduces the text exactly.
type TextAttr struct {
	Base
	dialect string
	text    string
}

// GetTextAttr returns the uniqued text attribute of dialect with that text.
func GetTextAttr(c *Context, dialect, text string) *TextAttr {
	k := NewKey("", "TextAttr").String(dialect).String(text)
	if v, ok := LookupAttr[*TextAttr](c, k); ok {
		return v
	}
	return InsertAttr(c, k, &TextAttr{dialect: dialect, text: text})
}

func (a *TextAttr) Dialect() string { return a.dialect }
func (a *TextAttr) Kind() string    { return "TextAttr" }
func (a *TextAttr) Text() string    { return a.text }

// String is the attribute's text, as the file held it.
func (a *TextAttr) String() string { return a.text }

// TextType is TextAttr for types.
type TextType struct {
	TypeBase
	dialect string
	text    string
}

// GetTextType returns the uniqued text type of dialect with that text.
func GetTextType(c *Context, dialect, text string) *TextType {
	k := NewKey("", "TextType").String(dialect).String(text)
	if v, ok := LookupType[*TextType](c, k); ok {
		return v
	}
	return InsertType(c, k, &TextType{dialect: dialect, text: text})
}

func (t *TextType) Dialect() string { return t.dialect }
func (t *TextType) Kind() string    { return "TextType" }
func (t *TextType) Text() string    { return t.text }

// String is the type's text, as the file held it.
func (t *TextType) String() string { return t.text }

// EncodedAttr is a custom-encoded attribute of a dialect that has no codec
// here. Its payload refers to other entries by their index in the file it
// came from, so it can only be written back with that file's numbering.
type EncodedAttr struct {
	Base
	dialect string
	payload string
}

// GetEncodedAttr returns the uniqued opaque payload.
func GetEncodedAttr(c *Context, dialect string, payload []byte) *EncodedAttr {
	k := NewKey("", "EncodedAttr").String(dialect).Blob(payload)
	if v, ok := LookupAttr[*EncodedAttr](c, k); ok {
		return v
	}
	return InsertAttr(c, k, &EncodedAttr{dialect: dialect, payload: string(payload)})
}

func (a *EncodedAttr) Dialect() string { return a.dialect }
func (a *EncodedAttr) Kind() string    { return "EncodedAttr" }

// Payload is the entry's bytes (shared: do not modify).
func (a *EncodedAttr) Payload() []byte { return bytesOf(a.payload) }

// String names the dialect and shows the payload no codec here reads.
func (a *EncodedAttr) String() string { return fmt.Sprintf("#%s<payload %x>", a.dialect, a.payload) }

// EncodedType is EncodedAttr for types.
type EncodedType struct {
	TypeBase
	dialect string
	payload string
}

// GetEncodedType returns the uniqued opaque payload.
func GetEncodedType(c *Context, dialect string, payload []byte) *EncodedType {
	k := NewKey("", "EncodedType").String(dialect).Blob(payload)
	if v, ok := LookupType[*EncodedType](c, k); ok {
		return v
	}
	return InsertType(c, k, &EncodedType{dialect: dialect, payload: string(payload)})
}

func (t *EncodedType) Dialect() string { return t.dialect }
func (t *EncodedType) Kind() string    { return "EncodedType" }

// Payload is the entry's bytes (shared: do not modify).
func (t *EncodedType) Payload() []byte { return bytesOf(t.payload) }

// bytesOf views s as bytes, which must not be modified: the payloads of
// encoded values are handed out shared, as generated kinds hand out their
// byte parameters, rather than copied at every write.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// String names the dialect and shows the payload no codec here reads.
func (t *EncodedType) String() string { return fmt.Sprintf("!%s<payload %x>", t.dialect, t.payload) }
