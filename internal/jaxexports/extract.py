#!/usr/bin/env python3
"""Writes the serialized StableHLO modules of JAX's back-compat test data
as files, for the opt-in tests that read them (see README.md here).

usage: extract.py OUT_DIR JAX_CHECKOUT/jax/_src/internal_test_util/export_back_compat_test_data/*.py

Each data file holds dict(...) calls with a mlir_module_serialized=b"..."
keyword; the bytes literal is read with Python's ast, never executed. The
n-th module overall is written as <file stem>.<n>.mlirbc."""
import ast
import os
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    n = 0
    for path in sys.argv[2:]:
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            if not isinstance(node, ast.keyword) or node.arg != "mlir_module_serialized":
                continue
            if not isinstance(node.value, ast.Constant) or not isinstance(node.value.value, bytes):
                continue
            n += 1
            with open(os.path.join(out, "%s.%03d.mlirbc" % (stem, n)), "wb") as f:
                f.write(node.value.value)
    print("%d modules written to %s" % (n, out))


if __name__ == "__main__":
    main()
