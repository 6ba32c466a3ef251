package bytecode

// ClosedDialect is implemented by dialects that define every op they
// have (StableHLO's VHLO): a file naming another op of the dialect is
// refused when read, instead of read with the op's properties kept as
// bytes, because it comes from a newer version of the dialect.
type ClosedDialect interface {
	// ClosedDialect only marks the dialect.
	ClosedDialect()
}

// ProducerChecker is implemented by dialects that version themselves
// through the producer string (VHLO: StableHLO_v1.20.0): a file that uses
// the dialect is read only if CheckProducer accepts its producer.
type ProducerChecker interface {
	CheckProducer(producer string) error
}
