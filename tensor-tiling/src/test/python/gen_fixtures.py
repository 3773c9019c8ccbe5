#!/usr/bin/python3
"""Writes the numpy-derived test fixtures of tensor-tiling.

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures.py

Expected values come from numpy (Debian's python3-numpy 1.24), never from the code under
test. The inputs are built deterministically (np.arange, literal arrays,
np.random.default_rng(seed)) and stored in the fixtures next to the expected results, so the
Java tests (*_FixtureTest) build their tensors from the stored inputs and need no Python.
Re-running this script must reproduce the committed files byte for byte.

One JSON file per family under src/test/resources/fixtures/: creation, elementwise,
reductions, indexing, linalg. A file is {"family", "numpy", "cases": [...]}, one case a line:

    {"name": unique name,
     "expr": the numpy expression (for failure messages),
     "op": what the Java test runs (see the *_FixtureTest classes),
     "inputs": {"a": ARRAY, ...},
     "params": {...},
     "expected": ARRAY}

where ARRAY is {"shape": [...], "dtype": numpy name, "data": [flat C-order values]}; bools
are true/false, integers are JSON integers, floats are JSON numbers (float32 values are
stored as the exact double of the float32) and NaN/infinities are the strings "nan", "inf",
"-inf".

Known deliberate deviations of Mars on Spark from numpy; no case is generated for them:
  * bool input to float ufuncs (sqrt, sin, floor, arctan2, hypot, ...): numpy gives float16,
    Mars gives float32 (there is no float16).
  * ufuncs that numpy computes as int8 on bools (floor_divide, mod, power of two bool
    operands, square of a bool array): there is no int8 (Mars gives int64 / bool).
  * integer reciprocal of 0: numpy's result is platform garbage (INT_MIN), Mars gives 0.
  * numpy 1.x value-based casting of Python scalars and 0-d arrays (int32 array + 2**40 ->
    int64, float32 array + 1e300 -> float64): Mars follows it; its cases are in
    gen_fixtures_edges.py, so only scalars that fit the array's dtype are generated here.
  * integer floor_divide / mod by zero give 0 in both (numpy warns): cases ARE generated.
  * Mt.empty is zero-filled, and random streams differ from numpy's: neither is compared.
Not built in Mars yet (so no case): matrix norms of order 2, -2 and 'nuc' (need an SVD),
dot/matmul of operands with more than 2 dimensions, keepdims for argmin/argmax and
count_nonzero, integer indices in slices.
"""

import json
import math
import os
import sys
import warnings

import numpy as np

# numpy warns (divide by zero, degrees of freedom <= 0, ...) for cases that are meant to hit
# those paths; the results are what is checked
warnings.filterwarnings("ignore", category=RuntimeWarning)

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "fixtures"))
SUPPORTED = ("bool", "int32", "int64", "float32", "float64")
INF = float("inf")
NAN = float("nan")


# ---- encoding -------------------------------------------------------------------------------

def enc_value(v, dtype):
    if dtype == "bool":
        return bool(v)
    if dtype in ("int32", "int64"):
        return int(v)
    f = float(v)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def arr(a):
    a = np.asarray(a)
    dt = str(a.dtype)
    if dt not in SUPPORTED:
        raise ValueError("unsupported dtype %s" % dt)
    if a.size > 120:
        raise ValueError("fixture arrays stay small, got %d elements" % a.size)
    return {"shape": list(a.shape), "dtype": dt, "data": [enc_value(v, dt) for v in a.ravel().tolist()]}


def enc_scalar(v):
    if isinstance(v, bool):
        return {"kind": "bool", "value": v}
    if isinstance(v, int):
        return {"kind": "int", "value": v}
    return {"kind": "float", "value": enc_value(v, "float64")}


def py(v):
    """A Python scalar as numpy sees it in an expression."""
    if isinstance(v, float):
        if math.isnan(v):
            return "np.nan"
        if math.isinf(v):
            return "np.inf" if v > 0 else "-np.inf"
    return repr(v)


class Family:
    def __init__(self, name, generator="src/test/python/gen_fixtures.py"):
        self.name = name
        self.generator = generator
        self.cases = []
        self.names = set()

    def has(self, name):
        return name in self.names

    def add(self, name, expr, op, inputs, params, expected):
        if name in self.names:
            raise ValueError("duplicate case name " + name)
        self.names.add(name)
        self.cases.append({
            "name": name,
            "expr": expr,
            "op": op,
            "inputs": {k: arr(v) for k, v in inputs.items()},
            "params": params,
            "expected": arr(expected),
        })

    def write(self):
        os.makedirs(OUT, exist_ok=True)
        path = os.path.join(OUT, self.name + ".json")
        head = '{"family": %s, "numpy": %s, "generator": %s, "cases": [\n' % (
            json.dumps(self.name), json.dumps(np.__version__), json.dumps(self.generator))
        body = ",\n".join(json.dumps(c, separators=(",", ":"), allow_nan=False) for c in self.cases)
        with open(path, "w") as f:
            f.write(head + body + "\n]}\n")
        return path, len(self.cases)


def slug(text):
    """A case-name fragment: minus signs as m, decimal points as p."""
    return text.replace("-", "m").replace(".", "p")


def rng(seed):
    return np.random.default_rng(seed)


# ---- input pools ------------------------------------------------------------------------------

