#!/usr/bin/python3
"""Writes the numpy fixtures of issue 5 items 3 and 6 (ufuncs, statistics, sorting and sets).

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_stats.py

Same format and conventions as gen_fixtures.py (whose helpers it reuses): expected values
come from numpy, inputs are deterministic and stored next to the results, and re-running
reproduces the files byte for byte. Files: fixtures/bitwise_float_ufuncs.json, statistics.json,
sorting.json. Inputs stay tiny (<= 30 elements).

Deliberate deviations (no case generated): shifts, fmod and bitwise ufuncs of two bool
operands that numpy computes as int8; cumsum/cumprod with axis=None on N-d input (needs a
reshape); isclose/allclose against Python scalars; quantile methods other than 'linear'.
"""

import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as g  # noqa: E402

warnings.filterwarnings("ignore", category=RuntimeWarning)
NAN = g.NAN
INF = g.INF


class Family(g.Family):
    def write(self):
        path, n = super().write()
        with open(path) as f:
            text = f.read()
        text = text.replace('"generator": "src/test/python/gen_fixtures.py"',
                            '"generator": "src/test/python/gen_fixtures_stats.py"', 1)
        with open(path, "w") as f:
            f.write(text)
        return path, n


def shp(s):
    return "x".join(map(str, s))


# ---- ufuncs ---------------------------------------------------------------------------------

FLOAT_DT = ("float32", "float64")
INT_DT = ("int32", "int64")


