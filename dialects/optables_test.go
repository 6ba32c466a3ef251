package dialects_test

import (
	"testing"

	_ "github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/bytecode"
)

// TestGeneratedOpTables parses every line of every shipped dialect's op
// table: Lookup parses only the ops a file uses.
func TestGeneratedOpTables(t *testing.T) {
	tables := bytecode.OpTables()
	if len(tables) < 40 {
		t.Fatalf("%d op tables: the shipped dialects have more", len(tables))
	}
	for _, tab := range tables {
		if err := tab.Check(); err != nil {
			t.Error(err)
		}
	}
}