def pool(dtype, shape, seed, specials=False, nonneg=False, nonzero=False):
    """Deterministic values of a dtype: small ints (with zeros and negatives), half-integers
    mixed with uniform floats (ties and exact results, but also inexact ones), optional
    nan/inf/-0.0 in float arrays."""
    r = rng(seed)
    n = int(np.prod(shape)) if len(shape) else 1
    if dtype == "bool":
        v = r.integers(0, 2, n).astype(bool)
    elif dtype in ("int32", "int64"):
        v = r.integers(-6, 7, n)
        if nonneg:
            v = np.abs(v) % 4
        if nonzero:
            v[v == 0] = 3
        v = v.astype(dtype)
    else:
        v = r.integers(-10, 11, n) / 2.0
        u = r.uniform(-5, 5, n)
        pick = r.random(n) < 0.4
        v = np.where(pick, u, v)
        if nonneg:
            v = np.abs(v)
        if nonzero:
            v[v == 0] = 1.5
        if specials and n >= 8:
            slots = r.permutation(n)[:4]
            v[slots[0]] = NAN
            v[slots[1]] = INF
            v[slots[2]] = -INF
            v[slots[3]] = 0.0 if nonzero is False else 2.0
        v = v.astype(dtype)
    return v.reshape(shape)


# ---- creation -------------------------------------------------------------------------------------

def gen_creation():
    fam = Family("creation")
    for start, stop, step, dt in [(0, 10, 1, "int64"), (3, 20, 3, "int64"), (10, 0, -2, "int64"),
                                  (-5, 6, 2, "int32"), (5, 5, 1, "int64"), (7, 3, 1, "int32")]:
        fam.add(slug("arange_%s_%s_%s_%s" % (start, stop, step, dt)),
                "np.arange(%s, %s, %s, dtype=np.%s)" % (start, stop, step, dt), "arange", {},
                {"start": start, "stop": stop, "step": step, "dtype": dt},
                np.arange(start, stop, step, dtype=dt))
    for start, stop, step, dt in [(0.0, 1.0, 0.1, "float64"), (-1.0, 2.5, 0.5, "float64"), (1.0, 0.0, -0.3, "float64"),
                                  (0.0, 2.0, 0.25, "float32"), (0.5, 7.0, 1.5, "float64"), (-2.0, 2.0, 0.3, "float32")]:
        fam.add(slug("arange_%s_%s_%s_%s" % (start, stop, step, dt)),
                "np.arange(%r, %r, %r, dtype=np.%s)" % (start, stop, step, dt), "arange", {},
                {"start": start, "stop": stop, "step": step, "dtype": dt},
                np.arange(start, stop, step, dtype=dt))
    for start, stop, num, endpoint in [(0.0, 1.0, 5, True), (0.0, 1.0, 5, False), (-3.0, 7.0, 11, True),
                                       (2.0, 3.0, 1, True), (2.0, 3.0, 1, False), (1.0, 0.0, 7, True),
                                       (0.0, 10.0, 0, True), (-1.5, 1.5, 8, False), (0.1, 0.7, 13, True)]:
        fam.add(slug("linspace_%s_%s_%s_%s" % (start, stop, num, "end" if endpoint else "noend")),
                "np.linspace(%r, %r, %d, endpoint=%s)" % (start, stop, num, endpoint), "linspace", {},
                {"start": start, "stop": stop, "num": num, "endpoint": endpoint},
                np.linspace(start, stop, num, endpoint=endpoint))
    for n, m, k, dt in [(3, 3, 0, "float64"), (3, 4, 1, "float64"), (4, 3, -1, "int32"), (4, 4, 2, "int64"),
                        (3, 5, -3, "float32"), (2, 2, 5, "float64"), (5, 4, -2, "bool"), (4, 6, 3, "int64")]:
        fam.add("eye_%d_%d_k%s_%s" % (n, m, k, dt), "np.eye(%d, %d, k=%d, dtype=%s)" % (n, m, k, "bool" if dt == "bool" else "np." + dt),
                "eye", {}, {"n": n, "m": m, "k": k, "dtype": dt}, np.eye(n, m, k=k, dtype=dt))
    shapes = [(3, 4), (5,), (2, 3, 2), (0, 3)]
    for di, dt in enumerate(SUPPORTED):
        npdt = "bool" if dt == "bool" else "np." + dt
        for fn, shape in (("zeros", shapes[di % len(shapes)]), ("ones", shapes[(di + 1) % len(shapes)])):
            fam.add("%s_%s_%s" % (fn, "x".join(map(str, shape)), dt), "np.%s(%s, dtype=%s)" % (fn, shape, npdt), fn, {},
                    {"shape": list(shape), "dtype": dt}, getattr(np, fn)(shape, dtype=dt))
    for shape, value, dt in [((3, 4), 7, "int32"), ((2, 5), 2.5, "float32"), ((4,), True, "bool"), ((3, 2), -1.5, "float64"),
                             ((2, 3), 3.7, "int64"), ((2, 3), -2.7, "int32"), ((5,), 0, "bool"), ((2, 2), INF, "float64"),
                             ((3,), NAN, "float32"), ((2, 3), 9, "float64")]:
        npdt = "bool" if dt == "bool" else "np." + dt
        fam.add("full_%s_%s_%s" % ("x".join(map(str, shape)), slug(py(value)), dt),
                "np.full(%s, %s, dtype=%s)" % (shape, py(value), npdt), "full", {},
                {"shape": list(shape), "value": enc_scalar(value), "dtype": dt}, np.full(shape, value, dtype=dt))
    # the fill value decides the dtype (Python int -> int64, float -> float64, bool -> bool)
    for shape, value in [((3, 4), 5), ((2, 3), -0.25), ((4,), False)]:
        fam.add("full_infer_%s" % slug(py(value)),
                "np.full(%s, %s)" % (shape, py(value)), "full_infer", {},
                {"shape": list(shape), "value": enc_scalar(value)}, np.full(shape, value))
    return fam


# ---- element-wise -------------------------------------------------------------------------------

