#!/usr/bin/env python3
"""Fixtures for issue 5 items 4 and 5: N-d products, decompositions and fft.

Writes src/test/resources/fixtures/products_decompositions.json (and fft.json when the fft cases
exist) in the format of gen_fixtures.py (whose helpers it reuses). Run with the system python3
(numpy 1.24):

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_products_decompositions.py

Decompositions are only unique up to signs (Q/R, U/V, eigenvectors), so the cases whose op
ends in a normalization compare sign-normalized factors, reconstructions or invariants; the Java
side applies the same normalization (see Decomposition_FixtureTest):
- qr_q / qr_r: Q and R with each row k of R (column k of Q) flipped so that R[k, k] >= 0;
- svd_s: the singular values; svd_recon: U·diag(S)·Vt; svd_orth: Uᵀ·U; svd_vt: Vt with each
  row flipped so that its largest-magnitude entry is positive;
- eigh_v: eigenvectors (columns) flipped so that the largest-magnitude entry is positive;
- lu_p / lu_l / lu_u: scipy's lu (A = P·L·U) by partial pivoting, computed here in Python.
float32 inputs: the expected value is computed in float64 and cast to float32 (the Java side
runs LAPACK in double precision and casts), so the float32 tolerance holds.
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as g  # noqa: E402


class Family(g.Family):
    def write(self):
        path, n = super().write()
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace("src/test/python/gen_fixtures.py",
                                 "src/test/python/gen_fixtures_products_decompositions.py", 1))
        return path, n


def mk(r, dt, shape):
    if dt in ("int32", "int64"):
        return r.integers(-5, 6, shape).astype(dt)
    return np.round(r.uniform(-3, 3, shape), 3).astype(dt)


def sx(shape):
    return "x".join(map(str, shape)) if shape else "scalar"


# ---- products -------------------------------------------------------------------------------------

def gen_products(fam):
    r = g.rng(2024)
    # dot N-d: sum over a's last axis and b's second-to-last
    for da, db, sa, sb in [("float64", "float64", (2, 3, 4), (4, 2)), ("int32", "int32", (2, 3, 4), (3, 4, 2)),
                           ("float64", "int64", (3,), (2, 3, 4)), ("float32", "float32", (2, 2, 3), (3,)),
                           ("int64", "float64", (2, 3), (2, 3, 2))]:
        a, b = mk(r, da, sa), mk(r, db, sb)
        fam.add("dot_nd_%s_%s_%s_%s" % (da, db, sx(sa), sx(sb)), "np.dot(a, b)", "dot", {"a": a, "b": b}, {}, np.dot(a, b))
    # matmul N-d: batched, broadcast leading axes, 1-D promotion
    for da, db, sa, sb in [("float64", "float64", (2, 3, 4), (4, 5)), ("int64", "int64", (2, 1, 3, 2), (3, 2, 3)),
                           ("float64", "float64", (3, 4), (2, 4, 3)), ("int32", "int32", (4,), (2, 4, 3)),
                           ("float32", "float32", (2, 3, 4), (4,)), ("int32", "float64", (2, 2, 3), (2, 3, 2))]:
        a, b = mk(r, da, sa), mk(r, db, sb)
        fam.add("matmul_nd_%s_%s_%s_%s" % (da, db, sx(sa), sx(sb)), "np.matmul(a, b)", "matmul", {"a": a, "b": b}, {},
                np.matmul(a, b))
    # tensordot
    for dt, sa, sb, axes in [("float64", (2, 3, 4), (3, 4, 2), 2), ("int64", (3, 4), (4, 2), 1),
                             ("float64", (2, 3), (3, 2), 0), ("float64", (2, 3, 4), (4, 3, 2), [[1, 2], [1, 0]]),
                             ("int32", (3, 2, 4), (4, 3), [[0], [1]]), ("float32", (2, 3, 4), (2, 3, 4), 3)]:
        a, b = mk(r, dt, sa), mk(r, dt, sb)
        name = "tensordot_%s_%s_%s_axes%s" % (dt, sx(sa), sx(sb), g.slug(str(axes).replace(" ", "").replace("[", "")
                                                                          .replace("]", "").replace(",", "_")))
        params = {"axes": axes} if isinstance(axes, int) else {"a_axes": axes[0], "b_axes": axes[1]}
        fam.add(name, "np.tensordot(a, b, axes=%s)" % axes, "tensordot", {"a": a, "b": b}, params,
                np.tensordot(a, b, axes=axes if isinstance(axes, int) else (axes[0], axes[1])))
    # inner, outer, vdot
    for dt, sa, sb in [("float64", (4,), (4,)), ("int64", (2, 3), (4, 3)), ("float64", (2, 2, 3), (3,))]:
        a, b = mk(r, dt, sa), mk(r, dt, sb)
        fam.add("inner_%s_%s_%s" % (dt, sx(sa), sx(sb)), "np.inner(a, b)", "inner", {"a": a, "b": b}, {}, np.inner(a, b))
    for da, db, sa, sb in [("float64", "float64", (4,), (5,)), ("int32", "int64", (3,), (2,))]:
        a, b = mk(r, da, sa), mk(r, db, sb)
        fam.add("outer_%s_%s_%s_%s" % (da, db, sx(sa), sx(sb)), "np.outer(a, b)", "outer", {"a": a, "b": b}, {},
                np.outer(a, b))
    for dt, s in [("float64", (5,)), ("int64", (2, 3)), ("float32", (3, 3))]:
        a, b = mk(r, dt, s), mk(r, dt, s)
        fam.add("vdot_%s_%s" % (dt, sx(s)), "np.vdot(a, b)", "vdot", {"a": a, "b": b}, {}, np.vdot(a, b))
    # einsum
    for sub, shapes, dt in [("ij,jk->ik", [(3, 4), (4, 2)], "float64"), ("ij->ji", [(3, 4)], "float64"),
                            ("ii->i", [(4, 4)], "float64"), ("ii", [(4, 4)], "int64"), ("ij,ij->ij", [(3, 4), (3, 4)], "float64"),
                            ("i,i->", [(5,)] * 2, "int32"), ("bij,bjk->bik", [(2, 3, 4), (2, 4, 2)], "float64"),
                            ("ij,jk", [(2, 3), (3, 4)], "int64"), ("i,j->ij", [(3,), (4,)], "float64"),
                            ("ijk->kj", [(2, 3, 4)], "float64"), ("ij->", [(3, 4)], "float32"),
                            ("ij,jk,kl->il", [(2, 3), (3, 2), (2, 3)], "float64"), ("iij->j", [(3, 3, 2)], "float64")]:
        ops = [mk(r, dt, s) for s in shapes]
        names = ["a", "b", "c"][:len(ops)]
        fam.add("einsum_%s_%s" % (sub.replace(",", "_").replace("->", "_to_"), dt),
                "np.einsum('%s', %s)" % (sub, ", ".join(names)), "einsum", dict(zip(names, ops)), {"subscripts": sub},
                np.einsum(sub, *ops))
    # N-d outer and vdot of equal sizes, other shapes (flattened, as numpy); a generator of their own
    r2 = g.rng(2025)
    for da, db, sa, sb in [("float64", "int64", (2, 3), (2,)), ("int64", "int64", (2, 1, 2), (3, 1))]:
        a, b = mk(r2, da, sa), mk(r2, db, sb)
        fam.add("outer_%s_%s_%s_%s" % (da, db, sx(sa), sx(sb)), "np.outer(a, b)", "outer", {"a": a, "b": b}, {},
                np.outer(a, b))
    for dt, sa, sb in [("float64", (2, 3), (3, 2)), ("int64", (6,), (2, 3))]:
        a, b = mk(r2, dt, sa), mk(r2, dt, sb)
        fam.add("vdot_%s_%s_%s" % (dt, sx(sa), sx(sb)), "np.vdot(a, b)", "vdot", {"a": a, "b": b}, {}, np.vdot(a, b))


# ---- decompositions -------------------------------------------------------------------------------

def sign_qr(q, rr):
    s = np.sign(np.diag(rr))
    s[s == 0] = 1
    return q * s, rr * s[:, None]


def sign_rows_maxabs(m):
    """Each row flipped so that its largest-magnitude entry is positive."""
    m = m.copy()
    for i in range(m.shape[0]):
        j = np.argmax(np.abs(m[i]))
        if m[i, j] < 0:
            m[i] = -m[i]
    return m


def lu(a):
    """scipy.linalg.lu(a): A = P·L·U by partial pivoting (the first largest |pivot| wins)."""
    n = a.shape[0]
    u = a.astype(np.float64).copy()
    l = np.eye(n)
    perm = np.arange(n)
    for k in range(n):
        p = k + int(np.argmax(np.abs(u[k:, k])))
        if p != k:
            u[[k, p], :] = u[[p, k], :]
            l[[k, p], :k] = l[[p, k], :k]
            perm[[k, p]] = perm[[p, k]]
        if u[k, k] != 0:
            for i in range(k + 1, n):
                l[i, k] = u[i, k] / u[k, k]
                u[i, k:] -= l[i, k] * u[k, k:]
    pm = np.zeros((n, n))
    for rr in range(n):
        pm[perm[rr], rr] = 1
    return pm, l, np.triu(u)


def out(v, dt):
    return np.asarray(v).astype("float32" if dt == "float32" else "float64")


def gen_decompositions(fam):
    r = g.rng(77)
    mats = {}
    for dt, s in [("float64", (8, 3)), ("float64", (8, 2)), ("float64", (6, 6)), ("float64", (3, 5)),
                  ("float64", (7, 1)), ("int64", (6, 3)), ("float32", (8, 3))]:
        mats["%s_%s" % (dt, sx(s))] = (dt, mk(r, dt, s))
    for tag, (dt, a) in mats.items():
        a64 = a.astype(np.float64)
        q, rr = sign_qr(*np.linalg.qr(a64))
        fam.add("qr_q_" + tag, "np.linalg.qr(a)[0] (signs: diag(R) >= 0)", "qr_q", {"a": a}, {}, out(q, dt))
        fam.add("qr_r_" + tag, "np.linalg.qr(a)[1] (signs: diag(R) >= 0)", "qr_r", {"a": a}, {}, out(rr, dt))
        u, sv, vt = np.linalg.svd(a64, full_matrices=False)
        fam.add("svd_s_" + tag, "np.linalg.svd(a)[1]", "svd_s", {"a": a}, {}, out(sv, dt))
        fam.add("svd_recon_" + tag, "u * s @ vt of np.linalg.svd(a, full_matrices=False)", "svd_recon", {"a": a}, {},
                out((u * sv) @ vt, dt))
        fam.add("svd_orth_" + tag, "u.T @ u of np.linalg.svd(a, full_matrices=False)", "svd_orth", {"a": a}, {},
                out(np.eye(u.shape[1]), dt))
        fam.add("svd_vt_" + tag, "np.linalg.svd(a)[2] (row signs: largest |entry| > 0)", "svd_vt", {"a": a}, {},
                out(sign_rows_maxabs(vt), dt))
        for o, oname in [(2, "2"), (-2, "m2"), ("nuc", "nuc")]:
            fam.add("norm_%s_%s" % (oname, tag), "np.linalg.norm(a, ord=%r)" % (o,), "norm_svd", {"a": a},
                    {"ord": o if isinstance(o, str) else o}, out(np.linalg.norm(a64, ord=o), dt))
        if a.shape[0] >= a.shape[1]:
            b = mk(r, dt, (a.shape[0], 2))
            fam.add("lstsq_" + tag, "np.linalg.lstsq(a, b, rcond=None)[0]", "lstsq", {"a": a, "b": b}, {},
                    out(np.linalg.lstsq(a64, b.astype(np.float64), rcond=None)[0], dt))
    # square: well conditioned (diagonally dominant), symmetric positive definite
    for dt, n in [("float64", 6), ("float64", 5), ("int64", 4), ("float32", 5), ("float64", 1)]:
        a = mk(r, dt, (n, n))
        if dt != "int64":
            a = (a + np.eye(n, dtype=dt) * 8).astype(dt)
        else:
            a = (a + np.eye(n, dtype=dt) * 12).astype(dt)
        a64 = a.astype(np.float64)
        tag = "%s_%dx%d" % (dt, n, n)
        sym = (a64 @ a64.T).astype(dt) if dt != "int64" else (a @ a.T).astype(dt)
        s64 = sym.astype(np.float64)
        fam.add("cholesky_" + tag, "np.linalg.cholesky(a @ a.T)", "cholesky", {"a": sym}, {}, out(np.linalg.cholesky(s64), dt))
        fam.add("inv_" + tag, "np.linalg.inv(a)", "inv", {"a": a}, {}, out(np.linalg.inv(a64), dt))
        fam.add("det_" + tag, "np.linalg.det(a)", "det", {"a": a}, {}, out(np.linalg.det(a64), dt))
        b1 = mk(r, dt, (n,))
        b2 = mk(r, dt, (n, 3))
        fam.add("solve_vec_" + tag, "np.linalg.solve(a, b)", "solve", {"a": a, "b": b1}, {},
                out(np.linalg.solve(a64, b1.astype(np.float64)), dt))
        fam.add("solve_mat_" + tag, "np.linalg.solve(a, b)", "solve", {"a": a, "b": b2}, {},
                out(np.linalg.solve(a64, b2.astype(np.float64)), dt))
        w, v = np.linalg.eigh(s64)
        fam.add("eigh_w_" + tag, "np.linalg.eigh(a @ a.T)[0]", "eigh_w", {"a": sym}, {}, out(w, dt))
        fam.add("eigh_v_" + tag, "np.linalg.eigh(a @ a.T)[1] (column signs: largest |entry| > 0)", "eigh_v", {"a": sym},
                {}, out(sign_rows_maxabs(v.T).T, dt))
        fam.add("eigvalsh_" + tag, "np.linalg.eigvalsh(a @ a.T)", "eigvalsh", {"a": sym}, {}, out(np.linalg.eigvalsh(s64), dt))
        p, l, u = lu(a64)
        assert np.allclose(p @ l @ u, a64)
        for name, m in [("p", p), ("l", l), ("u", u)]:
            fam.add("lu_%s_%s" % (name, tag), "scipy.linalg.lu(a)[%d]" % "plu".index(name), "lu_" + name, {"a": a}, {},
                    out(m, dt))
        for k in ([0, 1, 2, 3, 5, -1, -2] if dt == "float64" and n == 5 else [0, 2, 3]):
            if dt == "int64" and k < 0:
                continue
            mp = np.linalg.matrix_power(a if k >= 0 else a64, k)
            fam.add("matrix_power_%s_%s" % (g.slug(str(k)), tag), "np.linalg.matrix_power(a, %d)" % k, "matrix_power",
                    {"a": a}, {"n": k}, mp if k >= 0 else out(mp, dt))


def gen_more(fam):
    """slogdet, pinv, matrix_rank, cond, trace, multi_dot."""
    r = g.rng(31)
    for dt, n in [("float64", 5), ("int64", 4), ("float32", 3)]:
        a = mk(r, dt, (n, n))
        sign, logdet = np.linalg.slogdet(a.astype(np.float64))
        fam.add("slogdet_sign_%s_%d" % (dt, n), "np.linalg.slogdet(a)[0]", "slogdet_sign", {"a": a}, {}, out(sign, dt))
        fam.add("slogdet_log_%s_%d" % (dt, n), "np.linalg.slogdet(a)[1]", "slogdet_log", {"a": a}, {}, out(logdet, dt))
    deficient = np.outer([1.0, 2.0, -1.0, 0.5, 3.0, 1.5], [2.0, -1.0, 0.5]) + np.outer([0.0, 1, 1, 0, -2, 1], [1.0, 1, 1])
    for tag, a in [("float64_8x3", mk(r, "float64", (8, 3))), ("float64_6x6", mk(r, "float64", (6, 6))),
                   ("float64_3x5", mk(r, "float64", (3, 5))), ("int64_6x3", mk(r, "int64", (6, 3))),
                   ("rank2_6x3", deficient)]:
        a64 = a.astype(np.float64)
        fam.add("pinv_" + tag, "np.linalg.pinv(a)", "pinv", {"a": a}, {}, np.linalg.pinv(a64))
        fam.add("matrix_rank_" + tag, "np.linalg.matrix_rank(a)", "matrix_rank", {"a": a}, {},
                np.int64(np.linalg.matrix_rank(a64)))
        if tag != "rank2_6x3":
            fam.add("cond_" + tag, "np.linalg.cond(a)", "cond", {"a": a}, {}, np.linalg.cond(a64))
    for dt, shape in [("float64", (4, 4)), ("int32", (3, 3)), ("int64", (3, 5)), ("float32", (4, 2))]:
        a = mk(r, dt, shape)
        fam.add("trace_%s_%s" % (dt, sx(shape)), "np.trace(a)", "trace", {"a": a}, {}, np.trace(a))
    # stacks of matrices: the leading axes keep their chunks
    for shape in [(2, 3, 3), (3, 2, 4, 4)]:
        a = mk(r, "float64", shape) + 6 * np.eye(shape[-1])
        tag = sx(shape)
        fam.add("inv_stack_" + tag, "np.linalg.inv(a)", "inv", {"a": a}, {}, np.linalg.inv(a))
        fam.add("det_stack_" + tag, "np.linalg.det(a)", "det", {"a": a}, {}, np.linalg.det(a))
        fam.add("slogdet_log_stack_" + tag, "np.linalg.slogdet(a)[1]", "slogdet_log", {"a": a}, {}, np.linalg.slogdet(a)[1])
        spd = a @ np.swapaxes(a, -1, -2)
        fam.add("cholesky_stack_" + tag, "np.linalg.cholesky(a @ a.T)", "cholesky_stack", {"a": spd}, {},
                np.linalg.cholesky(spd))
        fam.add("eigvalsh_stack_" + tag, "np.linalg.eigvalsh(a @ a.T)", "eigvalsh", {"a": spd}, {}, np.linalg.eigvalsh(spd))
        fam.add("eigh_w_stack_" + tag, "np.linalg.eigh(a @ a.T)[0]", "eigh_w", {"a": spd}, {}, np.linalg.eigh(spd)[0])
    a, b, c = mk(r, "float64", (4, 3)), mk(r, "float64", (3, 5)), mk(r, "float64", (5, 2))
    fam.add("multi_dot_4x3_3x5_5x2", "np.linalg.multi_dot([a, b, c])", "multi_dot", {"a": a, "b": b, "c": c}, {},
            np.linalg.multi_dot([a, b, c]))


# ---- fft ------------------------------------------------------------------------------------------

def pair(z):
    """A complex array in the Java side's pair form: float64 with a trailing (real, imag) axis."""
    z = np.asarray(z)
    return np.stack([z.real, z.imag], -1).astype(np.float64)


