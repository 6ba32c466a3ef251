package bytecode

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/dialectgen/dialectgen/runtime/ir"
)

// OpTable holds the op schemas of a dialect, written by the generator as
// one compact text (a string constant compiles to data, not code) and
// parsed on first use. Each line describes one op over a range of LLVM
// releases, as space-separated tokens:
//
//		name [@from-to] [+flag…] [property…]
//
//	  - name is the op name without the dialect prefix;
//	  - @from-to bounds the releases (inclusive; either side may be empty:
//	    @22- is 22 and newer, @-19 is 19 and older); without it the line
//	    holds for every release;
//	  - flags: +name=N (the op's name at the line's releases, where an
//	    older release named it otherwise: +name=maxf on arith.maximumf's
//	    line of LLVM 16; Lookup finds the line by that name, not by the
//	    definition's), +isolated, +graph (HasOnlyGraphRegion), +terminator,
//	    +noterminator, +symbol, +symboltable, +declaration=without_body
//	    or +declaration=always (when a symbol op declares its symbol),
//	    +counts=O/R/G/S (how many operands, results, regions and
//	    successors: each N, N-M or N+), +oneblock=0,2 (the regions that
//	    hold exactly one block), +parents=a.x,b.y (the ops that may hold
//	    it),
//	    +unknowngroups (the release splits the op's values into segment
//	    groups otherwise than the definitions describe),
//	    +operands=N and +results=N (AttrSizedOperandSegments and
//	    AttrSizedResultSegments with N groups), +operandids=0,2,3 and
//	    +resultids=… (the places of those groups in the definition's
//	    list, where the line's releases lack some of its groups),
//	    +implicit=op (the op parsers end its single-block regions
//	    with);
//	  - -attr@from-to: an inherent attribute the op has only in those
//	    releases, not in this line's, which writers refuse here;
//	  - properties in wire order: attr (a required attribute), attr? (an
//	    optional one), attr!K (a native property written by the table's
//	    K-th NativeProp).
//
// Release 0 means the newest: it matches the lines open upwards. An op
// without a line for a release has no schema there (Lookup returns nil).
//
// A file uses a few of a dialect's ops, and a process of a small file is
// mostly its start: the table is indexed by name on first use, without
// parsing a line, and an op's lines are parsed when it is first looked
// up (parsing all of a dialect's lines at once was 4 % of converting a
// file of 2 KB).
type OpTable struct {
	dialect string
	text    string
	native  []NativeProp

	once sync.Once
	// lines are the table's lines by op name, in text order for each
	// op; first is where each op's lines start, and parsed holds there
	// its entries once parsed.
	lines  []opLine
	first  map[string]int
	parsed []atomic.Pointer[opEntries]
	// renamed maps each name an older release gave an op (+name) to
	// the op's name in the definitions.
	renamed map[string]string
}

type opLine struct{ name, line string }

// opEntries are an op's parsed lines, or why one does not parse.
type opEntries struct {
	entries []tableEntry
	err     error
}

// noEntries are those of an op the table does not have.
var noEntries opEntries

type tableEntry struct {
	from, to int // inclusive; to 0: no upper bound
	schema   *OpSchema
	// name is the op's name at these releases where it is not the
	// definition's (+name), "" otherwise.
	name string
}

// at reports whether the entry holds at release (0: the newest).
func (e tableEntry) at(release int) bool {
	return release == 0 && e.to == 0 || release != 0 && release >= e.from && (e.to == 0 || release <= e.to)
}

// NewOpTable returns the table of a dialect's ops that text describes,
// its native properties numbered as given.
func NewOpTable(dialect, text string, native ...NativeProp) *OpTable {
	t := &OpTable{dialect: dialect, text: text, native: native}
	tablesMu.Lock()
	tables = append(slices.DeleteFunc(tables, func(w weak.Pointer[OpTable]) bool { return w.Value() == nil }), weak.Make(t))
	tablesMu.Unlock()
	return t
}

// tables are the tables made so far, held weakly: a program that loads
// definitions again and again (package interp) makes a table each time.
var (
	tablesMu sync.Mutex
	tables   []weak.Pointer[OpTable]
)

