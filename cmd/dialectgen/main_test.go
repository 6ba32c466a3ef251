package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSync(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"a.dg.go": []byte("package x\n"), "b.dg.go": []byte("package x // b\n")}
	if n, err := Sync(dir, files, false); err != nil || n != 2 {
		t.Fatalf("first Sync wrote %d files, err %v", n, err)
	}
	// Unchanged files are not rewritten (mtimes and build caches stay calm).
	old := time.Now().Add(-time.Hour)
	os.Chtimes(filepath.Join(dir, "a.dg.go"), old, old)
	if n, err := Sync(dir, files, false); err != nil || n != 0 {
		t.Fatalf("second Sync wrote %d files, err %v", n, err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "a.dg.go")); !st.ModTime().Equal(old) {
		t.Error("an unchanged file was rewritten")
	}
	if _, err := Sync(dir, files, true); err != nil {
		t.Fatalf("check of an up-to-date directory: %v", err)
	}

	// A stale file, a missing file and a file no longer generated are all
	// reported by check, and none is touched.
	os.WriteFile(filepath.Join(dir, "a.dg.go"), []byte("package x // edited\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "old.dg.go"), []byte("package x\n"), 0o644)
	os.Remove(filepath.Join(dir, "b.dg.go"))
	os.WriteFile(filepath.Join(dir, "hand.go"), []byte("package x\n"), 0o644)
	_, err := Sync(dir, files, true)
	if err == nil {
		t.Fatal("check passed on a stale directory")
	}
	for _, want := range []string{"a.dg.go is out of date", "b.dg.go is out of date", "old.dg.go is no longer generated"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("check error %q does not say %q", err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "old.dg.go")); err != nil {
		t.Error("check removed a file")
	}

	// Writing fixes everything, removes the stale generated file and keeps
	// hand-written ones.
	if n, err := Sync(dir, files, false); err != nil || n != 3 {
		t.Fatalf("repair wrote or removed %d files, err %v", n, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "old.dg.go")); !os.IsNotExist(err) {
		t.Error("a file no longer generated was kept")
	}
	if _, err := os.Stat(filepath.Join(dir, "hand.go")); err != nil {
		t.Error("a hand-written file was removed")
	}
}

func TestRunReportsDefinitionErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad.yaml")
	os.WriteFile(path, []byte("dialect: bad\nattributes:\n  - {name: A, colour: red}\n"), 0o644)
	err := run(path, "", "", false)
	if err == nil || !strings.Contains(err.Error(), "bad.yaml:3:15: attribute: unknown key \"colour\"") {
		t.Fatalf("got %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.dg.go")); len(m) != 0 {
		t.Fatalf("files written for a bad definition: %v", m)
	}
}
