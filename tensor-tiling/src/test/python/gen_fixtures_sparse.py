#!/usr/bin/python3
"""Writes the scipy.sparse fixtures of issue 5 item 7 (2-D sparse tensors with CSR chunks).

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_sparse.py

Same format and conventions as gen_fixtures.py (whose helpers it reuses). Expected values come
from scipy.sparse (Debian's python3-scipy 1.10) on csr_matrix inputs, never from the code under
test. File: fixtures/sparse.json. Sparse inputs are stored dense (their zeros are the pattern);
the Java test (Sparse_FixtureTest) builds them with Mt.sparse.fromCoo from their non-zeros.

Per case, params hold:
  "sparse": the input keys the Java side makes sparse;
  "result_sparse": whether scipy's result is sparse (the Java result must be sparse too);
  "nnz": for sparse results, scipy's nnz after eliminate_zeros() (Mars never stores zeros).
Dense results of scipy that are np.matrix (A + D, A.sum(axis)) are stored as numpy arrays;
axis sums as 1-D (np.asarray(...).ravel()), which is what Mars returns.

Deliberate deviations (no case generated): scipy keeps explicit zeros (nnz counts them), Mars
drops them; A * scalar where the scalar is 0; comparisons that scipy answers with a mostly-true
sparse matrix (A < 1, warns SparseEfficiencyWarning) and A + nonzero scalar (scipy raises) are
refused by Mars (UNSUPPORTED_OPERATION, tested in Sparse_ErrorsTest).
"""

import os
import sys

import numpy as np
import scipy
import scipy.sparse as sp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as g  # noqa: E402


class Family(g.Family):
    def write(self):
        path, n = super().write()
        with open(path) as f:
            text = f.read()
        text = text.replace('"generator": "src/test/python/gen_fixtures.py"',
                            '"generator": "src/test/python/gen_fixtures_sparse.py", "scipy": "%s"'
                            % scipy.__version__, 1)
        with open(path, "w") as f:
            f.write(text)
        return path, n


def sparse_pool(dtype, shape, seed, density=0.35, nonneg=False):
    """A dense array with about `density` of its entries non-zero (the rest exact zeros)."""
    r = g.rng(seed)
    v = g.pool(dtype, shape, seed + 1, nonneg=nonneg, nonzero=True)
    keep = r.random(shape) < density
    if dtype == "bool":
        return (v & keep).astype(bool)
    return np.where(keep, v, np.zeros_like(v)).astype(dtype)


def nnz(m):
    m = sp.csr_matrix(m, copy=True)
    m.eliminate_zeros()
    return int(m.nnz)


def dense(x):
    if sp.issparse(x):
        return x.toarray()
    return np.asarray(x)


def add(fam, name, expr, op, inputs, sparse_keys, result, **params):
    p = dict(params)
    p["sparse"] = list(sparse_keys)
    p["result_sparse"] = bool(sp.issparse(result))
    p["nnz"] = nnz(result) if sp.issparse(result) else None
    fam.add(name, expr, op, inputs, p, dense(result))


SHAPES = [(6, 7), (5, 5), (1, 8), (7, 1)]


def gen_creation(fam):
    # coo with duplicates (summed), one pair cancelling to zero, unsorted coordinates
    for dt in ("float64", "int64", "float32", "bool"):
        rows = np.array([0, 3, 1, 3, 4, 0, 2, 3, 4, 1], dtype=np.int64)
        cols = np.array([1, 2, 5, 2, 0, 1, 6, 4, 0, 3], dtype=np.int64)
        if dt == "bool":
            vals = np.array([True, True, False, True, True, True, True, False, True, True])
        else:
            vals = np.array([1.5, -2, 3, 2, 4, 0.25, -1, 7, -4, 5]).astype(dt)
        m = sp.coo_matrix((vals, (rows, cols)), shape=(5, 7)).tocsr()
        add(fam, "coo_" + dt, "coo_matrix((vals, (rows, cols)), shape=(5, 7)).tocsr()", "coo",
            {"rows": rows, "cols": cols, "vals": vals}, [], m, shape=[5, 7])
    for i, (shape, dt) in enumerate(zip(SHAPES, ("float64", "int64", "float32", "int32"))):
        a = sparse_pool(dt, shape, 100 + i)
        add(fam, "from_dense_%s_%s" % (dt, g.shp(shape) if hasattr(g, "shp") else "x".join(map(str, shape))),
            "csr_matrix(a)", "from_dense", {"a": a}, [], sp.csr_matrix(a))
    for (n, m, k, dt) in ((5, 5, 0, "float64"), (6, 4, 1, "float64"), (4, 7, -2, "int64"), (7, 7, 3, "bool"),
                          (3, 5, 5, "float64"), (5, 3, -1, "float32")):
        e = sp.eye(n, m, k, dtype=dt, format="csr")
        add(fam, "eye_%d_%d_%s_%s" % (n, m, g.slug(str(k)), dt), "sparse.eye(%d, %d, %d, dtype=%s)" % (n, m, k, dt),
            "eye", {}, [], e, n=n, m=m, k=k, dtype=dt)
    z = np.zeros((4, 6))
    add(fam, "from_dense_all_zero", "csr_matrix(zeros((4, 6)))", "from_dense", {"a": z}, [], sp.csr_matrix(z))


