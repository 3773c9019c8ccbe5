#!/usr/bin/python3
"""Writes the numpy fixtures of issue 5's manipulation and selection functions.

    /usr/bin/python3 tensor-tiling/src/test/python/gen_fixtures_manipulation.py

Same format and rules as gen_fixtures.py (whose helpers it reuses): expected values come from
numpy, inputs are deterministic and stored next to the results, re-running reproduces the files
byte for byte. Writes src/test/resources/fixtures/manipulation.json and selection.json, read by
Manipulation_FixtureTest and Selection_FixtureTest.

Functions returning several tensors (split, nonzero, unravel_index) get one case per returned
tensor, with the tensor's position in params["part"].
"""

import json
import os

import numpy as np

import gen_fixtures as g

GENERATOR = "src/test/python/gen_fixtures_manipulation.py"


class Family(g.Family):
    def write(self):
        os.makedirs(g.OUT, exist_ok=True)
        path = os.path.join(g.OUT, self.name + ".json")
        head = '{"family": %s, "numpy": %s, "generator": %s, "cases": [\n' % (
            json.dumps(self.name), json.dumps(np.__version__), json.dumps(GENERATOR))
        body = ",\n".join(json.dumps(c, separators=(",", ":"), allow_nan=False) for c in self.cases)
        with open(path, "w") as f:
            f.write(head + body + "\n]}\n")
        return path, len(self.cases)


A = np.arange(24, dtype=np.int64).reshape(2, 3, 4) - 5
B = np.round(g.rng(51).uniform(-9, 9, (4, 6)), 2)
V = (np.arange(10, dtype=np.int32) * 3) % 7 - 2
M = np.arange(6, dtype=np.float32).reshape(2, 3) / 2
S = np.arange(6, dtype=np.int64).reshape(1, 3, 1, 2)
C = np.array([[1.5], [-2.0], [3.25]])
BOOLS = np.array([True, False, False, True, True, False, True])


