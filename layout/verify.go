package layout

import "fmt"

// Verify checks a spec as MLIR's verifier does, for the entries the rules
// read: the shape of each value, so that no query can index past it.
// Messages are MLIR's (the ≤19 wording where releases differ).
func Verify(rules Rules, s *Spec) error {
	seen := map[string]bool{}
	for _, e := range s.Entries {
		key := e.KeyText()
		if seen[key] {
			return fmt.Errorf("repeated layout entry key: %s", key)
		}
		seen[key] = true
		if e.Type == nil {
			if err := verifyIdentifier(e); err != nil {
				return err
			}
			continue
		}
		if err := verifyTypeEntry(rules, e); err != nil {
			return err
		}
	}
	return nil
}

func verifyIdentifier(e Entry) error {
	v := e.Value
	switch e.ID {
	case "":
		return fmt.Errorf("empty string as DLTI key is not allowed")
	case "dlti.endianness":
		if v.Kind != ValueString || v.Str != "big" && v.Str != "little" {
			return fmt.Errorf("'dlti.endianness' data layout entry is expected to be either 'big' or 'little'")
		}
	case "dlti.stack_alignment":
		if v.Kind != ValueInteger {
			return fmt.Errorf("'dlti.stack_alignment' data layout entry is expected to be an integer")
		}
	}
	return nil
}

func verifyTypeEntry(rules Rules, e Entry) error {
	t, v := e.Type, e.Value
	entry := "#dlti.dl_entry<" + e.KeyText() + ", " + v.Text + ">"
	switch {
	case t.Class == ClassIndex:
		if v.Kind != ValueInteger {
			return fmt.Errorf("expected integer attribute in the data layout entry for 'index'")
		}
	case t.Class == ClassInteger || t.IsFloat():
		if v.Kind != ValueDense || v.ElemType != rules.EntryElement {
			return fmt.Errorf("expected a dense %s elements attribute in the data layout entry %s", rules.EntryElement, entry)
		}
		if len(v.Ints) != 1 && len(v.Ints) != 2 {
			return fmt.Errorf("expected 1 or 2 elements in the data layout entry %s", entry)
		}
		if uint64(v.Ints[0]) > uint64(v.Ints[len(v.Ints)-1]) {
			return fmt.Errorf("preferred alignment is expected to be greater than or equal to the abi alignment in data layout entry %s", entry)
		}
	case t.Builtin():
		return fmt.Errorf("unexpected data layout for a built-in type")
	case t.Class == ClassLLVMPtr:
		if v.Kind != ValueDense || len(v.Ints) != 3 && len(v.Ints) != 4 {
			return fmt.Errorf("expected layout attribute for '!llvm.ptr' to be a dense integer elements attribute with 3 or 4 elements")
		}
		if v.ElemType != rules.EntryElement {
			return fmt.Errorf("expected %s parameters for '!llvm.ptr'", rules.EntryElement)
		}
		if uint64(v.Ints[1]) > uint64(v.Ints[2]) {
			return fmt.Errorf("preferred alignment is expected to be at least as large as ABI alignment")
		}
	case t.Class == ClassLLVMStruct:
		if t.Name != "" || len(t.Fields) != 0 || t.Packed {
			return fmt.Errorf("unexpected layout attribute for struct %s", t.Text)
		}
		if v.Kind != ValueDense || len(v.Ints) != 1 && len(v.Ints) != 2 {
			return fmt.Errorf("expected layout attribute for %s to be a dense integer elements attribute of 1 or 2 elements", t.Text)
		}
		if v.ElemType != rules.EntryElement {
			return fmt.Errorf("expected %s entries for '!llvm.struct<()>'", rules.EntryElement)
		}
	case t.Class == ClassTestLayout:
		if _, _, err := testEntry(e); err != nil {
			return err
		}
	}
	return nil
}
