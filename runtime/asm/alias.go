package asm

import (
	"slices"
	"strconv"
)

// Aliases is MLIR's alias initializer: attributes and types are visited
// in the order the printer prints them; those a dialect names (#loc,
// #di_file) get aliases, numbered per name after a stable sort by depth
// (an aliased value nested in another makes that one deeper), types
// before attributes, then name. Aliases of values printed only in op
// locations may be deferred: printed after the top-level op.
type Aliases struct {
	infos []aliasInfo
	index map[any]int
	stack [][]int // children collected while visiting
	order []int
}

type aliasInfo struct {
	key        any
	name       string // the suggested alias, "" for none
	depth      int
	isType     bool
	deferrable bool
	children   []int
	final      string
}

// NewAliases returns an empty alias state.
func NewAliases() *Aliases { return NewAliasesFor(0) }

// NewAliasesFor returns an empty alias state with room for about n
// values. A printer visits about one value an op, its location; grown
// one at a time, the list of 100k values was copied over and over (a
// tenth of printing them).
func NewAliasesFor(n int) *Aliases {
	return &Aliases{index: make(map[any]int, n), infos: make([]aliasInfo, 0, n)}
}

// Visit records a visit of the value identified by key (comparable, the
// same for equal values): name is the alias its dialect suggests ("" for
// none), canDefer says the visit is from an op location, and children
// visits the values it prints, in order (nil for none). Visiting a value
// again only makes it non-deferrable if this visit cannot be deferred.
func (a *Aliases) Visit(key any, name string, isType, canDefer bool, children func()) {
	if a.Revisit(key, canDefer) {
		return
	}
	i := len(a.infos)
	a.index[key] = i
	info := aliasInfo{key: key, isType: isType, deferrable: canDefer}
	if name != "" {
		info.name = Sanitize(name, "$_-")
		if c := info.name[len(info.name)-1]; isDigit(c) {
			info.name += "_" // the number suffix must stay apart
		}
		info.depth = 1
	}
	a.infos = append(a.infos, info)
	if children != nil {
		a.stack = append(a.stack, nil)
		children()
		kids := a.stack[len(a.stack)-1]
		a.stack = a.stack[:len(a.stack)-1]
		maxDepth := 0
		for _, k := range kids {
			maxDepth = max(maxDepth, a.infos[k].depth)
		}
		a.infos[i].children = kids
		if maxDepth > 0 {
			a.infos[i].depth = maxDepth + 1
		}
	}
	a.child(i)
}

// Revisit records a visit of a value visited before, as Visit does, and
// reports whether there was one: a caller that has yet to work out the
// value's alias and children calls it first.
func (a *Aliases) Revisit(key any, canDefer bool) bool {
	i, ok := a.index[key]
	if !ok {
		return false
	}
	if !canDefer {
		a.markNonDeferrable(i)
	}
	a.child(i)
	return true
}

func (a *Aliases) child(i int) {
	if n := len(a.stack); n > 0 {
		a.stack[n-1] = append(a.stack[n-1], i)
	}
}

func (a *Aliases) markNonDeferrable(i int) {
	if !a.infos[i].deferrable {
		return
	}
	a.infos[i].deferrable = false
	for _, k := range a.infos[i].children {
		a.markNonDeferrable(k)
	}
}

// Finish assigns the aliases: call it once every value was visited.
func (a *Aliases) Finish() {
	order := make([]int, len(a.infos))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		l, r := &a.infos[x], &a.infos[y]
		switch {
		case l.depth != r.depth:
			return l.depth - r.depth
		case l.isType != r.isType:
			if l.isType {
				return -1
			}
			return 1
		case l.name < r.name:
			return -1
		case l.name > r.name:
			return 1
		}
		return 0
	})
	counts := map[string]int{}
	a.order = a.order[:0]
	for _, i := range order {
		info := &a.infos[i]
		if info.name == "" {
			continue
		}
		n := counts[info.name]
		counts[info.name]++
		prefix := "#"
		if info.isType {
			prefix = "!"
		}
		info.final = prefix + info.name
		if n > 0 {
			info.final += strconv.Itoa(n)
		}
		a.order = append(a.order, i)
	}
}

// Alias returns the alias of the value identified by key ("#loc3"), ok
// false if it has none.
func (a *Aliases) Alias(key any) (string, bool) {
	i, ok := a.index[key]
	if !ok || a.infos[i].final == "" {
		return "", false
	}
	return a.infos[i].final, true
}

// Definitions calls f for each alias in the order MLIR prints their
// definitions, with whether it is deferred (printed after the top op).
func (a *Aliases) Definitions(f func(key any, alias string, deferred bool)) {
	for _, i := range a.order {
		info := &a.infos[i]
		f(info.key, info.final, info.deferrable)
	}
}
