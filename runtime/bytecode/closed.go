package bytecode

// ClosedDialect is implemented by dialects that define every op they
// have (StableHLO's VHLO): a file naming another op of the dialect is
// refused when read, instead of read with the op's properties kept as
// bytes, because it comes from a newer version of the dialect.
type ClosedDialect interface {
	// ClosedDialect only marks the dialect.
	ClosedDialect()
}