BINARY = ["add", "subtract", "multiply", "true_divide", "floor_divide", "mod", "power", "maximum", "minimum",
          "equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
          "logical_and", "logical_or", "logical_xor", "arctan2", "hypot"]
FLOAT_BINARY = ("arctan2", "hypot")
INT8_ON_BOOL = ("floor_divide", "mod", "power")
PAIRS = [("bool", "bool"), ("bool", "int32"), ("int32", "int32"), ("int32", "int64"), ("int64", "int64"),
         ("int64", "bool"), ("int32", "float32"), ("float32", "float32"), ("float32", "float64"),
         ("int64", "float64"), ("bool", "float64"), ("float64", "float64"), ("float64", "int32")]
SHAPES = [((3, 4), (3, 4)), ((3, 1), (1, 4)), ((4,), (3, 4)), ((3, 4), (4,)), ((2, 3, 2), (3, 1)), ((3, 4), (1, 1))]
UNARY = ["sqrt", "exp", "log", "log2", "log10", "log1p", "expm1", "sin", "cos", "tan", "arcsin", "arccos", "arctan",
         "sinh", "cosh", "tanh", "floor", "ceil", "trunc", "rint", "abs", "negative", "sign", "square", "isnan", "isinf",
         "isfinite", "logical_not", "cbrt", "exp2", "reciprocal"]
BOOL_OK_UNARY = ("abs", "isnan", "isinf", "isfinite", "logical_not")
IS_INT = ("int32", "int64")


def is_bool_kind(dt):
    return dt == "bool"


def int_kind(dt):
    return dt in ("bool", "int32", "int64")


