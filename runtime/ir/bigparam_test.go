package ir

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// blobAttr is a slab kind with a blob and a string, like a dense constant
// or a GPU binary.
type blobAttr struct {
	Base
	data []byte
	name string
}

func (*blobAttr) Dialect() string { return "test" }
func (*blobAttr) Kind() string    { return "blob" }

var testBlobSlab Slab

func blobAttrKey(k *Key, s SlabSlot) {
	v := SlotOf[blobAttr](s)
	k.Blob(v.data).String(v.name)
}

func getBlobAttr(c *Context, data []byte, name string) *blobAttr {
	params := blobAttr{data: data, name: name}
	k := testBlobSlab.NewKey("test", "blob")
	blobAttrKey(k, SlotFor(&params))
	return InsertAttrWith(c, k, &testBlobSlab, (*blobAttr)(nil), func(s SlabSlot) Attribute {
		v := SlotOf[blobAttr](s)
		v.data, v.name = data, name
		return v
	}, blobAttrKey).(*blobAttr)
}

// TestBigParams: values whose blobs and strings are too long to copy into
// their keys are uniqued by their bytes all the same, through the slab
// path and the held one.
func TestBigParams(t *testing.T) {
	c := NewContext()
	blob := func(n int, last byte) []byte {
		b := bytes.Repeat([]byte{0xa5}, n)
		b[n-1] = last
		return b
	}
	long := strings.Repeat("x", 3*bigParam)
	a := getBlobAttr(c, blob(1<<20, 1), long)
	if getBlobAttr(c, blob(1<<20, 1), strings.Clone(long)) != a {
		t.Fatal("equal big parameters in other arrays made a second value")
	}
	for name, other := range map[string]*blobAttr{
		"last byte":      getBlobAttr(c, blob(1<<20, 2), long),
		"length":         getBlobAttr(c, blob(1<<20+1, 1), long),
		"string":         getBlobAttr(c, blob(1<<20, 1), long[:len(long)-1]+"y"),
		"short blob":     getBlobAttr(c, blob(bigParam-1, 1), long),
		"short string":   getBlobAttr(c, blob(1<<20, 1), "x"),
		"one byte short": getBlobAttr(c, blob(bigParam, 1), long),
	} {
		if other == a {
			t.Errorf("%s: a different value was found as the first", name)
		}
		if got := getBlobAttr(c, bytes.Clone(other.data), other.name); got != other {
			t.Errorf("%s: not found again", name)
		}
	}

	// The held path keeps the big parameters of the keys it stores.
	held := func(data []byte) Attribute {
		k := NewKey("test", "held")
		k.Blob(data)
		return InsertAttr(c, k, &blobAttr{data: data})
	}
	first := blob(64<<10, 1)
	h := held(first)
	// The caller's bytes are its own again: the table kept a copy.
	first[0] = 0
	if held(blob(64<<10, 1)) != h {
		t.Fatal("held: equal big parameters made a second value")
	}
	if held(blob(64<<10, 2)) == h {
		t.Fatal("held: a different blob found the first value")
	}
}

// TestBigParamsCompared: keys with the same digest but other bytes differ.
func TestBigParamsCompared(t *testing.T) {
	k := NewKey("test", "blob")
	defer k.Release()
	k.Blob(bytes.Repeat([]byte{1}, bigParam))
	if !k.equal(bytes.Clone(k.b), [][]byte{bytes.Repeat([]byte{1}, bigParam)}) {
		t.Fatal("equal key not equal")
	}
	if k.equal(bytes.Clone(k.b), [][]byte{bytes.Repeat([]byte{2}, bigParam)}) {
		t.Fatal("the digest alone made two keys equal")
	}
	if k.equal(bytes.Clone(k.b), nil) {
		t.Fatal("a key without its big parameter was equal")
	}
}

// TestBigParamNotCopied: a key refers to a long blob instead of growing to
// hold it, and a released key does not keep it alive.
func TestBigParamNotCopied(t *testing.T) {
	data := make([]byte, 16<<20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 4 {
		k := NewKey("test", "blob")
		k.Blob(data)
		k.Release()
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Fatalf("four keys of a 16 MiB blob allocated %d bytes", grew)
	}
	k := NewKey("test", "blob")
	k.Blob(data)
	k.Release()
	for _, b := range k.big[:cap(k.big)] {
		if b != nil {
			t.Fatal("a released key still refers to its blob")
		}
	}
}

// An encoded value hands out its payload without copying it: the writer
// asks for it once per write, and a payload may be megabytes.
func TestPayloadNotCopied(t *testing.T) {
	c := NewContext()
	a := GetEncodedAttr(c, "opaque", bytes.Repeat([]byte{7}, 1<<16))
	ty := GetEncodedType(c, "opaque", bytes.Repeat([]byte{8}, 1<<16))
	if n := testing.AllocsPerRun(10, func() { _, _ = a.Payload(), ty.Payload() }); n != 0 {
		t.Errorf("Payload allocates %v times", n)
	}
	if !bytes.Equal(a.Payload(), bytes.Repeat([]byte{7}, 1<<16)) || !bytes.Equal(ty.Payload(), bytes.Repeat([]byte{8}, 1<<16)) {
		t.Error("Payload is not the payload")
	}
}