UNARY = {
    "negative": lambda m: -m, "absolute": abs, "sqrt": lambda m: m.sqrt(), "sin": lambda m: m.sin(),
    "tanh": lambda m: m.tanh(), "expm1": lambda m: m.expm1(), "log1p": lambda m: m.log1p(),
    "sign": lambda m: m.sign(), "square": lambda m: m.power(2), "floor": lambda m: m.floor(),
}


def gen_elementwise(fam):
    for fn, f in UNARY.items():
        for dt in ("float64", "int64", "float32"):
            if dt == "int64" and fn in ("floor",):
                continue
            nonneg = fn in ("sqrt", "log1p")
            a = sparse_pool(dt, (6, 7), 200 + len(fn), nonneg=nonneg)
            r = f(sp.csr_matrix(a))
            assert str(r.dtype) == str(getattr(np, fn)(a).dtype), (fn, dt, r.dtype)
            add(fam, "unary_%s_%s" % (fn, dt), "csr(a).%s" % fn, "unary", {"a": a}, ["a"], r, fn=fn)
    # astype stays sparse
    a = sparse_pool("float64", (5, 6), 250)
    add(fam, "astype_int64", "csr(a).astype(int64)", "astype", {"a": a}, ["a"], sp.csr_matrix(a).astype("int64"),
        dtype="int64")
    # scalar operations with f(0, s) = 0
    scal = [("multiply", 2.5, "float64"), ("multiply", 3, "int64"), ("multiply", 2, "float32"),
            ("true_divide", 4.0, "float64"), ("true_divide", 2, "int64"), ("power", 2, "float64"),
            ("greater", 0.5, "float64"), ("not_equal", 0, "int64"), ("multiply", -1.5, "int32")]
    for fn, s, dt in scal:
        a = sparse_pool(dt, (6, 7), 300 + int(abs(s) * 10))
        m = sp.csr_matrix(a)
        r = {"multiply": lambda: m.multiply(s), "true_divide": lambda: m / s, "power": lambda: m.power(s),
             "greater": lambda: m > s, "not_equal": lambda: m != s}[fn]()
        r = sp.csr_matrix(r)
        want = str(getattr(np, fn)(a, s).dtype)
        if str(r.dtype) != want:
            # scipy 1.10 computes some scalar ops in another dtype than numpy; the values are numpy's
            r = sp.csr_matrix(getattr(np, fn)(a, s))
        add(fam, "scalar_%s_%s_%s" % (fn, g.slug(str(s)), dt), "csr(a) %s %r" % (fn, s), "scalar", {"a": a}, ["a"], r,
            fn=fn, scalar=g.enc_scalar(s))
    # sparse with sparse (same shape), union of patterns
    pairs = [("add", "float64", "float64"), ("subtract", "float64", "int64"), ("multiply", "float64", "float64"),
             ("add", "int64", "int64"), ("maximum", "float64", "float64"), ("minimum", "int64", "float64"),
             ("multiply", "float32", "float32"), ("subtract", "int32", "int32")]
    for fn, da, db in pairs:
        for shape in ((6, 7), (1, 8)):
            a = sparse_pool(da, shape, 400 + len(fn))
            b = sparse_pool(db, shape, 450 + len(fn))
            ma, mb = sp.csr_matrix(a), sp.csr_matrix(b)
            r = {"add": lambda: ma + mb, "subtract": lambda: ma - mb, "multiply": lambda: ma.multiply(mb),
                 "maximum": lambda: ma.maximum(mb), "minimum": lambda: ma.minimum(mb)}[fn]()
            r = sp.csr_matrix(r)
            want = getattr(np, fn)(a, b)
            assert str(r.dtype) == str(want.dtype), (fn, da, db, r.dtype, want.dtype)
            add(fam, "ss_%s_%s_%s_%s" % (fn, da, db, g.shp(shape)), "%s(csr(a), csr(b))" % fn, "binary", {"a": a, "b": b},
                ["a", "b"], r, fn=fn)
    # sparse with dense: multiply stays sparse, others are dense
    for fn, order, da, db in (("multiply", "sd", "float64", "float64"), ("multiply", "ds", "float64", "int64"),
                              ("multiply", "sd", "int64", "int64"), ("add", "sd", "float64", "float64"),
                              ("add", "ds", "int64", "float64"), ("subtract", "sd", "float64", "float64"),
                              ("subtract", "ds", "float64", "float64"), ("true_divide", "sd", "float64", "float64")):
        a = sparse_pool(da, (6, 7), 500 + len(fn))
        d = g.pool(db, (6, 7), 550 + len(fn), nonzero=(fn == "true_divide"))
        m = sp.csr_matrix(a)
        if fn == "multiply":
            r = sp.csr_matrix(m.multiply(d))
        elif order == "sd":
            r = {"add": lambda: m + d, "subtract": lambda: m - d, "true_divide": lambda: m / d}[fn]()
        else:
            r = {"add": lambda: d + m, "subtract": lambda: d - m}[fn]()
        r = r if sp.issparse(r) else np.asarray(r)
        x, y = (a, d) if order == "sd" else (d, a)
        want = getattr(np, fn)(x, y)
        assert str(r.dtype) == str(want.dtype), (fn, order, r.dtype, want.dtype)
        inputs = {"a": a, "d": d} if order == "sd" else {"d": d, "a": a}
        add(fam, "sd_%s_%s_%s_%s" % (fn, order, da, db), "%s(%s)" % (fn, "csr(a), d" if order == "sd" else "d, csr(a)"),
            "binary", inputs, ["a"], r, fn=fn)