def gen_bitwise_float_ufuncs():
    fam = Family("bitwise_float_ufuncs")
    seed = 5000
    shapes = [((5,), (5,)), ((2, 3), (3,)), ((3, 4), (3, 4)), ((4, 1), (1, 5))]
    binary = {
        "bitwise_and": INT_DT + ("bool",), "bitwise_or": INT_DT + ("bool",), "bitwise_xor": INT_DT + ("bool",),
        "fmax": FLOAT_DT + INT_DT, "fmin": FLOAT_DT + INT_DT, "fmod": FLOAT_DT + INT_DT,
        "remainder": FLOAT_DT + INT_DT, "copysign": FLOAT_DT + ("int64",), "logaddexp": FLOAT_DT + ("int32",),
        "logaddexp2": FLOAT_DT,
    }
    for oi, (op, dts) in enumerate(binary.items()):
        for k, dt in enumerate(dts):
            sa, sb = shapes[(oi + k) % len(shapes)]
            seed += 1
            a = g.pool(dt, sa, seed, specials=True)
            b = g.pool(dt, sb, seed + 500, specials=True)
            res = getattr(np, op)(a, b)
            fam.add("%s_%s_%s_%s" % (op, dt, shp(sa), shp(sb)), "np.%s(a, b)" % op, "binary",
                    {"a": a, "b": b}, {"fn": op}, res)
    # shifts: non-negative counts, including counts past the bit width
    for dt in INT_DT:
        a = np.array([1, -1, 5, -8, 1000, 7, -3, 2 ** 20], dtype=dt)
        b = np.array([0, 1, 3, 2, 40, 31, 70, 12], dtype=dt)
        for op in ("left_shift", "right_shift"):
            fam.add("%s_%s" % (op, dt), "np.%s(a, b)" % op, "binary", {"a": a, "b": b}, {"fn": op},
                    getattr(np, op)(a, b))
    fam.add("bitwise_mixed_int32_int64", "np.bitwise_and(a, b)", "binary",
            {"a": np.array([7, -1, 12], dtype=np.int32), "b": np.array([3, 255, -4], dtype=np.int64)},
            {"fn": "bitwise_and"}, np.bitwise_and(np.array([7, -1, 12], dtype=np.int32),
                                                  np.array([3, 255, -4], dtype=np.int64)))
    edge = [
        ("fmax_nan", "fmax", np.array([NAN, 1.0, NAN, -INF, 2.0]), np.array([1.0, NAN, NAN, 0.0, INF])),
        ("fmin_nan_float32", "fmin", np.array([NAN, 1.0, NAN, -INF], dtype=np.float32),
         np.array([1.0, NAN, NAN, 0.0], dtype=np.float32)),
        ("fmod_signs", "fmod", np.array([-7.5, 7.5, -7.0, 7.0, 1.0, INF]), np.array([2.0, -2.0, 3.0, -3.0, 0.0, 2.0])),
        ("fmod_int_signs", "fmod", np.array([-7, 7, -7, 7, 5], dtype=np.int64), np.array([2, -2, 3, -3, 0], dtype=np.int64)),
        ("copysign_zeros", "copysign", np.array([1.0, 2.0, -3.0, 0.0, INF]), np.array([-0.0, 0.0, 1.0, -1.0, -2.0])),
        ("logaddexp_inf", "logaddexp", np.array([-INF, INF, 1.0, -INF, 1000.0]), np.array([-INF, 1.0, 1.0, 2.0, 1000.0])),
    ]
    for name, op, a, b in edge:
        fam.add(name, "np.%s(a, b)" % op, "binary", {"a": a, "b": b}, {"fn": op}, getattr(np, op)(a, b))

    unary = {
        "invert": INT_DT + ("bool",), "signbit": FLOAT_DT + INT_DT, "degrees": FLOAT_DT + ("int64",),
        "radians": FLOAT_DT + ("int32",), "fabs": FLOAT_DT, "arcsinh": FLOAT_DT, "arctanh": ("float64",),
        "arccosh": ("float64",),
    }
    for oi, (op, dts) in enumerate(unary.items()):
        for k, dt in enumerate(dts):
            seed += 1
            s = [(6,), (3, 4), (2, 3, 2)][(oi + k) % 3]
            a = g.pool(dt, s, seed, specials=True)
            if op == "arctanh":
                a = np.array([-1.0, -0.5, 0.0, 0.25, 0.999, 1.0, 2.0, NAN, 1e-10])
            if op == "arccosh":
                a = np.array([0.5, 1.0, 1.0 + 1e-9, 1.5, 10.0, 1e10, INF, NAN])
            fam.add("%s_%s_%s" % (op, dt, shp(s)), "np.%s(a)" % op, "unary", {"a": a}, {"fn": op}, getattr(np, op)(a))
    fam.add("signbit_zeros", "np.signbit(a)", "unary", {"a": np.array([0.0, -0.0, -INF, INF, -1.5, NAN])},
            {"fn": "signbit"}, np.signbit(np.array([0.0, -0.0, -INF, INF, -1.5, NAN])))

    # the remaining ufuncs: nextafter, spacing, heaviside, ldexp, gcd, lcm, and the two-output
    # frexp, modf, divmod (one case per output: "out" picks it)
    for dt in FLOAT_DT:
        seed += 1
        a = g.pool(dt, (3, 4), seed, specials=True)
        b = g.pool(dt, (4,), seed + 500)
        fam.add("nextafter_%s" % dt, "np.nextafter(a, b)", "binary", {"a": a, "b": b}, {"fn": "nextafter"},
                np.nextafter(a, b))
        fam.add("heaviside_%s" % dt, "np.heaviside(a, b)", "binary", {"a": a, "b": b}, {"fn": "heaviside"},
                np.heaviside(a, b))
        fam.add("spacing_%s" % dt, "np.spacing(a)", "unary", {"a": a}, {"fn": "spacing"}, np.spacing(a))
        for k, part in enumerate(("mantissa", "exponent")):
            fam.add("frexp_%s_%s" % (part, dt), "np.frexp(a)[%d]" % k, "unary_out", {"a": a}, {"fn": "frexp", "out": k},
                    np.frexp(a)[k])
        for k, part in enumerate(("fraction", "integral")):
            fam.add("modf_%s_%s" % (part, dt), "np.modf(a)[%d]" % k, "unary_out", {"a": a}, {"fn": "modf", "out": k},
                    np.modf(a)[k])
        e = np.array([0, 1, -1, 3, -1074, 2000, -2000, 7], dtype=np.int64)
        x = np.array([1.5, -0.75, 3.0, 0.0, 1.0, 1.0, 5.0, NAN], dtype=dt)
        fam.add("ldexp_%s_int64" % dt, "np.ldexp(a, b)", "binary", {"a": x, "b": e}, {"fn": "ldexp"}, np.ldexp(x, e))
    fam.add("spacing_edges", "np.spacing(a)", "unary",
            {"a": np.array([0.0, -0.0, 1.0, -1.0, 1e308, -1e308, INF, NAN, 5e-324])}, {"fn": "spacing"},
            np.spacing(np.array([0.0, -0.0, 1.0, -1.0, 1e308, -1e308, INF, NAN, 5e-324])))
    edges = np.array([0.0, -0.0, 1.0, 3.0, -7.5, INF, -INF, NAN, 5e-324, 1e-310, 1e308])
    for k in (0, 1):
        fam.add("frexp_edges_%d" % k, "np.frexp(a)[%d]" % k, "unary_out", {"a": edges}, {"fn": "frexp", "out": k},
                np.frexp(edges)[k])
        fam.add("modf_edges_%d" % k, "np.modf(a)[%d]" % k, "unary_out", {"a": edges}, {"fn": "modf", "out": k},
                np.modf(edges)[k])
    fam.add("frexp_int32", "np.frexp(a)[0]", "unary_out", {"a": np.array([0, 1, -6, 1000], dtype=np.int32)},
            {"fn": "frexp", "out": 0}, np.frexp(np.array([0, 1, -6, 1000], dtype=np.int32))[0])
    fam.add("heaviside_int64", "np.heaviside(a, b)", "binary",
            {"a": np.array([-2, 0, 3, 0], dtype=np.int64), "b": np.array([5, 5, 5, -1], dtype=np.int64)},
            {"fn": "heaviside"}, np.heaviside(np.array([-2, 0, 3, 0]), np.array([5, 5, 5, -1])))
    fam.add("nextafter_zeros", "np.nextafter(a, b)", "binary",
            {"a": np.array([0.0, -0.0, 1.0, INF, NAN, 2.0]), "b": np.array([-1.0, 1.0, 1.0, 0.0, 1.0, NAN])},
            {"fn": "nextafter"}, np.nextafter(np.array([0.0, -0.0, 1.0, INF, NAN, 2.0]),
                                              np.array([-1.0, 1.0, 1.0, 0.0, 1.0, NAN])))
    ex = np.array([-1, 0, 1, 2, 30], dtype=np.int32)
    fam.add("ldexp_float32_int32", "np.ldexp(a, b)", "binary",
            {"a": np.array([1.5, 2.0, -3.0, 1e-30, 1.0], dtype=np.float32), "b": ex}, {"fn": "ldexp"},
            np.ldexp(np.array([1.5, 2.0, -3.0, 1e-30, 1.0], dtype=np.float32), ex))
    fam.add("ldexp_int64_int64", "np.ldexp(a, b)", "binary",
            {"a": np.array([1, -3, 0, 5], dtype=np.int64), "b": np.array([2, 1, 9, -1], dtype=np.int64)},
            {"fn": "ldexp"}, np.ldexp(np.array([1, -3, 0, 5]), np.array([2, 1, 9, -1])))
    for dt in INT_DT:
        a = np.array([[12, -18, 0, 7], [0, 35, -48, 1]], dtype=dt)
        b = np.array([8, 12, 0, -21], dtype=dt)
        for op in ("gcd", "lcm"):
            fam.add("%s_%s" % (op, dt), "np.%s(a, b)" % op, "binary", {"a": a, "b": b}, {"fn": op},
                    getattr(np, op)(a, b))
    for dt in ("int64", "float64", "float32", "int32"):
        a = np.array([[7, -7, 7, -7, 0], [9, -1, 13, 4, -9]], dtype=dt)
        b = np.array([2, 2, -2, -2, 3], dtype=dt)
        for k in (0, 1):
            fam.add("divmod_%s_%d" % (dt, k), "np.divmod(a, b)[%d]" % k, "binary_out", {"a": a, "b": b},
                    {"fn": "divmod", "out": k}, np.divmod(a, b)[k])

    # clip with scalars (either side may be absent) and with tensor bounds
    for dt in ("float64", "float32", "int32", "int64"):
        seed += 1
        a = g.pool(dt, (3, 5), seed, specials=True)
        for lo, hi in ((-2, 3), (None, 1), (-1.5, None), (0.5, 2.5)):
            name = "clip_%s_%s_%s" % (dt, g.slug(str(lo)), g.slug(str(hi)))
            params = {"lo": None if lo is None else g.enc_scalar(lo), "hi": None if hi is None else g.enc_scalar(hi)}
            fam.add(name, "np.clip(a, %s, %s)" % (lo, hi), "clip", {"a": a}, params, np.clip(a, lo, hi))
    a = g.pool("float64", (3, 4), 5900, specials=True)
    lo = g.pool("float64", (4,), 5901) - 1
    hi = lo + 2
    fam.add("clip_tensor_bounds", "np.clip(a, lo, hi)", "clip_tensors", {"a": a, "lo": lo, "hi": hi}, {},
            np.clip(a, lo, hi))

    # isclose / allclose
    x = np.array([1.0, 1.0 + 1e-9, 1e-9, NAN, NAN, INF, INF, -INF, 1e10, 0.0, 100.0, 2.0])
    y = np.array([1.0, 1.0, 2e-9, NAN, 1.0, INF, -INF, -INF, 1.00001e10, 1e-7, 100.001, 2.1])
    for rtol, atol, eqn in ((1e-5, 1e-8, False), (1e-5, 1e-8, True), (0.0, 1e-7, False), (1e-2, 0.0, True)):
        tag = "rtol%s_atol%s%s" % (g.slug(repr(rtol)), g.slug(repr(atol)), "_eqnan" if eqn else "")
        fam.add("isclose_" + tag, "np.isclose(a, b, rtol=%r, atol=%r, equal_nan=%r)" % (rtol, atol, eqn), "isclose",
                {"a": x, "b": y}, {"rtol": rtol, "atol": atol, "equal_nan": eqn}, np.isclose(x, y, rtol, atol, eqn))
        fam.add("allclose_" + tag, "np.allclose(a, b, rtol=%r, atol=%r, equal_nan=%r)" % (rtol, atol, eqn), "allclose",
                {"a": x[[0, 1, 3, 5, 7]], "b": y[[0, 1, 3, 5, 7]]}, {"rtol": rtol, "atol": atol, "equal_nan": eqn},
                np.array(np.allclose(x[[0, 1, 3, 5, 7]], y[[0, 1, 3, 5, 7]], rtol, atol, eqn)))
    xi = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.int32)
    yf = np.array([1.0, 2.00001, 3.1], dtype=np.float32)
    fam.add("isclose_int_float32_broadcast", "np.isclose(a, b)", "isclose", {"a": xi, "b": yf},
            {"rtol": 1e-5, "atol": 1e-8, "equal_nan": False}, np.isclose(xi, yf))
    xf = np.array([1.0, 2.5, 3.0], dtype=np.float32)
    fam.add("isclose_float32", "np.isclose(a, b)", "isclose", {"a": xf, "b": yf},
            {"rtol": 1e-5, "atol": 1e-8, "equal_nan": False}, np.isclose(xf, yf))

    # around
    base = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 1.25, 1.35, 123.456, -987.65, NAN, INF, 0.045])
    for dt in FLOAT_DT:
        for d in (0, 1, 2, -1, -2):
            a = base.astype(dt)
            fam.add("around_%s_%s" % (dt, g.slug(str(d))), "np.around(a, %d)" % d, "around", {"a": a},
                    {"decimals": d}, np.around(a, d))
    for dt in INT_DT:
        a = np.array([15, 25, -15, -25, 149, 151, 0, 7], dtype=dt)
        for d in (0, 2, -1, -2):
            fam.add("around_%s_%s" % (dt, g.slug(str(d))), "np.around(a, %d)" % d, "around", {"a": a},
                    {"decimals": d}, np.around(a, d))
    return fam


