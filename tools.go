//go:build tools

// Package tools pins the versions of the developer tools the Makefile runs
// (go run golang.org/x/perf/cmd/benchstat), so every machine uses the same.
package tools

import _ "golang.org/x/perf/cmd/benchstat"
