package asm

import (
	"math"
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
	// byID finds a key that has an ID (an MLIR attribute or type), index
	// any other, and any whose ID another key took first.
	byID  idIndex
	index map[any]int
	stack [][]int // children collected while visiting
	order []int
}

// identified is a key with an ID: a value of an MLIR context, numbered
// apart from every other value of its context. 0 is no ID.
type identified interface{ ID() uint64 }

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
	return &Aliases{index: map[any]int{}, infos: make([]aliasInfo, 0, n)}
}

// find returns the index of key's info, ok false if it has none.
func (a *Aliases) find(key any) (int, bool) {
	if k, ok := key.(identified); ok {
		if i := a.byID.get(k.ID()); i >= 0 && a.infos[i].key == key {
			return i, true
		}
	}
	i, ok := a.index[key]
	return i, ok
}

// add records that key's info is at i.
func (a *Aliases) add(key any, i int) {
	if k, ok := key.(identified); ok && a.byID.put(k.ID(), i) {
		return
	}
	a.index[key] = i
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
	a.add(key, i)
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
	i, ok := a.find(key)
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
	// Only named values get aliases: the others (most of them) stay out
	// of the sort, which keeps the named ones in the order visited.
	var order []int
	for i := range a.infos {
		if a.infos[i].name != "" {
			order = append(order, i)
		}
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
	i, ok := a.find(key)
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

// idIndex maps IDs to indexes in pages of consecutive IDs. The values of
// one file are numbered in a run as they are made, so a printer's lookups
// fall mostly in the page of the one before: an array index where a map
// of interfaces hashed each key and compared its type (printing 100,000
// ops spent a sixth of its time there).
type idIndex struct {
	// low holds the pages of the first maxLowPages page numbers (IDs of
	// a context are counted from 1); pages the others.
	low      []*idPage
	pages    map[uint64]*idPage
	last     uint64 // the page number of lastPage
	lastPage *idPage
}

// maxLowPages bounds low at 512 KiB of pointers, for IDs up to 2^25.
const maxLowPages = 1 << 16

const idPageBits = 9

// idPage holds, for each ID of its page, 1 + the index, or 0 for none.
type idPage [1 << idPageBits]int32

func (x *idIndex) page(id uint64, create bool) *idPage {
	n := id >> idPageBits
	if x.lastPage != nil && x.last == n {
		return x.lastPage
	}
	var pg *idPage
	switch {
	case n < uint64(len(x.low)):
		pg = x.low[n]
	case n >= maxLowPages:
		pg = x.pages[n]
	}
	if pg == nil {
		if !create {
			return nil
		}
		pg = new(idPage)
		switch {
		case n < maxLowPages:
			if n >= uint64(len(x.low)) {
				x.low = slices.Grow(x.low, int(n)+1-len(x.low))[:n+1]
			}
			x.low[n] = pg
		default:
			if x.pages == nil {
				x.pages = map[uint64]*idPage{}
			}
			x.pages[n] = pg
		}
	}
	x.last, x.lastPage = n, pg
	return pg
}

// get returns the index recorded for id, or -1.
func (x *idIndex) get(id uint64) int {
	if id == 0 {
		return -1
	}
	pg := x.page(id, false)
	if pg == nil {
		return -1
	}
	return int(pg[id&(1<<idPageBits-1)]) - 1
}

// put records index i for id, and reports whether it could: not for no
// ID, an ID taken, or an index past what a page holds.
func (x *idIndex) put(id uint64, i int) bool {
	if id == 0 || i >= math.MaxInt32 {
		return false
	}
	e := &x.page(id, true)[id&(1<<idPageBits-1)]
	if *e != 0 {
		return false
	}
	*e = int32(i + 1)
	return true
}
