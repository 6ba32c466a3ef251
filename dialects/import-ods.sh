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
cache=${DIALECTGEN_ODS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dialectgen-ods}
go=${GO:-go}

args=()
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
	json=$cache/json/all-$r
	rm -rf "$json"
	mkdir -p "$json"
	# Some .td files include others relative to their own directory
	# (ArmSME), hence the second -I.
	"$go" run ./cmd/odsimport -roots "$inc" | while read -r td; do
		"$tblgen" --dump-json -I "$inc" -I "$(dirname "$inc/$td")" "$inc/$td" -o "$json/${td//\//__}.json"
	done
	args+=(-release "$r=$json")
done

"$go" run ./cmd/odsimport -all -ops-in-package "$ops_in_package" "${args[@]}" -o dialects
