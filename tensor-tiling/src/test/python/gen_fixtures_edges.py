#!/usr/bin/python3
"""Writes the numpy fixtures of issue 12 item 9 (no silent wrong answers): nasty data through
casts, type promotion, sums and order statistics.

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_edges.py

Same format and conventions as gen_fixtures.py (whose helpers it reuses): expected values come
from numpy 1.24, inputs are literal and stored next to the results, re-running reproduces
fixtures/edges.json byte for byte. Edges_FixtureTest runs every case on chunks of 1, 2, 3,
whole (and 2|3 for two inputs), fused and unfused, and also demands that fused and unfused
results agree bit for bit (signed zeros included).

Cases, by category:
  * float -> int casts: NaN, +-inf, values beyond int32/int64, 2**63, -2**63, fractions near
    the int32 limits, -0.0; float64 and float32 sources, alone and inside fused chains, through
    np.full and through setitem of a float scalar (Python's int(): truncate, then wrap).
  * value-based casting (numpy 1.24) of Python scalars and 0-d arrays: int32 with 2**31 and
    2**40, float32 with 65535 / 65536 / -32769 / 3.4e38 / inf, bool with ints, comparisons with
    scalars beyond the array's range, where(); 0-d arrays as literals and as computed sums.
  * sums with infinities: sum, mean, nansum, nanmean, cumsum, nancumsum, prod (0 * inf), var
    of [inf, -inf, 1], [inf, 1, 2], [-inf, nan, inf], with and without a fused map before.
  * empty and one-element inputs: sum, mean, median, nanmedian, cumsum, astype.
  * int64 extremes: sum and cumsum wrap, abs / negative of INT64_MIN, // -1.
numpy's RuntimeWarnings (invalid value in cast, mean of empty slice) are expected and ignored
here; the Java side checks that Mars reports them (Edges_FixtureTest.warnings...).
"""

import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as g  # noqa: E402

warnings.filterwarnings("ignore", category=RuntimeWarning)
warnings.filterwarnings("ignore", category=DeprecationWarning)
NAN = g.NAN
INF = g.INF
I64_MIN = -2 ** 63
I64_MAX = 2 ** 63 - 1


CAST_SOURCE = [NAN, INF, -INF, 1e19, -1e19, 3e9, -3e9, 5e9, 2.0 ** 63, -2.0 ** 63, 2147483647.9, -2147483648.9,
               -0.0, 0.0, 1.9, -1.9, 2.0 ** 31, -2.0 ** 31, 2.0 ** 31 - 1, 65535.5]


def gen_casts(fam):
    f64 = np.array(CAST_SOURCE, dtype=np.float64)
    f32 = f64.astype(np.float32)
    for src, name in ((f64, "float64"), (f32, "float32")):
        for to in ("int32", "int64", "bool"):
            fam.add("astype_%s_%s" % (name, to), "a.astype(np.%s)" % to, "astype", {"a": src}, {"dtype": to},
                    src.astype(to))
        # a fused chain around the cast: the generated loop must convert as astype does
        fam.add("chain_%s_times1_astype_int32_plus1" % name, "(a * 1).astype(np.int32) + 1", "astype_chain",
                {"a": src}, {"dtype": "int32"}, (src * 1).astype(np.int32) + np.int32(1))
    a2 = f64.reshape(4, 5)
    fam.add("astype_float64_int64_2d", "a.astype(np.int64)", "astype", {"a": a2}, {"dtype": "int64"},
            a2.astype(np.int64))
    for v in (NAN, 3e9, -1e19, 2.5, -0.0):
        for dt in ("int32", "int64"):
            fam.add("full_%s_%s" % (g.slug(repr(v)), dt), "np.full((5,), %s, np.%s)" % (g.py(v), dt), "full", {},
                    {"shape": [5], "value": g.enc_scalar(v), "dtype": dt}, np.full((5,), v, dt))
    # setitem of a float scalar into an int array is Python's int(x): truncated, then wrapped to int32
    for v, dt in ((3e9, "int32"), (-2.5, "int32"), (3e9, "int64"), (-1e18, "int32")):
        a = np.arange(6, dtype=dt)
        out = a.copy()
        out[1:4] = v
        fam.add("setitem_%s_%s" % (g.slug(repr(v)), dt), "a[1:4] = %s" % g.py(v), "setitem", {"a": a},
                {"index": "1:4", "value": g.enc_scalar(v)}, out)
        m = a.copy()
        m[m % 2 == 0] = v
        fam.add("setmask_%s_%s" % (g.slug(repr(v)), dt), "a[a % 2 == 0] = " + g.py(v), "setmask", {"a": a},
                {"value": g.enc_scalar(v)}, m)


