package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/runtime/filemap"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
	"github.com/dialectgen/dialectgen/runtime/mlirtext"
	"github.com/dialectgen/dialectgen/runtime/tileir"
)

// printAny prints a Tile IR file as cuda-tile-translate does, and MLIR
// bytecode in MLIR's generic form as mlir-opt does.
func printAny(path string, stdout io.Writer, debugInfo, localScope bool, release int) error {
	fm, err := filemap.Open(path)
	if err != nil {
		return err
	}
	defer fm.Close()
	if tileir.IsTileIR(fm.Data) {
		return printText(path, stdout, debugInfo)
	}
	if !bytes.HasPrefix(fm.Data, []byte("ML\xefR")) {
		return fmt.Errorf("%s: neither MLIR bytecode (ML\\xEFR magic) nor Tile IR", path)
	}
	switch release {
	case 0, 16, 19, 22:
	default:
		return fmt.Errorf("--release %d: mlir-opt 16, 19 and 22 are followed", release)
	}
	m, err := mlirbc.Read(all.NewContext(), fm.Data, mlirbc.ReadOptions{})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	b, err := mlirtext.Append(nil, m, mlirtext.Options{LocalScope: localScope, Release: release})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	_, err = stdout.Write(b)
	return err
}
