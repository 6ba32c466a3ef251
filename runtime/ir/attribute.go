package ir

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math"
	"slices"
	"sync"
)

// Attribute is a uniqued, immutable attribute value. Generated types
// implement it by embedding Base and adding the two naming methods.
type Attribute interface {
	// Dialect is the owning dialect's namespace ("builtin").
	Dialect() string
	// Kind names the attribute's definition within its dialect ("StringAttr").
	Kind() string
	ID() uint64
	Context() *Context
	ident() *identity
	isAttr()
}

// Type is a uniqued, immutable type value.
type Type interface {
	Dialect() string
	Kind() string
	ID() uint64
	Context() *Context
	ident() *identity
	isType()
}

// Base is embedded by every generated attribute; it carries the uniqued
// identity.
type Base struct{ identity }

func (Base) isAttr() {}

// TypeBase is embedded by every generated type.
type TypeBase struct{ identity }

func (TypeBase) isType() {}

// Location is an attribute that describes where IR came from. Location
// kinds are attributes that also implement LocationAttr.
type Location interface {
	Attribute
	LocationAttr()
}

// NamedAttr is one entry of an operation's attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// Key builds the uniquing key of an attribute or type: its kind followed by
// every parameter, each written so that different parameter lists can never
// produce the same bytes.
type Key struct {
	b []byte
	// hash is the hash of b[:hashed-1] in the context's tables, and slot
	// the free slot a lookup that missed found in table at version: kept
	// for the insert that follows.
	hash    uint64
	hashed  int
	slot    int
	version uint64
	// table is the address of the table probed (a number, not a
	// pointer: it is only compared, and storing a pointer in a key being
	// filled would cost a write barrier while the collector marks).
	table uintptr
	// set is where the key belongs in table (see uniqueTable.set); a
	// group's hash, and the one key of a group without a set.
	set        int32
	groupHash  uint64
	single     int32
	singleNear uint8
	// group, when not 0, ends the part of b that with near's high bits
	// names the key's group; see Near.
	group int
	near  uint64
	// big are the long strings and blobs of the key, in order: b holds
	// only their lengths and digests (see bigParam).
	big [][]byte
}

var keyPool = sync.Pool{New: func() any { return &Key{b: make([]byte, 0, 128)} }}

// NewKey starts a key for the given dialect and kind. Keys come from a
// pool; Lookup and Insert release them. The key starts with a number
// standing for the pair (see kindID) rather than the two names: a file of
// a million locations stores a million keys.
func NewKey(dialect, kind string) *Key { return newKey(kindID(dialect, kind)) }

func newKey(kind uint64) *Key {
	k := keyPool.Get().(*Key)
	k.b = k.b[:0]
	k.hashed, k.table, k.group = 0, 0, 0
	k.big = k.big[:0]
	k.Uint(kind)
	return k
}

// hashFor returns the hash of k's bytes with the seed of k's context,
// which k keeps until its bytes change.
func (k *Key) hashFor(seed maphash.Seed) uint64 {
	if k.hashed != len(k.b)+1 {
		k.hash = maphash.Bytes(seed, k.b)
		k.hashed = len(k.b) + 1
	}
	return k.hash
}

// Release returns k to the pool; k must not be used afterwards.
func (k *Key) Release() {
	// A pooled key must not keep the blobs it referred to alive.
	clear(k.big)
	if cap(k.b) <= 1<<16 {
		keyPool.Put(k)
	}
}

// Bytes returns the key's bytes. A string or blob of bigParam bytes or
// more is there as its length and a digest only: two keys with the same
// bytes may still differ in such a parameter.
func (k *Key) Bytes() []byte { return k.b }

// Near groups the key with the keys that match it so far and have a
// value near v next: the table keeps each group's keys together, so that
// values made in the order of v find their peers in cache. It suits
// locations, which a file lists line by line: a table of a million
// locations no longer costs a cache miss per lookup. A constructor calls
// it just before writing v, the same way every time.
func (k *Key) Near(v uint64) *Key {
	k.group, k.near = len(k.b), v
	return k
}

