package mlirtext

// aliasTable holds the values of a file's aliases by name. mlir-opt
// names them a prefix and a number (#loc, #loc1, #loc2, …, one for each
// op's location): the aliases of a prefix are kept in a list by number,
// the rest in a map. Looked up and defined in a map of strings, the
// location aliases of 2,000 lowered kernels took a tenth of reading them.
type aliasTable[V any] struct {
	runs   map[string][]aliasEntry[V] // by prefix: [0] the prefix alone, [n+1] prefix+n
	others map[string]V
	n      int // names defined
}

type aliasEntry[V any] struct {
	v   V
	set bool
}

// numbered splits name into a prefix and the position of its number in
// a run: 0 for a name without one, n+1 for a number n written without
// leading zeros. ok is false for a number a run does not hold.
func numbered(name string) (prefix string, at int, ok bool) {
	i := len(name)
	for i > 0 && name[i-1] >= '0' && name[i-1] <= '9' {
		i--
	}
	digits := name[i:]
	switch {
	case digits == "":
		return name, 0, true
	case len(digits) > 9 || (digits[0] == '0' && len(digits) > 1):
		return "", 0, false
	}
	n := 0
	for _, c := range []byte(digits) {
		n = 10*n + int(c-'0')
	}
	return name[:i], n + 1, true
}

// get returns the value defined for name, and whether it is defined.
func (t *aliasTable[V]) get(name string) (V, bool) {
	if prefix, at, ok := numbered(name); ok {
		if run := t.runs[prefix]; at < len(run) && run[at].set {
			return run[at].v, true
		}
	}
	v, ok := t.others[name]
	return v, ok
}

// set defines name as v (once: the caller refuses a second definition).
// A run grows by at most twice its length and 1,024 at a time: a number
// far beyond the names before it goes in the map, so that a file cannot
// make the table allocate by what it writes alone.
func (t *aliasTable[V]) set(name string, v V) {
	t.n++
	if prefix, at, ok := numbered(name); ok {
		run := t.runs[prefix]
		if at < 2*len(run)+1024 {
			if at >= len(run) {
				run = append(run, make([]aliasEntry[V], at+1-len(run))...)
			}
			run[at] = aliasEntry[V]{v: v, set: true}
			if t.runs == nil {
				t.runs = map[string][]aliasEntry[V]{}
			}
			t.runs[prefix] = run
			return
		}
	}
	if t.others == nil {
		t.others = map[string]V{}
	}
	t.others[name] = v
}
