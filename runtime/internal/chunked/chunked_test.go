package chunked

import "testing"

func TestList(t *testing.T) {
	var l List[int]
	var first, mid *int
	for i := range 3*big + 5 {
		if got := l.Append(i * 2); got != i {
			t.Fatalf("Append returned %d, want %d", got, i)
		}
		switch i {
		case 0:
			first = l.At(0)
		case 100:
			mid = l.At(100)
		}
	}
	if l.Len() != 3*big+5 {
		t.Fatalf("Len %d", l.Len())
	}
	for i := range l.Len() {
		if *l.At(i) != i*2 {
			t.Fatalf("At(%d) = %d", i, *l.At(i))
		}
	}
	*first, *mid = -1, -2
	if *l.At(0) != -1 || *l.At(100) != -2 {
		t.Fatal("a pointer to an element did not survive growth")
	}
}

func TestSmallListsStaySmall(t *testing.T) {
	var l List[[8]int64]
	for range 20 {
		l.Append([8]int64{})
	}
	total := 0
	for _, c := range l.chunks {
		total += len(c)
	}
	if total > 32 {
		t.Errorf("20 elements hold room for %d", total)
	}
}

func TestLocate(t *testing.T) {
	// Every index maps into its chunk, chunks follow one another.
	prevChunk, prevOff := 0, -1
	for i := range 3 * big {
		c, off := locate(i)
		if c == prevChunk && off != prevOff+1 || c != prevChunk && (c != prevChunk+1 || off != 0) {
			t.Fatalf("locate(%d) = %d, %d after %d, %d", i, c, off, prevChunk, prevOff)
		}
		size := big
		if c < smallCount {
			size = chunkSize(c)
		}
		if off >= size {
			t.Fatalf("locate(%d) = %d, %d beyond the chunk's %d", i, c, off, size)
		}
		prevChunk, prevOff = c, off
	}
}