// Keys are filled while the collector may be marking. Storing k.b whole
// costs a write barrier for its pointer; a reslice of k.b itself stores
// only the length, so the appends below grow the slice only when full.

// tail lengthens k.b by n bytes and returns them.
func (k *Key) tail(n int) []byte {
	l := len(k.b)
	if cap(k.b)-l < n {
		k.b = slices.Grow(k.b, n)
	}
	k.b = k.b[:l+n]
	return k.b[l:]
}

func (k *Key) Uint(v uint64) *Key {
	l := len(k.b)
	if cap(k.b)-l < binary.MaxVarintLen64 {
		k.b = slices.Grow(k.b, binary.MaxVarintLen64)
	}
	b := k.b[l : l+binary.MaxVarintLen64]
	// Most numbers in keys (widths, columns, kinds) take a byte.
	if v < 0x80 {
		b[0] = byte(v)
		k.b = k.b[:l+1]
		return k
	}
	n := binary.PutUvarint(b, v)
	k.b = k.b[:l+n]
	return k
}
func (k *Key) Int(v int64) *Key {
	l := len(k.b)
	n := binary.PutVarint(k.tail(binary.MaxVarintLen64), v)
	k.b = k.b[:l+n]
	return k
}
func (k *Key) Bool(v bool) *Key {
	b := byte(0)
	if v {
		b = 1
	}
	k.tail(1)[0] = b
	return k
}
func (k *Key) Float(v float64) *Key { return k.Uint(math.Float64bits(v)) }
func (k *Key) String(s string) *Key {
	if len(s) >= bigParam {
		return k.bigBytes(bytesOf(s))
	}
	k.Uint(uint64(len(s)))
	copy(k.tail(len(s)), s)
	return k
}

func (k *Key) Blob(s []byte) *Key {
	if len(s) >= bigParam {
		return k.bigBytes(s)
	}
	k.Uint(uint64(len(s)))
	copy(k.tail(len(s)), s)
	return k
}

// bigParam is the length from which a string or blob is not copied into
// its key: the key holds its length and a digest, and refers to the bytes
// themselves, which an equal key must match too. A dense constant of 16
// MiB was copied into its key, which grew to hold it, on every lookup.
const bigParam = 4 << 10

// bigSeed seeds the digests of big parameters: one seed for the process,
// so that keys of every context write the same digest.
var bigSeed = maphash.MakeSeed()

func (k *Key) bigBytes(s []byte) *Key {
	k.Uint(uint64(len(s)))
	binary.LittleEndian.PutUint64(k.tail(8), maphash.Bytes(bigSeed, s))
	k.big = append(k.big, s)
	return k
}

// equal reports whether k's key is b with the big parameters big.
func (k *Key) equal(b []byte, big [][]byte) bool {
	if !bytes.Equal(k.b, b) || len(k.big) != len(big) {
		return false
	}
	for i, s := range big {
		if !bytes.Equal(k.big[i], s) {
			return false
		}
	}
	return true
}

// Attr and Type write a handle by identity; nil is 0, which no value has.
func (k *Key) Attr(a Attribute) *Key {
	if a == nil {
		return k.Uint(0)
	}
	return k.Uint(a.ID())
}
func (k *Key) Type(t Type) *Key {
	if t == nil {
		return k.Uint(0)
	}
	return k.Uint(t.ID())
}
func (k *Key) APInt(v APInt) *Key {
	k.Uint(uint64(v.width))
	for _, w := range v.words {
		k.Uint(w)
	}
	return k
}
func (k *Key) Resource(r ResourceHandle) *Key { return k.String(r.Dialect).String(r.Key) }

// ResourceHandle names a dialect resource (e.g. a dense_resource blob) by
// its owning dialect and key. The data lives in the module's resources.
type ResourceHandle struct {
	Dialect string
	Key     string
}
