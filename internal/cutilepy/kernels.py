# Kernels written with cuTile's Python API and compiled to Tile IR bytecode
# by cutile-python's writer, at each bytecode version and for two targets,
# into the directory given: a corpus of files from NVIDIA's Python writer
# for TestOtherWriters (dialects/cuda_tile). See README.md.
import sys, traceback
import cuda.tile as ct
from cuda.tile._cext import CallingConvention
from cuda.tile._compile import compile_tile
from cuda.tile.compilation import ArrayConstraint, KernelSignature
import cuda.tile._bytecode as bc

C = ct.Constant[int]

def arr(dtype=ct.float32, ndim=1, idx=ct.int32):
    return ArrayConstraint(dtype=dtype, ndim=ndim, index_dtype=idx,
                           stride_lower_bound_incl=0, alias_groups=(),
                           may_alias_internally=False)

def matmul(A, B, Cm, tm: C, tn: C, tk: C):
    bm = ct.bid(0)
    bn = ct.bid(1)
    acc = ct.full((tm, tn), 0, dtype=ct.float32)
    for k in range(ct.num_tiles(A, axis=1, shape=(tm, tk))):
        a = ct.load(A, index=(bm, k), shape=(tm, tk), padding_mode=ct.PaddingMode.ZERO)
        b = ct.load(B, index=(k, bn), shape=(tk, tn), padding_mode=ct.PaddingMode.ZERO)
        acc = ct.mma(a, b, acc)
    ct.store(Cm, index=(bm, bn), tile=ct.astype(acc, Cm.dtype))

def softmax(X, Y, n: C):
    row = ct.bid(0)
    x = ct.load(X, index=(row, 0), shape=(1, n))
    m = ct.max(x, axis=1, keepdims=True)
    e = ct.exp(x - m)
    s = ct.sum(e, axis=1, keepdims=True)
    ct.store(Y, index=(row, 0), tile=e / s)

def layernorm(X, W, Y, n: C, eps: ct.Constant[float]):
    row = ct.bid(0)
    x = ct.astype(ct.load(X, index=(row, 0), shape=(1, n)), ct.float32)
    mean = ct.sum(x, axis=1) / n
    d = x - mean
    var = ct.sum(d * d, axis=1) / n
    r = ct.rsqrt(var + eps)
    w = ct.load(W, index=(0,), shape=(n,))
    ct.store(Y, index=(row, 0), tile=ct.astype(d * r * w, Y.dtype))

def transpose(X, Y, t: C):
    i = ct.bid(0)
    j = ct.bid(1)
    x = ct.load(X, index=(i, j), shape=(t, t))
    ct.store(Y, index=(j, i), tile=ct.transpose(x))

def atomics(X, Cnt):
    i = ct.bid(0)
    x = ct.load(X, index=(i,), shape=(32,))
    s = ct.sum(x)
    ct.atomic_add(Cnt, 0, s)

def control(X, Y, n: C, flag: int):
    i = ct.bid(0)
    x = ct.load(X, index=(i,), shape=(n,))
    if flag > 0:
        y = ct.where(x > 0, x, -x)
    else:
        y = x * 2
    acc = ct.zeros((n,), dtype=ct.float32)
    j = 0
    while j < flag:
        acc = acc + y
        j += 1
    ct.store(Y, index=(i,), tile=acc)

def scans(X, Y, n: C):
    i = ct.bid(0)
    x = ct.load(X, index=(i,), shape=(n,))
    ct.store(Y, index=(i,), tile=ct.cumsum(x, axis=0))

def ints(X, Y, n: C):
    i = ct.bid(0)
    x = ct.load(X, index=(i,), shape=(n,))
    y = (x << 2) ^ (x >> 1) | (x & 7)
    z = ct.maximum(y, x) // 3 + y % 5
    ct.store(Y, index=(i,), tile=z)

