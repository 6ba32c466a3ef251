# Sourced by the import scripts: the cache of Debian's llvm-NN (for
# llvm-tblgen) and libmlir-NN-dev (for MLIR's .td files), fetched with
# apt-get download and unpacked with dpkg-deb -x outside the repository:
# the libmlir-NN-dev packages of different releases conflict, and
# installing one removes the other release's mlir tools.
#
# Environment: DIALECTGEN_ODS_CACHE (default ~/.cache/dialectgen-ods).

cache=${DIALECTGEN_ODS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dialectgen-ods}

# llvm_release R sets tblgen and inc to release R's llvm-tblgen and
# include directory, fetching them into the cache first if need be.
llvm_release() {
	local r=$1 root=$cache/llvm-$1 debs=$cache/debs-$1
	tblgen=$root/usr/lib/llvm-$r/bin/llvm-tblgen
	inc=$root/usr/lib/llvm-$r/include
	if [[ -x $tblgen && -d $inc/mlir/Dialect ]]; then
		return
	fi
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
}
