package asm

import "strconv"

// Names is MLIR's SSA naming state (AsmPrinter's SSANameState) for values
// of type V: suggested names, sanitized and made unique among the names
// visible in the current scope (name_0, name_1, … with one conflict
// counter), and numbers for values without one.
//
// The caller walks its IR as MLIR does: number the top op's results, then
// for each region (Enter with the Scope saved when its op was numbered)
// name the region's values, Save, and remember that Scope for every region
// of the region's ops. Sibling regions start from identical counters and
// may reuse names and numbers; a nested region sees the names of every
// enclosing region, also those of values defined after it.
type Names[V comparable] struct {
	values, args, conflicts int
	scope                   *nameScope
	names                   map[V]string
}

type nameScope struct {
	parent *nameScope
	used   map[string]bool
}

// Scope is a saved naming context: the counters and the visible names.
type Scope struct {
	values, args, conflicts int
	scope                   *nameScope
}

// NewNames returns an empty naming state at top level.
func NewNames[V comparable]() *Names[V] {
	return &Names[V]{scope: &nameScope{used: map[string]bool{}}, names: map[V]string{}}
}

// Save returns the current context.
func (n *Names[V]) Save() Scope {
	return Scope{values: n.values, args: n.args, conflicts: n.conflicts, scope: n.scope}
}

// Enter restores the counters of s and opens a new scope inside s's.
func (n *Names[V]) Enter(s Scope) {
	n.values, n.args, n.conflicts = s.values, s.args, s.conflicts
	n.scope = &nameScope{parent: s.scope, used: map[string]bool{}}
}

func (n *Names[V]) used(name string) bool {
	for s := n.scope; s != nil; s = s.parent {
		if s.used[name] {
			return true
		}
	}
	return false
}

// unique makes a suggested name unique (uniqueValueName) and marks it used.
func (n *Names[V]) unique(name string) string {
	name = Sanitize(name, "$._-")
	if n.used(name) {
		base := name + "_"
		for {
			name = base + strconv.Itoa(n.conflicts)
			n.conflicts++
			if !n.used(name) {
				break
			}
		}
	}
	n.scope.used[name] = true
	return name
}

// Has reports whether v has a name or number.
func (n *Names[V]) Has(v V) bool { _, ok := n.names[v]; return ok }

// SetName gives v a suggested name, made unique; an empty name gives it
// the next number instead (setValueName).
func (n *Names[V]) SetName(v V, name string) {
	if name == "" {
		n.Number(v)
		return
	}
	n.names[v] = n.unique(name)
}

// Number gives v the next number unless it has a name or number already;
// it reports whether it did.
func (n *Names[V]) Number(v V) bool {
	if _, ok := n.names[v]; ok {
		return false
	}
	n.names[v] = strconv.Itoa(n.values)
	n.values++
	return true
}

// Arg names an entry block argument without a name: arg0, arg1, … with
// the argument counter, made unique.
func (n *Names[V]) Arg(v V) {
	if _, ok := n.names[v]; ok {
		return
	}
	n.names[v] = n.unique("arg" + strconv.Itoa(n.args))
	n.args++
}

// Name returns v's name or number without the '%', ok false if it has none.
func (n *Names[V]) Name(v V) (string, bool) {
	s, ok := n.names[v]
	return s, ok
}
