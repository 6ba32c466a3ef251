#!/usr/bin/env bash
# Imports the op definitions of upstream MLIR dialects from their ODS
# records (make import-ods). For each LLVM release it fetches Debian's
# llvm-NN (for llvm-tblgen) and libmlir-NN-dev (for the .td files) with
# apt-get download and unpacks them with dpkg-deb -x into a cache outside
# the repository: the libmlir-NN-dev packages of different releases
# conflict, and installing one removes the other release's mlir tools.
# It dumps each dialect's records with llvm-tblgen --dump-json and runs
# cmd/odsimport, which writes dialects/<name>/<name>.yaml. Run
# go generate ./dialects/... afterwards (make import-ods does).
#
# Environment: DIALECTGEN_ODS_CACHE (default ~/.cache/dialectgen-ods),
# GO (default go).
set -euo pipefail
cd "$(dirname "$0")/.."

releases=(19 22)
# name:package:.td file under mlir/Dialect
dialects=(
	func:funcdialect:Func/IR/FuncOps.td
	arith:arith:Arith/IR/ArithOps.td
	cf:cf:ControlFlow/IR/ControlFlowOps.td
	scf:scf:SCF/IR/SCFOps.td
)
cache=${DIALECTGEN_ODS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dialectgen-ods}
go=${GO:-go}

for r in "${releases[@]}"; do
	root=$cache/llvm-$r
	tblgen=$root/usr/lib/llvm-$r/bin/llvm-tblgen
	inc=$root/usr/lib/llvm-$r/include
	if [[ ! -x $tblgen || ! -d $inc/mlir/Dialect ]]; then
		debs=$cache/debs-$r
		rm -rf "$debs" "$root"
		mkdir -p "$debs" "$root"
		echo "fetching llvm-$r and libmlir-$r-dev into $cache" >&2
		(cd "$debs" && apt-get download "llvm-$r" "libmlir-$r-dev") || {
			echo "apt-get download failed (run apt-get update first?)" >&2
			exit 1
		}
		for deb in "$debs"/*.deb; do
			dpkg-deb -x "$deb" "$root"
		done
	fi
	mkdir -p "$cache/json"
	for d in "${dialects[@]}"; do
		IFS=: read -r name _ td <<<"$d"
		"$tblgen" --dump-json -I "$inc" "$inc/mlir/Dialect/$td" -o "$cache/json/$name-$r.json"
	done
done

for d in "${dialects[@]}"; do
	IFS=: read -r name pkg _ <<<"$d"
	args=()
	for r in "${releases[@]}"; do
		args+=(-release "$r=$cache/json/$name-$r.json")
	done
	"$go" run ./cmd/odsimport -dialect "$name" -package "$pkg" "${args[@]}" -o "dialects/$name/$name.yaml"
	echo "dialects/$name/$name.yaml" >&2
done
