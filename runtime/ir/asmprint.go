package ir

// AsmPrinter is what an attribute or type prints its textual form through
// when that form holds other attributes and types (MLIR's
// DialectAsmPrinter): Write for its own syntax, Attribute and Type for the
// values nested in it, which the printer may print by alias (#map,
// #di_file) as mlir-opt does. A printer choosing aliases also calls it to
// learn which values are nested, in the order they print.
type AsmPrinter interface {
	Write(s string)
	Attribute(a Attribute)
	Type(t Type)
}

// AsmPrintable is implemented by attributes and types that print their
// full textual form ("#llvm.di_file<...>", "!quant.uniform<...>") through
// an AsmPrinter.
type AsmPrintable interface {
	PrintAsm(p AsmPrinter)
}