def gen_elementwise():
    fam = Family("elementwise")
    seed = 1000
    # binary ufuncs over dtype pairs, the shape pattern rotating to cover broadcasting
    # each op meets 3 dtype pairs spread over the list (every pair meets 4 or 5 ops)
    for oi, op in enumerate(BINARY):
        for k in range(3):
            pi = (oi + 4 * k) % len(PAIRS)
            da, db = PAIRS[pi]
            if da == "bool" and db == "bool" and (op == "subtract" or op in FLOAT_BINARY or op in INT8_ON_BOOL):
                continue  # TypeError in numpy / float16 / int8: see the module doc
            sa, sb = SHAPES[(oi + k) % len(SHAPES)]
            seed += 1
            a = pool(da, sa, seed, specials=True)
            b = pool(db, sb, seed + 500, specials=True,
                     nonneg=(op == "power" and int_kind(da) and int_kind(db)))
            with np.errstate(all="ignore"):
                res = getattr(np, op)(a, b)
            fam.add("%s_%s_%s_%s_%s" % (op, da, db, "x".join(map(str, sa)), "x".join(map(str, sb))),
                    "np.%s(a, b)" % op, "binary", {"a": a, "b": b}, {"fn": op}, res)
    # explicit edge cases
    edge = [
        ("add_int32_wraps", "add", np.array([2147483647, -2147483648, 5], dtype=np.int32),
         np.array([1, -1, 2147483647], dtype=np.int32)),
        ("multiply_int32_wraps", "multiply", np.array([65536, -65536, 46341], dtype=np.int32),
         np.array([65536, 65537, 46341], dtype=np.int32)),
        ("multiply_int64_wraps", "multiply", np.array([2 ** 62, -(2 ** 40), 3], dtype=np.int64),
         np.array([4, 2 ** 40, -(2 ** 62)], dtype=np.int64)),
        ("power_float_c_semantics", "power", np.array([1.0, -1.0, 1.0, 2.0, NAN, -1.0, 0.0, -8.0]),
         np.array([NAN, INF, -INF, NAN, 0.0, -INF, -1.0, 1.0 / 3.0])),
        ("floor_divide_int_negative", "floor_divide", np.array([-7, -7, 7, 7, -6, 0, 5, -5], dtype=np.int64),
         np.array([2, -2, 2, -2, 3, 5, 0, 0], dtype=np.int64)),
        ("mod_int_negative", "mod", np.array([-7, -7, 7, 7, -6, 0, 5, -5], dtype=np.int32),
         np.array([2, -2, 2, -2, 3, 5, 0, 0], dtype=np.int32)),
        ("floor_divide_float_negative", "floor_divide", np.array([-7.5, 7.5, -0.0, 5.0, INF, -3.0, 3.0, 1.0, -1.0]),
         np.array([2.0, -2.0, 3.0, INF, 2.0, INF, -INF, 0.0, 0.0])),
        ("mod_float_negative", "mod", np.array([-7.5, 7.5, -0.0, 5.0, INF, -3.0, 3.0, 1.0, -1.0]),
         np.array([2.0, -2.0, 3.0, INF, 2.0, INF, -INF, 0.0, 0.0])),
        ("mod_float32_negative", "mod", np.array([-7.5, 7.5, -1.25, 5.0, 3.0], dtype=np.float32),
         np.array([2.0, -2.0, 0.5, -3.0, 0.0], dtype=np.float32)),
        ("true_divide_float_by_zero", "true_divide", np.array([1.0, -1.0, 0.0, NAN, INF, -INF]),
         np.array([0.0, 0.0, 0.0, 0.0, 0.0, -0.0])),
        ("true_divide_int_by_zero", "true_divide", np.array([1, -1, 0, 7], dtype=np.int32),
         np.array([0, 0, 0, 2], dtype=np.int32)),
        ("floor_divide_float32_by_zero", "floor_divide", np.array([1.0, -1.0, 0.0, 2.5], dtype=np.float32),
         np.array([0.0, 0.0, 0.0, 0.0], dtype=np.float32)),
        ("less_nan", "less", np.array([NAN, 1.0, NAN, -INF]), np.array([1.0, NAN, NAN, INF])),
        ("not_equal_nan", "not_equal", np.array([NAN, 1.0, NAN, INF]), np.array([NAN, NAN, 1.0, INF])),
        ("maximum_nan", "maximum", np.array([NAN, 1.0, -INF, 2.0]), np.array([1.0, NAN, 0.0, INF])),
        ("minimum_nan_float32", "minimum", np.array([NAN, 1.0, -INF, 2.0], dtype=np.float32),
         np.array([1.0, NAN, 0.0, INF], dtype=np.float32)),
        ("logical_and_nan_truthy", "logical_and", np.array([NAN, 0.0, -0.0, 2.0]), np.array([1, 1, 1, 0], dtype=np.int32)),
        ("arctan2_signed_zeros", "arctan2", np.array([0.0, -0.0, 0.0, -0.0, 1.0, -1.0, INF, -INF]),
         np.array([0.0, 0.0, -0.0, -0.0, -INF, INF, INF, -INF])),
        ("hypot_inf_nan", "hypot", np.array([INF, NAN, -INF, 3.0]), np.array([NAN, INF, 1.0, -4.0])),
        # a 0-d operand of the same dtype (mixed dtypes would meet numpy 1.x value-based casting)
        ("add_float64_0d", "add", pool("float64", (3, 4), 2900), np.array(2.5)),
        ("less_int64_0d_first", "less", np.array(1, dtype=np.int64), pool("int64", (2, 3), 2901)),
        ("multiply_empty", "multiply", np.zeros((0, 3), dtype=np.int32), np.array([1, 2, 3], dtype=np.int32)),
    ]
    for name, op, a, b in edge:
        with np.errstate(all="ignore"):
            res = getattr(np, op)(a, b)
        fam.add(name, "np.%s(a, b)" % op, "binary", {"a": a, "b": b}, {"fn": op}, res)

    # tensor with a Java scalar: numpy's rule for Python scalars (kind decides, not precision)
    for di, dt in enumerate(SUPPORTED):
        a = pool(dt, (3, 4), 3000 + di, specials=True)
        for op in ("add", "true_divide", "less"):
            for s in (3, 2.5, True):
                if dt == "bool" and isinstance(s, bool) and op in FLOAT_BINARY:
                    continue
                with np.errstate(all="ignore"):
                    res = getattr(np, op)(a, s)
                fam.add("%s_%s_scalar_%s" % (op, dt, type(s).__name__), "np.%s(a, %s)" % (op, py(s)), "scalar",
                        {"a": a}, {"fn": op, "scalar": enc_scalar(s), "scalar_first": False}, res)
    sc = [
        # (name, op, array, scalar, scalar_first)
        ("floor_divide_int32_neg3", "floor_divide", pool("int32", (3, 4), 3100), -3, False),
        ("mod_int32_neg3", "mod", pool("int32", (3, 4), 3100), -3, False),
        ("floor_divide_int64_neg3", "floor_divide", pool("int64", (3, 4), 3101), -3, False),
        ("mod_int64_neg3", "mod", pool("int64", (3, 4), 3101), -3, False),
        ("floor_divide_float64_neg3", "floor_divide", pool("float64", (3, 4), 3102, specials=True), -3, False),
        ("mod_float64_neg2p5", "mod", pool("float64", (3, 4), 3102, specials=True), -2.5, False),
        ("subtract_10_int32", "subtract", pool("int32", (3, 4), 3103), 10, True),
        ("subtract_2p5_bool", "subtract", pool("bool", (3, 4), 3104), 2.5, True),
        ("subtract_int64_1", "subtract", pool("bool", (3, 4), 3104), 1, False),
        ("true_divide_1_int64", "true_divide", pool("int64", (3, 4), 3105), 1, True),
        ("power_2_int32", "power", pool("int32", (3, 4), 3106, nonneg=True), 2, True),
        ("power_2p0_int32", "power", pool("int32", (3, 4), 3106), 2.0, True),
        ("mod_7_int32", "mod", pool("int32", (3, 4), 3107), 7, True),
        ("floor_divide_m7p5_float32", "floor_divide", pool("float32", (3, 4), 3108, specials=True), -7.5, True),
        ("greater_0_float64", "greater", pool("float64", (3, 4), 3109, specials=True), 0, True),
        ("arctan2_1_int32", "arctan2", pool("int32", (3, 4), 3110), 1, True),
        ("true_divide_int32_by_0", "true_divide", pool("int32", (3, 4), 3111), 0, False),
        ("floor_divide_int64_by_0", "floor_divide", pool("int64", (3, 4), 3112), 0, False),
        ("mod_int32_by_0", "mod", pool("int32", (3, 4), 3113), 0, False),
        ("floor_divide_float64_by_0", "floor_divide", pool("float64", (3, 4), 3114, specials=True), 0, False),
        ("mod_float32_by_0p0", "mod", pool("float32", (3, 4), 3115, specials=True), 0.0, False),
        ("true_divide_float64_by_0p0", "true_divide", pool("float64", (3, 4), 3116, specials=True), 0.0, False),
        ("power_int32_2", "power", pool("int32", (3, 4), 3117), 2, False),
        ("power_int64_0p5", "power", pool("int64", (3, 4), 3118), 0.5, False),
        ("power_float32_m1", "power", pool("float32", (3, 4), 3119, specials=True), -1, False),
        ("power_float64_3", "power", pool("float64", (3, 4), 3120, specials=True), 3, False),
        ("maximum_float64_nan", "maximum", pool("float64", (3, 4), 3121), NAN, False),
        ("minimum_int32_2p5", "minimum", pool("int32", (3, 4), 3122), 2.5, False),
        ("minimum_float32_inf", "minimum", pool("float32", (3, 4), 3122, specials=True), INF, False),
        ("logical_and_int32_true", "logical_and", pool("int32", (3, 4), 3123), True, False),
        ("logical_or_float64_0", "logical_or", pool("float64", (3, 4), 3124, specials=True), 0, False),
        ("logical_xor_bool_1p5", "logical_xor", pool("bool", (3, 4), 3125), 1.5, False),
        ("multiply_int32_true", "multiply", pool("int32", (3, 4), 3126), True, False),
        ("add_bool_1", "add", pool("bool", (3, 4), 3127), 1, False),
        ("add_float32_3", "add", pool("float32", (3, 4), 3128), 3, False),
        ("add_bool_true", "add", pool("bool", (3, 4), 3127), True, False),
        ("equal_int64_2", "equal", pool("int64", (3, 4), 3129), 2, False),
        ("not_equal_float32_0p5", "not_equal", pool("float32", (3, 4), 3130), 0.5, False),
        ("greater_equal_bool_false", "greater_equal", pool("bool", (3, 4), 3131), False, False),
        ("hypot_float32_3", "hypot", pool("float32", (3, 4), 3132, specials=True), 3, False),
        ("floor_divide_int32_true", "floor_divide", pool("int32", (3, 4), 3133), True, False),
        ("subtract_int32_large_fits", "subtract", pool("int32", (3, 4), 3134), 2000000000, False),
    ]
    for name, op, a, s, first in sc:
        with np.errstate(all="ignore"):
            res = getattr(np, op)(s, a) if first else getattr(np, op)(a, s)
        expr = "np.%s(%s, a)" % (op, py(s)) if first else "np.%s(a, %s)" % (op, py(s))
        fam.add(name, expr, "scalar", {"a": a}, {"fn": op, "scalar": enc_scalar(s), "scalar_first": first}, res)

    # unary ufuncs
    fvals = np.array([-INF, -2.5, -1.0, -0.5, -0.0, 0.0, 0.3, 0.5, 1.0, 1.5, 2.5, 7.25, 100.0, NAN, INF]).reshape(3, 5)
    inputs = {
        "float64": fvals,
        "float32": fvals.astype(np.float32),
        "int32": np.arange(-6, 6, dtype=np.int32).reshape(3, 4),
        "int64": np.array([-1000, -3, -1, 0, 1, 2, 3, 10, 1000, 2 ** 40], dtype=np.int64).reshape(2, 5),
        "bool": np.array([True, False, False, True, True, False]).reshape(2, 3),
    }
    for ui, fn in enumerate(UNARY):
        for dt, a in inputs.items():
            if dt == "bool" and fn not in BOOL_OK_UNARY:
                continue  # numpy float16 / int8 / TypeError: see the module doc
            if dt == ("int64" if ui % 2 == 0 else "int32"):
                continue  # one integer dtype per ufunc, alternating
            if fn == "reciprocal" and dt in IS_INT:
                a = a[a != 0]
            with np.errstate(all="ignore"):
                res = getattr(np, fn)(a)
            fam.add("%s_%s" % (fn, dt), "np.%s(a)" % fn, "unary", {"a": a}, {"fn": fn}, res)
    # astype (numpy's casting: floats truncate toward zero, nonzero is True)
    ca = np.array([-2.7, -0.5, 0.0, 0.5, 1.0, 2.9, 1e3, -7.0])
    for to in SUPPORTED:
        fam.add("astype_float64_to_%s" % to, "a.astype(%s)" % to, "astype", {"a": ca}, {"dtype": to}, ca.astype(to))
    ia = np.array([-3, 0, 1, 2, 70000, -70000], dtype=np.int64)
    for to in SUPPORTED:
        fam.add("astype_int64_to_%s" % to, "a.astype(%s)" % to, "astype", {"a": ia}, {"dtype": to}, ia.astype(to))
    # a chain fused into one task: ((a + b) * 2 - sqrt(|a|)) / (b + 10)
    a = pool("float64", (4, 5), 4000)
    b = pool("float64", (4, 5), 4001, nonneg=True)
    fam.add("chain_fused", "((a + b) * 2 - np.sqrt(np.abs(a))) / (b + 10)", "chain", {"a": a, "b": b}, {},
            ((a + b) * 2 - np.sqrt(np.abs(a))) / (b + 10))
    return fam


