package asmformat

import (
	"strings"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// Scope is what the values of one file share while they are read: the
// aliases defined so far, and the distinct attributes by the number the
// file gives them, since distinct[N]<…> names one attribute across the
// whole file. A parse outside a file has a scope of its own entry.
type Scope struct {
	// Alias returns the attribute (#name) or type (!name) an alias
	// stands for; nil outside a file.
	Alias func(name string) (any, bool)
	// AliasOf returns the alias a value prints as, ok false for one
	// printed in full.
	AliasOf func(v any) (string, bool)
	// Elements reads a dense or sparse elements attribute at the start
	// of text, where the caller reads them (the builtin dialect's syntax
	// for nested values lacks them; VHLO's tensor_v1 nests one), and
	// returns it and how many bytes it took: nil after an error.
	Elements func(text string) (ir.Attribute, int)

	distinct map[int64]ir.Attribute
	numbers  map[ir.Attribute]int
	// added are the numbers defined by the value ParseInScope reads,
	// forgotten if it is not kept.
	added    []int64
	tracking bool
}

// Distinct returns the distinct attribute numbered n, or nil before it is
// defined.
func (s *Scope) Distinct(n int64) ir.Attribute { return s.distinct[n] }

// SetDistinct records the distinct attribute numbered n.
func (s *Scope) SetDistinct(n int64, a ir.Attribute) {
	if s.distinct == nil {
		s.distinct = map[int64]ir.Attribute{}
		s.numbers = map[ir.Attribute]int{}
	}
	s.distinct[n] = a
	s.numbers[a] = int(n)
	if s.tracking {
		s.added = append(s.added, n)
	}
}

func (s *Scope) inFile() bool { return s.Alias != nil }

// forget drops the distinct attributes the value being read defined.
func (s *Scope) forget() {
	for _, n := range s.added {
		delete(s.numbers, s.distinct[n])
		delete(s.distinct, n)
	}
}

// printer returns a printer of values as the file holds them: nested
// values by alias, distinct attributes by the file's numbers.
func (s *Scope) printer() *Printer {
	if s.numbers == nil {
		s.numbers = map[ir.Attribute]int{}
	}
	return &Printer{alias: s.AliasOf, distinct: &s.numbers}
}

// ParseInScope reads the text of an attribute or a type as a file holds
// it: its aliases stand for values the scope defines, and its distinct
// attributes are the file's. The value is kept where it prints back as
// written, and nil returned otherwise (the distinct attributes it
// defined are then forgotten): nothing is lost, and the typed value's
// printed form is what the file holds.
func (d *Dialect) ParseInScope(ctx *ir.Context, text string, release int, scope *Scope) any {
	k := 0
	if strings.HasPrefix(text, "!") {
		k = 1
	}
	scope.tracking = true
	defer func() { scope.tracking, scope.added = false, scope.added[:0] }()
	v := d.read(&Parser{ctx: ctx, release: release, scope: scope, nest: -1}, text, k, scope.printer())
	if v == nil {
		scope.forget()
	}
	return v
}

// printsAs reports whether v prints as text.
func (d *Dialect) printsAs(outer *Printer, v any, text string, release, k int) bool {
	var s string
	var ok bool
	switch x := v.(type) {
	case ir.Attribute:
		s, ok = d.printWith(outer, x, x.Kind(), release, k)
	case ir.Type:
		s, ok = d.printWith(outer, x, x.Kind(), release, k)
	}
	return ok && s == text
}
