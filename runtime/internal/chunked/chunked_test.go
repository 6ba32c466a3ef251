package chunked

import "testing"

func TestList(t *testing.T) {
	var l List[int]
	var first *int
	for i := range 3*size + 5 {
		if got := l.Append(i * 2); got != i {
			t.Fatalf("Append returned %d, want %d", got, i)
		}
		if i == 0 {
			first = l.At(0)
		}
	}
	if l.Len() != 3*size+5 {
		t.Fatalf("Len %d", l.Len())
	}
	for i := range l.Len() {
		if *l.At(i) != i*2 {
			t.Fatalf("At(%d) = %d", i, *l.At(i))
		}
	}
	*first = -1
	if *l.At(0) != -1 {
		t.Fatal("a pointer to an element did not survive growth")
	}
}
