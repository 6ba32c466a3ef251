package vhlo_test

import (
	"bytes"
	"testing"

	"github.com/dialectgen/dialectgen/dialects/vhlo"
	"github.com/dialectgen/dialectgen/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// FuzzArtifact reads portable artifacts: never a panic; what reads writes
// as it was read (or is refused with an error), and what is written reads
// back with the same ops; what prints as text reads back.
func FuzzArtifact(f *testing.F) {
	for _, p := range pairs {
		ctx := newContext()
		last, _ := vhlo.ParseVersion(p.last)
		if data, err := write(ctx, withOp(ctx, p.v1), last); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx := newContext()
		m, err := mlirbc.Read(ctx, data, mlirbc.ReadOptions{})
		if err != nil {
			return
		}
		var text bytes.Buffer
		if err := mlirtext.Print(&text, m, mlirtext.Options{}); err == nil {
			if _, err := mlirtext.ParseString(newContext(), text.String(), mlirtext.ParseOptions{}); err != nil {
				t.Fatalf("printed text does not read: %v\n%s", err, text.String())
			}
		}
		out, err := mlirbc.Append(nil, ctx, m, m.Options())
		if err != nil {
			return
		}
		back, err := mlirbc.Read(newContext(), out, mlirbc.ReadOptions{})
		if err != nil {
			t.Fatalf("what we wrote does not read: %v", err)
		}
		if a, b := opNames(m), opNames(back); a != b {
			t.Fatalf("written and read back: %s, was %s", b, a)
		}
	})
}