# ---- reductions -------------------------------------------------------------------------------

def reduce_np(op, a, axis, keepdims, ddof):
    if op in ("var", "std"):
        return getattr(np, op)(a, axis=axis, keepdims=keepdims, ddof=ddof)
    if op in ("argmin", "argmax"):
        return getattr(np, op)(a, axis=axis)
    if op == "count_nonzero":
        return np.asarray(np.count_nonzero(a, axis=axis), dtype=np.int64)
    return getattr(np, op)(a, axis=axis, keepdims=keepdims)


def axis_text(axis):
    if axis is None:
        return "None"
    return str(axis)


def axis_name(axis):
    if axis is None:
        return "all"
    if isinstance(axis, tuple):
        return "ax" + "_".join(str(x).replace("-", "m") for x in axis)
    return "ax" + str(axis).replace("-", "m")


def gen_reductions():
    fam = Family("reductions")
    r = rng(77)
    inputs2 = {
        "float64": np.round(r.uniform(-4, 4, (3, 4)), 3),
        "float32": np.round(r.uniform(-4, 4, (3, 4)), 2).astype(np.float32),
        "int32": r.integers(-3, 4, (3, 4)).astype(np.int32),  # small range: ties for argmin/argmax
        "int64": r.integers(-5, 6, (3, 4)),
        "bool": r.random((3, 4)) < 0.6,
    }
    # rotated so that every op meets every axis form across the dtypes
    variants2 = [(None, False), (0, False), (1, True), (-1, False), ((0, 1), True), (None, True), (0, True), ((0, 1), False)]
    ops = ["sum", "prod", "min", "max", "mean", "var", "std", "all", "any", "count_nonzero", "argmin", "argmax"]
    k = 0
    for dt, a in inputs2.items():
        for oi, op in enumerate(ops):
            for vi in range(1 if dt in ("float32", "int64") else 2):
                axis, keep = variants2[(oi + vi * 4 + k) % len(variants2)]
                if op in ("argmin", "argmax", "count_nonzero"):
                    keep = False
                    if op != "count_nonzero" and isinstance(axis, tuple):
                        axis = -1
                ddof = 1 if (op in ("var", "std") and vi == 1) else 0
                add_reduction(fam, op, dt, a, axis, keep, ddof)
            k += 1
    # 3-D
    inputs3 = {
        "float64": np.round(r.uniform(-3, 3, (2, 3, 2)), 2),
        "int32": r.integers(-2, 3, (2, 3, 2)).astype(np.int32),
        "bool": r.random((2, 3, 2)) < 0.5,
        "float32": np.round(r.uniform(-3, 3, (2, 3, 2)), 2).astype(np.float32),
    }
    variants3 = [(None, False), (0, False), (2, True), ((0, 2), False), ((1, 2), True), (-1, False), ((0, 1, 2), True),
                 (1, False), ((0, 1), False), (-2, True)]
    ops3 = ["sum", "prod", "max", "min", "mean", "var", "std", "argmax", "argmin", "any", "all", "count_nonzero"]
    k = 0
    for di, (dt, a) in enumerate(inputs3.items()):
        for oi, op in enumerate(ops3):
            axis, keep = variants3[(oi + k) % len(variants3)]
            if op in ("argmin", "argmax", "count_nonzero"):
                keep = False
                if op != "count_nonzero" and isinstance(axis, tuple):
                    axis = 1
            ddof = 1 if (op in ("var", "std") and di % 2 == 0) else 0
            add_reduction(fam, op, dt, a, axis, keep, ddof, tag="3d")
        k += 3
    # NaN: propagates through sum/min/max/mean/var; argmin/argmax give the first NaN; truthy in any/all
    an = np.round(r.uniform(-4, 4, (4, 5)), 3)
    an[1, 3] = NAN
    an[3, 0] = NAN
    an[2, 2] = INF
    for op, axis in [("sum", None), ("sum", 0), ("min", 1), ("max", 0), ("mean", 1), ("var", 0), ("std", None),
                     ("argmin", None), ("argmax", 0), ("argmin", 1), ("all", 1), ("any", None), ("count_nonzero", 1)]:
        add_reduction(fam, op, "float64", an, axis, False, 0, tag="nan")
    # ties across chunk boundaries: the first position wins
    ties = np.array([[3, 1, 3, 1, 0], [0, 3, 3, 0, 1], [3, 0, 1, 3, 3], [1, 1, 0, 0, 3]], dtype=np.int64)
    for op, axis in [("argmax", None), ("argmin", None), ("argmax", 0), ("argmin", 0), ("argmax", 1), ("argmin", -1)]:
        add_reduction(fam, op, "int64", ties, axis, False, 0, tag="ties")
    bt = np.array([False, False, True, False, True, True, False])
    for op in ("argmax", "argmin"):
        add_reduction(fam, op, "bool", bt, None, False, 0, tag="1d")
    # ddof >= n: numpy divides by max(n - ddof, 0), giving inf (or nan for zero spread)
    dd = np.array([[1.0, 2.0, 3.0], [4.0, 4.0, 4.0]])
    add_reduction(fam, "var", "float64", dd, 1, False, 3, tag="ddof_ge_n")
    add_reduction(fam, "std", "float64", dd, 1, True, 4, tag="ddof_ge_n")
    add_reduction(fam, "var", "float64", dd, None, False, 6, tag="ddof_ge_n")
    # empty inputs: identities
    e = np.zeros((0, 3))
    for op, axis in [("sum", 0), ("prod", None), ("any", None), ("all", 0), ("count_nonzero", None)]:
        add_reduction(fam, op, "float64", e, axis, False, 0, tag="empty")
    with np.errstate(all="ignore"):
        add_reduction(fam, "mean", "float64", e, 0, False, 0, tag="empty")
    add_reduction(fam, "sum", "int32", np.zeros((2, 0), dtype=np.int32), 1, True, 0, tag="empty")
    return fam


