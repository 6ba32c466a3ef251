package vhlo

import "github.com/dialectgen/dialectgen/runtime/bytecode"

// VHLO is closed: its ops are only ever added, each with a new name, so an
// op this package does not define comes from a newer StableHLO, and VHLO's
// own reader refuses it. (A producer newer than CurrentVersion is refused
// as any dialect version newer than the current one.)
func (dialect) ClosedDialect() {}

var _ bytecode.ClosedDialect = Dialect
