#!/usr/bin/env bash
# Imports the ops and enums of NVIDIA cuda-tile's dialect (Tile IR) from
# its ODS records into dialects/cuda_tile/cuda_tile.yaml: the hand-written
# head.yaml.in (dialect header, type and attribute tags) followed by the
# imported enums: and ops:.
#
# It needs a checkout of https://github.com/NVIDIA/cuda-tile at tag
# v13.3.2 in CUDA_TILE_SRC; it fetches nothing from GitHub itself. The
# records are dumped with LLVM 22's llvm-tblgen against LLVM 22's MLIR .td
# files, which it takes from (or puts into) the cache that
# dialects/import-ods.sh keeps: Debian's llvm-22 and libmlir-22-dev,
# fetched with apt-get download and unpacked with dpkg-deb -x. cuda-tile's
# Ops.td uses Builtin_DenseTypedElementsAttr, which LLVM 22's MLIR does not
# define; a shim .td defines it (as an ElementsAttr) when MLIR lacks it and
# includes BytecodeOpcodes.td, which pairs every public op with its opcode
# and includes Ops.td, AttrDefs.td and Types.td. cmd/tileimport turns the
# dump into the fragment.
#
# Environment: CUDA_TILE_SRC (required), DIALECTGEN_ODS_CACHE (default
# ~/.cache/dialectgen-ods), GO (default go).
set -euo pipefail
cd "$(dirname "$0")/.."

tag=v13.3.2
r=22
out=dialects/cuda_tile/cuda_tile.yaml

if [[ -z ${CUDA_TILE_SRC:-} ]]; then
	echo "import-tileir.sh: set CUDA_TILE_SRC to a checkout of https://github.com/NVIDIA/cuda-tile at tag $tag" >&2
	echo "  (git clone --branch $tag https://github.com/NVIDIA/cuda-tile; this script does not fetch it)" >&2
	exit 1
fi
src=$(cd "$CUDA_TILE_SRC" 2>/dev/null && pwd) || {
	echo "import-tileir.sh: CUDA_TILE_SRC=$CUDA_TILE_SRC is not a directory" >&2
	exit 1
}
opcodes=$src/include/cuda_tile/Dialect/CudaTile/IR/BytecodeOpcodes.td
if [[ ! -f $opcodes ]]; then
	echo "import-tileir.sh: $opcodes not found; is CUDA_TILE_SRC a cuda-tile checkout?" >&2
	exit 1
fi
if have=$(git -C "$src" describe --tags --exact-match 2>/dev/null) && [[ $have != "$tag" ]]; then
	echo "import-tileir.sh: warning: $src is at $have, not $tag" >&2
fi

. dialects/llvm-cache.sh
go=${GO:-go}

llvm_release "$r"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shim=$work/shim.td
{
	echo 'include "mlir/IR/BuiltinAttributes.td"'
	if ! grep -rqs 'def Builtin_DenseTypedElementsAttr\b' "$inc/mlir/IR"; then
		echo 'def Builtin_DenseTypedElementsAttr : ElementsAttrBase<CPred<"true">, "dense typed elements">;'
	fi
	echo 'include "cuda_tile/Dialect/CudaTile/IR/BytecodeOpcodes.td"'
} >"$shim"

mkdir -p "$cache/json"
json=$cache/json/cuda_tile-$tag.json
"$tblgen" --dump-json -I "$inc" -I "$src/include" "$shim" -o "$json"
"$go" run ./cmd/tileimport -head dialects/cuda_tile/head.yaml.in -o "$out" "$json"
echo "$out" >&2
