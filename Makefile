# dialectgen developer commands. `make test` is the test command CI runs.
GO ?= go
FUZZTIME ?= 30s
# How long the fuzzer may shrink an input that found new code. Go's 60 s
# spent FuzzRead's whole run shrinking on its first find (92 inputs in 41 s;
# with 2 s, 8,227 and 30 finds).
FUZZMINIMIZE ?= 2s
# Example dialects are modules of their own, authored as users would.
EXAMPLES := $(patsubst %/go.mod,%,$(wildcard examples/*/go.mod))

.PHONY: all generate check-generated check-format vet test bench bench-ab bench-convert pgo fuzz check demo testdata-bytecode import-ods import-tileir import-shardy

all: check test

# Regenerate every generated package (dialects/ and examples/).
generate:
	$(GO) generate ./...
	for d in $(EXAMPLES); do (cd $$d && $(GO) generate ./...) || exit 1; done

# Re-import every upstream MLIR dialect (dialects/acc … xevm: ops,
# enums, attributes, types, bytecode encodings) from the ODS records of
# LLVM 19 and 22, then regenerate them. Needs apt-get and dpkg-deb; see
# dialects/import-ods.sh.
import-ods:
	GO=$(GO) bash dialects/import-ods.sh
	$(GO) generate ./dialects/...

# Re-imports dialects/sdy (Shardy) from its ODS records. Needs SHARDY_SRC
# (a shardy checkout at the commit the script names); see dialects/import-shardy.sh.
import-shardy:
	GO=$(GO) bash dialects/import-shardy.sh
	$(GO) generate ./dialects/sdy/...

# Re-imports dialects/cuda_tile's ops and enums from cuda-tile's ODS records.
# Needs CUDA_TILE_SRC (a cuda-tile checkout at v13.3.2); see dialects/import-tileir.sh.
import-tileir:
	GO=$(GO) bash dialects/import-tileir.sh
	cd dialects/cuda_tile && $(GO) generate .
	$(GO) generate ./dialects/...

# Fail when committed generated code differs from what the definitions give.
check-generated:
	$(GO) run ./cmd/dialectgen -check dialects/*/*.yaml
	$(MAKE) generate
	git diff --exit-code -- '*.dg.go'
	@test -z "$$(git status --porcelain -- '*.dg.go')" || { echo "untracked generated files:"; git status --porcelain -- '*.dg.go'; exit 1; }

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "not gofmt'ed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	for d in $(EXAMPLES); do (cd $$d && $(GO) vet ./...) || exit 1; done

# The tests, including the mlir-opt oracle tests (they skip with a message
# when mlir-opt-16/19/22 are missing, unless DIALECTGEN_ORACLE=required),
# and the concurrency tests again under the race detector. internal/testrun
# runs go test and prints each package when it is done, with its time and
# counts (and what failed). mlir-opt results are cached between runs, see
# DIALECTGEN_ORACLE_CACHE in internal/oracle.
# Tests build mlirbc without its profile (see pgo below): building every
# package a second time, optimised by it, would double the build of a cold run
# and test nothing more.
TESTRUN = GOFLAGS="$(GOFLAGS) -pgo=off" GO=$(GO) $(GO) run ./internal/testrun
test:
	$(TESTRUN) ./...
	$(TESTRUN) -race -run 'Concurrent' ./runtime/mlirbc ./runtime/bytecode ./runtime/ir
	for d in $(EXAMPLES); do $(TESTRUN) -C $$d ./... || exit 1; done

# Go benchmarks of the decoders and encoders (MLIR bytecode, Tile IR,
# varints), on one core as the targets are per core, six runs each,
# summed up by benchstat with the packages in one table per unit (ops/s
# where a benchmark reports it). BENCH picks benchmarks by regexp, e.g.
# make bench BENCH=Read. docs/performance.md says what each measures.
BENCH ?= .
# BenchmarkReadSweep is slow (sixteen inputs): make bench BENCH=ReadSweep BENCH_SKIP=none runs it.
BENCH_SKIP ?= ReadSweep
BENCH_PKGS ?= ./runtime/mlirbc ./runtime/ir ./runtime/wire ./dialects/cuda_tile ./dialects/builtin
# BENCH_GOFLAGS=-pgo=$(CURDIR)/cmd/mlirbc/default.pgo measures the library as
# mlirbc builds it (see pgo below).
BENCH_GOFLAGS ?=
bench:
	$(GO) test $(BENCH_GOFLAGS) -run '^$$' -bench '$(BENCH)' -skip '$(BENCH_SKIP)' -benchmem -count 6 -cpu 1 $(BENCH_PKGS) > .bench.txt || { cat .bench.txt; exit 1; }
	sed -i 's|^pkg: github.com/dialectgen/dialectgen/|pkg: |' .bench.txt
	$(GO) run golang.org/x/perf/cmd/benchstat -table '' -row pkg,.fullname .bench.txt

# The same benchmarks of the working tree against a base revision, each
# package's two test binaries run in turn BENCH_AB_N times on one core
# (internal/benchab), then benchstat base against head, e.g.
# make bench-ab BASE=HEAD~3 BENCH=ReadSweep BENCH_SKIP=none BENCH_PKGS=./runtime/mlirbc
BASE ?= HEAD
BENCH_AB_N ?= 6
bench-ab:
	$(GO) run ./internal/benchab -base '$(BASE)' -bench '$(BENCH)' -skip '$(BENCH_SKIP)' -n $(BENCH_AB_N) $(BENCH_PKGS)

# `mlirbc convert` against mlir-opt-22, bytecode to bytecode, on large inputs
# generated into .bench/convert (internal/benchconvert; needs mlir-opt-22):
# one table of time and peak RSS, both tools, ratios, identical bytes.
# Pass flags with BENCH_CONVERT_FLAGS, e.g. "-reps 3 -inputs 100k-ops";
# "-doc" measures everything and rewrites docs/performance.md's table and
# docs/performance.svg.
bench-convert:
	$(GO) run ./internal/benchconvert $(BENCH_CONVERT_FLAGS)

# cmd/mlirbc/default.pgo is the CPU profile go build and go install optimise
# mlirbc with (profile-guided optimisation: hot calls inlined and
# devirtualised): the decode and encode benchmarks of MLIR bytecode, generic
# text and Tile IR, on one core, merged. Regenerate it after changing the hot
# paths; a stale profile still builds, and helps less.
PGO_DIR = .bench/pgo
pgo:
	mkdir -p $(PGO_DIR)
	$(GO) test -pgo=off -run '^$$' -bench 'ReadScaling/ops=100000$$|WriteScaling/ops=100000$$|ReadFuncs$$|WriteFuncs|ReadCallSites|ReadBlocks|WriteBlocks|Upstream/Convert|^BenchmarkConvert$$|ConvertShapes' -cpu 1 -count 1 -cpuprofile $(PGO_DIR)/mlirbc.prof -o $(PGO_DIR)/mlirbc.test ./runtime/mlirbc
	$(GO) test -pgo=off -run '^$$' -bench '^BenchmarkParse$$|^BenchmarkPrint$$|ParseWrite$$' -cpu 1 -count 1 -cpuprofile $(PGO_DIR)/mlirtext.prof -o $(PGO_DIR)/mlirtext.test ./mlirtext
	$(GO) test -pgo=off -run '^$$' -bench 'Read|Write' -cpu 1 -count 1 -cpuprofile $(PGO_DIR)/cuda_tile.prof -o $(PGO_DIR)/cuda_tile.test ./dialects/cuda_tile
	$(GO) tool pprof -proto $(PGO_DIR)/mlirbc.prof $(PGO_DIR)/mlirtext.prof $(PGO_DIR)/cuda_tile.prof > cmd/mlirbc/default.pgo

# Run every fuzz target for FUZZTIME, one after another. A run that fails
# with "context deadline exceeded" and writes no failing input is Go
# 1.26's coordinator missing its own deadline (go.dev/issue/75804, fixed in
# 1.27), not a finding: it is reported, and the sweep goes on.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$t"; \
	    out=$$($(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg 2>&1); status=$$?; \
	    echo "$$out" | grep -v '^fuzz: elapsed'; \
	    if [ $$status -ne 0 ]; then \
	      if echo "$$out" | grep -q 'context deadline exceeded' && ! echo "$$out" | grep -q 'Failing input written'; then \
	        echo "   (the fuzz coordinator missed its deadline, go.dev/issue/75804: no input failed)"; \
	      else exit 1; fi; \
	    fi; \
	  done; \
	done

check: check-format vet check-generated

# Bytecode written by mlir-opt from our own inputs, shipped for benchmarks,
# fuzz seeds and tests that run without the oracle (a test checks that they
# are what mlir-opt writes today). Paths are relative so locations match.
SHIPPED := attrs_all types_all locs_all dense_elements
testdata-bytecode:
	for f in $(SHIPPED); do \
	  mlir-opt-22 --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=6 testdata/mlir/$$f.mlir > testdata/bytecode/$$f.llvm22.v6.mlirbc && \
	  mlir-opt-16 --allow-unregistered-dialect --emit-bytecode testdata/mlir/$$f.mlir > testdata/bytecode/$$f.llvm16.v0.mlirbc || exit 1; \
	done

# The main job on data shipped in the repo: generate the builtin dialect's
# Go package from its definition (writes only files whose bytes change).
demo:
	$(GO) run ./cmd/dialectgen dialects/builtin/builtin.yaml
	$(GO) run ./cmd/mlirbc stat testdata/bytecode/attrs_all.llvm22.v6.mlirbc
	mkdir -p .bench
	$(GO) run ./cmd/mlirbc convert testdata/bytecode/attrs_all.llvm22.v6.mlirbc -o .bench/demo.v0.mlirbc --version 0
	$(GO) run ./cmd/mlirbc stat .bench/demo.v0.mlirbc
	$(GO) run ./cmd/mlirbc dump dialects/cuda_tile/testdata/vectors/versioning-13.1/print-op-13.1.tileirbc
	$(GO) run ./cmd/mlirbc convert dialects/cuda_tile/testdata/vectors/versioning-13.1/print-op-13.1.tileirbc .bench/demo.13.3.tileirbc --version 13.3
	$(GO) run ./cmd/mlirbc stat .bench/demo.13.3.tileirbc