def add_reduction(fam, op, dt, a, axis, keep, ddof, tag=""):
    with np.errstate(all="ignore"):
        res = reduce_np(op, a, axis, keep, ddof)
    parts = ["a"]
    if axis is not None or op not in ("argmin", "argmax"):
        parts.append("axis=%s" % axis_text(axis))
    if keep:
        parts.append("keepdims=True")
    if ddof:
        parts.append("ddof=%d" % ddof)
    name = "%s_%s%s_%s%s%s" % (op, dt, "_" + tag if tag else "", axis_name(axis), "_keep" if keep else "",
                               "_ddof%d" % ddof if ddof else "")
    if fam.has(name):
        return  # the rotation of axis forms met this one already
    params = {"fn": op, "axis": (list(axis) if isinstance(axis, tuple) else axis), "keepdims": keep, "ddof": ddof}
    fam.add(name, "np.%s(%s)" % (op, ", ".join(parts)), "reduce", {"a": a}, params, res)


# ---- indexing ------------------------------------------------------------------------------------

def apply_slice(a, spec):
    idx = []
    for part in spec.split(","):
        bits = [b.strip() for b in part.split(":")]
        vals = [int(b) if b else None for b in bits]
        idx.append(slice(*vals))
    return a[tuple(idx)]


def gen_indexing():
    fam = Family("indexing")
    a1 = np.arange(10, dtype=np.int64) * 3 - 7
    a2 = np.round(rng(5).uniform(-9, 9, (5, 6)), 2)
    a3 = np.arange(24, dtype=np.int32).reshape(2, 3, 4) - 11
    ab = rng(6).random((4, 3)) < 0.5
    af = (np.arange(12, dtype=np.float32) / 4).reshape(3, 4)
    specs = {
        "1d": (a1, ["2:7", "::2", "1::3", "-3:", ":-3", "-8:-2:2", "::-1", "8:2:-2", "-1:-11:-3", "-100:100",
                    "5:100:2", "100:", "3:3", "7:2", "2:8:-1", "::-4", "11::-1", "-20:3", "4:-20:-1", "9:"]),
        "2d": (a2, ["1:4, ::2", "::-1, 1:5", "-2:, -100:3", "::2, ::-3", ":, 4:1:-1", "3:1, :", "1:5:2",
                    "-1:-6:-2, 5:", "10:, :", ":, -7:7:4", "::-2"]),
        "3d": (a3, ["::-1, 1:, ::3", "1:2, ::-2, 1:3", ":, :, -1:", "-1:, -2:, ::-1", ":, 5:, :", "0:2, 0:3, 0:4"]),
        "bool": (ab, ["1:3, ::-1", "::-2"]),
        "f32": (af, ["::-1, 1::2", "1:, :3"]),
    }
    for tag, (a, ss) in specs.items():
        for i, s in enumerate(ss):
            fam.add("slice_%s_%d" % (tag, i), "a[%s]" % s, "slice", {"a": a}, {"spec": s}, apply_slice(a, s))
    # fetching a slice of an executed tensor reads only the chunks it needs
    for i, (a, s) in enumerate([(a1, "1:9:3"), (a2, "::-2, 1:5"), (a3, "1:, ::-1, 2:"), (a1, "5:2"), (a2, "-1:, ::-1")]):
        fam.add("slice_of_executed_%d" % i, "a[%s]" % s, "slice_of_executed", {"a": a}, {"spec": s}, apply_slice(a, s))
    # chained slices and a slice of a transpose
    fam.add("slice_chain", "a[1:, ::-1][::2, 1:4]", "slice_chain", {"a": a2}, {"spec": "1:, ::-1", "spec2": "::2, 1:4"},
            a2[1:, ::-1][::2, 1:4])
    fam.add("transpose_then_slice", "a.T[::-2, 1:]", "T_slice", {"a": a2}, {"spec": "::-2, 1:"}, a2.T[::-2, 1:])
    # a transposed chunk grid meeting another tensor's
    bt = np.round(rng(7).uniform(-5, 5, (6, 5)), 2)
    fam.add("transpose_then_add", "a.T + b", "T_add", {"a": a2, "b": bt}, {}, a2.T + bt)
    # boolean masks over all dimensions and over leading ones
    r = rng(11)
    m2 = r.random((5, 6)) < 0.4
    m3 = r.random((2, 3, 4)) < 0.5
    lead2 = np.array([True, False, True, True, False])
    lead3 = np.array([[True, False, True], [False, False, True]])
    masks = [
        ("mask_2d_all_dims", a2, m2),
        ("mask_3d_all_dims", a3, m3),
        ("mask_2d_leading", a2, lead2),
        ("mask_3d_leading_1", a3, np.array([False, True])),
        ("mask_3d_leading_2", a3, lead3),
        ("mask_1d", a1, a1 % 2 == 0),
        ("mask_all_false", a2, np.zeros((5, 6), dtype=bool)),
        ("mask_all_true_leading", a2, np.ones(5, dtype=bool)),
        ("mask_bool_data", ab, np.array([True, True, False, True])),
        ("mask_float32", af, af > 1.0),
    ]
    for name, a, m in masks:
        fam.add(name, "a[mask]", "mask", {"a": a, "mask": m}, {}, a[m])
    fam.add("mask_where_gt", "a[a > 0.5]", "mask_gt", {"a": a2}, {"threshold": 0.5}, a2[a2 > 0.5])
    fam.add("mask_where_gt_int", "a[a > 0]", "mask_gt", {"a": a3}, {"threshold": 0}, a3[a3 > 0])
    fam.add("mask_then_sum", "a[a > 0].sum()", "mask_gt_sum", {"a": a2}, {"threshold": 0}, np.sum(a2[a2 > 0]))
    fam.add("mask_then_sum_int", "a[a > 0].sum()", "mask_gt_sum", {"a": a3}, {"threshold": 0}, np.sum(a3[a3 > 0]))
    # transpose
    for name, a, axes in [("T_2d", a2, None), ("T_3d", a3, None), ("T_1d", a1, None), ("T_bool", ab, None),
                          ("transpose_10", a2, [1, 0]), ("transpose_102", a3, [1, 0, 2]), ("transpose_201", a3, [2, 0, 1]),
                          ("transpose_012", a3, [0, 1, 2]), ("transpose_neg", a3, [-1, 0, 1]), ("transpose_f32", af, [1, 0])]:
        if axes is None:
            fam.add(name, "a.T", "T", {"a": a}, {}, a.T)
        else:
            fam.add(name, "np.transpose(a, %s)" % (tuple(axes),), "transpose", {"a": a}, {"axes": axes},
                    np.transpose(a, axes))
    # rechunking keeps the values
    for name, a, size in [("rechunk_2d_to_4", a2, 4), ("rechunk_3d_to_1", a3, 1), ("rechunk_1d_to_3", a1, 3)]:
        fam.add(name, "a", "rechunk", {"a": a}, {"size": size}, a)
    return fam