# ---- statistics -----------------------------------------------------------------------------

def with_nans(dt, shape, seed, k=3):
    a = g.pool(dt, shape, seed)
    if dt in FLOAT_DT:
        r = g.rng(seed + 7)
        flat = a.reshape(-1)
        flat[r.permutation(flat.size)[:k]] = NAN
    return a


def gen_statistics():
    fam = Family("statistics")
    seed = 7000
    nanfns = ("nansum", "nanprod", "nanmin", "nanmax", "nanmean", "nanvar", "nanstd", "nanargmin", "nanargmax")
    for fi, fn in enumerate(nanfns):
        for k, dt in enumerate(("float64", "float32", "int32")):
            seed += 1
            shape = (3, 4) if (fi + k) % 2 == 0 else (2, 3, 4)
            a = with_nans(dt, shape, seed, k=1 if fn.startswith("nanarg") else 3)
            axes = [None, 0, -1] if fn.startswith("nanarg") else [None, 0, -1, (0, 1)]
            for axis in axes:
                for keep in ((False, True) if fn in ("nansum", "nanvar", "nanmax") and not fn.startswith("nanarg")
                             else (False,)):
                    ddof = 1 if fn in ("nanvar", "nanstd") and k == 1 else 0
                    kw = {"axis": axis}
                    if keep:
                        kw["keepdims"] = True
                    if fn in ("nanvar", "nanstd"):
                        kw["ddof"] = ddof
                    res = getattr(np, fn)(a, **kw)
                    res = np.asarray(res)
                    name = "%s_%s_%s%s" % (fn, dt, "all" if axis is None else g.slug(str(axis)).replace(", ", "_")
                                            .replace("(", "").replace(")", ""), "_keep" if keep else "")
                    fam.add(name, "np.%s(a, %s)" % (fn, ", ".join("%s=%r" % kv for kv in kw.items())), "nanreduce",
                            {"a": a}, {"fn": fn, "axis": list(axis) if isinstance(axis, tuple) else axis,
                                       "keepdims": keep, "ddof": ddof}, res)
    # all-NaN slices
    a = np.array([[NAN, NAN, NAN], [1.0, NAN, 2.0]])
    for fn in ("nansum", "nanprod", "nanmin", "nanmax", "nanmean", "nanvar", "nanstd"):
        fam.add("%s_all_nan_row" % fn, "np.%s(a, axis=1)" % fn, "nanreduce", {"a": a},
                {"fn": fn, "axis": 1, "keepdims": False, "ddof": 0}, getattr(np, fn)(a, axis=1))

    # scans
    for fi, fn in enumerate(("cumsum", "cumprod", "nancumsum", "nancumprod")):
        for k, dt in enumerate(("float64", "float32", "int32", "int64", "bool")):
            if fn.startswith("nan") and dt in ("int64", "bool"):
                continue
            seed += 1
            shape = [(7,), (3, 4), (2, 3, 4)][(fi + k) % 3]
            a = with_nans(dt, shape, seed, k=2) if fn.startswith("nan") else g.pool(dt, shape, seed)
            if fn.endswith("prod") and dt in FLOAT_DT:
                a = (a / 2).astype(dt)
            axes = [None] if len(shape) == 1 else [0, -1, 1]
            for axis in axes:
                res = getattr(np, fn)(a, axis=axis)
                fam.add("%s_%s_%s_%s" % (fn, dt, shp(shape), "none" if axis is None else g.slug(str(axis))),
                        "np.%s(a, axis=%r)" % (fn, axis), "scan", {"a": a}, {"fn": fn, "axis": axis}, res)
    a = np.array([1.0, NAN, 2.0, 3.0, INF, -1.0])
    fam.add("cumsum_nan_inf", "np.cumsum(a)", "scan", {"a": a}, {"fn": "cumsum", "axis": None}, np.cumsum(a))

    # ptp
    for dt in ("float64", "int32", "float32"):
        seed += 1
        a = g.pool(dt, (3, 5), seed)
        for axis in (None, 0, -1):
            fam.add("ptp_%s_%s" % (dt, "all" if axis is None else g.slug(str(axis))), "np.ptp(a, axis=%r)" % axis,
                    "ptp", {"a": a}, {"axis": axis}, np.ptp(a, axis=axis))

    # average
    for dt, wdt in (("float64", "float64"), ("int32", "int64"), ("float32", "float32"), ("int64", "float32")):
        seed += 1
        a = g.pool(dt, (3, 4), seed)
        w = g.pool(wdt, (3, 4), seed + 1, nonneg=True) + 1
        w = w.astype(wdt)
        for axis in (None, 0, 1):
            fam.add("average_%s_%s_full_%s" % (dt, wdt, "all" if axis is None else axis),
                    "np.average(a, axis=%r, weights=w)" % axis, "average", {"a": a, "w": w}, {"axis": axis},
                    np.average(a, axis=axis, weights=w))
        for axis in (0, 1, -1):
            w1 = (np.arange(a.shape[axis]) + 1).astype(wdt)
            fam.add("average_%s_%s_1d_%s" % (dt, wdt, g.slug(str(axis))), "np.average(a, axis=%r, weights=w)" % axis,
                    "average", {"a": a, "w": w1}, {"axis": axis}, np.average(a, axis=axis, weights=w1))
        fam.add("average_%s_noweights" % dt, "np.average(a, axis=1)", "average", {"a": a}, {"axis": 1},
                np.average(a, axis=1))

    # median, quantile, percentile
    for k, dt in enumerate(("float64", "float32", "int32", "int64")):
        seed += 1
        shape = (3, 5) if k % 2 == 0 else (2, 3, 4)
        a = g.pool(dt, shape, seed)
        for axis in (None, 0, -1, (0, 1)):
            ax = list(axis) if isinstance(axis, tuple) else axis
            axn = "all" if axis is None else g.slug(str(axis)).replace(", ", "_").replace("(", "").replace(")", "")
            fam.add("median_%s_%s" % (dt, axn), "np.median(a, axis=%r)" % (axis,), "quantile", {"a": a},
                    {"fn": "median", "q": None, "axis": ax}, np.median(a, axis=axis))
            for q in (0.3, [0.0, 0.25, 0.5, 1.0]):
                qn = "list" if isinstance(q, list) else g.slug(str(q))
                fam.add("quantile_%s_%s_%s" % (dt, axn, qn), "np.quantile(a, %r, axis=%r)" % (q, axis), "quantile",
                        {"a": a}, {"fn": "quantile", "q": q, "axis": ax}, np.quantile(a, q, axis=axis))
            pq = 75 if axis is None or axis == 0 else [10, 90]
            fam.add("percentile_%s_%s" % (dt, axn), "np.percentile(a, %r, axis=%r)" % (pq, axis), "quantile",
                    {"a": a}, {"fn": "percentile", "q": pq, "axis": ax}, np.percentile(a, pq, axis=axis))
    a = np.array([[1.0, NAN, 3.0, 2.0], [4.0, 1.0, 2.0, 0.5]])
    fam.add("median_nan_row", "np.median(a, axis=1)", "quantile", {"a": a}, {"fn": "median", "q": None, "axis": 1},
            np.median(a, axis=1))
    fam.add("quantile_nan_row", "np.quantile(a, 0.4, axis=1)", "quantile", {"a": a},
            {"fn": "quantile", "q": 0.4, "axis": 1}, np.quantile(a, 0.4, axis=1))
    # nanmedian / nanquantile / nanpercentile (all-NaN slices give NaN)
    for k, dt in enumerate(("float64", "float32")):
        a = with_nans(dt, (3, 5), 7600 + k, k=4)
        a[1, :] = NAN
        for axis in (None, 0, -1):
            ax = axis
            axn = "all" if axis is None else g.slug(str(axis))
            fam.add("nanmedian_%s_%s" % (dt, axn), "np.nanmedian(a, axis=%r)" % axis, "quantile", {"a": a},
                    {"fn": "nanmedian", "q": None, "axis": ax}, np.nanmedian(a, axis=axis))
            fam.add("nanquantile_%s_%s" % (dt, axn), "np.nanquantile(a, [0.1, 0.5], axis=%r)" % axis, "quantile",
                    {"a": a}, {"fn": "nanquantile", "q": [0.1, 0.5], "axis": ax},
                    np.nanquantile(a, [0.1, 0.5], axis=axis))
            fam.add("nanpercentile_%s_%s" % (dt, axn), "np.nanpercentile(a, 30, axis=%r)" % axis, "quantile",
                    {"a": a}, {"fn": "nanpercentile", "q": 30, "axis": ax}, np.nanpercentile(a, 30, axis=axis))
    b = np.array([True, False, True, True])
    fam.add("median_bool", "np.median(a)", "quantile", {"a": b}, {"fn": "median", "q": None, "axis": None}, np.median(b))

    # cov, corrcoef
    for dt in ("float64", "int32", "float32"):
        seed += 1
        m = g.pool(dt, (3, 5), seed)
        for rowvar in (True, False):
            for ddof in (1, 0):
                fam.add("cov_%s_rowvar%s_ddof%d" % (dt, rowvar, ddof), "np.cov(a, rowvar=%r, ddof=%d)" % (rowvar, ddof),
                        "cov", {"a": m}, {"rowvar": rowvar, "ddof": ddof}, np.cov(m, rowvar=rowvar, ddof=ddof))
            fam.add("corrcoef_%s_rowvar%s" % (dt, rowvar), "np.corrcoef(a, rowvar=%r)" % rowvar, "corrcoef", {"a": m},
                    {"rowvar": rowvar}, np.corrcoef(m, rowvar=rowvar))
    v = g.pool("float64", (6,), 7990)
    fam.add("cov_1d", "np.cov(a)", "cov", {"a": v}, {"rowvar": True, "ddof": 1}, np.cov(v))
    fam.add("corrcoef_1d", "np.corrcoef(a)", "corrcoef", {"a": v}, {"rowvar": True}, np.asarray(np.corrcoef(v)))
    one = g.pool("float64", (1, 5), 7991)
    fam.add("cov_one_row", "np.cov(a)", "cov", {"a": one}, {"rowvar": True, "ddof": 1}, np.cov(one))
    return fam