def add_scalar(fam, name, fn, a, s, first=False):
    x = g.py(s)
    expr = "np.%s(%s, a)" % (fn, x) if first else "np.%s(a, %s)" % (fn, x)
    res = getattr(np, fn)(s, a) if first else getattr(np, fn)(a, s)
    fam.add(name, expr, "scalar", {"a": a}, {"fn": fn, "scalar": g.enc_scalar(s), "scalar_first": first}, res)


def gen_promotion(fam):
    i32 = np.array([-3, 0, 7, 2147483647, -2147483648], dtype=np.int32)
    for s in (2 ** 31 - 1, 2 ** 31, -2 ** 31, -2 ** 31 - 1, 3_000_000_000, 2 ** 40, -2 ** 40, I64_MAX, I64_MIN):
        add_scalar(fam, "int32_add_%s" % g.slug(str(s)), "add", i32, s)
    add_scalar(fam, "int32_rsub_2p40", "subtract", i32, 2 ** 40, first=True)
    add_scalar(fam, "int32_mul_2p31", "multiply", i32, 2 ** 31)
    add_scalar(fam, "int32_floordiv_2p40", "floor_divide", i32, 2 ** 40)
    add_scalar(fam, "int32_truediv_2p40", "true_divide", i32, 2 ** 40)
    for fn in ("less", "equal", "greater_equal", "maximum", "minimum"):
        for s in (3_000_000_000, -2 ** 40, 3e9):
            add_scalar(fam, "int32_%s_%s" % (fn, g.slug(repr(s))), fn, i32, s)
    f32 = np.array([0.5, -1.25, 3.0e38, -2.0, 1e-30], dtype=np.float32)
    for s in (65535, 65536, -32768, -32769, 70000, 2 ** 24 + 1, 1.5, 3.3e38, 3.4e38, 1e300, INF, NAN, True):
        add_scalar(fam, "float32_add_%s" % g.slug(repr(s)), "add", f32, s)
    b = np.array([True, False, True])
    for s in (5, 2 ** 40, 1.5, True):
        add_scalar(fam, "bool_add_%s" % g.slug(repr(s)), "add", b, s)
    i64 = np.array([I64_MAX, I64_MIN, 0], dtype=np.int64)
    add_scalar(fam, "int64_add_1_wraps", "add", i64, 1)
    add_scalar(fam, "int64_add_int64min", "add", i64, I64_MIN)
    c = np.array([True, False, True, False, True])
    for y in (2 ** 40, 5, 1e300):
        fam.add("where_int32_%s" % g.slug(repr(y)), "np.where(c, a, %s)" % g.py(y), "where_scalar",
                {"c": c, "a": i32}, {"scalar": g.enc_scalar(y)}, np.where(c, i32, y))
    # 0-d arrays count as scalars (value-based) when they meet arrays of more dimensions
    zero_d = [(np.array(5, np.int64), "int64_5"), (np.array(2 ** 40, np.int64), "int64_2p40"),
              (np.array(-7, np.int32), "int32_m7"), (np.array(1.5, np.float32), "float32_1p5"),
              (np.array(0.5, np.float64), "float64_0p5"), (np.array(1e300, np.float64), "float64_1e300"),
              (np.array(True), "bool_true"), (np.array(70000, np.int64), "int64_70000")]
    arrays = [(i32, "int32"), (f32, "float32"), (b, "bool"), (np.array([1, 2, 3], np.int64), "int64")]
    for z, zn in zero_d:
        for a, an in arrays:
            for fn in ("add", "less"):
                fam.add("zerod_%s_%s_%s" % (an, fn, zn), "np.%s(a, b) with b 0-d %s" % (fn, z.dtype), "binary",
                        {"a": a, "b": z}, {"fn": fn}, getattr(np, fn)(a, z))
            fam.add("zerod_%s_where_%s" % (an, zn), "np.where(a != 0, a, b) with b 0-d", "where",
                    {"a": a, "b": z}, {}, np.where(a != 0, a, z))
    fam.add("zerod_plus_zerod", "a + b, both 0-d", "binary", {"a": np.array(5, np.int32), "b": np.array(7, np.int64)},
            {"fn": "add"}, np.array(5, np.int32) + np.array(7, np.int64))
    fam.add("zerod_int32_plus_python_int", "a + 5, a 0-d int32", "scalar", {"a": np.array(5, np.int32)},
            {"fn": "add", "scalar": g.enc_scalar(5), "scalar_first": False}, np.array(5, np.int32) + 5)
    # 0-d operands whose value is only known when they run: a reduction of another array
    for a, an, bv in ((i32, "int32", np.array([2, 3, -1], np.int64)), (f32, "float32", np.array([0.25, 0.5])),
                      (f32, "float32", np.array([3, 4], np.int64)), (i32, "int32", np.array([True, True]))):
        fam.add("plus_sum_%s_%s" % (an, bv.dtype), "a + b.sum()", "plus_sum", {"a": a, "b": bv}, {},
                a + bv.sum())
        fam.add("minus_mean_%s_%s" % (an, bv.dtype), "a - b.mean()", "minus_mean", {"a": a, "b": bv}, {},
                a - bv.mean())