def gen_manipulation():
    fam = Family("manipulation")
    for x, tag in ((A, "a"), (B, "b"), (V, "v")):
        shapes = {"a": [(6, 4), (4, 6), (24,), (-1, 2), (2, 12), (3, 8), (4, 3, 2), (2, 1, 3, 4), (1, 24), (8, -1)],
                  "b": [(3, 8), (8, 3), (2, 2, 6), (24, 1), (6, 4)],
                  "v": [(2, 5), (5, 2), (10, 1, 1)]}[tag]
        for s in shapes:
            fam.add("reshape_%s_%s" % (tag, "x".join(g.slug(str(d)) for d in s)), "x.reshape(%s)" % (s,), "reshape",
                    {"x": x}, {"shape": list(s)}, x.reshape(s))
    fam.add("reshape_T", "x.T.reshape(3, 8)", "T_reshape", {"x": B}, {"shape": [3, 8]}, B.T.reshape(3, 8))
    fam.add("ravel_a", "np.ravel(x)", "ravel", {"x": A}, {}, np.ravel(A))
    fam.add("ravel_T", "np.ravel(x.T)", "T_ravel", {"x": B}, {}, np.ravel(B.T))
    for a1, a2 in ((0, 2), (1, -1)):
        fam.add("swapaxes_%d_%s" % (a1, g.slug(str(a2))), "np.swapaxes(x, %d, %d)" % (a1, a2), "swapaxes", {"x": A},
                {"a1": a1, "a2": a2}, np.swapaxes(A, a1, a2))
    for s, d in ((0, -1), (2, 0)):
        fam.add("moveaxis_%d_%s" % (s, g.slug(str(d))), "np.moveaxis(x, %d, %d)" % (s, d), "moveaxis", {"x": A},
                {"src": s, "dst": d}, np.moveaxis(A, s, d))
    for ax in ([0], [-1], [2], [0, 2]):
        fam.add("expand_dims_%s" % "_".join(g.slug(str(v)) for v in ax), "np.expand_dims(x, %s)" % (tuple(ax),),
                "expand_dims", {"x": B}, {"axes": ax}, np.expand_dims(B, tuple(ax)))
    for ax in ([], [2], [0, 2]):
        fam.add("squeeze_%s" % ("all" if not ax else "_".join(str(v) for v in ax)),
                "np.squeeze(x%s)" % ("" if not ax else ", axis=%s" % (tuple(ax),)), "squeeze", {"x": S}, {"axes": ax},
                np.squeeze(S, axis=tuple(ax) if ax else None))
    fam.add("broadcast_to_v", "np.broadcast_to(x, (2, 10))", "broadcast_to", {"x": V}, {"shape": [2, 10]},
            np.broadcast_to(V, (2, 10)))
    fam.add("broadcast_to_c", "np.broadcast_to(x, (2, 3, 4))", "broadcast_to", {"x": C}, {"shape": [2, 3, 4]},
            np.broadcast_to(C, (2, 3, 4)))
    y = np.round(g.rng(52).uniform(-5, 5, (2, 3, 2)), 1)
    fam.add("concatenate_axis2_promote", "np.concatenate([a, b], axis=2)", "concatenate", {"a": A, "b": y},
            {"axis": 2}, np.concatenate([A, y], axis=2))
    z = np.arange(8, dtype=np.int64).reshape(1, 2, 4)
    fam.add("concatenate_axis0_uneven", "np.concatenate([a, b], axis=0)", "concatenate",
            {"a": A[:, :2], "b": z}, {"axis": 0}, np.concatenate([A[:, :2], z], axis=0))
    fam.add("concatenate_three_neg", "np.concatenate([a, b, a], axis=-1)", "concatenate3", {"a": M, "b": C.astype(np.float32)[:2]},
            {"axis": -1}, np.concatenate([M, C.astype(np.float32)[:2], M], axis=-1))
    fam.add("concatenate_none", "np.concatenate([a, b], axis=None)", "concatenate", {"a": M, "b": V},
            {"axis": None}, np.concatenate([M, V], axis=None))
    p = np.arange(6, dtype=np.int32).reshape(2, 3)
    q = -np.arange(6, dtype=np.int32).reshape(2, 3)
    for ax in (0, 1, -1):
        fam.add("stack_%s" % g.slug(str(ax)), "np.stack([a, b], axis=%d)" % ax, "stack", {"a": p, "b": q}, {"axis": ax},
                np.stack([p, q], axis=ax))
    u = np.arange(5, dtype=np.int64)
    w = np.arange(5, dtype=np.int64) * 2
    for fn in ("hstack", "vstack", "dstack"):
        f = getattr(np, fn)
        fam.add("%s_1d" % fn, "np.%s([a, b])" % fn, fn, {"a": u, "b": w}, {}, f([u, w]))
        fam.add("%s_2d" % fn, "np.%s([a, b])" % fn, fn, {"a": p, "b": q}, {}, f([p, q]))
    for i, part in enumerate(np.split(V, 5)):
        if i in (0, 4):
            fam.add("split_5_part%d" % i, "np.split(x, 5)[%d]" % i, "split", {"x": V}, {"sections": 5, "part": i}, part)
    for i, part in enumerate(np.array_split(V, 3)):
        fam.add("array_split_3_part%d" % i, "np.array_split(x, 3)[%d]" % i, "array_split", {"x": V},
                {"sections": 3, "part": i}, part)
    for i, part in enumerate(np.split(B, [1, 5], axis=1)):
        fam.add("split_indices_part%d" % i, "np.split(x, [1, 5], axis=1)[%d]" % i, "split_indices", {"x": B},
                {"indices": [1, 5], "axis": 1, "part": i}, part)
    fam.add("hsplit_part1", "np.hsplit(x, 3)[1]", "hsplit", {"x": B}, {"sections": 3, "part": 1}, np.hsplit(B, 3)[1])
    fam.add("vsplit_part1", "np.vsplit(x, 2)[1]", "vsplit", {"x": B}, {"sections": 2, "part": 1}, np.vsplit(B, 2)[1])
    for x, tag, reps in ((u, "u", [2]), (u, "u", [2, 1]), (p, "p", [2, 2]), (p, "p", [3]), (p, "p", [2, 1, 2]),
                         (p, "p", [0, 2])):
        fam.add("tile_%s_%s" % (tag, "x".join(str(r) for r in reps)), "np.tile(x, %s)" % (tuple(reps),), "tile",
                {"x": x}, {"reps": reps}, np.tile(x, reps))
    fam.add("repeat_flat", "np.repeat(x, 2)", "repeat", {"x": V}, {"repeats": [2], "axis": None}, np.repeat(V, 2))
    fam.add("repeat_axis1_list", "np.repeat(x, [1, 0, 2], axis=1)", "repeat", {"x": p},
            {"repeats": [1, 0, 2], "axis": 1}, np.repeat(p, [1, 0, 2], axis=1))
    fam.add("repeat_axis0", "np.repeat(x, 3, axis=0)", "repeat", {"x": M}, {"repeats": [3], "axis": 0},
            np.repeat(M, 3, axis=0))
    for ax in ([], [0], [1, 2], [-1]):
        fam.add("flip_%s" % ("all" if not ax else "_".join(g.slug(str(v)) for v in ax)),
                "np.flip(x%s)" % ("" if not ax else ", axis=%s" % (tuple(ax),)), "flip", {"x": A}, {"axes": ax},
                np.flip(A, axis=tuple(ax) if ax else None))
    for x, tag, shift, axis in ((V, "v", 3, None), (V, "v", -12, None), (p, "p", 1, 1), (A, "a", 5, None),
                                (A, "a", -1, 2)):
        fam.add("roll_%s_%s_%s" % (tag, g.slug(str(shift)), axis), "np.roll(x, %d, axis=%s)" % (shift, axis), "roll",
                {"x": x}, {"shift": shift, "axis": axis}, np.roll(x, shift, axis=axis))
    fam.add("roll_multi", "np.roll(x, (1, -1), axis=(0, 1))", "roll_multi", {"x": B},
            {"shifts": [1, -1], "axes": [0, 1]}, np.roll(B, (1, -1), axis=(0, 1)))
    for x, tag, n, axis in ((V, "v", 1, -1), (V, "v", 2, 0), (B, "b", 1, 0), (B, "b", 2, -1), (BOOLS, "bool", 1, 0),
                            (M, "f32", 1, 1)):
        fam.add("diff_%s_n%d_%s" % (tag, n, g.slug(str(axis))), "np.diff(x, n=%d, axis=%d)" % (n, axis), "diff",
                {"x": x}, {"n": n, "axis": axis}, np.diff(x, n=n, axis=axis))
    fam.add("diff_prepend_append", "np.diff(x, prepend=0, append=2.5)", "diff_pa", {"x": V},
            {"n": 1, "axis": 0, "prepend": g.enc_scalar(0), "append": g.enc_scalar(2.5)}, np.diff(V, prepend=0, append=2.5))
    fam.add("diff_prepend_axis0_n2", "np.diff(x, n=2, axis=0, prepend=-1)", "diff_pa", {"x": B},
            {"n": 2, "axis": 0, "prepend": g.enc_scalar(-1), "append": None}, np.diff(B, n=2, axis=0, prepend=-1))
    # triangles and diagonals (numpy's creation group): tril/triu of matrices and stacks, diag both ways
    R = np.arange(1, 43, dtype=np.float64).reshape(6, 7) / 4
    T3 = np.arange(1, 31, dtype=np.int64).reshape(2, 3, 5)
    for x, tag in ((R, "r"), (T3, "t3"), (M, "f32")):
        for k in (0, 1, -2, 5, -7):
            for op in ("tril", "triu"):
                fam.add("%s_%s_k%s" % (op, tag, g.slug(str(k))), "np.%s(x, k=%d)" % (op, k), op, {"x": x}, {"k": k},
                        getattr(np, op)(x, k=k))
    for x, tag in ((R, "r"), (R.T.copy(), "rt"), (np.arange(9, dtype=np.int32).reshape(3, 3), "i32")):
        for k in (0, 1, -1, 3, -4, 9):
            fam.add("diag2d_%s_k%s" % (tag, g.slug(str(k))), "np.diag(x, k=%d)" % k, "diag", {"x": x}, {"k": k},
                    np.diag(x, k=k))
    for x, tag in ((np.array([1.5, -2.0, 3.0, 0.25, 7.0]), "v5"), (np.array([True, False, True]), "bool")):
        for k in (0, 2, -3):
            fam.add("diag1d_%s_k%s" % (tag, g.slug(str(k))), "np.diag(x, k=%d)" % k, "diag", {"x": x}, {"k": k},
                    np.diag(x, k=k))
    for fn in ("zeros_like", "ones_like"):
        fam.add("%s_f32" % fn, "np.%s(x)" % fn, fn, {"x": M}, {}, getattr(np, fn)(M))
    fam.add("full_like_int64", "np.full_like(x, 7)", "full_like", {"x": T3}, {"value": g.enc_scalar(7)},
            np.full_like(T3, 7))
    return fam


