#!/usr/bin/env bash
# Imports Shardy's sdy dialect (ops, enums, attributes and their bytecode
# encodings) from its ODS records into dialects/sdy/sdy.yaml. JAX's
# StableHLO exports carry sdy meshes and shardings since JAX moved to
# Shardy; Shardy is openxla's, not upstream MLIR's, so make import-ods
# does not cover it.
#
# It needs a checkout of https://github.com/openxla/shardy at the commit
# below in SHARDY_SRC; it fetches nothing from GitHub itself. The records
# are dumped with LLVM 22's llvm-tblgen against LLVM 22's MLIR .td files,
# from (or into) the cache dialects/import-ods.sh keeps: ops.td and
# bytecode.td separately, as both define a class OptionalAttr.
#
# Environment: SHARDY_SRC (required), DIALECTGEN_ODS_CACHE (default
# ~/.cache/dialectgen-ods), GO (default go).
set -euo pipefail
cd "$(dirname "$0")/.."

commit=a0277a83e7f84d40075be0d71a131cb71d806ff6 # 2026-08-22
r=22
out=dialects/sdy/sdy.yaml

if [[ -z ${SHARDY_SRC:-} ]]; then
	echo "import-shardy.sh: set SHARDY_SRC to a checkout of https://github.com/openxla/shardy at $commit" >&2
	exit 1
fi
src=$(cd "$SHARDY_SRC" 2>/dev/null && pwd) || {
	echo "import-shardy.sh: SHARDY_SRC=$SHARDY_SRC is not a directory" >&2
	exit 1
}
ir=$src/shardy/dialect/sdy/ir
if [[ ! -f $ir/ops.td || ! -f $ir/bytecode.td ]]; then
	echo "import-shardy.sh: $ir/ops.td or bytecode.td not found; is SHARDY_SRC a shardy checkout?" >&2
	exit 1
fi
if have=$(git -C "$src" rev-parse HEAD 2>/dev/null) && [[ $have != "$commit" ]]; then
	echo "import-shardy.sh: warning: $src is at $have, not $commit" >&2
fi

. dialects/llvm-cache.sh
go=${GO:-go}

llvm_release "$r"

json=$cache/json/sdy-$commit
rm -rf "$json"
mkdir -p "$json"
for td in ops bytecode; do
	"$tblgen" --dump-json -I "$inc" -I "$src" "$ir/$td.td" -o "$json/$td.json"
done
mkdir -p "$(dirname "$out")"
"$go" run ./cmd/odsimport -dialect sdy -ops-package sdyops -release "$r=$json" \
	-summary "Shardy's sdy dialect (openxla/shardy at ${commit:0:12}): meshes and shardings." \
	-reimport "make import-shardy" -o "$out"