// OpTables returns every table made so far and still in use, for a check
// of all the tables a program's dialects generated (see Check).
func OpTables() []*OpTable {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	var out []*OpTable
	for _, w := range tables {
		if t := w.Value(); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// Lookup returns the schema of an op (its name without the dialect
// prefix) at an LLVM release (0: the newest), or nil. The schemas are
// shared: do not modify them.
func (t *OpTable) Lookup(op string, release int) *OpSchema {
	es, def := t.named(op)
	if es.err != nil {
		panic(es.err) // a generator bug: the text is generated
	}
	for _, e := range es.entries {
		if e.at(release) && e.nameOr(def) == op {
			return e.schema
		}
	}
	return nil
}

// NameAt is the name (without the dialect prefix) that release gives the
// op some release names op: the definition's, or one an older release
// gave it (+name). False where release has no such op.
func (t *OpTable) NameAt(op string, release int) (string, bool) {
	es, def := t.named(op)
	for _, e := range es.entries {
		if e.at(release) {
			return e.nameOr(def), true
		}
	}
	return "", false
}

// named returns the lines of the op some release names op, and the op's
// name in the definitions.
func (t *OpTable) named(op string) (*opEntries, string) {
	t.once.Do(t.index)
	if def, ok := t.renamed[op]; ok {
		if _, own := t.first[op]; !own {
			op = def
		}
	}
	return t.entriesOf(op), op
}

// nameOr is the entry's name, def where it is the definition's.
func (e tableEntry) nameOr(def string) string {
	if e.name != "" {
		return e.name
	}
	return def
}

// Releases says which LLVM releases have op ("LLVM 19 or older", as
// AbsentAttr.Releases), false for an op the table does not have.
func (t *OpTable) Releases(op string) (string, bool) {
	es, def := t.named(op)
	if es.err != nil {
		return "", false
	}
	found := false
	var from, to int
	for _, e := range es.entries {
		if e.nameOr(def) != op {
			continue
		}
		if !found {
			from, to, found = e.from, e.to, true
			continue
		}
		from = min(from, e.from)
		if to != 0 && (e.to == 0 || e.to > to) {
			to = e.to
		}
	}
	if !found {
		return "", false
	}
	return ReleasesText(from, to), true
}

// Ops lists the ops of the table in text order, once each.
func (t *OpTable) Ops() []string {
	var out []string
	seen := map[string]bool{}
	for line := range strings.SplitSeq(t.text, "\n") {
		if name, _, _ := strings.Cut(strings.TrimSpace(line), " "); name != "" && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	return out
}

// Check parses every line of the table, as Lookup parses an op's only
// when it is looked up: the first error, or nil.
func (t *OpTable) Check() error {
	t.once.Do(t.index)
	for _, l := range t.lines {
		if es := t.entriesOf(l.name); es.err != nil {
			return es.err
		}
	}
	return nil
}

// entriesOf returns op's parsed lines, parsing them on first use.
func (t *OpTable) entriesOf(op string) *opEntries {
	t.once.Do(t.index)
	i, found := t.first[op]
	if !found {
		return &noEntries
	}
	if es := t.parsed[i].Load(); es != nil {
		return es
	}
	// Two goroutines may parse the same op at once: both get equal
	// entries, and one set is kept.
	es := &opEntries{}
	for j := i; j < len(t.lines) && t.lines[j].name == op; j++ {
		e, err := t.entry(strings.Fields(t.lines[j].line))
		if err != nil {
			es = &opEntries{err: fmt.Errorf("bytecode: op table of %s, line %q: %v", t.dialect, t.lines[j].line, err)}
			break
		}
		es.entries = append(es.entries, e)
	}
	if t.parsed[i].CompareAndSwap(nil, es) {
		return es
	}
	return t.parsed[i].Load()
}

// index sorts the table's lines by op name, keeping each op's in text
// order (the generator writes them sorted already).
func (t *OpTable) index() {
	for line := range strings.SplitSeq(t.text, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			name, _, _ := strings.Cut(line, " ")
			t.lines = append(t.lines, opLine{name, line})
		}
	}
	byName := func(a, b opLine) int { return strings.Compare(a.name, b.name) }
	if !slices.IsSortedFunc(t.lines, byName) {
		slices.SortStableFunc(t.lines, byName)
	}
	t.first = make(map[string]int, len(t.lines))
	for i := len(t.lines) - 1; i >= 0; i-- {
		t.first[t.lines[i].name] = i
		if _, rest, ok := strings.Cut(t.lines[i].line, " +name="); ok {
			if t.renamed == nil {
				t.renamed = map[string]string{}
			}
			old, _, _ := strings.Cut(rest, " ")
			t.renamed[old] = t.lines[i].name
		}
	}
	t.parsed = make([]atomic.Pointer[opEntries], len(t.lines))
}

func (t *OpTable) entry(fields []string) (tableEntry, error) {
	e := tableEntry{schema: &OpSchema{Name: t.dialect + "." + fields[0]}}
	s := e.schema
	var oneBlock []int
	for _, f := range fields[1:] {
		switch {
		case f[0] == '@':
			var err error
			if e.from, e.to, err = releaseRange(f[1:]); err != nil {
				return e, fmt.Errorf("bad release range %q", f)
			}
		case f[0] == '-':
			name, r, ok := strings.Cut(f[1:], "@")
			from, to, err := releaseRange(r)
			if !ok || name == "" || err != nil {
				return e, fmt.Errorf("bad absent attribute %q", f)
			}
			s.Absent = append(s.Absent, AbsentAttr{Name: name, From: from, To: to})
		case strings.HasPrefix(f, "+name="):
			if e.name = f[len("+name="):]; e.name == "" {
				return e, fmt.Errorf("bad flag %q", f)
			}
			s.Name = t.dialect + "." + e.name
		case f[0] == '+':
			if err := s.flag(f, &oneBlock); err != nil {
				return e, err
			}
		default:
			p := PropField{Name: f, Kind: PropAttr}
			if name, k, ok := strings.Cut(f, "!"); ok {
				i, err := strconv.Atoi(k)
				if err != nil || i < 0 || i >= len(t.native) {
					return e, fmt.Errorf("bad native property %q", f)
				}
				p = PropField{Name: name, Kind: PropNative, Native: t.native[i]}
			} else if name, ok := strings.CutSuffix(f, "?"); ok {
				p = PropField{Name: name, Kind: PropOptionalAttr}
			}
			s.Properties = append(s.Properties, p)
		}
	}
	if oneBlock != nil {
		if s.Counts == nil {
			return e, fmt.Errorf("+oneblock without +counts")
		}
		s.Counts.OneBlock = oneBlock
	}
	if s.OperandIDs != nil && len(s.OperandIDs) != s.OperandGroups || s.ResultIDs != nil && len(s.ResultIDs) != s.ResultGroups {
		return e, fmt.Errorf("group places that do not match the group counts")
	}
	return e, nil
}

// groupIDs parses "0,2,3": places of groups, each once, in the order of
// the release they describe.
func groupIDs(n string) ([]int, error) {
	var ids []int
	for _, x := range strings.Split(n, ",") {
		i, err := strconv.Atoi(x)
		if err != nil || i < 0 || slices.Contains(ids, i) {
			return nil, fmt.Errorf("bad group places %q", n)
		}
		ids = append(ids, i)
	}
	return ids, nil
}

// releaseRange parses "from-to", either side empty for no bound.
func releaseRange(r string) (from, to int, err error) {
	f, t, ok := strings.Cut(r, "-")
	if !ok {
		return 0, 0, fmt.Errorf("no dash in %q", r)
	}
	if f != "" {
		if from, err = strconv.Atoi(f); err != nil {
			return 0, 0, err
		}
	}
	if t != "" {
		if to, err = strconv.Atoi(t); err != nil {
			return 0, 0, err
		}
	}
	return from, to, nil
}

// flag sets what a +flag of a table line says of s; +oneblock's regions
// go to oneBlock, which belongs to the counts.
func (s *OpSchema) flag(f string, oneBlock *[]int) error {
	flag, n, _ := strings.Cut(f[1:], "=")
	bad := fmt.Errorf("bad flag %q", f)
	// count reads n, a group count.
	count := func() (int, error) {
		c, err := strconv.Atoi(n)
		if err != nil || c < 0 {
			return 0, bad
		}
		return c, nil
	}
	var err error
	switch flag {
	case "isolated":
		s.Isolated = true
	case "graph":
		s.GraphRegions = true
	case "terminator":
		s.Terminator = true
	case "noterminator":
		s.NoTerminator = true
	case "symbol":
		s.Symbol = true
	case "symboltable":
		s.SymbolTable = true
	case "unknowngroups":
		s.UnknownGroups = true
	case "operands":
		s.OperandSegments = true
		s.OperandGroups, err = count()
	case "results":
		s.ResultSegments = true
		s.ResultGroups, err = count()
	case "implicit":
		if n == "" {
			return bad
		}
		s.Implicit = n
	case "operandids":
		s.OperandIDs, err = groupIDs(n)
	case "resultids":
		s.ResultIDs, err = groupIDs(n)
	case "counts":
		if s.Counts, err = parseCounts(n); err != nil {
			err = fmt.Errorf("bad flag %q: %v", f, err)
		}
	case "oneblock":
		for _, r := range strings.Split(n, ",") {
			i, err := strconv.Atoi(r)
			if err != nil || i < 0 {
				return bad
			}
			*oneBlock = append(*oneBlock, i)
		}
	case "parents":
		s.Parents = strings.Split(n, ",")
	case "declaration":
		switch n {
		case "without_body":
			s.Declaration = ir.DeclaresWithoutBody
		case "always":
			s.Declaration = ir.DeclaresAlways
		default:
			return bad
		}
	default:
		return fmt.Errorf("unknown flag %q", f)
	}
	return err
}

// parseCounts reads "O/R/G/S", each N, N-M or N+.
func parseCounts(s string) (*ir.OpCounts, error) {
	parts := strings.Split(s, "/")
	if len(parts) != 4 {
		return nil, fmt.Errorf("%d counts, not 4", len(parts))
	}
	var out [4]ir.Count
	for i, p := range parts {
		c := ir.Count{Max: -1}
		lo, hi, ranged := strings.Cut(p, "-")
		lo, orMore := strings.CutSuffix(lo, "+")
		n, err := strconv.Atoi(lo)
		if err != nil || n < 0 || orMore && ranged {
			return nil, fmt.Errorf("bad count %q", p)
		}
		c.Min = n
		switch {
		case ranged:
			if c.Max, err = strconv.Atoi(hi); err != nil || c.Max < n {
				return nil, fmt.Errorf("bad count %q", p)
			}
		case !orMore:
			c.Max = n
		}
		out[i] = c
	}
	return &ir.OpCounts{Operands: out[0], Results: out[1], Regions: out[2], Successors: out[3]}, nil
}
