package ods

import "slices"

// The text forms that ODS leaves to C++. A definition whose body C++ reads
// and prints (hasCustomAssemblyFormat, a mnemonic with parameters but no
// format, or a type the dialect parses itself without a TypeDef) stays
// text unless a hand-written Go hook reads and prints it: the hooks named
// here, parse<Def>Text(p *mlirtext.Parser) any and
// print<Def>Text(pr *mlirtext.Printer, v any) in the dialect's package,
// which the importer declares in the definitions (asm_hooks).

// asmHooks lists, per dialect, the definitions with hand-written hooks.
var asmHooks = map[string][]string{
	"amx":           {"TileType"},
	"async":         {"ValueType"},
	"complex":       {"NumberAttr"},
	"dlti":          {"DataLayoutEntryAttr", "DataLayoutSpecAttr", "MapAttr", "TargetDeviceSpecAttr", "TargetSystemSpecAttr"},
	"emitc":         {"ArrayType"},
	"irdl":          {"VariadicityArrayAttr"},
	"llvm":          {"LLVMStructType", "TBAATypeDescriptorAttr", "TargetFeaturesAttr", "DIExpressionElemAttr", "ConstantRangeAttr"},
	"mesh":          {"MeshShardingAttr"},
	"pdl":           {"RangeType"},
	"quant":         {"AnyQuantizedType", "CalibratedQuantizedType", "UniformQuantizedType", "UniformQuantizedPerAxisType", "UniformQuantizedSubChannelType"},
	"spirv":         {"StructType"},
	"smt":           {"BitVectorAttr"},
	"sparse_tensor": {"SparseTensorEncodingAttr", "SparseTensorDimSliceAttr"},
	"xegpu":         {"TensorDescType", "MemDescType", "MemLayoutAttr"},
}

// cppMnemonics are the mnemonics of definitions that are C++ classes
// without an AttrDef or TypeDef, whose text C++ reads and prints (one
// QuantDialect::parseType reads quant's types; the per-layer, per-axis and
// sub-channel uniform types share "uniform").
var cppMnemonics = map[string]map[string]string{
	"quant": {
		"AnyQuantizedType":               "any",
		"CalibratedQuantizedType":        "calibrated",
		"UniformQuantizedType":           "uniform",
		"UniformQuantizedPerAxisType":    "uniform",
		"UniformQuantizedSubChannelType": "uniform",
	},
}

// asmCustoms lists, per dialect, the custom directives of declarative
// formats (custom<Name>(…)) that Go implements (the dialect's asmCustoms
// map); a format with another stays text.
var asmCustoms = map[string][]string{
	"gpu":           {"Object"},
	"llvm":          {"PrettyLLVMType", "FunctionTypes", "ExtTypeParams"},
	"sparse_tensor": {"LevelRange"},
}

// extraDef is an attribute or type that a dialect declares in C++ only:
// the importer adds it to each release that has no definition of that
// name, with its mnemonic and parameters (definitions' types).
type extraDef struct {
	name     string
	isType   bool
	mnemonic string
	// format is the body's text as an assembly format, where C++'s reads
	// and prints as one would; without it, a definition with parameters
	// has hooks.
	format string
	params []paramFacts
}

