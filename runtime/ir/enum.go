package ir

import (
	"fmt"
	"sort"
	"strings"
)

// EnumCase is one value of a generated enum and the keyword its text form
// uses. Generated enums keep their cases in a table sorted by value, which
// compiles to data rather than code.
type EnumCase struct {
	Value uint64
	Text  string
	// Name is the case's name in the definitions where it is not Text
	// (LLVM's Visibility::Default prints as nothing).
	Name string
}

// EnumCaseNamed returns the value of the case of cases named name (its
// Name, or its Text where it has none).
func EnumCaseNamed(cases []EnumCase, name string) (uint64, bool) {
	for _, c := range cases {
		if n := c.Name; n == name && n != "" || n == "" && c.Text == name {
			return c.Value, true
		}
	}
	return 0, false
}

func findCase(cases []EnumCase, v uint64) (string, bool) {
	i := sort.Search(len(cases), func(i int) bool { return cases[i].Value >= v })
	if i < len(cases) && cases[i].Value == v {
		return cases[i].Text, true
	}
	return "", false
}

// EnumString returns the keyword of value v among cases (sorted by value),
// or Type(v) when v is none of them.
func EnumString(cases []EnumCase, v uint64, typ string) string {
	if s, ok := findCase(cases, v); ok {
		return s
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// EnumValid reports whether v is one of cases (sorted by value).
func EnumValid(cases []EnumCase, v uint64) bool {
	_, ok := findCase(cases, v)
	return ok
}

// BitEnumString returns the keyword of v among the cases of a bit enum
// (sorted by value) or, for a union that is no case of its own, the
// keywords of its single-bit cases joined by "|", bits no case names in
// hexadecimal.
func BitEnumString(cases []EnumCase, v uint64) string {
	if s, ok := findCase(cases, v); ok {
		return s
	}
	var parts []string
	for _, c := range cases {
		if c.Value != 0 && c.Value&(c.Value-1) == 0 && v&c.Value != 0 {
			parts = append(parts, c.Text)
			v &^= c.Value
		}
	}
	if v != 0 {
		parts = append(parts, fmt.Sprintf("%#x", v))
	}
	return strings.Join(parts, "|")
}
