package layout

// Rules are what differs between LLVM releases around the type rules
// (those are declared in the definitions, e.g. builtin.yaml): spec
// syntax, entry value types, the importer's tokens and the test pass's
// output. Declared here once, as data.
type Rules struct {
	Release int
	// EntryElement is the element type of integer, float, pointer and
	// struct entries: i32 up to LLVM 17, i64 from 18.
	EntryElement string
	// Scalable: sizes carry a scalable flag (LLVM 19+), which the test pass
	// prints as {minimal_size = N : index, scalable}. (Which types are
	// scalable in which release is builtin.yaml's vector rule.)
	Scalable bool
	// IndexKind: !test.test_type_with_layout reads an "index" entry
	// (LLVM 19+).
	IndexKind bool
	// Import lists the data-layout string tokens MLIR's LLVM importer
	// turns into entries (the others it warns about): "e" (endianness),
	// "i", "f" from 16; "p" (pointers), "A", "P", "G", "S" later; "m",
	// "n", "F" from 21.
	Import string
	// IDsFirst: the importer puts identifier entries before type entries
	// (16); later ones put them after (19 iterates a hash map, so its
	// order is unspecified).
	IDsFirst bool
	// PPCFP128IsFloat: !llvm.ppc_fp128 has float layout rules (its own
	// class, 128 bits) (measured in 22; 19 has none).
	PPCFP128IsFloat bool
	// KeyValueSpelling: specs print as KEY = VALUE (20+), not
	// #dlti.dl_entry<KEY, VALUE>.
	KeyValueSpelling bool
	// Fields are the attributes the test pass sets on a query op, sorted
	// by name as MLIR prints a dictionary.
	Fields []string
}

// rulesByRelease lists a row per release where something changed; a
// release takes the newest row not after it.
var rulesByRelease = []Rules{
	{Release: 15, Import: "e i f", IDsFirst: true, EntryElement: "i32",
		Fields: []string{"alignment", "bitsize", "preferred", "size"}},
	{Release: 17, Import: "e i f p A S", IDsFirst: true, EntryElement: "i32",
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "preferred", "size", "stack_alignment"}},
	{Release: 18, Import: "e i f p A P G S", EntryElement: "i64",
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "global_memory_space", "preferred", "program_memory_space", "size", "stack_alignment"}},
	{Release: 19, Import: "e i f p A P G S", EntryElement: "i64", Scalable: true, IndexKind: true,
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "endianness", "global_memory_space", "index", "preferred", "program_memory_space", "size", "stack_alignment"}},
	{Release: 20, Import: "e i f p A P G S", KeyValueSpelling: true, EntryElement: "i64", Scalable: true, IndexKind: true,
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "endianness", "global_memory_space", "index", "preferred", "program_memory_space", "size", "stack_alignment"}},
	{Release: 21, Import: "e i f p A P G S m n Fi Fn", KeyValueSpelling: true, EntryElement: "i64", Scalable: true, IndexKind: true,
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "default_memory_space", "endianness", "function_pointer_alignment", "global_memory_space", "index", "legal_int_widths", "mangling_mode", "preferred", "program_memory_space", "size", "stack_alignment"}},
	{Release: 22, PPCFP128IsFloat: true, Import: "e i f p A P G S m n Fi Fn", KeyValueSpelling: true, EntryElement: "i64", Scalable: true, IndexKind: true,
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "default_memory_space", "endianness", "function_pointer_alignment", "global_memory_space", "index", "legal_int_widths", "mangling_mode", "preferred", "program_memory_space", "size", "stack_alignment"}},
	{Release: 23, PPCFP128IsFloat: true, Import: "e i f p A P G S m n Fi Fn", KeyValueSpelling: true, EntryElement: "i64", Scalable: true, IndexKind: true,
		Fields: []string{"alignment", "alloca_memory_space", "bitsize", "default_memory_space", "endianness", "function_pointer_alignment", "global_memory_space", "index", "legal_int_widths", "mangling_mode", "preferred", "program_memory_space", "size", "stack_alignment"}},
}

// Newest is the release that release 0 (unknown) stands for: the newest
// we compare with.
const Newest = 22

// RulesFor returns the rules of an LLVM release; 0 means Newest, and
// releases before 15 get 15's rules.
func RulesFor(release int) Rules {
	if release == 0 {
		release = Newest
	}
	r := rulesByRelease[0]
	for _, row := range rulesByRelease {
		if row.Release <= release {
			r = row
		}
	}
	r.Release = release
	return r
}