var extraDefs = map[string][]extraDef{
	"gpu": {
		{name: "AsyncTokenType", isType: true, mnemonic: "async.token"},
		{name: "SparseDnTensorHandleType", isType: true, mnemonic: "sparse.dntensor_handle"},
		{name: "SparseSpMatHandleType", isType: true, mnemonic: "sparse.spmat_handle"},
		{name: "SparseSpGEMMOpHandleType", isType: true, mnemonic: "sparse.spgemmop_handle"},
	},
	// SPIR-V's types are C++ classes that the dialect parses and prints
	// itself; all but the struct type's bodies read as formats.
	"spirv": {
		{name: "ArrayType", isType: true, mnemonic: "array", format: "`<` $count `x` $elementType (`,` `stride` `` `=` `` $stride^)? `>`",
			params: []paramFacts{{name: "elementType", typ: "Type"}, {name: "count", typ: "uint32"}, {name: "stride", typ: "uint32", def: "0"}}},
		{name: "RuntimeArrayType", isType: true, mnemonic: "rtarray", format: "`<` $elementType (`,` `stride` `` `=` `` $stride^)? `>`",
			params: []paramFacts{{name: "elementType", typ: "Type"}, {name: "stride", typ: "uint32", def: "0"}}},
		{name: "PointerType", isType: true, mnemonic: "ptr", format: "`<` $pointeeType `,` $storageClass `>`",
			params: []paramFacts{{name: "pointeeType", typ: "Type"}, {name: "storageClass", typ: "StorageClass"}}},
		{name: "MatrixType", isType: true, mnemonic: "matrix", format: "`<` $columnCount `x` $columnType `>`",
			params: []paramFacts{{name: "columnType", typ: "Type"}, {name: "columnCount", typ: "uint32"}}},
		{name: "SampledImageType", isType: true, mnemonic: "sampled_image", format: "`<` $imageType `>`",
			params: []paramFacts{{name: "imageType", typ: "Type"}}},
		{name: "ImageType", isType: true, mnemonic: "image",
			format: "`<` $elementType `,` $dim `,` $depthInfo `,` $arrayedInfo `,` $samplingInfo `,` $samplerUseInfo `,` $format `>`",
			params: []paramFacts{{name: "elementType", typ: "Type"}, {name: "dim", typ: "Dim"}, {name: "depthInfo", typ: "ImageDepthInfo"},
				{name: "arrayedInfo", typ: "ImageArrayedInfo"}, {name: "samplingInfo", typ: "ImageSamplingInfo"},
				{name: "samplerUseInfo", typ: "ImageSamplerUseInfo"}, {name: "format", typ: "ImageFormat"}}},
		{name: "StructType", isType: true, mnemonic: "struct", params: []paramFacts{
			{name: "name", typ: "string", doc: "the identifier of an identified struct, empty for a literal one"},
			{name: "reference", typ: "bool", doc: "a reference to the identified struct being defined (!spirv.struct<name> inside it)"},
			{name: "members", typ: "[Type]"},
			{name: "offsets", typ: "[uint32]", doc: "each member's offset, empty when the struct has none"},
			{name: "decorations", typ: "[string]", doc: "each member's decorations as printed (NonWritable, MatrixStride=16), empty for none"}}},
	},
	"llvm": {
		// LLVM 19's struct type is a C++ class; 22's a TypeDef.
		{name: "LLVMStructType", isType: true, mnemonic: "struct", params: []paramFacts{
			{name: "name", typ: "string"}, {name: "body", typ: "[Type]", optional: true},
			{name: "packed", typ: "bool"},
			{name: "opaque", typ: "bool", doc: "an identified struct without a body (!llvm.struct<\"name\", opaque>)"}}},
		{name: "LLVMVoidType", isType: true, mnemonic: "void"},
		{name: "LLVMTokenType", isType: true, mnemonic: "token"},
		{name: "LLVMLabelType", isType: true, mnemonic: "label"},
		{name: "LLVMMetadataType", isType: true, mnemonic: "metadata"},
	},
}

// extraParams are parameters C++ keeps outside a definition's ODS
// parameters, added where the definition exists: the integer type an
// APInt's width comes from (an smt bit-vector attribute's own type, an
// LLVM constant range's iN).
var extraParams = map[string]map[string][]paramFacts{
	"smt":  {"BitVectorAttr": {{name: "type", typ: "Type", self: true}}},
	"llvm": {"ConstantRangeAttr": {{name: "type", typ: "Type", doc: "the integer type of lower and upper (iN)"}}},
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

// addExtraDefs adds the dialect's C++-only definitions the release lacks,
// and the parameters C++ keeps outside ODS's.
func addExtraDefs(dialect string, defs map[string]*defFacts) {
	for name, params := range extraParams[dialect] {
		if d := defs[name]; d != nil {
			for _, p := range params {
				if !slices.ContainsFunc(d.params, func(q paramFacts) bool { return q.name == p.name }) {
					d.params = append(d.params, p)
				}
			}
		}
	}
	for _, e := range extraDefs[dialect] {
		if d := defs[e.name]; d != nil {
			// The release declares it, maybe without all the state C++
			// keeps (LLVM 22's struct type holds packed and opaque
			// outside its parameters): the missing ones are added.
			for _, p := range e.params {
				if !slices.ContainsFunc(d.params, func(q paramFacts) bool { return q.name == p.name }) {
					d.params = append(d.params, p)
				}
			}
			continue
		}
		defs[e.name] = &defFacts{name: e.name, isType: e.isType, mnemonic: e.mnemonic, params: e.params,
			format: e.format, customAsm: len(e.params) > 0 && e.format == ""}
	}
}

// dialectAliases are the aliases dialects give values in C++ (their
// OpAsmDialectInterface's getAlias) rather than through genMnemonicAlias,
// by definition: the name mlir-opt prints them under.
var dialectAliases = map[string]map[string]string{
	"sparse_tensor": {"SparseTensorEncodingAttr": "sparse"},
}
