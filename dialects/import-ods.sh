#!/usr/bin/env bash
# Imports every upstream MLIR dialect (ops, attributes, types, enums and
# bytecode encodings) from its ODS records (make import-ods). For each LLVM
# release it fetches Debian's llvm-NN (for llvm-tblgen) and libmlir-NN-dev
# (for the .td files) with apt-get download and unpacks them with dpkg-deb
# -x into a cache outside the repository: the libmlir-NN-dev packages of
# different releases conflict, and installing one removes the other
# release's mlir tools. It dumps the records of every entry .td file under
# mlir/Dialect (odsimport -roots lists them) with llvm-tblgen --dump-json
# and runs cmd/odsimport -all, which writes dialects/<name>/<name>.yaml for
# every dialect but builtin (written by hand). Run go generate
# ./dialects/... afterwards (make import-ods does).
#
# Environment: DIALECTGEN_ODS_CACHE (default ~/.cache/dialectgen-ods),
# GO (default go).
set -euo pipefail
cd "$(dirname "$0")/.."

releases=(19 22)
# Dialects whose op wrappers and builders stay in the dialect's package
# (their API predates go.ops_package); every other dialect's go to
# dialects/<name>/<package>ops, which programs that only read and write
# bytecode (dialects/all, cmd/mlirbc) do not compile.
ops_in_package=func,arith,cf,scf
. dialects/llvm-cache.sh
go=${GO:-go}

# dump R writes the records of release R into $cache/json/all-R and sets
# json to that directory.
dump() {
	llvm_release "$1"
	json=$cache/json/all-$1
	rm -rf "$json"
	mkdir -p "$json"
	# Some .td files include others relative to their own directory
	# (ArmSME), hence the second -I.
	"$go" run ./cmd/odsimport -roots "$inc" | while read -r td; do
		"$tblgen" --dump-json -I "$inc" -I "$(dirname "$inc/$td")" "$inc/$td" -o "$json/${td//\//__}.json"
	done
}

args=()
for r in "${releases[@]}"; do
	dump "$r"
	args+=(-release "$r=$json")
done
# LLVM 16's records differ too much to merge; they are consulted only for
# which ops and op attributes 16 lacks, which get since: llvm 19, so that
# writers refuse them for 16.
dump 16
args+=(-older "16=$json")

"$go" run ./cmd/odsimport -all -ops-in-package "$ops_in_package" "${args[@]}" -o dialects
