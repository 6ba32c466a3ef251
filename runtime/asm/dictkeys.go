package asm

import "slices"

// DictKeys holds the names of one dictionary read so far, so that a name
// given twice is refused as MLIR refuses it. Few names are scanned; past
// dictKeysScanned they go in a set (an op of 20,000 attributes).
type DictKeys struct {
	names [dictKeysScanned]string
	n     int
	set   map[string]bool
}

const dictKeysScanned = 8

// DictKey reads a dictionary entry's name, a keyword or a string. With no
// name there it reports expected ("expected attribute name"); a name keys
// holds already is "duplicate key '...' in dictionary attribute", at the
// name, as mlir-opt words it.
func (p *Parser) DictKey(keys *DictKeys, expected string) (string, bool) {
	off := p.Offset()
	name, ok := p.KeywordOrString()
	if !ok {
		p.Errorf("%s", expected)
		return "", false
	}
	if keys.Add(name) {
		p.ErrorAt(off, DuplicateKey, name)
		return "", false
	}
	return name, true
}

// DuplicateKey is mlir-opt's error for a dictionary's name given twice.
const DuplicateKey = "duplicate key '%s' in dictionary attribute"

// Add adds name and reports whether it was there already (for parsers
// that word their errors their own way; see DictKey).
func (k *DictKeys) Add(name string) bool {
	if k.set == nil {
		if slices.Contains(k.names[:k.n], name) {
			return true
		}
		if k.n < dictKeysScanned {
			k.names[k.n] = name
			k.n++
			return false
		}
		k.set = make(map[string]bool, 2*k.n)
		for _, n := range k.names {
			k.set[n] = true
		}
	}
	if k.set[name] {
		return true
	}
	k.set[name] = true
	return false
}
