package main

import (
	"fmt"
	"strings"

	"github.com/dialectgen/dialectgen/runtime/bytecode"
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