def gen_dot(fam):
    specs = [((6, 7), (7, 5), "float64", "float64"), ((1, 8), (8, 3), "float64", "float64"),
             ((5, 5), (5, 5), "int64", "int64"), ((7, 1), (1, 6), "float64", "float64"),
             ((6, 7), (7, 4), "float32", "float32"), ((4, 6), (6, 5), "float64", "int64")]
    for i, (sa, sb, da, db) in enumerate(specs):
        a = sparse_pool(da, sa, 600 + i)
        b = sparse_pool(db, sb, 650 + i, density=0.5)
        ma, mb = sp.csr_matrix(a), sp.csr_matrix(b)
        tag = "%s_%s_%s_%s" % (g.shp(sa), g.shp(sb), da, db)
        r = ma @ mb
        assert str(r.dtype) == str(np.dot(a, b).dtype)
        add(fam, "dot_ss_" + tag, "csr(a) @ csr(b)", "dot", {"a": a, "b": b}, ["a", "b"], sp.csr_matrix(r))
        add(fam, "dot_sd_" + tag, "csr(a) @ b", "dot", {"a": a, "b": b}, ["a"], np.asarray(ma @ b))
        add(fam, "dot_ds_" + tag, "a @ csr(b)", "dot", {"a": a, "b": b}, ["b"], np.asarray(a @ mb))
    a = sparse_pool("float64", (6, 7), 700)
    v = g.pool("float64", (7,), 701)
    add(fam, "dot_sv_6x7_7", "csr(a) @ v", "dot", {"a": a, "b": v}, ["a"], np.asarray(sp.csr_matrix(a) @ v))
    w = g.pool("float64", (6,), 702)
    add(fam, "dot_vs_6_6x7", "w @ csr(a)", "dot", {"b": w, "a": a}, ["a"], np.asarray(w @ sp.csr_matrix(a)))


def gen_sum_transpose(fam):
    for i, (shape, dt) in enumerate(zip(SHAPES + [(6, 7), (5, 6)], ("float64", "int64", "float32", "int32", "bool",
                                                                    "float64"))):
        a = sparse_pool(dt, shape, 800 + i)
        m = sp.csr_matrix(a)
        for axis in (None, 0, 1):
            s = m.sum(axis=axis)
            want = np.sum(a, axis=axis)
            r = np.asarray(s).reshape(want.shape).astype(want.dtype)
            assert np.allclose(r, want)
            add(fam, "sum_%s_%s_%s" % (dt, g.shp(shape), "all" if axis is None else axis), "csr(a).sum(axis=%s)" % axis,
                "sum", {"a": a}, ["a"], r, axis=axis)
        add(fam, "transpose_%s_%s" % (dt, g.shp(shape)), "csr(a).T", "transpose", {"a": a}, ["a"], m.T.tocsr())
    # a chain: (2·A + B)ᵀ, stays sparse
    a = sparse_pool("float64", (6, 7), 900)
    b = sparse_pool("float64", (6, 7), 901)
    r = (sp.csr_matrix(a) * 2 + sp.csr_matrix(b)).T
    add(fam, "chain_2a_plus_b_T", "(2 * csr(a) + csr(b)).T", "chain", {"a": a, "b": b}, ["a", "b"], sp.csr_matrix(r))


def main():
    if not hasattr(g, "shp"):
        g.shp = lambda s: "x".join(map(str, s))
    fam = Family("sparse")
    gen_creation(fam)
    gen_elementwise(fam)
    gen_dot(fam)
    gen_sum_transpose(fam)
    path, n = fam.write()
    print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))


if __name__ == "__main__":
    main()