# ---- linalg -------------------------------------------------------------------------------------

def gen_linalg():
    fam = Family("linalg")
    r = rng(99)

    def mk(dt, shape):
        if dt == "bool":
            return r.random(shape) < 0.5
        if dt in IS_INT:
            return r.integers(-5, 6, shape).astype(dt)
        return np.round(r.uniform(-3, 3, shape), 3).astype(dt)

    shapes = [((4,), (4,)), ((3, 4), (4,)), ((4,), (4, 5)), ((3, 4), (4, 5)), ((5, 4), (4, 7)), ((1, 4), (4, 1)),
              ((4, 1), (1, 3))]
    dpairs = [("float64", "float64"), ("int64", "int64"), ("int32", "int32"), ("int32", "float32"),
              ("float32", "float32"), ("bool", "bool"), ("int64", "float64"), ("int32", "int64")]
    i = 0
    for op in ("dot", "matmul"):
        for sa, sb in shapes:
            for j in range(2 if op == "dot" and len(sa) + len(sb) <= 3 else 1):
                da, db = dpairs[i % len(dpairs)]
                i += 1
                a = mk(da, sa)
                b = mk(db, sb)
                fam.add("%s_%s_%s_%s_%s" % (op, da, db, "x".join(map(str, sa)), "x".join(map(str, sb))),
                        "np.%s(a, b)" % op, op, {"a": a, "b": b}, {}, getattr(np, op)(a, b))
    # a transposed operand
    at, bt = mk("float64", (4, 3)), mk("float64", (4, 2))
    fam.add("dot_transposed_a", "np.dot(a.T, b)", "dot_T", {"a": at, "b": bt}, {}, np.dot(at.T, bt))
    # empty contracted axis: zeros
    e1, e2 = np.zeros((3, 0)), np.zeros((0, 2))
    fam.add("dot_float64_empty_inner", "np.dot(a, b)", "dot", {"a": e1, "b": e2}, {}, np.dot(e1, e2))
    v0 = np.zeros(0, dtype=np.int64)
    fam.add("matmul_int64_empty_1d", "np.matmul(a, b)", "matmul", {"a": v0, "b": v0}, {}, np.matmul(v0, v0))
    # norms
    x2 = mk("float64", (3, 4))
    x1 = np.array([3.0, -4.0, 0.0, 1.5, -0.25])
    xi = mk("int32", (3, 4))
    xf = mk("float32", (3, 4))
    x3 = mk("float64", (2, 3, 2))
    ords = [None, 1, 2, INF, -INF, 0, 3]
    # vector norms along one axis (or of a 1-D tensor)
    for oi, o in enumerate(ords):
        add_norm(fam, "1d", x1, o, None, False)
        add_norm(fam, "2d", x2, o, (0, 1, -1)[oi % 3], oi % 2 == 0)
        add_norm(fam, "2d", x2, o, (1, -1, 0)[oi % 3], False)
        add_norm(fam, "3d", x3, o, oi % 3, oi % 2 == 0)
    for oi, o in enumerate((None, 1, INF, 0)):
        add_norm(fam, "int32", xi, o, oi % 2, False)
    for oi, o in enumerate((2, -INF, 3, None)):
        add_norm(fam, "float32", xf, o, 1 - oi % 2, oi % 2 == 1)
    # matrix norms over two axes (or of a 2-D tensor): 1, -1, inf, -inf and Frobenius (ord None)
    for o in (1, -1, INF, -INF, None):
        add_norm(fam, "2d", x2, o, (0, 1), False)
        add_norm(fam, "2d", x2, o, None, o is None)
    for tag, x, o, axis, keep in [("2d", x2, 1, (1, 0), True), ("2d", x2, -INF, (1, 0), False),
                                  ("3d", x3, -1, (1, 2), True), ("3d", x3, INF, (1, 2), False),
                                  ("3d", x3, None, (1, 2), False), ("3d", x3, -INF, (2, 0), True),
                                  ("int32", xi, 1, None, False), ("int32", xi, None, None, True),
                                  ("float32", xf, INF, None, False)]:
        add_norm(fam, tag, x, o, axis, keep)
    # Mt.linalg.norm(x): the 2-norm of the flattened tensor
    for tag, x in [("1d", x1), ("2d", x2), ("int32", xi), ("float32", xf), ("3d", x3)]:
        fam.add("norm_default_%s" % tag, "np.linalg.norm(x)", "norm_default", {"x": x}, {}, np.linalg.norm(x))
    return fam


def add_norm(fam, tag, x, o, axis, keep):
    res = np.linalg.norm(x, ord=o, axis=axis, keepdims=keep)
    oname = "None" if o is None else ("inf" if o == INF else ("minf" if o == -INF else str(o)))
    name = "norm_%s_ord%s_%s%s" % (tag, oname, axis_name(axis), "_keep" if keep else "")
    if fam.has(name):
        return
    expr = "np.linalg.norm(x, ord=%s, axis=%s%s)" % (py(o) if o is not None else "None", axis_text(axis),
                                                    ", keepdims=True" if keep else "")
    params = {"ord": enc_value(o, "float64") if o is not None else None,
              "axis": (list(axis) if isinstance(axis, tuple) else ([axis] if axis is not None else None)), "keepdims": keep}
    fam.add(name, expr, "norm", {"x": x}, params, res)


def main():
    total = 0
    size = 0
    for gen in (gen_creation, gen_elementwise, gen_reductions, gen_indexing, gen_linalg):
        path, n = gen().write()
        total += n
        size += os.path.getsize(path)
        print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))
    print("total %d cases, %d bytes" % (total, size))
    if size > 1_000_000:
        sys.exit("fixtures must stay under 1 MB")


if __name__ == "__main__":
    main()
