package vhlo

import (
	"fmt"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/wire"
)

// VHLO is closed: its ops are only ever added, each with a new name, so an
// op this package does not define comes from a newer StableHLO, and VHLO's
// own reader refuses it.
func (dialect) ClosedDialect() {}

// CheckProducer refuses a portable artifact of a StableHLO version newer
// than CurrentVersion, or whose producer names a version that does not
// parse. A file whose producer names no StableHLO version is not a
// portable artifact and is read as any MLIR file is.
func (dialect) CheckProducer(producer string) error {
	v, ok, err := ProducerVersion(producer)
	switch {
	case err != nil:
		return err
	case ok && v.Compare(CurrentVersion) > 0:
		return fmt.Errorf("%w: a portable artifact of StableHLO %s; the newest version known here is %s", wire.ErrUnsupportedVersion, v, CurrentVersion)
	}
	return nil
}

var (
	_ bytecode.ClosedDialect   = Dialect
	_ bytecode.ProducerChecker = Dialect
)
