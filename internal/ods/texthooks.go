package ods

// The text forms that ODS leaves to C++. A definition whose body C++ reads
// and prints (hasCustomAssemblyFormat, a mnemonic with parameters but no
// format, or a type the dialect parses itself without a TypeDef) stays
// text unless a hand-written Go hook reads and prints it: the hooks named
// here, parse<Def>Text(p *mlirtext.Parser) any and
// print<Def>Text(pr *mlirtext.Printer, v any) in the dialect's package,
// which the importer declares in the definitions (asm_hooks).

// asmHooks lists, per dialect, the definitions with hand-written hooks.
var asmHooks = map[string][]string{
	"amx":   {"TileType"},
	"async": {"ValueType"},
	"emitc": {"ArrayType"},
	"irdl":  {"VariadicityArrayAttr"},
	"llvm":  {"LLVMStructType"},
	"pdl":   {"RangeType"},
}

// asmCustoms lists, per dialect, the custom directives of declarative
// formats (custom<Name>(…)) that Go implements (the dialect's asmCustoms
// map); a format with another stays text.
var asmCustoms = map[string][]string{
	"llvm": {"PrettyLLVMType", "FunctionTypes", "ExtTypeParams"},
}

// extraDef is an attribute or type that a dialect declares in C++ only:
// the importer adds it to each release that has no definition of that
// name, with its mnemonic and parameters (definitions' types).
type extraDef struct {
	name     string
	isType   bool
	mnemonic string
	params   []paramFacts
}

var extraDefs = map[string][]extraDef{
	"gpu": {
		{name: "AsyncTokenType", isType: true, mnemonic: "async.token"},
		{name: "SparseDnTensorHandleType", isType: true, mnemonic: "sparse.dntensor_handle"},
		{name: "SparseSpMatHandleType", isType: true, mnemonic: "sparse.spmat_handle"},
		{name: "SparseSpGEMMOpHandleType", isType: true, mnemonic: "sparse.spgemmop_handle"},
	},
	"llvm": {
		// LLVM 19's struct type is a C++ class; 22's a TypeDef.
		{name: "LLVMStructType", isType: true, mnemonic: "struct", params: []paramFacts{
			{name: "name", typ: "string"}, {name: "body", typ: "[Type]", optional: true}}},
		{name: "LLVMVoidType", isType: true, mnemonic: "void"},
		{name: "LLVMTokenType", isType: true, mnemonic: "token"},
		{name: "LLVMLabelType", isType: true, mnemonic: "label"},
		{name: "LLVMMetadataType", isType: true, mnemonic: "metadata"},
	},
}

func hasHook(dialect, def string) bool {
	for _, n := range asmHooks[dialect] {
		if n == def {
			return true
		}
	}
	return false
}

func hasCustom(dialect, name string) bool {
	for _, n := range asmCustoms[dialect] {
		if n == name {
			return true
		}
	}
	return false
}

// addExtraDefs adds the dialect's C++-only definitions the release lacks.
func addExtraDefs(dialect string, defs map[string]*defFacts) {
	for _, e := range extraDefs[dialect] {
		if defs[e.name] != nil {
			continue
		}
		defs[e.name] = &defFacts{name: e.name, isType: e.isType, mnemonic: e.mnemonic, params: e.params, customAsm: len(e.params) > 0}
	}
}