def gen_sums(fam):
    inputs = {
        "inf_minf_1": [INF, -INF, 1.0],
        "inf_1_2": [INF, 1.0, 2.0],
        "minf_nan_inf": [-INF, NAN, INF],
        "1_inf_nan_2": [1.0, INF, NAN, 2.0],
        "minf_1": [-INF, 1.0],
        "inf_0_2": [INF, 0.0, 2.0],
        "mzero_mzero": [-0.0, -0.0],
        "mzero_nan": [-0.0, NAN],
    }
    for tag, v in inputs.items():
        a = np.array(v)
        for fn in ("sum", "mean", "prod", "var", "nansum", "nanmean", "nanprod", "max", "nanmax"):
            fam.add("%s_%s" % (fn, tag), "np.%s(a)" % fn, "reduce", {"a": a}, {"fn": fn}, getattr(np, fn)(a))
        for fn in ("cumsum", "cumprod", "nancumsum"):
            fam.add("%s_%s" % (fn, tag), "np.%s(a)" % fn, "scan", {"a": a}, {"fn": fn}, getattr(np, fn)(a))
        fam.add("fused_sum_%s" % tag, "(a * 1.0).sum()", "fused_sum", {"a": a}, {}, (a * 1.0).sum())
        fam.add("fused_mean_%s" % tag, "(a + 0.0).mean()", "fused_mean", {"a": a}, {}, (a + 0.0).mean())
    m = np.array([[INF, 1.0, -INF], [2.0, INF, 3.0]])
    for fn in ("sum", "mean", "nansum"):
        for axis in (0, 1):
            fam.add("%s_2d_axis%d" % (fn, axis), "np.%s(a, axis=%d)" % (fn, axis), "reduce", {"a": m},
                    {"fn": fn, "axis": axis}, getattr(np, fn)(m, axis=axis))
    f32 = np.array([INF, -INF, 1.0], dtype=np.float32)
    fam.add("sum_float32_inf_minf", "np.sum(a) (float32)", "reduce", {"a": f32}, {"fn": "sum"}, np.sum(f32))


def gen_small(fam):
    for dt in ("float64", "int64"):
        e = np.array([], dtype=dt)
        for fn in ("sum", "mean", "median", "nanmedian", "prod"):
            fam.add("%s_empty_%s" % (fn, dt), "np.%s(a) of an empty %s array" % (fn, dt), "reduce", {"a": e},
                    {"fn": fn}, getattr(np, fn)(e))
        fam.add("cumsum_empty_%s" % dt, "np.cumsum(a) of an empty array", "scan", {"a": e}, {"fn": "cumsum"},
                np.cumsum(e))
    fam.add("median_empty_axis1", "np.median(a, axis=1), a of shape (3, 0)", "reduce",
            {"a": np.zeros((3, 0))}, {"fn": "median", "axis": 1}, np.median(np.zeros((3, 0)), axis=1))
    fam.add("nanmedian_all_nan", "np.nanmedian([nan, nan])", "reduce", {"a": np.array([NAN, NAN])},
            {"fn": "nanmedian"}, np.nanmedian(np.array([NAN, NAN])))
    fam.add("astype_empty", "a.astype(np.int32) of an empty float array", "astype", {"a": np.array([], np.float64)},
            {"dtype": "int32"}, np.array([], np.float64).astype(np.int32))
    one = np.array([NAN])
    for fn in ("sum", "mean", "median", "nanmedian", "nansum"):
        fam.add("%s_one_nan" % fn, "np.%s([nan])" % fn, "reduce", {"a": one}, {"fn": fn}, getattr(np, fn)(one))
    i = np.array([I64_MAX, 1, I64_MIN, -1], dtype=np.int64)
    fam.add("sum_int64_wraps", "np.sum(a)", "reduce", {"a": i}, {"fn": "sum"}, np.sum(i))
    fam.add("cumsum_int64_wraps", "np.cumsum(a)", "scan", {"a": i}, {"fn": "cumsum"}, np.cumsum(i))
    ext = np.array([I64_MIN, I64_MAX, -1, 0], dtype=np.int64)
    fam.add("abs_int64_min", "np.abs(a)", "unary", {"a": ext}, {"fn": "absolute"}, np.abs(ext))
    fam.add("negative_int64_min", "np.negative(a)", "unary", {"a": ext}, {"fn": "negative"}, np.negative(ext))
    add_scalar(fam, "int64_min_floordiv_m1", "floor_divide", ext, -1)
    add_scalar(fam, "int64_min_mod_m1", "mod", ext, -1)


def main():
    fam = g.Family("edges", "src/test/python/gen_fixtures_edges.py")
    gen_casts(fam)
    gen_promotion(fam)
    gen_sums(fam)
    gen_small(fam)
    path, n = fam.write()
    print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))


if __name__ == "__main__":
    main()