# ---- sorting and sets -----------------------------------------------------------------------

def gen_sorting():
    fam = Family("sorting")
    seed = 9000
    # searchsorted
    for dt in ("float64", "int64", "int32"):
        seed += 1
        a = np.sort(g.pool(dt, (9,), seed))
        v = g.pool(dt, (2, 5), seed + 1)
        for side in ("left", "right"):
            fam.add("searchsorted_%s_%s" % (dt, side), "np.searchsorted(a, v, side=%r)" % side, "searchsorted",
                    {"a": a, "v": v}, {"side": side}, np.searchsorted(a, v, side=side))
    a = np.array([-INF, -1.0, 0.0, 0.0, 2.5, INF, NAN, NAN])
    v = np.array([NAN, INF, 0.0, -INF, 3.0, -5.0])
    for side in ("left", "right"):
        fam.add("searchsorted_nan_inf_%s" % side, "np.searchsorted(a, v, side=%r)" % side, "searchsorted",
                {"a": a, "v": v}, {"side": side}, np.searchsorted(a, v, side=side))
    # sort / argsort (stable), 1-d by PSRS over several chunks, N-d along an axis
    sort_inputs = [
        ("float64_1d", g.pool("float64", (13,), 9100, specials=True)),
        ("int32_1d_ties", np.array([3, -1, 3, 0, 7, -1, 3, 2, 0, 5, 3], dtype=np.int32)),
        ("int64_1d", g.pool("int64", (10,), 9101)),
        ("bool_1d", g.pool("bool", (9,), 9102)),
        ("float32_1d_nan", np.array([2.5, NAN, -1.0, 0.0, -0.0, NAN, 7.0, -INF, 2.5], dtype=np.float32)),
        ("float64_2d", g.pool("float64", (3, 5), 9103, specials=True)),
        ("int64_3d", g.pool("int64", (2, 3, 4), 9104)),
    ]
    for name, a in sort_inputs:
        axes = [-1] if a.ndim == 1 else [-1, 0, 1]
        for axis in axes:
            fam.add("sort_%s_%s" % (name, g.slug(str(axis))), "np.sort(a, axis=%d, kind='stable')" % axis, "sort",
                    {"a": a}, {"axis": axis}, np.sort(a, axis=axis, kind="stable"))
            fam.add("argsort_%s_%s" % (name, g.slug(str(axis))), "np.argsort(a, axis=%d, kind='stable')" % axis,
                    "argsort", {"a": a}, {"axis": axis}, np.argsort(a, axis=axis, kind="stable"))
    # topk (Mars): numpy's sort, reversed for the largest, first k
    for name, a in (("float64_1d", g.pool("float64", (13,), 9150)), ("int32_2d", g.pool("int32", (4, 6), 9151)),
                    ("float32_3d", g.pool("float32", (2, 3, 4), 9152))):
        for axis in ([-1] if a.ndim == 1 else [-1, 0]):
            for k in (1, 3):
                if k > a.shape[axis]:
                    continue
                for largest in (True, False):
                    s = np.sort(a, axis=axis)
                    if largest:
                        s = np.flip(s, axis=axis)
                    res = np.take(s, np.arange(k), axis=axis)
                    expr = "np.sort(a, axis=%d)" % axis
                    if largest:
                        expr = "np.flip(%s, axis=%d)" % (expr, axis)
                    fam.add("topk_%s_%s_k%d_%s" % (name, g.slug(str(axis)), k, "largest" if largest else "smallest"),
                            "np.take(%s, range(%d), axis=%d)" % (expr, k, axis),
                            "topk", {"a": a}, {"k": k, "axis": axis, "largest": largest}, res)
    # partition / argpartition: numpy's arrangement inside the sides is unspecified, so the
    # value at kth (numpy's) is checked, and the Java test checks the partition property
    for name, a in (("float64_1d", g.pool("float64", (11,), 9160)), ("int64_2d", g.pool("int64", (3, 5), 9161))):
        for axis in ([-1] if a.ndim == 1 else [-1, 0]):
            n = a.shape[axis]
            for kth in ((n // 2, -1) if a.ndim == 1 else (0,)):
                p = np.partition(a, kth, axis=axis)
                kk = kth % n
                fam.add("partition_%s_%s_k%s" % (name, g.slug(str(axis)), g.slug(str(kth))),
                        "np.take(np.partition(a, %d, axis=%d), [%d], axis=%d)" % (kth, axis, kk, axis), "partition",
                        {"a": a}, {"kth": kth, "axis": axis}, np.take(p, [kk], axis=axis))
    # unique with its flags (NaNs collapse, numpy's equal_nan=True)
    uniq_inputs = [
        ("int32_1d", np.array([3, -1, 3, 0, 7, -1, 3, 2, 0, 5, 3], dtype=np.int32)),
        ("float64_1d_nan", np.array([2.5, NAN, -1.0, 2.5, 0.0, NAN, 7.0, -INF, -1.0, 0.0])),
        ("int64_2d", g.pool("int64", (3, 4), 9200)),
        ("bool_1d", np.array([True, False, True, True, False])),
        ("float32_2d", (g.pool("float32", (2, 5), 9201) // 1).astype(np.float32)),
    ]
    for name, a in uniq_inputs:
        u, idx, inv, cnt = np.unique(a, return_index=True, return_inverse=True, return_counts=True)
        for what, res in (("values", u), ("index", idx), ("inverse", inv), ("counts", cnt)):
            fam.add("unique_%s_%s" % (name, what), "np.unique(a, return_index=True, return_inverse=True, "
                    "return_counts=True)[%d]" % ["values", "index", "inverse", "counts"].index(what), "unique",
                    {"a": a}, {"output": what}, res)
    # isin / in1d / union1d / intersect1d / setdiff1d
    set_inputs = [
        ("int", np.array([[5, 1, 3], [3, 9, -2]], dtype=np.int64), np.array([3, 4, 5, 6, 5], dtype=np.int32)),
        ("float_nan", np.array([1.5, NAN, 0.0, -0.0, 2.0, INF, 1.5]), np.array([NAN, -0.0, 1.5, 7.0])),
        ("int_float", np.array([1, 2, 3, 4, 2], dtype=np.int32), np.array([2.0, 4.5, 1.0, 9.0])),
    ]
    for name, a, b in set_inputs:
        fam.add("isin_%s" % name, "np.isin(a, b)", "isin", {"a": a, "b": b}, {"invert": False}, np.isin(a, b))
        fam.add("isin_%s_invert" % name, "np.isin(a, b, invert=True)", "isin", {"a": a, "b": b}, {"invert": True},
                np.isin(a, b, invert=True))
        fam.add("in1d_%s" % name, "np.in1d(a, b)", "in1d", {"a": a, "b": b}, {"invert": False}, np.in1d(a, b))
        for fn in ("union1d", "intersect1d", "setdiff1d"):
            fam.add("%s_%s" % (fn, name), "np.%s(a, b)" % fn, fn, {"a": a, "b": b}, {}, getattr(np, fn)(a, b))
    # histogram (equal-width bins from the data or a range, explicit edges) and bincount
    hist_inputs = [
        ("float64", g.pool("float64", (17,), 9300)),
        ("float32_2d", g.pool("float32", (3, 5), 9301)),
        ("int32", np.array([1, 2, 2, 3, 10, 7, 7, 7, -4], dtype=np.int32)),
        ("constant", np.array([2.0, 2.0, 2.0])),
    ]
    for name, a in hist_inputs:
        for bins in (1, 3, 7):
            h, e = np.histogram(a, bins=bins)
            fam.add("histogram_%s_%d_hist" % (name, bins), "np.histogram(a, bins=%d)[0]" % bins, "histogram",
                    {"a": a}, {"bins": bins, "range": None, "output": "hist"}, h)
            fam.add("histogram_%s_%d_edges" % (name, bins), "np.histogram(a, bins=%d)[1]" % bins, "histogram",
                    {"a": a}, {"bins": bins, "range": None, "output": "edges"}, e)
        h, e = np.histogram(a, bins=4, range=(-1.0, 3.0))
        fam.add("histogram_%s_range_hist" % name, "np.histogram(a, bins=4, range=(-1, 3))[0]", "histogram", {"a": a},
                {"bins": 4, "range": [-1.0, 3.0], "output": "hist"}, h)
        fam.add("histogram_%s_range_edges" % name, "np.histogram(a, bins=4, range=(-1, 3))[1]", "histogram", {"a": a},
                {"bins": 4, "range": [-1.0, 3.0], "output": "edges"}, e)
        edges = np.array([-3.0, -1.0, 0.0, 0.5, 2.0, 4.0])
        fam.add("histogram_%s_edges_hist" % name, "np.histogram(a, bins=edges)[0]", "histogram_edges",
                {"a": a, "edges": edges}, {}, np.histogram(a, bins=edges)[0])
    x = np.array([0, 3, 1, 3, 7, 0, 3, 2], dtype=np.int32)
    w = g.pool("float64", (8,), 9310)
    fam.add("bincount_int32", "np.bincount(x)", "bincount", {"x": x}, {"minlength": 0}, np.bincount(x))
    fam.add("bincount_minlength", "np.bincount(x, minlength=12)", "bincount", {"x": x}, {"minlength": 12},
            np.bincount(x, minlength=12))
    fam.add("bincount_weights", "np.bincount(x, weights=w)", "bincount", {"x": x, "w": w}, {"minlength": 0},
            np.bincount(x, weights=w))
    xb = np.array([True, False, True])
    fam.add("bincount_bool", "np.bincount(x)", "bincount", {"x": xb}, {"minlength": 0}, np.bincount(xb))
    # digitize, increasing and decreasing bins
    x = np.array([0.2, 6.4, 3.0, 1.6, -1.0, 10.0, 2.5, 4.0, NAN, 1.0])
    for name, bins in (("inc", np.array([0.0, 1.0, 2.5, 4.0, 10.0])), ("dec", np.array([10.0, 4.0, 2.5, 1.0, 0.0]))):
        for right in (False, True):
            fam.add("digitize_%s_right%s" % (name, right), "np.digitize(x, bins, right=%r)" % right, "digitize",
                    {"x": x, "bins": bins}, {"right": right}, np.digitize(x, bins, right=right))
    xi = np.array([[3, 7, 1], [0, 9, 5]], dtype=np.int32)
    bi = np.array([1, 3, 5, 7], dtype=np.int64)
    fam.add("digitize_int", "np.digitize(x, bins)", "digitize", {"x": xi, "bins": bi}, {"right": False},
            np.digitize(xi, bi))
    return fam


def main():
    total = 0
    for gen in (gen_bitwise_float_ufuncs, gen_statistics, gen_sorting):
        path, n = gen().write()
        total += n
        print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))
    print("total %d cases" % total)


if __name__ == "__main__":
    main()
