package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/dialectgen/dialectgen/dialects/all"
	"github.com/dialectgen/dialectgen/internal/shared"
	"github.com/dialectgen/dialectgen/runtime/ir"
	"github.com/dialectgen/dialectgen/runtime/mlirbc"
)

// The real files: what mlir-opt-22 wrote (bytecode v6) from LLVM's own
// dialect tests, ../shared/upstream. They are small (100 bytes to 7 KB),
// so each conversion is mostly a process starting: the case of a build
// that converts one file per step.
var upstreamSpec = inputSpec{
	name:  "upstream",
	files: upstreamFiles,
}

// corpusFiles are the files of an input of many, with the directory of
// the text each was written from (file names match, with .mlir).
type corpusFiles struct {
	dir, textDir string
	paths        []string
	what         string
}

// errNoCorpus says the shared data is not beside the checkout.
var errNoCorpus = errors.New("the shared data is absent (../shared beside the checkout)")

func upstreamFiles() (corpusFiles, error) {
	dir, ok, err := shared.Find("upstream")
	if err != nil {
		return corpusFiles{}, err
	}
	if !ok {
		return corpusFiles{}, fmt.Errorf("%w: no %s", errNoCorpus, dir)
	}
	paths, err := filepath.Glob(filepath.Join(dir, "out", "*", "*.v6.llvm22.mlirbc"))
	if err != nil || len(paths) == 0 {
		return corpusFiles{}, fmt.Errorf("no *.v6.llvm22.mlirbc under %s: %v", dir, err)
	}
	return corpusFiles{dir: filepath.Join(dir, "out"), textDir: filepath.Join(dir, "chunks"), paths: paths,
		what: fmt.Sprintf("%d real files: mlir-opt-22's bytecode of LLVM's dialect tests, a process per file", len(paths))}, nil
}

// gatherCorpus makes the Input of a corpus: its files, their sizes, the
// size of the text they were written from, and their ops (read here).
func gatherCorpus(_ config, sp inputSpec) (Input, error) {
	c, err := sp.files()
	if err != nil {
		return Input{}, err
	}
	in := Input{Name: sp.name, What: c.what, Path: c.dir, Files: c.paths}
	for _, p := range c.paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return Input{}, err
		}
		in.Bytes += int64(len(data))
		text := filepath.Join(c.textDir, strings.TrimSuffix(filepath.Base(p), ".v6.llvm22.mlirbc")+".mlir")
		if fi, err := os.Stat(text); err == nil {
			in.TextBytes += fi.Size()
		}
		m, err := mlirbc.Read(all.NewContext(), data, mlirbc.ReadOptions{})
		if err != nil {
			return Input{}, fmt.Errorf("%s: %w", p, err)
		}
		m.Op.Walk(func(op *ir.Operation) bool {
			switch op.Name().Dialect {
			case "arith":
				in.Ops.add(1, 0)
			case "func":
				in.Ops.add(0, 1)
			default:
				in.Ops.Total++
			}
			return true
		})
	}
	logf("gathered %s: %d files, %s bytes of bytecode, %d ops", sp.name, len(c.paths), fmtBytes(in.Bytes), in.Ops.Total)
	return in, nil
}

// measureCorpus runs both tools on every file of a corpus input, a process
// per file; one run of a tool is the whole corpus: its wall time is the
// sum over the files, its peak RSS the largest, its SHA-256 that of the
// outputs' hashes in file order. Like measure, it interleaves the tools
// and starts with a warm-up round.
func measureCorpus(cfg config, mlirbc string, in Input) (InputResult, error) {
	inSHA, err := corpusSHA(in.Files)
	if err != nil {
		return InputResult{}, err
	}
	outDir := filepath.Join(cfg.dir, "out", in.Name)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return InputResult{}, err
	}
	outs := func(tool string) []string {
		var o []string
		for _, p := range in.Files {
			o = append(o, filepath.Join(outDir, filepath.Base(p)+"."+tool+"-out.mlirbc"))
		}
		return o
	}
	bcOuts, optOuts := outs("mlirbc"), outs("mlir-opt")
	return measurePairs(cfg, in, inSHA,
		func() Run {
			return corpusRun(cfg, bcOuts, in.Files, func(src, out string) []string { return []string{mlirbc, "convert", src, "-o", out} })
		},
		func() Run {
			// Some files hold ops of dialects mlir-opt does not register.
			return corpusRun(cfg, optOuts, in.Files, func(src, out string) []string {
				return append([]string{cfg.mlirOpt}, mlirOptArgs(true, "--emit-bytecode", src, "-o", out)...)
			})
		},
		func() (string, error) {
			for i := range bcOuts {
				x, err := os.ReadFile(bcOuts[i])
				if err != nil {
					return "", err
				}
				y, err := os.ReadFile(optOuts[i])
				if err != nil {
					return "", err
				}
				if d := diffSummary(x, y); d != "identical" {
					return filepath.Base(in.Files[i]) + ": " + d, nil
				}
			}
			return "identical", nil
		})
}

// corpusRun converts every file with the command args makes, a process
// each, and sums them up as one Run; the first failure ends it.
func corpusRun(cfg config, outs, files []string, args func(src, out string) []string) Run {
	var sum Run
	h := sha256.New()
	for i, src := range files {
		a := args(src, outs[i])
		r := timeRun(cfg.timeout, outs[i], a[0], a[1:]...)
		sum.WallMS += r.WallMS
		sum.MaxRSSKiB = max(sum.MaxRSSKiB, r.MaxRSSKiB)
		sum.OutBytes += r.OutBytes
		if r.Error != "" {
			sum.Error, sum.ExitCode = filepath.Base(src)+": "+r.Error, r.ExitCode
			return sum
		}
		h.Write([]byte(r.SHA256))
	}
	sum.SHA256 = hex.EncodeToString(h.Sum(nil))
	return sum
}

// corpusSHA hashes the files' hashes in order, as corpusRun does the
// outputs', so that outputs equal to the inputs compare equal.
func corpusSHA(files []string) (string, error) {
	h := sha256.New()
	for _, p := range files {
		s, err := fileSHA(p)
		if err != nil {
			return "", err
		}
		h.Write([]byte(s))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
