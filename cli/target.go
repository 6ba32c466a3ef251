package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// targetFlags collects convert's repeatable --target DIALECT=VERSION: the
// version to write a dialect that versions itself at.
type targetFlags bytecode.DialectVersions

func (t targetFlags) String() string { return bytecode.DialectVersions(t).String() }

func (t targetFlags) Set(s string) error {
	name, v, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("want DIALECT=VERSION (test=1.0), not %q", s)
	}
	ver, err := bytecode.ParseDialectVersion(v)
	if err != nil {
		return err
	}
	if _, dup := t[name]; dup {
		return fmt.Errorf("dialect %s is given twice", name)
	}
	t[name] = ver
	return nil
}

// withTargets returns the versions the input was at, with the targets
// given on the command line in place of theirs.
func withTargets(read bytecode.DialectVersions, targets targetFlags) bytecode.DialectVersions {
	if len(targets) == 0 {
		return read
	}
	out := bytecode.DialectVersions{}
	for d, v := range read {
		out[d] = v
	}
	for d, v := range targets {
		out[d] = v
	}
	return out
}

// producerTargets gives a file the producer and bytecode version of the
// target of a dialect that keeps its version in the producer string
// (--target vhlo=1.0.0 writes StableHLO_v1.0.0 in bytecode v6), unless
// --producer or --version say otherwise.
func producerTargets(ctx *ir.Context, opts *mlirbc.WriteOptions, o convertOptions) error {
	for name, v := range o.targets {
		pv, ok := ctx.Dialect(name).(bytecode.ProducerVersioned)
		if !ok {
			continue
		}
		producer, bc, err := pv.FileFor(v)
		if err != nil {
			return fmt.Errorf("--target %s=%s: %w", name, v, err)
		}
		if !slices.Contains(o.set, "producer") {
			opts.Producer = producer
		}
		if !slices.Contains(o.set, "version") {
			opts.Version = mlirbc.V(bc)
		}
	}
	return nil
}
