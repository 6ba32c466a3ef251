# A stand-in for cutile-python's C extension (cuda/tile/_cext), enough of
# it to compile kernels to Tile IR bytecode on a machine without CUDA: the
# bytecode is written by cutile-python's own Python writer; nothing here
# launches or compiles for a GPU. See README.md.
import enum


class CallingConvention:
    def __init__(self, version):
        self.version = version

    @staticmethod
    def cutile_python_v1():
        return CallingConvention(1)

    @staticmethod
    def cutile_python_v2():
        return CallingConvention(2)

    @staticmethod
    def from_code(code):
        return CallingConvention(int(code[1:]))

    @property
    def name(self):
        return "cutile_python_v%d" % self.version

    @property
    def code(self):
        return "t%d" % self.version

    def __eq__(self, o):
        return isinstance(o, CallingConvention) and o.version == self.version

    def __hash__(self):
        return hash(self.version)

    def __repr__(self):
        return "CallingConvention(%r, %r)" % (self.name, self.code)


class _Config:
    temp_dir = "/tmp/cutile-run"
    log_cutile_ir = False
    log_tileir = False
    enable_crash_dump = False


class TileContext:
    config = _Config()


default_tile_context = TileContext()


class TileDispatcher:
    def __init__(self, *a, **k):
        pass


def dev_features_enabled():
    return False


def get_compute_capability(device_id=0):
    return (9, 0)


def launch(*a, **k):
    raise NotImplementedError


def _benchmark(*a, **k):
    raise NotImplementedError


_foreign = {}


def foreign_dtype_object_register(foreign, native):
    _foreign[foreign] = native


def foreign_dtype_object_to_native(x):
    try:
        return _foreign.get(x)
    except TypeError:
        return None


def get_parameter_constraints_from_pyargs(*a, **k):
    raise NotImplementedError


def run_coroutine(coro):
    stack = [coro]
    value, exc = None, None
    while stack:
        top = stack[-1]
        try:
            if exc is not None:
                e, exc = exc, None
                yielded = top.throw(e)
            else:
                yielded = top.send(value)
        except StopIteration as s:
            stack.pop()
            value = s.value
            continue
        except BaseException as e:
            stack.pop()
            if not stack:
                raise
            exc = e
            continue
        stack.append(yielded if hasattr(yielded, "send") else yielded.__await__())
        value = None
    return value


ConstantKind = enum.Enum("ConstantKind", {n: i for i, n in enumerate(
    ["Bool", "Int", "Float", "None_", "String", "Enum", "NativeDType", "ForeignDType"])})


def classify_constant(obj, kernel_arg):
    from cuda.tile._datatype import DType
    if isinstance(obj, bool):
        return ConstantKind.Bool
    if isinstance(obj, int):
        return ConstantKind.Int
    if isinstance(obj, float):
        return ConstantKind.Float
    if kernel_arg:
        return None
    if obj is None:
        return ConstantKind.None_
    if type(obj) is str:
        return ConstantKind.String
    if isinstance(obj, enum.Enum):
        return ConstantKind.Enum
    if type(obj) is DType:
        return ConstantKind.NativeDType
    try:
        if obj in _foreign:
            return ConstantKind.ForeignDType
    except TypeError:
        pass
    return None


def cconv_v3_enabled():
    return False


def __getattr__(name):
    def missing(*a, **k):
        raise NotImplementedError(name)
    return missing