def gen_selection():
    fam = Family("selection")
    idx = {
        "1": A[1], "-1, 2": A[-1, 2], "1, ..., None": A[1, ..., None], "..., 1": A[..., 1], "None, 0": A[None, 0],
        ":, 1, ::2": A[:, 1, ::2], "np.newaxis, ..., -2:": A[np.newaxis, ..., -2:], "0, 1, 2": A[0, 1, 2],
        "::-1, None, -1, 1:3": A[::-1, None, -1, 1:3],
        "[1, 0], 2": A[[1, 0], 2], "..., [3, 0, -1]": A[..., [3, 0, -1]], "None, 1, [0, 2]": A[None, 1, [0, 2]],
        "[0, 1], [2, 0]": A[[0, 1], [2, 0]], "1, [0, 2], [3, -1]": A[1, [0, 2], [3, -1]],
        "[1, 0, 1], 1, [0, 3, 3]": A[[1, 0, 1], 1, [0, 3, 3]], ":, [0, 2], [1]": A[:, [0, 2], [1]],
    }
    for i, (spec, res) in enumerate(idx.items()):
        fam.add("index_%d" % i, "x[%s]" % spec, "index", {"x": A}, {"spec": spec}, res)
    fam.add("index_fancy_list", "x[:, [2, 0, 2, -1]]", "index_fancy", {"x": A}, {"spec": ":, F", "fancy": [2, 0, 2, -1]},
            A[:, [2, 0, 2, -1]])
    fam.add("index_fancy_int_adjacent", "x[1, [2, 0]]", "index_fancy", {"x": A}, {"spec": "1, F", "fancy": [2, 0]},
            A[1, [2, 0]])
    fam.add("index_fancy_newaxis", "x[None, ..., [1, 1]]", "index_fancy", {"x": B}, {"spec": "None, ..., F", "fancy": [1, 1]},
            B[None, ..., [1, 1]])
    it = np.array([3, 0, -1, 2, 2], dtype=np.int64)
    fam.add("index_fancy_tensor", "x[i]", "index_fancy_tensor", {"x": B, "i": it}, {"spec": "F"}, B[it])
    fam.add("take_flat", "np.take(x, [1, -1, 3, 3])", "take", {"x": A}, {"indices": [1, -1, 3, 3], "axis": None},
            np.take(A, [1, -1, 3, 3]))
    fam.add("take_axis1", "np.take(x, [2, 0], axis=1)", "take", {"x": B}, {"indices": [2, 0], "axis": 1},
            np.take(B, [2, 0], axis=1))
    fam.add("take_axis_neg_empty", "np.take(x, [], axis=-1)", "take", {"x": M}, {"indices": [], "axis": -1},
            np.take(M, np.array([], dtype=np.int64), axis=-1))
    i2 = np.array([[0, 2], [1, 1], [2, 0]], dtype=np.int32)
    fam.add("take_tensor_2d_axis1", "np.take(x, i, axis=1)", "take_tensor", {"x": A, "i": i2}, {"axis": 1},
            np.take(A, i2, axis=1))
    i1 = np.array([9, 0, -3, 4, 4, 1], dtype=np.int64)
    fam.add("take_tensor_flat", "np.take(x, i)", "take_tensor", {"x": V, "i": i1}, {"axis": None}, np.take(V, i1))
    cond = [True, False, True, True]
    fam.add("compress_list_axis0", "np.compress([1,0,1,1], x, axis=0)", "compress", {"x": B},
            {"condition": cond, "axis": 0}, np.compress(cond, B, axis=0))
    fam.add("compress_list_flat_short", "np.compress([0,1,1], x)", "compress", {"x": M},
            {"condition": [False, True, True], "axis": None}, np.compress([False, True, True], M))
    ct = np.array([True, False, True, False, False, True])
    fam.add("compress_tensor_axis1", "np.compress(c, x, axis=1)", "compress_tensor", {"x": B, "c": ct}, {"axis": 1},
            np.compress(ct, B, axis=1))
    cnd = B > 0
    yy = np.arange(6, dtype=np.int64) - 3
    fam.add("where_3_tensors", "np.where(c, x, y)", "where", {"c": cnd, "x": B, "y": yy}, {}, np.where(cnd, B, yy))
    fam.add("where_scalar_y", "np.where(c, x, 0)", "where_scalar_y", {"c": V > 1, "x": V}, {"y": g.enc_scalar(0)},
            np.where(V > 1, V, 0))
    fam.add("where_scalars", "np.where(c, 1.5, -1)", "where_scalars", {"c": cnd}, {"x": g.enc_scalar(1.5), "y": g.enc_scalar(-1)},
            np.where(cnd, 1.5, -1))
    col = np.array([[True], [False], [True], [False]])
    fam.add("where_broadcast_cond", "np.where(c, x, y)", "where", {"c": col, "x": B, "y": -B}, {}, np.where(col, B, -B))
    nz = (A % 3 == 0) & (A > -3)
    for i, part in enumerate(np.nonzero(nz)):
        fam.add("nonzero_part%d" % i, "np.nonzero(x)[%d]" % i, "nonzero", {"x": nz}, {"part": i}, part)
    for i, part in enumerate(np.nonzero(V)):
        fam.add("nonzero_int_part%d" % i, "np.nonzero(x)[%d]" % i, "nonzero", {"x": V}, {"part": i}, part)
    fam.add("where_1arg_part1", "np.where(x)[1]", "where1", {"x": B > 2}, {"part": 1}, np.where(B > 2)[1])
    fam.add("argwhere_3d", "np.argwhere(x)", "argwhere", {"x": nz}, {}, np.argwhere(nz))
    fam.add("argwhere_float", "np.argwhere(x)", "argwhere", {"x": np.where(B > 3, B, 0.0)}, {}, np.argwhere(np.where(B > 3, B, 0.0)))
    fam.add("argwhere_none", "np.argwhere(x)", "argwhere", {"x": M > 100}, {}, np.argwhere(M > 100))
    ui = np.array([0, 7, 23, 12, 5, 19], dtype=np.int64)
    for i, part in enumerate(np.unravel_index(ui, (2, 3, 4))):
        fam.add("unravel_part%d" % i, "np.unravel_index(i, (2, 3, 4))[%d]" % i, "unravel", {"i": ui},
                {"shape": [2, 3, 4], "part": i}, part)
    sets = [("1:3", g.enc_scalar(7), "set"), (":, ::2", None, "set_tensor"), ("1, ...", None, "set_tensor"),
            ("-1", g.enc_scalar(-1.5), "set"), ("::-2, 4", g.enc_scalar(0), "set"), ("2:2", g.enc_scalar(1), "set"),
            (":, [4, 0, 4]", g.enc_scalar(9), "set"), ("[1, 3]", None, "set_tensor")]
    for i, (spec, val, op) in enumerate(sets):
        x = B.copy()
        exec_idx = eval("np.s_[%s]" % spec)  # noqa: S307 (literal specs above)
        if val is None:
            sel = x[exec_idx]
            v = np.round(np.arange(sel.shape[-1] if sel.ndim else 1, dtype=np.float64) * 10 + 0.5, 1)
            x[exec_idx] = v
            fam.add("set_%d" % i, "x[%s] = v" % spec, op, {"x": B, "v": v}, {"spec": spec}, x)
        else:
            x[exec_idx] = val["value"]
            fam.add("set_%d" % i, "x[%s] = %s" % (spec, val["value"]), op, {"x": B}, {"spec": spec, "value": val}, x)
    xi = A.copy()
    xi[:, 1:, ::3] = 2.7  # float into int64: truncated
    fam.add("set_int_cast", "x[:, 1:, ::3] = 2.7", "set", {"x": A}, {"spec": ":, 1:, ::3", "value": g.enc_scalar(2.7)}, xi)
    xm = B.copy()
    xm[B < 0] = 0.0
    fam.add("set_mask", "x[x < 0] = 0", "set_mask", {"x": B}, {"value": g.enc_scalar(0.0)}, xm)
    return fam


def main():
    for gen in (gen_manipulation, gen_selection):
        path, n = gen().write()
        print("%-60s %4d cases %7d bytes" % (os.path.relpath(path), n, os.path.getsize(path)))


if __name__ == "__main__":
    main()
