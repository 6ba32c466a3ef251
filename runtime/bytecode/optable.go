package bytecode

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

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
//	  - flags: +isolated, +graph (HasOnlyGraphRegion), +terminator,
//	    +noterminator, +symbol, +symboltable, +declaration=without_body
//	    or +declaration=always (when a symbol op declares its symbol),
//	    +counts=O/R/G/S (how many operands, results, regions and
//	    successors: each N, N-M or N+), +oneblock=0,2 (the regions that
//	    hold exactly one block), +parents=a.x,b.y (the ops that may hold
//	    it),
//	    +operands=N and +results=N (AttrSizedOperandSegments and
//	    AttrSizedResultSegments with N groups);
//	  - -attr@from-to: an inherent attribute the op has only in those
//	    releases, not in this line's, which writers refuse here;
//	  - properties in wire order: attr (a required attribute), attr? (an
//	    optional one), attr!K (a native property written by the table's
//	    K-th NativeProp).
//
// Release 0 means the newest: it matches the lines open upwards. An op
// without a line for a release has no schema there (Lookup returns nil).
type OpTable struct {
	dialect string
	text    string
	native  []NativeProp

	once sync.Once
	ops  map[string][]tableEntry
	err  error
}

type tableEntry struct {
	from, to int // inclusive; to 0: no upper bound
	schema   *OpSchema
}

// NewOpTable returns the table of a dialect's ops described by text, with
// the native property forms its lines refer to by index.
func NewOpTable(dialect, text string, native ...NativeProp) *OpTable {
	return &OpTable{dialect: dialect, text: text, native: native}
}

// Lookup returns the schema of an op (its name without the dialect
// prefix) at an LLVM release (0: the newest), or nil. The schemas are
// shared: do not modify them.
func (t *OpTable) Lookup(op string, release int) *OpSchema {
	t.once.Do(t.parse)
	if t.err != nil {
		panic(t.err) // a generator bug: the text is generated
	}
	for _, e := range t.ops[op] {
		if release == 0 && e.to == 0 || release != 0 && release >= e.from && (e.to == 0 || release <= e.to) {
			return e.schema
		}
	}
	return nil
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

func (t *OpTable) parse() {
	t.ops = map[string][]tableEntry{}
	for n, line := range strings.Split(t.text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		e, err := t.entry(fields)
		if err != nil {
			t.err = fmt.Errorf("bytecode: op table of %s, line %d %q: %v", t.dialect, n+1, line, err)
			return
		}
		t.ops[fields[0]] = append(t.ops[fields[0]], e)
	}
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
	return e, nil
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
	case "operands":
		s.OperandSegments = true
		s.OperandGroups, err = count()
	case "results":
		s.ResultSegments = true
		s.ResultGroups, err = count()
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