def gathers(X, Idx, Y, n: C):
    i = ct.bid(0)
    idx = ct.load(Idx, index=(i,), shape=(n,))
    v = ct.gather(X, idx)
    ct.scatter(Y, idx, v)

def reshape_cat(X, Y, n: C):
    i = ct.bid(0)
    x = ct.load(X, index=(i, 0), shape=(n, n))
    r = ct.reshape(x, (n * n,))
    ar = ct.arange(n * n, dtype=ct.int32)
    ct.store(Y, index=(i,), tile=r + ct.astype(ar, ct.float32))

def fp8mma(A, B, Cm, t: C):
    a = ct.load(A, index=(0, 0), shape=(t, t))
    b = ct.load(B, index=(0, 0), shape=(t, t))
    acc = ct.mma(a, b, ct.zeros((t, t), dtype=ct.float32))
    ct.store(Cm, index=(0, 0), tile=acc)

def mathops(X, Y, n: C):
    i = ct.bid(0)
    x = ct.load(X, index=(i,), shape=(n,))
    y = ct.sin(x) + ct.cos(x) * ct.tanh(x) - ct.log(ct.abs(x) + 1.0) + ct.sqrt(ct.abs(x)) + ct.pow(x, 2.0)
    y = ct.floor(y) + ct.ceil(x) + ct.exp2(x) + ct.atan2(x, y)
    ct.store(Y, index=(i,), tile=ct.where(ct.isnan(y), 0.0, y))

cases = [
    ("matmul_f16", matmul, [arr(ct.float16, 2), arr(ct.float16, 2), arr(ct.float16, 2), 64, 64, 32]),
    ("matmul_bf16_i64", matmul, [arr(ct.bfloat16, 2, ct.int64), arr(ct.bfloat16, 2, ct.int64), arr(ct.float32, 2, ct.int64), 128, 128, 64]),
    ("softmax", softmax, [arr(ct.float32, 2), arr(ct.float32, 2), 1024]),
    ("layernorm", layernorm, [arr(ct.float16, 2), arr(ct.float32, 1), arr(ct.float16, 2), 512, 1e-5]),
    ("transpose", transpose, [arr(ct.float32, 2), arr(ct.float32, 2), 32]),
    ("atomics", atomics, [arr(ct.float32, 1), arr(ct.float32, 1)]),
    ("control", control, [arr(ct.float32, 1), arr(ct.float32, 1), 64, ct.compilation.ScalarConstraint(ct.int32)]),
    ("scans", scans, [arr(ct.float32, 1), arr(ct.float32, 1), 128]),
    ("ints", ints, [arr(ct.int32, 1), arr(ct.int32, 1), 128]),
    ("gathers", gathers, [arr(ct.float32, 1), arr(ct.int32, 1), arr(ct.float32, 1), 64]),
    ("reshape_cat", reshape_cat, [arr(ct.float32, 2), arr(ct.float32, 1), 8]),
    ("fp8mma", fp8mma, [arr(ct.float8_e4m3fn, 2), arr(ct.float8_e4m3fn, 2), arr(ct.float32, 2), 64]),
    ("mathops", mathops, [arr(ct.float32, 1), arr(ct.float32, 1), 128]),
]
out = sys.argv[1]
ok = 0
for name, fn, params in cases:
    sig = KernelSignature(params, CallingConvention.cutile_python_v1(), symbol=name)
    for v in [bc.BytecodeVersion.V_13_1, bc.BytecodeVersion.V_13_2, bc.BytecodeVersion.V_13_3]:
        for arch in ["sm_90", "sm_100"]:
            try:
                r = compile_tile(fn, [sig], return_bytecode=True, return_cubin=False, sm_arch=arch, bytecode_version=v)
            except Exception as e:
                print("FAIL", name, v.name, arch, type(e).__name__, str(e).splitlines()[0][:200])
                continue
            open("%s/%s.%s.%s.tileirbc" % (out, name, arch, v.name), "wb").write(bytes(r.bytecode))
            ok += 1
print("wrote", ok)