def gen_fft(fam):
    r = g.rng(5)

    def real(shape, dt="float64"):
        return mk(r, dt, shape)

    def cplx(shape):
        return mk(r, "float64", shape) + 1j * mk(r, "float64", shape)

    # fft of real input: radix-2 and Bluestein lengths, padding/truncation, norms, axes
    for shape, n, axis, norm, dt in [((8,), None, -1, None, "float64"), ((7,), None, -1, None, "float64"),
                                     ((12,), None, -1, "ortho", "float64"), ((6,), 10, -1, None, "float64"),
                                     ((9,), 5, -1, "forward", "float64"), ((4, 6), None, 0, None, "float64"),
                                     ((3, 5), None, -1, None, "int64"), ((2, 3, 5), None, 1, None, "float32"),
                                     ((1,), None, -1, None, "float64")]:
        x = real(shape, dt)
        name = "fft_%s_%s_n%s_ax%s_%s" % (dt, sx(shape), n, g.slug(str(axis)), norm)
        fam.add(name, "np.fft.fft(x, n=%s, axis=%d, norm=%r)" % (n, axis, norm), "fft", {"x": x},
                {"n": n, "axis": axis, "norm": norm, "complex": False}, pair(np.fft.fft(x, n=n, axis=axis, norm=norm)))
    # complex input: fft and ifft
    for op, shape, n, axis, norm in [("fft", (6,), None, -1, None), ("fft", (3, 5), None, 0, "ortho"),
                                     ("ifft", (8,), None, -1, None), ("ifft", (7,), None, -1, None),
                                     ("ifft", (4, 5), 6, 0, "forward"), ("ifft", (2, 3, 4), None, 1, "ortho")]:
        z = cplx(shape)
        fn = getattr(np.fft, op)
        fam.add("%s_complex_%s_n%s_ax%s_%s" % (op, sx(shape), n, g.slug(str(axis)), norm),
                "np.fft.%s(z, n=%s, axis=%d, norm=%r) (z as (re, im) pairs)" % (op, n, axis, norm), op, {"z": pair(z)},
                {"n": n, "axis": axis, "norm": norm, "complex": True}, pair(fn(z, n=n, axis=axis, norm=norm)))
    # rfft and irfft
    for shape, n, axis, norm in [((8,), None, -1, None), ((7,), None, -1, "ortho"), ((5, 4), None, 0, None),
                                 ((6,), 9, -1, None)]:
        x = real(shape)
        fam.add("rfft_%s_n%s_ax%s_%s" % (sx(shape), n, g.slug(str(axis)), norm),
                "np.fft.rfft(x, n=%s, axis=%d, norm=%r)" % (n, axis, norm), "rfft", {"x": x},
                {"n": n, "axis": axis, "norm": norm}, pair(np.fft.rfft(x, n=n, axis=axis, norm=norm)))
    for shape, n, axis, norm in [((5,), None, -1, None), ((5,), 9, -1, None), ((4, 3), None, 0, "ortho"),
                                 ((3, 4), 5, -1, "forward")]:
        z = cplx(shape)
        fam.add("irfft_%s_n%s_ax%s_%s" % (sx(shape), n, g.slug(str(axis)), norm),
                "np.fft.irfft(z, n=%s, axis=%d, norm=%r)" % (n, axis, norm), "irfft", {"z": pair(z)},
                {"n": n, "axis": axis, "norm": norm}, np.fft.irfft(z, n=n, axis=axis, norm=norm))
    # n-d
    x = real((4, 6))
    fam.add("fft2_4x6", "np.fft.fft2(x)", "fft2", {"x": x}, {}, pair(np.fft.fft2(x)))
    z = cplx((3, 4))
    fam.add("ifft2_3x4", "np.fft.ifft2(z)", "ifft2", {"z": pair(z)}, {}, pair(np.fft.ifft2(z)))
    x3 = real((2, 3, 4))
    fam.add("fftn_2x3x4", "np.fft.fftn(x)", "fftn", {"x": x3}, {"s": None, "axes": None}, pair(np.fft.fftn(x3)))
    fam.add("fftn_2x3x4_axes0_2_s3_5", "np.fft.fftn(x, s=(3, 5), axes=(0, 2))", "fftn", {"x": x3},
            {"s": [3, 5], "axes": [0, 2]}, pair(np.fft.fftn(x3, s=(3, 5), axes=(0, 2))))
    z3 = cplx((2, 3, 4))
    fam.add("ifftn_2x3x4", "np.fft.ifftn(z)", "ifftn", {"z": pair(z3)}, {"s": None, "axes": None}, pair(np.fft.ifftn(z3)))
    # frequencies and shifts
    for n, d in [(8, 1.0), (7, 0.1), (1, 1.0)]:
        fam.add("fftfreq_%d_%s" % (n, g.slug(str(d))), "np.fft.fftfreq(%d, %r)" % (n, d), "fftfreq", {}, {"n": n, "d": d},
                np.fft.fftfreq(n, d))
        fam.add("rfftfreq_%d_%s" % (n, g.slug(str(d))), "np.fft.rfftfreq(%d, %r)" % (n, d), "rfftfreq", {},
                {"n": n, "d": d}, np.fft.rfftfreq(n, d))
    for shape, axes, dt in [((7,), None, "float64"), ((5, 4), None, "int64"), ((4, 5, 3), [0, 2], "float64"),
                            ((6,), None, "int32")]:
        x = real(shape, dt)
        for op in ("fftshift", "ifftshift"):
            fam.add("%s_%s_%s_%s" % (op, dt, sx(shape), "all" if axes is None else "_".join(map(str, axes))),
                    "np.fft.%s(x, axes=%s)" % (op, axes), op, {"x": x}, {"axes": axes},
                    getattr(np.fft, op)(x, axes=axes))
    # parts of a complex (pair-form) tensor
    z = cplx((3, 4))
    fam.add("abs_pair_3x4", "np.abs(z)", "abs", {"z": pair(z)}, {}, np.abs(z))
    fam.add("real_pair_3x4", "z.real", "real", {"z": pair(z)}, {}, z.real)
    fam.add("imag_pair_3x4", "z.imag", "imag", {"z": pair(z)}, {}, z.imag)


def main():
    fam = Family("products_decompositions")
    gen_products(fam)
    gen_decompositions(fam)
    gen_more(fam)
    path, n = fam.write()
    print("%s: %d cases" % (path, n))
    if "gen_fft" in globals():
        fam = Family("fft")
        globals()["gen_fft"](fam)
        path, n = fam.write()
        print("%s: %d cases" % (path, n))


if __name__ == "__main__":
    main()
