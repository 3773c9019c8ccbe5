#!/usr/bin/python3
"""Writes the pandas-derived test fixtures of dataframe-adapter.

    /usr/bin/python3 dataframe-adapter/src/test/python/gen_fixtures_df.py

Expected values come from pandas (Debian's python3-pandas 1.5.3), never from the code under
test. Inputs are literal and stored in the fixtures next to the results, so the Java tests
(Df*_FixtureTest) build their frames from the stored inputs and need no Python. Re-running this
script reproduces the committed files byte for byte.

One JSON file per family under src/test/resources/fixtures-df/. A file is
{"family", "pandas", "cases": [...]}, one case a line:

    {"name", "expr": the pandas expression, "op": what the Java test runs,
     "inputs": {"df": FRAME, ...}, "params": {...}, "expected": FRAME | SERIES | INDEX | SCALAR}

FRAME  = {"kind": "frame", "columns": [...], "dtypes": [...], "data": [[column values], ...], "index": INDEX}
SERIES = {"kind": "series", "name": ..., "dtype": ..., "data": [...], "index": INDEX}
INDEX  = {"kind": "index", "type": pandas class name, "dtype": ..., "name": ...,
          "start"/"stop"/"step" for a RangeIndex, else "data": [...]}
SCALAR = {"kind": "scalar", "value": ...}
Values: int64 as integers, float64 as numbers or "nan"/"inf"/"-inf", bool as true/false,
object as strings (or numbers, bools) with null for NA, datetime64[ns] as integer nanoseconds
since the epoch with null for NaT, category as strings with null for NA (the column's
categories in "categories" next to "data" is not stored: categories are compared as the
sorted distinct values).

Known deliberate deviations (no case is generated): int64 // 0 and % 0 (pandas makes the result
float64 with inf/NaN, which depends on the data; Mars raises), bool-with-NA columns (pandas
object), dropna that drops nothing (pandas keeps a RangeIndex then, Mars gives the
Int64Index it gives whenever rows may have been dropped), min/max of an object column holding NA (pandas 1.5 raises TypeError, Mars skips
NA), column labels of header-less CSV (pandas ints 0..n-1, Mars strings "0".."n-1").
"""

import json
import math
import os

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.normpath(os.path.join(HERE, "..", "resources", "fixtures-df"))


def value(v, dtype):
    if dtype == "datetime64[ns]":
        return None if pd.isna(v) else int(pd.Timestamp(v).value)
    if dtype == "category":
        return None if pd.isna(v) else str(v)
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if math.isnan(f):
            return None if dtype == "object" else "nan"
        if math.isinf(f):
            return "inf" if f > 0 else "-inf"
        return f
    if v is None:
        return None
    if isinstance(v, pd.Timestamp):
        return int(v.value)
    return v


def enc_values(values, dtype):
    return [value(v, dtype) for v in list(values)]


def enc_index(idx):
    out = {"kind": "index", "type": type(idx).__name__, "dtype": str(idx.dtype), "name": idx.name}
    if isinstance(idx, pd.MultiIndex):
        # one entry per level: its dtype and its value at every row (not pandas's codes/levels)
        out["names"] = list(idx.names)
        out["levels"] = []
        for j in range(idx.nlevels):
            lv = idx.get_level_values(j)
            out["levels"].append({"dtype": str(lv.dtype), "data": enc_values(lv, str(lv.dtype))})
        return out
    if isinstance(idx, pd.RangeIndex):
        out.update({"start": idx.start, "stop": idx.stop, "step": idx.step})
    else:
        out["data"] = enc_values(idx, str(idx.dtype))
    return out


def enc(obj):
    if isinstance(obj, pd.DataFrame):
        return {"kind": "frame", "columns": [str(c) for c in obj.columns],
                "dtypes": [str(d) for d in obj.dtypes],
                "data": [enc_values(obj[c], str(obj[c].dtype)) for c in obj.columns],
                "index": enc_index(obj.index)}
    if isinstance(obj, pd.Series):
        return {"kind": "series", "name": obj.name, "dtype": str(obj.dtype),
                "data": enc_values(obj, str(obj.dtype)), "index": enc_index(obj.index)}
    if isinstance(obj, pd.Index):
        return enc_index(obj)
    if obj is pd.NaT:
        return {"kind": "scalar", "value": None, "type": "datetime"}
    if isinstance(obj, pd.Timestamp):
        return {"kind": "scalar", "value": int(obj.value), "type": "datetime"}
    if isinstance(obj, str):
        return {"kind": "scalar", "value": obj, "type": "str"}
    if isinstance(obj, (bool, np.bool_)):
        return {"kind": "scalar", "value": bool(obj), "type": "bool"}
    if isinstance(obj, (int, np.integer)):
        return {"kind": "scalar", "value": int(obj), "type": "int"}
    return {"kind": "scalar", "value": value(float(obj), "float64"), "type": "float"}


def base_frame():
    return pd.DataFrame({
        "a": np.array([3, -1, 4, 1, -5, 9, 2, 6, 5, -3, 5], dtype="int64"),
        "b": [1.5, np.nan, -2.25, 0.5, 4.0, np.nan, 3.0, -0.75, 2.5, 8.0, np.nan],
        "c": ["x", "y", None, "x", "zz", None, "a", None, "b", "x", "q"],
        "d": [True, False, True, True, False, False, True, False, True, True, False],
        "t": pd.to_datetime(["2020-01-01", "2020-03-15 12:30:00", None, "2019-12-31", "2021-07-04",
                             "2020-02-29", None, "2020-01-02", "2022-10-10 08:00:00", "2018-05-05",
                             "2020-06-30"]),
        "k": pd.Categorical(["u", "v", "u", None, "w", "v", "u", "w", None, "v", "u"]),
        "e": np.array([2, 1, 3, 2, 4, 1, 5, 2, 3, 1, 2], dtype="int64"),
        "f": [0.5, 2.0, np.nan, -1.0, 0.25, 3.5, 1.0, np.nan, -2.0, 0.75, 1.25],
        "g": [False, False, True, True, True, False, False, True, False, True, True],
        "s": ["p", "y", "x", None, "zz", "q", "a", "r", "b", "w", "q"],
    })


def string_index_frame():
    df = pd.DataFrame({"v": [10, 20, 30, 40, 50], "w": [0.5, np.nan, 1.5, 2.5, np.nan]},
                      index=pd.Index(["r1", "r2", "r3", "r4", "r5"], name="row"))
    return df


CASES = {}


def case(family, name, expr, op, inputs, params, expected):
    CASES.setdefault(family, []).append({"name": name, "expr": expr, "op": op,
                                         "inputs": {k: enc(v) for k, v in inputs.items()},
                                         "params": params, "expected": enc(expected)})


def gen():
    df = base_frame()
    si = string_index_frame()
    I = {"df": df}
    # ---- selection and assignment
    case("selection", "col_b", 'df["b"]', "col", I, {"col": "b"}, df["b"])
    case("selection", "col_t", 'df["t"]', "col", I, {"col": "t"}, df["t"])
    case("selection", "col_k", 'df["k"]', "col", I, {"col": "k"}, df["k"])
    case("selection", "select_c_a", 'df[["c", "a"]]', "select", I, {"cols": ["c", "a"]}, df[["c", "a"]])
    case("selection", "identity", "df", "identity", I, {}, df)
    case("selection", "assign_series", 'df.assign(z=df["a"] * 2)', "assign_mul", I,
         {"name": "z", "col": "a", "by": 2}, df.assign(z=df["a"] * 2))
    case("selection", "assign_replace", 'df.assign(a=df["b"])', "assign_col", I, {"name": "a", "col": "b"},
         df.assign(a=df["b"]))
    case("selection", "assign_const_float", "df.assign(z=1.5)", "assign_const", I,
         {"name": "z", "value": {"kind": "float", "value": 1.5}}, df.assign(z=1.5))
    case("selection", "assign_const_str", 'df.assign(z="hi")', "assign_const", I,
         {"name": "z", "value": {"kind": "str", "value": "hi"}}, df.assign(z="hi"))
    case("selection", "assign_centered", 'df.assign(z=df["b"] - df["b"].mean())', "assign_centered", I,
         {"name": "z", "col": "b"}, df.assign(z=df["b"] - df["b"].mean()))
    case("selection", "index_of_filtered", 'df[df["a"] > 2].index', "filtered_index", I,
         {"col": "a", "gt": 2}, df[df["a"] > 2].index)
    case("selection", "string_index_col", 'si["w"]', "col", {"df": si}, {"col": "w"}, si["w"])
    case("selection", "string_index_filter", 'si[si["v"] > 15]', "filter_gt", {"df": si}, {"col": "v", "gt": 15},
         si[si["v"] > 15])
    # ---- filtering and positions
    case("rows", "filter_gt", 'df[df["a"] > 2]', "filter_gt", I, {"col": "a", "gt": 2}, df[df["a"] > 2])
    case("rows", "filter_none", 'df[df["a"] > 100]', "filter_gt", I, {"col": "a", "gt": 100}, df[df["a"] > 100])
    case("rows", "filter_notna", 'df[df["b"].notna()]', "filter_notna", I, {"col": "b"}, df[df["b"].notna()])
    case("rows", "filter_bool_col", 'df[df["d"]]', "filter_col", I, {"col": "d"}, df[df["d"]])
    case("rows", "filter_and", 'df[(df["a"] > 0) & df["d"]]', "filter_and", I, {}, df[(df["a"] > 0) & df["d"]])
    case("rows", "filter_str_eq", 'df[df["c"] == "x"]', "filter_str_eq", I, {"col": "c", "value": "x"},
         df[df["c"] == "x"])
    case("rows", "filter_then_iloc", 'df[df["a"] > 0].iloc[1:4]', "filter_iloc", I,
         {"col": "a", "gt": 0, "start": 1, "stop": 4}, df[df["a"] > 0].iloc[1:4])
    case("rows", "filter_then_iloc_neg", 'df[df["a"] > 0].iloc[-3:]', "filter_iloc", I,
         {"col": "a", "gt": 0, "start": -3, "stop": None}, df[df["a"] > 0].iloc[-3:])
    case("rows", "filter_then_head", 'df[df["b"].notna()].head(3)', "filter_notna_head", I, {"col": "b", "n": 3},
         df[df["b"].notna()].head(3))
    case("rows", "filter_series_then_tail", 'df["b"][df["a"] > 0].tail(2)', "series_filter_tail", I,
         {"col": "b", "by": "a", "gt": 0, "n": 2}, df["b"][df["a"] > 0].tail(2))
    case("rows", "iloc_2_7", "df.iloc[2:7]", "iloc", I, {"start": 2, "stop": 7, "step": None}, df.iloc[2:7])
    case("rows", "iloc_step", "df.iloc[1::3]", "iloc", I, {"start": 1, "stop": None, "step": 3}, df.iloc[1::3])
    case("rows", "iloc_reverse", "df.iloc[::-2]", "iloc", I, {"start": None, "stop": None, "step": -2},
         df.iloc[::-2])
    case("rows", "iloc_empty", "df.iloc[5:5]", "iloc", I, {"start": 5, "stop": 5, "step": None}, df.iloc[5:5])
    case("rows", "head_default", "df.head()", "head", I, {"n": 5}, df.head())
    case("rows", "head_more", "df.head(50)", "head", I, {"n": 50}, df.head(50))
    case("rows", "head_negative", "df.head(-8)", "head", I, {"n": -8}, df.head(-8))
    case("rows", "tail_3", "df.tail(3)", "tail", I, {"n": 3}, df.tail(3))
    case("rows", "tail_0", "df.tail(0)", "tail", I, {"n": 0}, df.tail(0))
    case("rows", "dropna_any", "df.dropna()", "dropna", I, {"how": "any", "subset": []}, df.dropna())
    case("rows", "dropna_subset", 'df.dropna(subset=["b", "c"])', "dropna", I, {"how": "any", "subset": ["b", "c"]},
         df.dropna(subset=["b", "c"]))
    case("rows", "dropna_all_subset", 'df.dropna(how="all", subset=["b", "c"])', "dropna", I,
         {"how": "all", "subset": ["b", "c"]}, df.dropna(how="all", subset=["b", "c"]))
    case("rows", "series_dropna", 'df["b"].dropna()', "series_dropna", I, {"col": "b"}, df["b"].dropna())
    # ---- element-wise between series and with scalars
    for x, y in [("a", "e"), ("a", "b"), ("b", "f"), ("a", "d"), ("d", "b")]:
        for op in ["add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "eq", "ne", "lt", "le", "gt", "ge"]:
            if op == "pow" and x == "d":
                continue
            if op in ("floordiv", "mod") and y == "d":
                continue  # int // False: pandas turns the result into float64 inf (a documented deviation)
            pyop = {"truediv": "/", "floordiv": "//", "mod": "%", "pow": "**", "add": "+", "sub": "-", "mul": "*",
                    "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}[op]
            if op == "pow" and (x, y) in [("a", "b"), ("b", "f")]:
                r = df[x].pow(df[y])
            else:
                r = getattr(df[x], op)(df[y])
            case("elementwise", f"{x}_{op}_{y}", f'df["{x}"] {pyop} df["{y}"]', "binary", I,
                 {"x": x, "y": y, "fn": op}, r)
    for x, op, k, v in [("a", "add", "int", 2), ("a", "mul", "float", 1.5), ("b", "truediv", "int", 2),
                        ("a", "truediv", "int", 4), ("a", "floordiv", "int", 2), ("a", "mod", "int", 3),
                        ("b", "mod", "float", 1.5), ("b", "floordiv", "float", 0.5), ("a", "pow", "int", 2),
                        ("b", "pow", "float", 2.0), ("a", "gt", "int", 3), ("b", "le", "float", 0.5),
                        ("b", "ne", "float", 1.5), ("c", "eq", "str", "x"), ("c", "ne", "str", "x"),
                        ("c", "lt", "str", "x"), ("c", "add", "str", "_s"), ("k", "eq", "str", "u"),
                        ("k", "ne", "str", "u"), ("d", "eq", "bool", True), ("d", "add", "int", 1),
                        ("a", "rsub", "int", 10), ("b", "rtruediv", "float", 1.0), ("a", "eq", "float", 5.0)]:
        r = getattr(df[x], op)(v)
        case("elementwise", f"{x}_{op}_{k}", f'df["{x}"].{op}({v!r})', "scalar", I,
             {"x": x, "fn": op, "value": {"kind": k, "value": v}}, r)
    ts = pd.Timestamp("2020-02-01")
    for op in ["gt", "le", "eq", "ne"]:
        case("elementwise", f"t_{op}_timestamp", f'df["t"].{op}(Timestamp("2020-02-01"))', "scalar", I,
             {"x": "t", "fn": op, "value": {"kind": "datetime", "value": int(ts.value)}}, getattr(df["t"], op)(ts))
    for op in ["and", "or", "xor"]:
        pyop = {"and": "&", "or": "|", "xor": "^"}[op]
        r = {"and": df["d"] & df["g"], "or": df["d"] | df["g"], "xor": df["d"] ^ df["g"]}[op]
        case("elementwise", f"d_{op}_g", f'df["d"] {pyop} df["g"]', "binary", I, {"x": "d", "y": "g", "fn": op}, r)
    case("elementwise", "c_add_s", 'df["c"] + df["s"]', "binary", I, {"x": "c", "y": "s", "fn": "add"},
         df["c"] + df["s"])
    case("elementwise", "c_eq_s", 'df["c"] == df["s"]', "binary", I, {"x": "c", "y": "s", "fn": "eq"},
         df["c"] == df["s"])
    case("elementwise", "neg_b", '-df["b"]', "unary", I, {"x": "b", "fn": "neg"}, -df["b"])
    case("elementwise", "abs_a", 'df["a"].abs()', "unary", I, {"x": "a", "fn": "abs"}, df["a"].abs())
    case("elementwise", "not_d", '~df["d"]', "unary", I, {"x": "d", "fn": "not"}, ~df["d"])
    case("elementwise", "chain", '(df["a"] * 2 + df["b"]) / df["e"] > 1', "chain", I, {},
         (df["a"] * 2 + df["b"]) / df["e"] > 1)
    # isin, clip, round, between
    def spec(v):
        if v is None:
            return {"kind": "none", "value": None}
        if isinstance(v, bool):
            return {"kind": "bool", "value": v}
        if isinstance(v, int):
            return {"kind": "int", "value": v}
        if isinstance(v, float):
            return {"kind": "float", "value": "nan" if math.isnan(v) else v}
        return {"kind": "str", "value": v}
    for x, vals in [("a", [3, 5, 2.0, 7.5]), ("a", [True]), ("b", [1.5, np.nan, 4]), ("b", [0.5, -0.75]),
                    ("c", ["x", "q"]), ("d", [1]), ("d", [False]),
                    ("k", ["u", None]), ("k", ["w"]), ("s", ["p", "q", 5]), ("e", ["1", 2])]:
        name = "_".join(str(v) for v in vals).replace(".", "p").replace("-", "m")
        case("elementwise", f"{x}_isin_{name}", f'df["{x}"].isin({vals!r})', "isin", I,
             {"x": x, "values": [spec(v) for v in vals]}, df[x].isin(vals))
    case("elementwise", "frame_isin", 'df[["a", "b", "c", "d"]].isin([1, 4.0, "x", True])', "frame_isin", I,
         {"cols": ["a", "b", "c", "d"], "values": [spec(v) for v in [1, 4.0, "x", True]]},
         df[["a", "b", "c", "d"]].isin([1, 4.0, "x", True]))
    for x, lo, hi in [("a", 0, 4), ("a", None, 2), ("a", -1.5, None), ("b", -1.0, 2.75), ("b", 0.0, None),
                      ("f", None, 0.5), ("a", 5, 1)]:
        case("elementwise", f"{x}_clip_{lo}_{hi}".replace(".", "p").replace("-", "m"),
             f'df["{x}"].clip({lo!r}, {hi!r})', "clip", I, {"x": x, "lower": lo, "upper": hi}, df[x].clip(lo, hi))
    case("elementwise", "frame_clip", 'df[["a", "b", "e"]].clip(0, 3)', "frame_clip", I,
         {"cols": ["a", "b", "e"], "lower": 0, "upper": 3}, df[["a", "b", "e"]].clip(0, 3))
    halves = pd.DataFrame({"h": [0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 1.005, np.nan, 1234.5678, -0.0],
                           "i": np.array([15, 25, -35, 5, 149, 150, -150, 0, 7, 1049], dtype="int64")})
    for x, d in [("h", 0), ("h", 1), ("h", 2), ("h", -1), ("h", -2), ("i", 0), ("i", -1), ("i", -2)]:
        case("elementwise", f"{x}_round_{d}".replace("-", "m"), f'halves["{x}"].round({d})', "round",
             {"df": halves}, {"x": x, "decimals": d}, halves[x].round(d))
    case("elementwise", "frame_round", "df.round(1)", "frame_round", I, {"decimals": 1}, df.round(1))
    # where / mask: NA or a constant or a series where the condition says
    cond = df["a"] > 1
    for x in ["a", "b", "c", "d", "t", "k"]:
        case("elementwise", f"{x}_where", f'df["{x}"].where(df["a"] > 1)', "where", I,
             {"x": x, "by": "a", "gt": 1, "mask": False, "other": None}, df[x].where(cond))
        case("elementwise", f"{x}_mask", f'df["{x}"].mask(df["a"] > 1)', "where", I,
             {"x": x, "by": "a", "gt": 1, "mask": True, "other": None}, df[x].mask(cond))
    for x, other in [("a", 0), ("a", -0.5), ("b", 7), ("c", "none"), ("d", False), ("a", "z")]:
        case("elementwise", f"{x}_where_{other}".replace(".", "p").replace("-", "m"),
             f'df["{x}"].where(df["a"] > 1, {other!r})', "where", I,
             {"x": x, "by": "a", "gt": 1, "mask": False, "other": spec(other)}, df[x].where(cond, other))
    case("elementwise", "b_mask_series_f", 'df["b"].mask(df["a"] > 1, df["f"])', "where_series", I,
         {"x": "b", "by": "a", "gt": 1, "mask": True, "other": "f"}, df["b"].mask(cond, df["f"]))
    case("elementwise", "a_where_series_e", 'df["a"].where(df["a"] > 1, df["e"])', "where_series", I,
         {"x": "a", "by": "a", "gt": 1, "mask": False, "other": "e"}, df["a"].where(cond, df["e"]))
    for x, lo, hi, inc in [("a", 1, 4, "both"), ("a", 1, 4, "neither"), ("b", -1.0, 2.5, "left"),
                           ("b", -1.0, 2.5, "right"), ("f", 0.5, 0.5, "both")]:
        case("elementwise", f"{x}_between_{inc}", f'df["{x}"].between({lo}, {hi}, inclusive="{inc}")', "between", I,
             {"x": x, "left": lo, "right": hi, "inclusive": inc}, df[x].between(lo, hi, inclusive=inc))
    # ---- NA and casts
    for col in ["b", "c", "t", "k", "a"]:
        case("na", f"isna_{col}", f'df["{col}"].isna()', "isna", I, {"x": col}, df[col].isna())
        case("na", f"notna_{col}", f'df["{col}"].notna()', "notna", I, {"x": col}, df[col].notna())
    case("na", "frame_isna", "df.isna()", "frame_isna", I, {}, df.isna())
    case("na", "fillna_b", 'df["b"].fillna(0.0)', "fillna", I, {"x": "b", "value": {"kind": "float", "value": 0.0}},
         df["b"].fillna(0.0))
    case("na", "fillna_b_int", 'df["b"].fillna(7)', "fillna", I, {"x": "b", "value": {"kind": "int", "value": 7}},
         df["b"].fillna(7))
    case("na", "fillna_c", 'df["c"].fillna("zz")', "fillna", I, {"x": "c", "value": {"kind": "str", "value": "zz"}},
         df["c"].fillna("zz"))
    case("na", "fillna_t", 'df["t"].fillna(Timestamp("2000-01-01"))', "fillna", I,
         {"x": "t", "value": {"kind": "datetime", "value": int(pd.Timestamp("2000-01-01").value)}},
         df["t"].fillna(pd.Timestamp("2000-01-01")))
    case("na", "fillna_k", 'df["k"].fillna("u")', "fillna", I, {"x": "k", "value": {"kind": "str", "value": "u"}},
         df["k"].fillna("u"))
    case("na", "fillna_a_noop", 'df["a"].fillna(0)', "fillna", I, {"x": "a", "value": {"kind": "int", "value": 0}},
         df["a"].fillna(0))
    case("na", "frame_fillna_map", 'df.fillna({"b": -1.0, "c": "none"})', "frame_fillna_map", I,
         {"values": {"b": {"kind": "float", "value": -1.0}, "c": {"kind": "str", "value": "none"}}},
         df.fillna({"b": -1.0, "c": "none"}))
    for col, to in [("a", "float64"), ("a", "bool"), ("a", "str"), ("b", "str"), ("b", "bool"), ("d", "int64"),
                    ("d", "float64"), ("d", "str"), ("c", "category"), ("k", "object"), ("t", "str"), ("e", "int64"),
                    ("a", "object"), ("s", "str"), ("c", "str")]:
        case("na", f"astype_{col}_{to}", f'df["{col}"].astype("{to}")', "astype", I, {"x": col, "to": to},
             df[col].astype(to))
    case("na", "astype_f_nonan_int", 'df["f"].fillna(0).astype("int64")', "fillna_astype", I,
         {"x": "f", "value": {"kind": "float", "value": 0.0}, "to": "int64"}, df["f"].fillna(0).astype("int64"))
    dates = pd.DataFrame({"ds": ["2020-01-01", "2021-02-03 04:05:06", None, "1999-12-31"]})
    case("na", "astype_str_datetime", 'ds["ds"].astype("datetime64[ns]")', "astype", {"df": dates},
         {"x": "ds", "to": "datetime64[ns]"}, dates["ds"].astype("datetime64[ns]"))
    case("na", "frame_astype_map", 'df.astype({"a": "float64", "d": "int64"})', "frame_astype_map", I,
         {"types": {"a": "float64", "d": "int64"}}, df.astype({"a": "float64", "d": "int64"}))
    # ---- reductions
    for col in ["a", "b", "d", "e", "f"]:
        for fn in ["sum", "mean", "min", "max", "count", "var", "std"]:
            if col == "d" and fn in ("var", "std"):
                continue
            case("reductions", f"{col}_{fn}", f'df["{col}"].{fn}()', "reduce", I, {"x": col, "fn": fn},
                 getattr(df[col], fn)())
    for col in ["a", "b", "e", "f"]:
        for fn in ["var", "std"]:
            for ddof in [0, 2]:
                case("reductions", f"{col}_{fn}_ddof{ddof}", f'df["{col}"].{fn}(ddof={ddof})', "reduce_ddof", I,
                     {"x": col, "fn": fn, "ddof": ddof}, getattr(df[col], fn)(ddof=ddof))
    for col in ["a", "b", "e", "f"]:
        case("reductions", f"{col}_median", f'df["{col}"].median()', "quantile", I, {"x": col, "q": None},
             df[col].median())
        for q in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0]:
            case("reductions", f"{col}_quantile_{q}".replace(".", "p"), f'df["{col}"].quantile({q})', "quantile", I,
                 {"x": col, "q": q}, df[col].quantile(q))
    case("reductions", "filtered_b_median", 'df[df["a"] > 0]["b"].median()', "filtered_quantile", I,
         {"x": "b", "by": "a", "gt": 0, "q": None}, df[df["a"] > 0]["b"].median())
    case("reductions", "filtered_b_quantile_0p3", 'df[df["a"] > 0]["b"].quantile(0.3)', "filtered_quantile", I,
         {"x": "b", "by": "a", "gt": 0, "q": 0.3}, df[df["a"] > 0]["b"].quantile(0.3))
    case("reductions", "empty_median", 'df[df["a"] > 100]["b"].median()', "filtered_quantile", I,
         {"x": "b", "by": "a", "gt": 100, "q": None}, df[df["a"] > 100]["b"].median())
    one = pd.DataFrame({"x": [2.5]})
    for fn in ["var", "std"]:
        for ddof in [0, 1]:
            # n <= ddof gives NaN
            case("reductions", f"one_{fn}_ddof{ddof}", f'one["x"].{fn}(ddof={ddof})', "reduce_ddof", {"df": one},
                 {"x": "x", "fn": fn, "ddof": ddof}, getattr(one["x"], fn)(ddof=ddof))
    case("reductions", "filtered_b_std_ddof0", 'df[df["a"] > 0]["b"].std(ddof=0)', "filtered_reduce", I,
         {"x": "b", "by": "a", "gt": 0, "fn": "std", "ddof": 0}, df[df["a"] > 0]["b"].std(ddof=0))
    for col in ["c", "t", "s"]:
        for fn in ["min", "max", "count"]:
            if col in ("c", "s") and fn != "count":
                # pandas 1.5 raises TypeError for min/max of an object column holding None
                case("reductions", f"{col}_dropna_{fn}", f'df["{col}"].dropna().{fn}()', "dropna_reduce", I,
                     {"x": col, "fn": fn}, getattr(df[col].dropna(), fn)())
                continue
            case("reductions", f"{col}_{fn}", f'df["{col}"].{fn}()', "reduce", I, {"x": col, "fn": fn},
                 getattr(df[col], fn)())
    for col in ["c", "a", "k"]:
        case("reductions", f"{col}_nunique", f'df["{col}"].nunique()', "reduce", I, {"x": col, "fn": "nunique"},
             df[col].nunique())
    for fn in ["sum", "mean", "min", "count"]:
        case("reductions", f"empty_{fn}", f'df[df["a"] > 100]["a"].{fn}()', "filtered_reduce", I,
             {"x": "a", "gt": 100, "fn": fn}, getattr(df[df["a"] > 100]["a"], fn)())
    case("reductions", "filtered_b_sum", 'df[df["a"] > 0]["b"].sum()', "filtered_reduce", I,
         {"x": "b", "by": "a", "gt": 0, "fn": "sum"}, df[df["a"] > 0]["b"].sum())
    case("reductions", "filtered_b_mean", 'df[df["a"] > 0]["b"].mean()', "filtered_reduce", I,
         {"x": "b", "by": "a", "gt": 0, "fn": "mean"}, df[df["a"] > 0]["b"].mean())


def gen_groupby():
    g = pd.DataFrame({
        "key": ["b", "a", "c", "a", None, "b", "a", "c", "d", "b", "a", "e", "c"],
        "n": np.array([5, 3, -2, 8, 1, 0, 4, 7, 9, -6, 2, 11, 3], dtype="int64"),
        "x": [1.5, np.nan, 2.0, -0.5, 3.0, 4.25, np.nan, 1.0, 6.0, -2.0, 0.5, np.nan, 2.5],
        "s": ["p", "q", None, "q", "r", "p", "z", "y", None, "p", "q", "m", "y"],
        "k2": np.array([1, 2, 1, 2, 3, 1, 3, 2, 1, 1, 2, 3, 2], dtype="int64"),
        "f": [True, False, True, True, False, False, True, True, False, True, False, True, False],
    })
    I = {"df": g}
    named = [("total", "x", "sum"), ("avg", "x", "mean"), ("cnt", "x", "count"), ("sz", "x", "size"),
             ("lo", "n", "min"), ("hi", "n", "max"), ("sd", "x", "std"), ("vr", "x", "var"),
             ("nu", "s", "nunique"), ("fi", "s", "first"), ("la", "x", "last"), ("nsum", "n", "sum"),
             ("fsum", "f", "sum"), ("nmean", "n", "mean")]
    spec = [[n, c, f] for n, c, f in named]
    case("groupby", "named_by_key", "g.groupby('key').agg(**named)", "named", I, {"keys": ["key"], "aggs": spec},
         g.groupby("key").agg(**{n: (c, f) for n, c, f in named}))
    case("groupby", "named_by_int", "g.groupby('k2').agg(total=('x','sum'), m=('n','mean'), f=('s','first'))",
         "named", I, {"keys": ["k2"], "aggs": [["total", "x", "sum"], ["m", "n", "mean"], ["f", "s", "first"]]},
         g.groupby("k2").agg(total=("x", "sum"), m=("n", "mean"), f=("s", "first")))
    case("groupby", "dict_by_key", "g.groupby('key').agg({'x': 'mean', 'n': 'sum'})", "dict", I,
         {"keys": ["key"], "aggs": {"x": "mean", "n": "sum"}}, g.groupby("key").agg({"x": "mean", "n": "sum"}))
    case("groupby", "two_keys", "g.groupby(['k2', 'key'], as_index=False).agg(total=('x','sum'), c=('n','count'))",
         "named_flat", I, {"keys": ["k2", "key"], "aggs": [["total", "x", "sum"], ["c", "n", "count"]]},
         g.groupby(["k2", "key"], as_index=False).agg(total=("x", "sum"), c=("n", "count")))
    case("groupby", "size", "g.groupby('key').size()", "size", I, {"keys": ["key"]}, g.groupby("key").size())
    case("groupby", "filtered_then_grouped", "g[g.n > 0].groupby('k2').agg(s=('x','sum'))", "filtered_named", I,
         {"keys": ["k2"], "aggs": [["s", "x", "sum"]]}, g[g["n"] > 0].groupby("k2").agg(s=("x", "sum")))


# ---- MultiIndex (multiindex): groupby with several keys and as_index=True -----------------------
# Keys of int, str and datetime dtype, NA in the str and datetime keys (pandas drops those rows).
# Cases with op "repr_*" store repr(result) as text: the Java test compares toString() exactly.


def multi_frame():
    return pd.DataFrame({
        "k1": ["b", "a", "c", "a", None, "b", "a", "c", "d", "b", "a", "e", "c"],
        "k2": np.array([1, 2, 1, 2, 3, 1, 3, 2, 1, 1, 2, 3, 2], dtype="int64"),
        "t": pd.to_datetime(["2020-01-01", "2020-01-02", "2020-01-01", None, "2020-01-02", "2020-01-01",
                             "2020-01-02", "2020-01-01", "2020-01-01", "2020-01-02", "2020-01-02", "2020-01-01",
                             "2020-01-01"]),
        "n": np.array([5, 3, -2, 8, 1, 0, 4, 7, 9, -6, 2, 11, 3], dtype="int64"),
        "x": [1.5, np.nan, 2.0, -0.5, 3.0, 4.25, np.nan, 1.0, 6.0, -2.0, 0.5, np.nan, 2.5],
        "s": ["p", "q", None, "q", "r", "p", "z", "y", None, "p", "q", "m", "y"],
    })


def gen_multiindex():
    g = multi_frame()
    I = {"df": g}

    def mi(name, keys, aggs, op="named"):
        expr = "g.groupby(%r).agg(%s)" % (keys, ", ".join("%s=(%r, %r)" % (n, c, f) for n, c, f in aggs))
        res = g.groupby(keys).agg(**{n: (c, f) for n, c, f in aggs})
        params = {"keys": keys, "aggs": [list(a) for a in aggs]}
        if op == "reset":
            expr += ".reset_index()"
            res = res.reset_index()
        if op == "repr":
            CASES.setdefault("multiindex", []).append({"name": name, "expr": "repr(" + expr + ")", "op": op,
                                                        "inputs": {"df": enc(g)}, "params": params,
                                                        "expected": {"kind": "text", "value": repr(res)}})
            return
        case("multiindex", name, expr, op, I, params, res)

    a2 = [("total", "x", "sum"), ("c", "n", "count"), ("m", "n", "mean")]
    every = [("total", "x", "sum"), ("avg", "x", "mean"), ("cnt", "x", "count"), ("sz", "x", "size"),
             ("lo", "n", "min"), ("hi", "n", "max"), ("sd", "x", "std"), ("vr", "x", "var"),
             ("nu", "s", "nunique"), ("fi", "s", "first"), ("la", "x", "last"), ("nsum", "n", "sum")]
    mi("str_int", ["k1", "k2"], a2)
    mi("int_str_every_fn", ["k2", "k1"], every)
    mi("three_keys_int_str_datetime", ["k2", "k1", "t"], [("s", "n", "sum"), ("m", "x", "mean")])
    mi("datetime_str", ["t", "k1"], [("hi", "n", "max"), ("f", "s", "first")])
    mi("reset_index", ["k1", "k2"], a2, op="reset")
    mi("reset_index_three", ["k2", "k1", "t"], [("s", "n", "sum")], op="reset")
    case("multiindex", "dict", "g.groupby(['k1', 't']).agg({'x': 'mean', 'n': 'sum'})", "dict", I,
         {"keys": ["k1", "t"], "aggs": {"x": "mean", "n": "sum"}}, g.groupby(["k1", "t"]).agg({"x": "mean", "n": "sum"}))
    h = g[["k1", "k2", "n", "x"]]
    case("multiindex", "one_fn", "g[['k1','k2','n','x']].groupby(['k1', 'k2']).agg('max')", "one_fn", {"df": h},
         {"keys": ["k1", "k2"], "fn": "max"}, h.groupby(["k1", "k2"]).agg("max"))
    case("multiindex", "size", "g.groupby(['k1', 'k2']).size()", "size", I, {"keys": ["k1", "k2"]},
         g.groupby(["k1", "k2"]).size())
    mi("repr_str_int", ["k1", "k2"], a2, op="repr")
    mi("repr_three_keys", ["k2", "k1", "t"], [("s", "n", "sum"), ("m", "x", "mean")], op="repr")
    mi("repr_datetime_str", ["t", "k1"], [("hi", "n", "max"), ("f", "s", "first")], op="repr")
    CASES["multiindex"].append({"name": "repr_size", "expr": "repr(g.groupby(['k1', 'k2']).size())",
                                "op": "repr_size", "inputs": {"df": enc(g)}, "params": {"keys": ["k1", "k2"]},
                                "expected": {"kind": "text", "value": repr(g.groupby(["k1", "k2"]).size())}})


# ---- sorting, counting, top-k (dfsort) ------------------------------------------------------------
# pandas's default sort (quicksort) leaves the order of ties unspecified; Mars on Spark sorts
# stably, so the fixtures use kind="mergesort" (multi-key sorts are always stable in pandas).


def gen_sort():
    df = base_frame()
    si = string_index_frame()
    I = {"df": df}

    def sv(name, by, ascending=True, na_position="last", inputs=I, frame=None):
        f = df if frame is None else frame
        asc = ascending if isinstance(ascending, list) else [ascending]
        kind = {} if len(by) > 1 else {"kind": "mergesort"}
        r = f.sort_values(by if len(by) > 1 else by[0], ascending=ascending, na_position=na_position, **kind)
        case("sort", name, f"df.sort_values({by!r}, ascending={ascending!r}, na_position={na_position!r}, "
             f"kind='mergesort')", "sort_values", inputs, {"by": by, "ascending": asc, "na_position": na_position}, r)

    sv("a_ties", ["a"])
    sv("a_desc_ties", ["a"], False)
    sv("b_nan_last", ["b"])
    sv("b_nan_first", ["b"], True, "first")
    sv("b_desc_nan_first", ["b"], False, "first")
    sv("c_strings_none", ["c"])
    sv("c_strings_desc_first", ["c"], False, "first")
    sv("t_datetime_nat", ["t"])
    sv("t_datetime_desc", ["t"], False)
    sv("k_category", ["k"])
    sv("d_bool", ["d"], False)
    sv("e_b_mixed", ["e", "b"], [True, False])
    sv("g_e_s_mixed", ["g", "e", "s"], [False, True, False], "first")
    # one primitive key takes the radix path: signed zeros tie, infinities, NaN, extremes of int64
    zeros = pd.DataFrame({"z": [0.0, -0.0, np.nan, -1.5, np.inf, 0.0, -np.inf, -0.0, 2.5, np.nan, 1e-300, -1e-300],
                          "n": np.array([0, -1, 2**63 - 1, -2**63, 5, -1, 0, 2**62, -5, 7, -2**63, 3], dtype="int64")})
    for by, asc, na in [("z", True, "last"), ("z", False, "first"), ("n", True, "last"), ("n", False, "last")]:
        sv(f"radix_{by}_{asc}_{na}", [by], asc, na, {"df": zeros}, zeros)
    sv("d_a_one_flag", ["d", "a"], False)
    sv("string_index_frame", ["w"], True, "first", {"df": si}, si)
    for col, asc, na in [("b", True, "last"), ("b", False, "first"), ("s", True, "first"), ("a", False, "last"),
                         ("t", True, "first")]:
        case("sort", f"series_{col}_{asc}_{na}", f'df["{col}"].sort_values(ascending={asc}, na_position="{na}", '
             f'kind="mergesort")', "series_sort_values", I, {"col": col, "ascending": asc, "na_position": na},
             df[col].sort_values(ascending=asc, na_position=na, kind="mergesort"))
    case("sort", "filtered_then_sorted", 'df[df["a"] > 0].sort_values("b", kind="mergesort")', "filter_sort", I,
         {"col": "a", "gt": 0, "by": "b"}, df[df["a"] > 0].sort_values("b", kind="mergesort"))
    case("sort", "empty_sorted", 'df[df["a"] > 100].sort_values("b")', "filter_sort", I,
         {"col": "a", "gt": 100, "by": "b"}, df[df["a"] > 100].sort_values("b"))
    case("sort", "sort_index_desc_string", "si.sort_index(ascending=False)", "sort_index", {"df": si},
         {"ascending": False, "na_position": "last"}, si.sort_index(ascending=False))
    shuffled = df.sort_values("a", kind="mergesort")
    case("sort", "sort_index_back", 'df.sort_values("a").sort_index()', "sort_then_sort_index", I,
         {"by": "a", "ascending": True, "na_position": "last"}, shuffled.sort_index())
    case("sort", "series_sort_index_desc", 'df["b"].sort_values().sort_index(ascending=False)',
         "series_sort_then_sort_index", I, {"col": "b", "ascending": False, "na_position": "last"},
         df["b"].sort_values(kind="mergesort").sort_index(ascending=False))
    # nlargest / nsmallest (keep='first'): ties, NaN (last, kept when n exceeds the values), datetimes
    for m in ["nlargest", "nsmallest"]:
        for n, cols in [(3, ["a"]), (4, ["e", "a"]), (3, ["e", "f"]), (5, ["b"]), (9, ["b"]), (6, ["t"]), (0, ["a"]),
                        (50, ["a"])]:
            case("sort", f"{m}_{n}_{'_'.join(cols)}", f"df.{m}({n}, {cols!r})", m, I, {"n": n, "columns": cols},
                 getattr(df, m)(n, cols))
        for n, col in [(3, "b"), (9, "b"), (4, "a"), (3, "t")]:
            case("sort", f"series_{m}_{n}_{col}", f'df["{col}"].{m}({n})', "series_" + m, I, {"n": n, "col": col},
                 getattr(df[col], m)(n))
    case("sort", "filtered_nlargest", 'df[df["a"] > 0].nlargest(3, "b")', "filter_nlargest", I,
         {"col": "a", "gt": 0, "n": 3, "columns": ["b"]}, df[df["a"] > 0].nlargest(3, "b"))


def value_counts_fixed_ties(s, normalize=False, ascending=False, dropna=True):
    """pandas's value_counts with equal counts put in ascending value order (NA last), the order
    Mars on Spark defines (pandas 1.5 leaves it unspecified)."""
    r = s.value_counts(normalize=normalize, ascending=ascending, dropna=dropna)
    r = r.sort_index(kind="mergesort", na_position="last")
    return r.sort_values(ascending=ascending, kind="mergesort")


def gen_counts():
    df = base_frame()
    df["r"] = [3.5, 4.0, 3.5, np.nan, 5.0, 4.0, 3.5, np.nan, 1.0, 4.0, 3.5]
    I = {"df": df}
    for col in ["c", "a", "e", "r", "d", "t", "s"]:
        for normalize, ascending, dropna in [(False, False, True), (True, False, True), (False, True, True),
                                             (False, False, False), (True, True, False)]:
            if not dropna and col in ("a", "e", "d"):
                continue
            case("counts", f"{col}_{'norm' if normalize else 'cnt'}_{'asc' if ascending else 'desc'}"
                 f"_{'dropna' if dropna else 'keepna'}",
                 f'df["{col}"].value_counts(normalize={normalize}, ascending={ascending}, dropna={dropna}) '
                 "(ties by value)", "value_counts", I,
                 {"col": col, "normalize": normalize, "ascending": ascending, "dropna": dropna},
                 value_counts_fixed_ties(df[col], normalize, ascending, dropna))
    case("counts", "filtered", 'df[df["a"] > 0]["c"].value_counts() (ties by value)', "filter_value_counts", I,
         {"col": "c", "by": "a", "gt": 0}, value_counts_fixed_ties(df[df["a"] > 0]["c"]))
    case("counts", "empty", 'df[df["a"] > 100]["e"].value_counts()', "filter_value_counts", I,
         {"col": "e", "by": "a", "gt": 100}, df[df["a"] > 100]["e"].value_counts())


def group_frame():
    return pd.DataFrame({
        "key": ["b", "a", "c", "a", None, "b", "a", "c", "d", "b", "a", "e", "c"],
        "n": np.array([5, 3, -2, 8, 1, 0, 4, 7, 9, -6, 2, 11, 3], dtype="int64"),
        "x": [1.5, np.nan, 2.0, -0.5, 3.0, 4.25, np.nan, 1.0, 6.0, -2.0, 0.5, np.nan, 2.5],
        "s": ["p", "q", None, "q", "r", "p", "z", "y", None, "p", "q", "m", "y"],
        "k2": np.array([1, 2, 1, 2, 3, 1, 3, 2, 1, 1, 2, 3, 2], dtype="int64"),
    })


def gen_group_apply():
    """groupby transform (by aggregation name and with a function) and apply; the Java test runs
    a Java function of the same name (see DfGroupApply_FixtureTest)."""
    g = group_frame()
    I = {"df": g}
    for name, key, cols, fn in [("sum_by_key", "key", ["n", "x"], "sum"), ("mean_by_key", "key", ["n", "x"], "mean"),
                                ("count_by_key", "key", ["x", "s"], "count"),
                                ("first_by_key", "key", ["n", "x", "s"], "first"),
                                ("max_by_int", "k2", ["n", "x"], "max"), ("sum_by_int", "k2", ["n"], "sum"),
                                ("nunique_by_int", "k2", ["s"], "nunique"), ("std_by_int", "k2", ["x"], "std")]:
        case("groupby_apply", "transform_" + name, f"g.groupby({key!r})[{cols!r}].transform({fn!r})", "transform_agg",
             I, {"keys": [key], "columns": cols, "fn": fn}, g.groupby(key)[cols].transform(fn))
    case("groupby_apply", "transform_two_keys", "g.groupby(['k2', 'key'])[['n']].transform('sum')", "transform_agg",
         I, {"keys": ["k2", "key"], "columns": ["n"], "fn": "sum"}, g.groupby(["k2", "key"])[["n"]].transform("sum"))
    f = g[g["n"] > 0]
    case("groupby_apply", "filtered_transform", "g[g.n > 0].groupby('k2')[['x']].transform('mean')",
         "filtered_transform_agg", I, {"keys": ["k2"], "columns": ["x"], "fn": "mean"},
         f.groupby("k2")[["x"]].transform("mean"))
    case("groupby_apply", "transform_fn_demean", "g[['key','n','x']].groupby('key').transform(lambda d: d - d.mean())",
         "transform_fn", I, {"keys": ["key"], "select": ["key", "n", "x"], "fn": "demean"},
         g[["key", "n", "x"]].groupby("key").transform(lambda d: d - d.mean()))
    case("groupby_apply", "transform_fn_cumsum_int_key", "g[['k2','n']].groupby('k2').transform(lambda d: d.cumsum())",
         "transform_fn", I, {"keys": ["k2"], "select": ["k2", "n"], "fn": "cumsum"},
         g[["k2", "n"]].groupby("k2").transform(lambda d: d.cumsum()))
    case("groupby_apply", "transform_fn_cumsum_str_key", "g[['key','n']].groupby('key').transform(lambda d: d.cumsum())",
         "transform_fn", I, {"keys": ["key"], "select": ["key", "n"], "fn": "cumsum"},
         g[["key", "n"]].groupby("key").transform(lambda d: d.cumsum()))
    case("groupby_apply", "apply_head1", "g.groupby('key', group_keys=False).apply(lambda d: d.head(1))", "apply_fn", I,
         {"keys": ["key"], "fn": "head1"}, g.groupby("key", group_keys=False).apply(lambda d: d.head(1)))
    case("groupby_apply", "apply_top2_by_int", "g.groupby('k2', group_keys=False).apply(lambda d: d.nlargest(2, 'n'))",
         "apply_fn", I, {"keys": ["k2"], "fn": "top2n"},
         g.groupby("k2", group_keys=False).apply(lambda d: d.nlargest(2, "n")))
    summary = lambda d: pd.DataFrame({"total": [d["x"].sum()], "cnt": np.array([len(d)], dtype="int64")})
    case("groupby_apply", "apply_summary", "g.groupby('key', group_keys=False).apply(summary)", "apply_fn", I,
         {"keys": ["key"], "fn": "summary"}, g.groupby("key", group_keys=False).apply(summary))
    case("groupby_apply", "apply_summary_given_dtypes", "g.groupby('k2', group_keys=False).apply(summary)",
         "apply_fn_dtypes", I, {"keys": ["k2"], "fn": "summary_row0"},
         g.groupby("k2", group_keys=False).apply(summary))
    case("groupby_apply", "filtered_apply", "g[g.n > 0].groupby('key', group_keys=False).apply(lambda d: d.head(1))",
         "filtered_apply_fn", I, {"keys": ["key"], "fn": "head1"},
         f.groupby("key", group_keys=False).apply(lambda d: d.head(1)))


def gen_display():
    df = pd.DataFrame({"a": [1, 22, -3], "b": [1.5, np.nan, -0.25], "c": ["x", None, "long text"],
                       "d": [True, False, True], "t": pd.to_datetime(["2020-01-01", None, "2021-06-30"])})
    text = {"kind": "text"}
    for name, obj, op in [("frame", df, "frame"), ("series_float", df["b"], "series_b"),
                          ("series_str", df["c"], "series_c"), ("long_frame", pd.DataFrame({"v": np.arange(100)}), "long")]:
        CASES.setdefault("display", []).append({"name": name, "expr": "repr(...)", "op": op,
                                                "inputs": {"df": enc(df)}, "params": {},
                                                "expected": dict(text, value=repr(obj))})
    # long objects show their first and last 5 rows: the middle (other decimals here) is never formatted
    i = np.arange(100)
    long_df = pd.DataFrame({"v": i, "w": np.where((i >= 5) & (i < 95), i / 7.0, i / 2.0)})
    for name, obj, op in [("long_float_frame", long_df, "long_float"), ("long_series", long_df["w"], "long_series")]:
        CASES["display"].append({"name": name, "expr": "repr(...)", "op": op, "inputs": {"df": enc(df)}, "params": {},
                                 "expected": dict(text, value=repr(obj))})
    # a notebook's table of a frame longer than display.max_rows (60) shows display.min_rows (10)
    CASES["display"].append({"name": "long_float_html", "expr": "df.to_html(max_rows=10, show_dimensions=True)",
                             "op": "long_float_html", "inputs": {"df": enc(df)}, "params": {},
                             "expected": dict(text, value=long_df.to_html(max_rows=10, show_dimensions=True))})

# ---- issue 6: str / dt accessors, explode, apply / map, describe ------------------------------------
# Result dtypes that pandas derives from whether NA happens to be present (str.len, dt fields:
# int64 without NA; contains / startswith / endswith: bool without NA) are decided before running in
# Mars on Spark, always the NA-capable one; every input below holds NA, so pandas agrees.

def str_frame():
    return pd.DataFrame({
        "s": ["a,b,c", "  Hello World ", None, "", "x,,y", "ÜBER,straße", "b", "tab\there", "a1b22c333",
              "single", "🙂,ok", "  "],
        "n": np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], dtype="int64"),
    }, index=pd.Index([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21], name="id"))


def gen_accessors():
    sf = str_frame()
    S = {"df": sf}
    s = sf["s"]
    for name, expr, params, r in [
        ("lower", "lower()", {"fn": "lower"}, s.str.lower()),
        ("upper", "upper()", {"fn": "upper"}, s.str.upper()),
        ("len", "len()", {"fn": "len"}, s.str.len()),
        ("strip", "strip()", {"fn": "strip"}, s.str.strip()),
        ("lstrip", "lstrip()", {"fn": "lstrip"}, s.str.lstrip()),
        ("rstrip", "rstrip()", {"fn": "rstrip"}, s.str.rstrip()),
        ("strip_chars", 'strip("a,")', {"fn": "strip", "chars": "a,"}, s.str.strip("a,")),
        ("contains_regex", 'contains("[a-c]\\d")', {"fn": "contains", "pat": "[a-c]\\d", "regex": True, "case": True},
         s.str.contains("[a-c]\\d")),
        ("contains_literal", 'contains(",", regex=False)', {"fn": "contains", "pat": ",", "regex": False, "case": True},
         s.str.contains(",", regex=False)),
        ("contains_nocase", 'contains("hello", case=False)', {"fn": "contains", "pat": "hello", "regex": True,
                                                            "case": False}, s.str.contains("hello", case=False)),
        ("contains_na_false", 'contains("b", na=False)', {"fn": "contains", "pat": "b", "regex": True, "case": True,
                                                         "na": False}, s.str.contains("b", na=False)),
        ("startswith", 'startswith("a")', {"fn": "startswith", "pat": "a"}, s.str.startswith("a")),
        ("startswith_na", 'startswith("a", na=True)', {"fn": "startswith", "pat": "a", "na": True},
         s.str.startswith("a", na=True)),
        ("endswith", 'endswith("e")', {"fn": "endswith", "pat": "e"}, s.str.endswith("e")),
        ("replace_literal", 'replace(",", ";", regex=False)', {"fn": "replace", "pat": ",", "repl": ";", "regex": False},
         s.str.replace(",", ";", regex=False)),
        ("replace_regex", 'replace(r"(\\d+)", r"<\\1>", regex=True)', {"fn": "replace", "pat": "(\\d+)",
                                                                      "repl": "<\\1>", "regex": True},
         s.str.replace(r"(\d+)", r"<\1>", regex=True)),
        ("replace_n", 'replace(",", "|", n=1, regex=False)', {"fn": "replace", "pat": ",", "repl": "|", "regex": False,
                                                             "n": 1}, s.str.replace(",", "|", n=1, regex=False)),
        ("replace_nocase", 'replace("b", "_", case=False, regex=True)', {"fn": "replace", "pat": "b", "repl": "_",
                                                                        "regex": True, "case": False},
         s.str.replace("b", "_", case=False, regex=True)),
        ("slice_1_4", "slice(1, 4)", {"fn": "slice", "start": 1, "stop": 4, "step": None}, s.str.slice(1, 4)),
        ("slice_neg_step", "slice(None, None, -2)", {"fn": "slice", "start": None, "stop": None, "step": -2},
         s.str.slice(None, None, -2)),
        ("slice_neg", "slice(-3)", {"fn": "slice", "start": -3, "stop": None, "step": None}, s.str.slice(-3)),
        ("get_0", "get(0)", {"fn": "get", "i": 0}, s.str.get(0)),
        ("get_neg", "get(-1)", {"fn": "get", "i": -1}, s.str.get(-1)),
        ("split_comma", 'split(",")', {"fn": "split", "pat": ",", "n": -1}, s.str.split(",")),
        ("split_ws", "split()", {"fn": "split", "pat": None, "n": -1}, s.str.split()),
        ("split_n1", 'split(",", n=1)', {"fn": "split", "pat": ",", "n": 1}, s.str.split(",", n=1)),
        ("split_ws_n1", "split(n=1)", {"fn": "split", "pat": None, "n": 1}, s.str.split(n=1)),
        ("split_regex", r'split(r"\d+")', {"fn": "split", "pat": "\\d+", "n": -1}, s.str.split(r"\d+")),
        ("split_get", 'split(",").str.get(1)', {"fn": "split_get", "pat": ",", "i": 1}, s.str.split(",").str.get(1)),
        ("split_len", 'split(",").str.len()', {"fn": "split_len", "pat": ","}, s.str.split(",").str.len()),
    ]:
        case("str", name, "s.str." + expr, "str", S, params, r)
    case("str", "split_expand", 's.str.split(",", expand=True)', "split_expand", S, {"pat": ",", "n": -1},
         s.str.split(",", expand=True))
    case("str", "split_expand_n1", 's.str.split(",", n=1, expand=True)', "split_expand", S, {"pat": ",", "n": 1},
         s.str.split(",", n=1, expand=True))
    case("str", "split_expand_ws", "s.str.split(expand=True)", "split_expand", S, {"pat": None, "n": -1},
         s.str.split(expand=True))
    case("str", "category_upper", 's.astype("category").str.upper()', "category_upper", S, {},
         s.astype("category").str.upper())
    case("str", "explode_split", 's.str.split(",").explode()', "explode_split", S, {"pat": ","},
         s.str.split(",").explode())
    case("str", "explode_split_ws", "s.str.split().explode()", "explode_split", S, {"pat": None},
         s.str.split().explode())
    case("str", "frame_explode", 'df.assign(l=s.str.split(",")).explode("l")', "frame_explode", S, {"pat": ","},
         sf.assign(l=s.str.split(",")).explode("l"))
    case("str", "explode_non_object", 'df["n"].explode()', "explode_n", S, {}, sf["n"].explode())
    # ---- dt
    df = base_frame()
    I = {"df": df}
    t = df["t"]
    for f in ["year", "month", "day", "hour", "minute", "second", "dayofweek", "dayofyear", "quarter"]:
        case("dt", f, f'df["t"].dt.{f}', "field", I, {"field": f}, getattr(t.dt, f))
    for fmt in ["%Y-%m-%d %H:%M:%S", "%j|%a|%b|%A|%B", "%y/%m/%d %I%p %%", "%w %f"]:
        case("dt", "strftime_" + str(len(fmt)), f'df["t"].dt.strftime("{fmt}")', "strftime", I, {"format": fmt},
             t.dt.strftime(fmt))
    # ---- apply / map (the Java test implements the same functions under these names)
    funcs = {
        "times2_plus1": (lambda x: x * 2 + 1, "a"),
        "len_or_none": (lambda x: None if x is None or (isinstance(x, float) and math.isnan(x)) else len(x), "c"),
        "gt3": (lambda x: x > 3, "a"),
        "half": (lambda x: x / 2, "b"),
        "tag": (lambda x: "n" + str(x), "a"),
        "year_or_nan": (lambda x: float("nan") if pd.isna(x) else x.year, "t"),
    }
    for name, (fn, col) in funcs.items():
        case("apply", "apply_" + name, f'df["{col}"].apply({name})', "apply", I, {"fn": name, "col": col},
             df[col].apply(fn))
    case("apply", "map_ignore", 'df["c"].map(str.upper, na_action="ignore")', "map_ignore", I, {"col": "c"},
         df["c"].map(str.upper, na_action="ignore"))
    case("apply", "map_dict", 'df["c"].map({"x": 1, "y": 2, "zz": 3})', "map_dict", I, {"col": "c"},
         df["c"].map({"x": 1, "y": 2, "zz": 3}))
    case("apply", "map_dict_str", 'df["a"].map({3: "three", 5: "five"})', "map_dict_str", I, {"col": "a"},
         df["a"].map({3: "three", 5: "five"}))
    case("apply", "rows_a_plus_e", 'df.apply(lambda r: r["a"] + r["e"], axis=1)', "rows", I, {"fn": "a_plus_e"},
         df.apply(lambda r: r["a"] + r["e"], axis=1))
    case("apply", "rows_b_times_a", 'df.apply(lambda r: r["b"] * r["a"], axis=1)', "rows", I, {"fn": "b_times_a"},
         df.apply(lambda r: r["b"] * r["a"], axis=1))
    case("apply", "rows_label", 'si.apply(lambda r: r.name + "!", axis=1)', "rows", {"df": string_index_frame()},
         {"fn": "label_bang"}, string_index_frame().apply(lambda r: r.name + "!", axis=1))
    case("apply", "filtered_apply", 'df[df["a"] > 2]["b"].apply(half)', "filtered_apply", I, {"col": "b", "gt": 2},
         df[df["a"] > 2]["b"].apply(lambda x: x / 2))
    # ---- describe
    case("describe", "frame", "df.describe()", "frame", I, {}, df.describe())
    case("describe", "series_b", 'df["b"].describe()', "series", I, {"col": "b"}, df["b"].describe())
    case("describe", "series_a_pcts", 'df["a"].describe(percentiles=[0.1, 0.333, 0.9])', "series_pcts", I,
         {"col": "a", "pcts": [0.1, 0.333, 0.9]}, df["a"].describe(percentiles=[0.1, 0.333, 0.9]))
    case("describe", "frame_pcts", "df.describe(percentiles=[0.05, 0.95])", "frame_pcts", I, {"pcts": [0.05, 0.95]},
         df.describe(percentiles=[0.05, 0.95]))
    case("describe", "empty", 'df[df["a"] > 100]["b"].describe()', "filtered", I, {"col": "b", "gt": 100},
         df[df["a"] > 100]["b"].describe())
    case("describe", "one_value", 'df[df["a"] > 6]["b"].describe()', "filtered", I, {"col": "b", "gt": 6},
         df[df["a"] > 6]["b"].describe())
    wide = pd.DataFrame({
        # skewed magnitudes, duplicates, negative zero, infinities: buckets hold very uneven counts
        "x": [1e-300, 1e300, 0.0, 0.0, -0.0, 5.0, 5.0, 5.0, 2.5, -1e10, 3.0, 3.0, 7.0, np.nan, 1.0, 1.0, 2.0, 8.0,
              9.0, 4.0, 4.0, 6.5],
        "y": [float(v) for v in [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]],
        "z": np.array([(i * 7919) % 23 - 11 for i in range(22)], dtype="int64"),
        "w": [np.inf, 1.0, 2.0, -np.inf, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0,
              16.0, 17.0, 18.0, 19.0, 20.0],
    })
    case("describe", "uneven", "wide.describe()", "frame", {"df": wide}, {}, wide.describe())
# ---- joins and row-set operations (merge, join, concat, drop_duplicates, set_index, reset_index,
# rename): issue 6, branch dfmerge. Kept in one block.
#
# Row order of merges: Mars on Spark gives left and inner merges in left row order (each left row
# followed by its right matches in right order; pandas 1.5 groups inner rows by key, pandas 2.2
# gives this order), right merges in right row order, outer merges the left merge's rows followed by
# the unmatched right rows in right order. The expected frames are pandas 1.5's result put in that
# order (stable sort by the rows' positions in the inputs) — values, dtypes, columns and index are
# pandas's. Every case makes some row miss a partner on each side that may miss one, so pandas's
# dtypes are the NA dtypes Mars predicts (pandas keeps int64/bool when nothing is missing).
# An empty merge result is compared with a RangeIndex (pandas 1.5 gives an empty object Index).

def merge_left():
    return pd.DataFrame({
        "k": ["a", "b", "a", None, "c", "b", "d", None],
        "id": np.array([1, 2, 3, 4, 5, 2, 7, 1], dtype="int64"),
        "v": [1.5, np.nan, 2.5, 3.5, 4.5, 5.5, np.nan, 7.5],
        "x": [0.5, np.nan, 1.0, 2.0, np.nan, 0.5, 3.0, 1.0],
        "flag": [True, False, True, True, False, True, False, False],
        "n": np.array([10, 20, 30, 40, 50, 60, 70, 80], dtype="int64"),
    })


def merge_right():
    return pd.DataFrame({
        "k": ["b", "a", None, "e", "a", "f"],
        "id": np.array([2, 1, 4, 9, 3, 2], dtype="int64"),
        "v": np.array([10, 20, 30, 45, 50, 60], dtype="int64"),
        "x": [1.0, np.nan, 0.5, 9.0, 1.0, 4.0],
        "w": ["p", "q", None, "s", "t", "u"],
        "ok": [True, False, True, False, True, True],
    })


def ordered_merge(left, right, how, range_index=True, check_missing=True, **kw):
    """pandas's merge, rows put in Mars on Spark's documented order."""
    l2 = left.assign(__l=np.arange(len(left)))
    r2 = right.assign(__r=np.arange(len(right)))
    ind = pd.merge(l2, r2, how=how, indicator=True, **kw)["_merge"]
    if check_missing:
        if how in ("left", "outer"):
            assert (ind == "left_only").any(), ("no unmatched left row", how, kw)
        if how in ("right", "outer"):
            assert (ind == "right_only").any(), ("no unmatched right row", how, kw)
    m = pd.merge(l2, r2, how=how, **kw)
    keys = ["__r", "__l"] if how == "right" else ["__l", "__r"]
    m = m.sort_values(keys, kind="mergesort", na_position="last").drop(columns=["__l", "__r"])
    return m.reset_index(drop=True) if range_index else m


def gen_merge():
    L, R = merge_left(), merge_right()
    I = {"left": L, "right": R}

    def mc(name, expr, params, expected, inputs=I, op="merge"):
        case("merge", name, expr, op, inputs, params, expected)

    for how in ["inner", "left", "right", "outer"]:
        mc(f"on_str_{how}", f'merge(L, R, on="k", how="{how}")', {"how": how, "on": ["k"]},
           ordered_merge(L, R, how, on="k"))
        mc(f"on_int_{how}", f'merge(L, R, on="id", how="{how}")', {"how": how, "on": ["id"]},
           ordered_merge(L, R, how, on="id"))
        mc(f"on_float_nan_{how}", f'merge(L, R, on="x", how="{how}")', {"how": how, "on": ["x"]},
           ordered_merge(L, R, how, on="x"))
        mc(f"on_two_{how}", f'merge(L, R, on=["k", "id"], how="{how}")', {"how": how, "on": ["k", "id"]},
           ordered_merge(L, R, how, on=["k", "id"]))
        mc(f"left_right_on_{how}", f'merge(L, R, left_on="n", right_on="v", how="{how}")',
           {"how": how, "left_on": ["n"], "right_on": ["v"]},
           ordered_merge(L, R, how, left_on="n", right_on="v"))
    mc("default_common_columns", "merge(L[[k, id, n]], R[[id, k, w]])", {"how": "inner", "select": True},
       ordered_merge(L[["k", "id", "n"]], R[["id", "k", "w"]], "inner"),
       inputs={"left": L[["k", "id", "n"]], "right": R[["id", "k", "w"]]})
    mc("suffixes", 'merge(L, R, on="id", suffixes=("_l", "_r"))', {"how": "inner", "on": ["id"], "suffixes": ["_l", "_r"]},
       ordered_merge(L, R, "inner", on="id", suffixes=("_l", "_r")))
    mc("suffix_left_empty", 'merge(L, R, on="id", how="left", suffixes=("", "_r"))',
       {"how": "left", "on": ["id"], "suffixes": ["", "_r"]},
       ordered_merge(L, R, "left", on="id", suffixes=("", "_r")))
    mc("same_name_left_right_on", 'merge(L, R, left_on="k", right_on="k", how="outer")',
       {"how": "outer", "left_on": ["k"], "right_on": ["k"]}, ordered_merge(L, R, "outer", left_on="k", right_on="k"))
    lf = L.assign(x=np.array([1, 0, 2, 3, 1, 5, 0, 4], dtype="int64"))
    for how in ["inner", "left", "right", "outer"]:
        mc(f"int_float_keys_{how}", f'merge(L.assign(x=int64), R, on="x", how="{how}")', {"how": how, "on": ["x"]},
           ordered_merge(lf, R, how, on="x"), inputs={"left": lf, "right": R})
    mc("no_match", 'merge(L, R.assign(id=id+100), on="id")', {"how": "inner", "on": ["id"]},
       ordered_merge(L, R.assign(id=R["id"] + 100), "inner", on="id"),
       inputs={"left": L, "right": R.assign(id=R["id"] + 100)})
    mc("no_match_outer", 'merge(L, R.assign(id=id+100), on="id", how="outer")', {"how": "outer", "on": ["id"]},
       ordered_merge(L, R.assign(id=R["id"] + 100), "outer", on="id"),
       inputs={"left": L, "right": R.assign(id=R["id"] + 100)})
    filtered = L[L["n"] > 25]
    for how in ["inner", "left", "right", "outer"]:
        mc(f"after_filter_{how}", f'merge(L[L.n > 25], R, on="k", how="{how}")', {"how": how, "on": ["k"], "gt": 25},
           ordered_merge(filtered, R, how, on="k"), op="filter_merge")
    # index keys
    LI = L[["v", "n"]].set_axis(pd.Index(["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"], name="key"))
    RI = R[["w", "ok"]].set_axis(pd.Index(["r3", "r1", "r9", "r0", "r5", "r8"], name="key"))
    for how in ["inner", "left", "right", "outer"]:
        mc(f"index_index_{how}", f'merge(LI, RI, left_index=True, right_index=True, how="{how}")',
           {"how": how, "left_index": True, "right_index": True},
           ordered_merge(LI, RI, how, range_index=False, left_index=True, right_index=True),
           inputs={"left": LI, "right": RI})
    LS = L.set_axis(pd.Index([f"s{i}" for i in range(len(L))], name="row"))
    RK = pd.DataFrame({"w2": [1.25, 2.5, 5.0]}, index=pd.Index(["a", "b", "e"], name="k"))
    for how in ["inner", "left"]:
        mc(f"left_on_right_index_{how}", f'merge(LS, RK, left_on="k", right_index=True, how="{how}")',
           {"how": how, "left_on": ["k"], "right_index": True},
           ordered_merge(LS, RK, how, range_index=False, left_on="k", right_index=True),
           inputs={"left": LS, "right": RK})
        expected = ordered_merge(LS, RK, how, range_index=False, left_on="k", right_index=True)
        assert expected.sort_index().equals(LS.join(RK, on="k", how=how).sort_index())
        mc(f"join_on_{how}", f'LS.join(RK, on="k", how="{how}") (rows in Mars order)', {"how": how, "on": "k"},
           expected, inputs={"left": LS, "right": RK}, op="join")
    RJ = RI.rename(columns={"w": "v"})
    for how in ["inner", "left", "right"]:
        mc(f"join_index_{how}", f'LI.join(RJ, how="{how}", lsuffix="_a", rsuffix="_b")',
           {"how": how, "on": None, "lsuffix": "_a", "rsuffix": "_b"},
           LI.join(RJ, how=how, lsuffix="_a", rsuffix="_b"), inputs={"left": LI, "right": RJ}, op="join")
    mc("join_index_outer", 'LI.join(RJ, how="outer", lsuffix="_a", rsuffix="_b") (rows in Mars order)',
       {"how": "outer", "on": None, "lsuffix": "_a", "rsuffix": "_b"},
       ordered_merge(LI, RJ, "outer", range_index=False, left_index=True, right_index=True, suffixes=("_a", "_b")),
       inputs={"left": LI, "right": RJ}, op="join")

    # ---- concat, drop_duplicates, set_index, reset_index, rename
    A = pd.DataFrame({"x": np.array([1, 2, 3], dtype="int64"), "y": ["p", None, "q"], "t": [True, False, True]})
    B = pd.DataFrame({"z": [True, False], "x": [1.5, 2.5], "t": [False, False]})
    C = pd.DataFrame({"x": np.array([7, 8], dtype="int64"), "y": ["r", "s"], "t": [True, True]},
                     index=pd.Index([10, 11]))

    def rs(name, expr, op, inputs, params, expected):
        case("rowsets", name, expr, op, inputs, params, expected)

    rs("concat_union", "concat([A, B])", "concat", {"a": A, "b": B}, {"ignore_index": False}, pd.concat([A, B]))
    rs("concat_ignore_index", "concat([A, B], ignore_index=True)", "concat", {"a": A, "b": B},
       {"ignore_index": True}, pd.concat([A, B], ignore_index=True))
    rs("concat_same", "concat([A, C, A])", "concat", {"a": A, "b": C, "c": A}, {"ignore_index": False},
       pd.concat([A, C, A]))
    rs("concat_series", 'concat([A["x"], B["x"]])', "concat_series", {"a": A, "b": B},
       {"col": "x", "ignore_index": False}, pd.concat([A["x"], B["x"]]))
    rs("concat_series_ignore", 'concat([A["t"], B["t"]], ignore_index=True)', "concat_series", {"a": A, "b": B},
       {"col": "t", "ignore_index": True}, pd.concat([A["t"], B["t"]], ignore_index=True))
    rs("concat_frame_series", 'concat([A, B["z"]])', "concat_frame_series", {"a": A, "b": B}, {"col": "z"},
       pd.concat([A, B["z"]]))
    rs("concat_axis1_same_frame", 'concat([A[["x"]], A["y"].rename("y2"), A[["t"]]], axis=1)', "concat_axis1",
       {"a": A}, {}, pd.concat([A[["x"]], A["y"].rename("y2"), A[["t"]]], axis=1))
    rs("concat_axis1_equal_labels", 'concat([A, B.rename(columns=...)]) with equal RangeIndex', "concat_axis1_two",
       {"a": A.iloc[:2], "b": B.rename(columns={"x": "x2", "t": "t2"})}, {},
       pd.concat([A.iloc[:2], B.rename(columns={"x": "x2", "t": "t2"})], axis=1))
    rs("concat_after_filter", 'concat([A[A.x > 1], B], ignore_index=True)', "concat_filter", {"a": A, "b": B},
       {"gt": 1}, pd.concat([A[A["x"] > 1], B], ignore_index=True))
    D = pd.DataFrame({
        "a": [1.0, 1.0, np.nan, np.nan, 2.0, 1.0, np.nan, 3.0, 2.0],
        "b": ["x", "x", None, None, "y", "z", None, "w", "y"],
        "c": np.array([1, 2, 3, 4, 5, 6, 7, 8, 9], dtype="int64"),
        "d": [True, True, False, False, True, True, False, True, False],
    }, index=pd.Index([f"i{i}" for i in range(9)], name="lab"))
    for keep in ["first", "last", False]:
        kn = str(keep).lower()
        rs(f"drop_dup_ab_{kn}", f'D.drop_duplicates(subset=["a", "b"], keep={keep!r})', "drop_duplicates", {"df": D},
           {"subset": ["a", "b"], "keep": kn}, D.drop_duplicates(subset=["a", "b"], keep=keep))
        rs(f"drop_dup_d_{kn}", f'D.drop_duplicates(subset=["d"], keep={keep!r})', "drop_duplicates", {"df": D},
           {"subset": ["d"], "keep": kn}, D.drop_duplicates(subset=["d"], keep=keep))
    DD = pd.concat([D, D.iloc[[1, 3, 7]]])
    rs("drop_dup_all_columns", "DD.drop_duplicates()", "drop_duplicates", {"df": DD}, {"subset": [], "keep": "first"},
       DD.drop_duplicates())
    rs("set_index", 'D.set_index("b")', "set_index", {"df": D}, {"col": "b", "drop": True}, D.set_index("b"))
    rs("set_index_keep", 'D.set_index("c", drop=False)', "set_index", {"df": D}, {"col": "c", "drop": False},
       D.set_index("c", drop=False))
    rs("reset_index", "D.reset_index()", "reset_index", {"df": D}, {"drop": False}, D.reset_index())
    rs("reset_index_range", "A.reset_index()", "reset_index", {"df": A}, {"drop": False}, A.reset_index())
    rs("reset_index_drop", "D.reset_index(drop=True)", "reset_index", {"df": D}, {"drop": True},
       D.reset_index(drop=True))
    rs("filter_reset_index", "D[D.c > 3].reset_index()", "filter_reset_index", {"df": D}, {"gt": 3, "drop": False},
       D[D["c"] > 3].reset_index())
    rs("rename", 'D.rename(columns={"a": "A", "zz": "q", "d": "dd"})', "rename", {"df": D},
       {"map": {"a": "A", "zz": "q", "d": "dd"}}, D.rename(columns={"a": "A", "zz": "q", "d": "dd"}))
    rs("set_then_reset", 'D.set_index("b").reset_index()', "set_reset", {"df": D}, {"col": "b"},
       D.set_index("b").reset_index())

# ---- end of joins and row-set operations


CSV_DIR = os.path.normpath(os.path.join(HERE, "..", "resources", "csv"))

BASIC_CSV = "\n".join([
    'id,name,score,ok,when,note,qty',
    '1,alpha,1.5,True,2020-01-01,"hello, world",10',
    '2,beta,,False,2020-01-02 10:30:00,plain,-999',
    '3,"gam""ma",2.25,True,,NA,7',
    '4,delta,-3.0,False,2021-12-31,"",3',
    '5,eps,1e3,True,2019-06-15,"quoted ""x""",-999',
    '6,zeta,nan,False,2020-02-29 23:59:59,last,0',
    '7,eta,0.125,True,2018-01-01,n/a,12',
    '8,theta,42,False,2020-07-04,fin,5',
]) + "\n"

SEMI_CSV = "k;v;w\r\na;1;x\r\nb;2;\r\nc;3;z\r\n\r\nd;4;w\r\n"

NOHEADER_CSV = "1,x,0.5\n2,y,1.5\n3,,2.5\n4,w,\n"


# Nasty files for readCsv's chunking, quoting, encodings and bad lines (issue 12): every case is
# read by the Java tests at every chunk size from 1 byte up to the file's size (in place) and at
# a few through Spark. Bytes, not text: some are not UTF-8.
NASTY_CSV = {
    # quoted line breaks (LF, CRLF, several, blank lines inside), doubled quotes, separators in
    # quotes, text after a closing quote, blank lines between records, CJK and emoji (4 bytes)
    "quoted_lines.csv": (
        'id,text,score,note\n'
        '1,"first line\nsecond line",1.5,plain\n'
        '2,"he said ""hi""\nand left",2.25,"a,b"\n'
        '\n'
        '3,"",3.0,\n'
        '4,"emoji \U0001F600 and \u4e2d\u6587\n\U0001F389 next",-4.5,"x""y"\n'
        '5,"trailing\n\n\nblank inside",5,"ab"cd\n'
        '\n\n'
        '6,plain,6.0,"\n"\n'
        '7,"a\r\nb",7.25,"""\n"""\n'
        '8,"last, no newline\n",-8,end').encode("utf-8"),
    # only text columns: a wrong guess inside a quoted line break used to give extra rows
    "text_lines.csv": (
        'a,b\n'
        '"x\ny","p\nq\nr"\n'
        '"1,2\n3,4","5\n6,7"\n'
        'plain,"""quoted""\nline"\n'
        '"\n\n","\n"\n'
        'z,"w\n"\n').encode("utf-8"),
    # CRLF line ends, CRLF inside quotes, a blank CRLF line
    "quoted_crlf.csv": (
        'k;v;w\r\n'
        'a;"one\r\ntwo";1\r\n'
        '\r\n'
        'b;"x;y\r\n\r\nz";2\r\n'
        'c;plain;3\r\n').encode("utf-8"),
    # multi-byte UTF-8 (2, 3 and 4 bytes) that chunk boundaries cut through
    "multibyte.csv": (
        'n,s\n'
        '1,\u00e9\u00e8\u00ea\n'
        '2,\u4e2d\u6587\u5b57\n'
        '3,\U0001F600\U0001F601\n'
        '4,"\U0001F680,\u00fc\n\u4e16"\n'
        '5,\u00c5\U0001F30D\u754c\n').encode("utf-8"),
    "latin1.csv": "name,city,n\nJos\u00e9,S\u00e3o Paulo,1\nM\u00fcller,K\u00f6ln,2\n\u00c5sa,\u00c5rhus,3\n".encode("latin-1"),
    # invalid UTF-8: a lone continuation byte, a surrogate, a truncated 4-byte form, overlong forms
    "bad_utf8.csv": b"a,b\n1,ok\n2,x\x80y\n3,\xed\xa0\x80z\n4,\xf0\x9f\x98!\n5,\xc0\xaf\xe0\x80\xbf\n6,\xe9t\xe9\n",
    "ragged.csv": b"a,b,c\n1,2,3\n4,5,6,7\n8,9\n\n10,11,12,13,14\n15,16,17\n",
    "short_rows.csv": b"a,b,c\n1,x,3\n4\n5,y\n6,z,9\n",
    "unterminated.csv": b'a,b\n1,x\n2,"open\n3,z\n4,w\n',
    "unterminated_last.csv": b'a,b\n1,x\n2,"never closed',
}


def pandas_error(e):
    """What the Java test expects of Mars's message, from pandas's error."""
    m = str(e)
    out = {"kind": "error", "error": type(e).__name__, "message": m}
    import re
    if "EOF inside string" in m:
        row = int(re.search(r"starting at row (\d+)", m).group(1))
        out["contains"] = ["never closed", "line %d" % (row + 1)]
    elif "Expected" in m:
        g = re.search(r"Expected (\d+) fields in line (\d+), saw (\d+)", m)
        out["contains"] = ["expected %s fields in line %s" % (g.group(1), g.group(2)), "saw %s" % g.group(3)]
    elif isinstance(e, UnicodeDecodeError):
        out["contains"] = ["can't decode byte 0x%02x" % e.object[e.start], "byte %d" % e.start]
    else:
        raise e
    return out


def gen_csv():
    os.makedirs(CSV_DIR, exist_ok=True)
    files = {"basic.csv": BASIC_CSV, "semi.csv": SEMI_CSV, "noheader.csv": NOHEADER_CSV}
    for name, text in files.items():
        with open(os.path.join(CSV_DIR, name), "w", newline="") as f:
            f.write(text)
    for name, data in NASTY_CSV.items():
        with open(os.path.join(CSV_DIR, name), "wb") as f:
            f.write(data)

    def rc(name, expr, file, params, **kw):
        try:
            expected = enc(pd.read_csv(os.path.join(CSV_DIR, file), **kw))
        except (pd.errors.ParserError, UnicodeDecodeError) as e:
            expected = pandas_error(e)
        CASES.setdefault("csv", []).append({"name": name, "expr": expr, "op": "read_csv", "inputs": {},
                                            "params": dict(params, file=file), "expected": expected})

    rc("basic", "read_csv(basic)", "basic.csv", {})
    rc("usecols", 'read_csv(basic, usecols=["score", "id", "note"])', "basic.csv",
       {"usecols": ["score", "id", "note"]}, usecols=["score", "id", "note"])
    rc("dtype", 'read_csv(basic, dtype={"id": "float64", "name": "category", "qty": "str"})', "basic.csv",
       {"dtype": {"id": "float64", "name": "category", "qty": "str"}},
       dtype={"id": "float64", "name": "category", "qty": "str"})
    rc("names", "read_csv(basic, names=[...], header=0)", "basic.csv",
       {"names": ["A", "B", "C", "D", "E", "F", "G"]}, names=["A", "B", "C", "D", "E", "F", "G"], header=0)
    rc("na_values", 'read_csv(basic, na_values=["-999"])', "basic.csv", {"na_values": ["-999"]},
       na_values=["-999"])
    rc("no_default_na", 'read_csv(basic, keep_default_na=False, na_values=["-999"], usecols=["note", "qty"])',
       "basic.csv", {"na_values": ["-999"], "keep_default_na": False, "usecols": ["note", "qty"]},
       keep_default_na=False, na_values=["-999"], usecols=["note", "qty"])
    rc("parse_dates", 'read_csv(basic, parse_dates=["when"])', "basic.csv", {"parse_dates": ["when"]},
       parse_dates=["when"])
    rc("sep_crlf", 'read_csv(semi, sep=";")', "semi.csv", {"sep": ";"}, sep=";")
    rc("no_header", 'read_csv(noheader, header=None, names=["n", "s", "f"])', "noheader.csv",
       {"header": False, "names": ["n", "s", "f"]}, header=None, names=["n", "s", "f"])
    # ---- the nasty files
    rc("quoted_lines", "read_csv(quoted_lines)", "quoted_lines.csv", {})
    rc("quoted_lines_usecols", 'read_csv(quoted_lines, usecols=["id", "score"])', "quoted_lines.csv",
       {"usecols": ["id", "score"]}, usecols=["id", "score"])
    rc("text_lines", "read_csv(text_lines)", "text_lines.csv", {})
    rc("quoted_crlf", 'read_csv(quoted_crlf, sep=";")', "quoted_crlf.csv", {"sep": ";"}, sep=";")
    rc("multibyte", "read_csv(multibyte)", "multibyte.csv", {})
    rc("latin1", 'read_csv(latin1, encoding="latin-1")', "latin1.csv", {"encoding": "latin-1"}, encoding="latin-1")
    rc("latin1_as_utf8", "read_csv(latin1)", "latin1.csv", {})
    rc("latin1_replace", 'read_csv(latin1, encoding_errors="replace")', "latin1.csv",
       {"encoding_errors": "replace"}, encoding_errors="replace")
    rc("latin1_ignore", 'read_csv(latin1, encoding_errors="ignore")', "latin1.csv",
       {"encoding_errors": "ignore"}, encoding_errors="ignore")
    rc("latin1_usecols_strict", 'read_csv(latin1, usecols=["n"])', "latin1.csv", {"usecols": ["n"]},
       usecols=["n"])
    rc("bad_utf8", "read_csv(bad_utf8)", "bad_utf8.csv", {})
    rc("bad_utf8_replace", 'read_csv(bad_utf8, encoding_errors="replace")', "bad_utf8.csv",
       {"encoding_errors": "replace"}, encoding_errors="replace")
    rc("bad_utf8_ignore", 'read_csv(bad_utf8, encoding_errors="ignore")', "bad_utf8.csv",
       {"encoding_errors": "ignore"}, encoding_errors="ignore")
    rc("ragged", "read_csv(ragged)", "ragged.csv", {})
    rc("ragged_warn", 'read_csv(ragged, on_bad_lines="warn")', "ragged.csv", {"on_bad_lines": "warn"},
       on_bad_lines="warn")
    rc("ragged_skip", 'read_csv(ragged, on_bad_lines="skip")', "ragged.csv", {"on_bad_lines": "skip"},
       on_bad_lines="skip")
    rc("short_rows", "read_csv(short_rows)", "short_rows.csv", {})
    rc("unterminated", "read_csv(unterminated)", "unterminated.csv", {})
    rc("unterminated_last", "read_csv(unterminated_last)", "unterminated_last.csv", {})


# ---- pivot_table (pivot) -----------------------------------------------------------------------------
# Mars has no MultiIndex on columns: a pivot's column labels are flattened — the column key (str
# of it; several keys joined by "|") when values is a single name, "value|key" otherwise — and
# several index keys become leading columns (reset_index()).


def pivot_frame():
    return pd.DataFrame({
        "a": ["x", "y", "x", "y", "z", "x", None, "y", "z", "x", "w", "y"],
        "b": np.array([1, 1, 2, 2, 1, 1, 2, 3, 3, 2, 1, 1], dtype="int64"),
        "c": ["p", "q", "p", "p", "q", "q", "p", "q", "p", "p", "q", "p"],
        "fk": [0.5, 1.0, np.nan, 0.5, 1.0, 0.5, 1.0, np.nan, 0.5, 1.0, 0.5, 1.0],
        "v": np.array([1, 2, 3, 4, 5, 7, 8, 6, 2, 9, 10, 4], dtype="int64"),
        "w": [1.5, np.nan, 2.0, 3.0, np.nan, 1.0, 2.5, np.nan, 4.0, np.nan, 0.5, 2.0],
        "t": pd.to_datetime(["2020-01-01", "2020-01-02", "2020-01-01", "2020-01-03 12:00:00", "2020-01-02",
                             "2020-01-01", None, "2020-01-02", "2020-01-03 12:00:00", "2020-01-01",
                             "2020-01-02", "2020-01-01"]),
        "d": [True, False, True, True, False, False, True, True, False, True, False, True],
    })


def flat_pivot(t, index):
    t = t.copy()
    if isinstance(t.columns, pd.MultiIndex):
        t.columns = ["|".join(str(x) for x in c) for c in t.columns]
    else:
        t.columns = [str(c) for c in t.columns]
    t.columns.name = None
    if len(index) > 1:
        t = t.reset_index()
    return t


def gen_pivot():
    df = pivot_frame()
    full = pd.DataFrame({"a": ["x", "x", "y", "y", "x", "y"], "b": np.array([1, 2, 1, 2, 1, 2], dtype="int64"),
                         "v": np.array([2, 4, 6, 8, 4, 10], dtype="int64")})

    def pv(name, op="pivot", frame=None, values=None, index=None, columns=None, aggfunc="mean",
           fill_value=None, pre=lambda d: d):
        data = df if frame is None else frame
        idx = [index] if isinstance(index, str) else index
        expected = pd.pivot_table(pre(data), values=values, index=index, columns=columns, aggfunc=aggfunc,
                                  fill_value=fill_value)
        expr = "pd.pivot_table(df, values=%r, index=%r, columns=%r, aggfunc=%r, fill_value=%r)" % (
            values, index, columns, aggfunc, fill_value)
        case("pivot", name, expr, op, {"df": data},
             {"values": values, "index": index, "columns": columns, "aggfunc": aggfunc,
              "fill_value": fill_value}, flat_pivot(expected, idx))

    for fn in ["mean", "sum", "count", "min", "max", "size", "std", "var", "first", "last", "nunique"]:
        pv("v_" + fn, values="v", index="a", columns="b", aggfunc=fn)
    for fn in ["mean", "sum", "count", "max"]:
        pv("w_nan_values_" + fn, values="w", index="a", columns="b", aggfunc=fn)
    pv("default_mean", values="v", index="a", columns="c")
    pv("full_grid_integral_mean_is_int", frame=full, values="v", index="a", columns="b")
    pv("full_grid_sum", frame=full, values="v", index="a", columns="b", aggfunc="sum")
    pv("full_grid_half_mean", frame=full.assign(v=full["v"] + np.array([0, 0, 0, 0, 1, 0])), values="v",
       index="b", columns="a")
    pv("fill_mean", values="v", index="a", columns="b", fill_value=0)
    pv("fill_half", values="v", index="a", columns="b", aggfunc="sum", fill_value=0.5)
    pv("fill_float_values", values="w", index="a", columns="c", aggfunc="sum", fill_value=-1)
    pv("two_values", values=["v", "w"], index="a", columns="b")
    pv("two_values_fill", values=["w", "v"], index="a", columns="b", fill_value=0)
    pv("one_value_in_list", values=["v"], index="a", columns="c", aggfunc="sum")
    pv("values_none", frame=df[["a", "b", "v", "w"]], index="a", columns="b", aggfunc="sum")
    pv("dict_aggfunc", values=["v", "w"], index="a", columns="c", aggfunc={"v": "sum", "w": "mean"})
    pv("dict_aggfunc_subset", values=["v", "w"], index="a", columns="c", aggfunc={"w": "max"})
    pv("dict_single_value", values="v", index="a", columns="c", aggfunc={"v": "count"})
    pv("size_two_values", values=["v", "w"], index="a", columns="c", aggfunc="size")
    pv("int_index_string_columns", values="v", index="b", columns="a", aggfunc="sum")
    pv("datetime_column_keys", values="v", index="a", columns="t", aggfunc="sum")
    pv("datetime_index", values="w", index="t", columns="c", aggfunc="mean")
    pv("datetime_values_max", values="t", index="a", columns="c", aggfunc="max")
    pv("float_column_keys_nan_dropped", values="v", index="a", columns="fk", aggfunc="sum")
    pv("float_index_keys", values="w", index="fk", columns="c", aggfunc="count")
    pv("bool_values_min_missing_object", values="d", index="a", columns="b", aggfunc="min")
    pv("bool_values_sum", values="d", index="a", columns="c", aggfunc="sum")
    pv("two_column_keys", values="v", index="a", columns=["c", "b"], aggfunc="sum")
    pv("two_index_keys", values="v", index=["c", "a"], columns="b", aggfunc="sum")
    pv("two_index_keys_two_values", values=["v", "w"], index=["b", "c"], columns="a", aggfunc="max")
    pv("no_columns", values=["v", "w"], index="a", aggfunc="sum")
    pv("no_columns_single", values="w", index="c", aggfunc="mean")
    pv("all_nan_group_dropped", values="w", index="b", columns="c", aggfunc="mean")
    pv("empty", values="v", index="a", columns="b", aggfunc="sum", pre=lambda d: d.iloc[:0],
       op="pivot_empty")
    pv("filtered", values="v", index="a", columns="b", aggfunc="sum", pre=lambda d: d[d["v"] > 2],
       op="pivot_filtered")
    pv("filtered_mean_fill", values=["v", "w"], index="c", columns="a", fill_value=0,
       pre=lambda d: d[d["v"] > 2], op="pivot_filtered")
# ==== label loc, positional take, whole-frame reductions and arithmetic (issue 6, branch dfloc) ====
# families "loc", "frame_reductions", "frame_arith"; run by DfLoc_FixtureTest

def loc_frames():
    """Frames with the index kinds loc must handle (inputs of the "loc" family)."""
    ii = pd.DataFrame({"v": np.arange(8, dtype="int64") * 10, "w": [0.5, np.nan, 1.5, 2.5, np.nan, 3.0, -1.0, 4.0]},
                      index=pd.Index([1, 3, 3, 5, 7, 9, 9, 12], dtype="int64", name="k"))
    sm = pd.DataFrame({"v": [1, 2, 3, 4, 5, 6], "c": ["p", None, "q", "r", "s", "t"]},
                      index=pd.Index(["a", "b", "b", "c", "e", "f"]))
    sn = pd.DataFrame({"v": [10, 20, 30, 40, 50], "w": [0.5, np.nan, 1.5, 2.5, np.nan]},
                      index=pd.Index(["d", "b", "a", "e", "c"], name="row"))
    sd = pd.DataFrame({"v": [1, 2, 3, 4, 5]}, index=pd.Index(["b", "a", "a", "c", "d"]))
    dec = pd.DataFrame({"v": [1, 2, 3, 4, 5], "f": [1.0, np.nan, 3.0, 4.0, 5.0]}, index=pd.Index([9, 7, 5, 3, 1]))
    dt = pd.DataFrame({"v": np.arange(7, dtype="int64"), "s": list("abcdefg")},
                      index=pd.date_range("2021-01-01", periods=7, freq="D", name="day"))
    fl = pd.DataFrame({"v": [1, 2, 3, 4]}, index=pd.Index([0.5, 1.5, 2.5, 3.5]))
    return ii, sm, sn, sd, dec, dt, fl


def ts(x):
    return {"kind": "datetime", "value": int(pd.Timestamp(x).value)}


def lab(x):
    """A label as a typed parameter (see DfFixtures.scalar)."""
    if isinstance(x, str):
        return {"kind": "str", "value": x}
    if isinstance(x, float):
        return {"kind": "float", "value": x}
    return {"kind": "int", "value": int(x)}


def gen_loc():
    df = base_frame()
    ii, sm, sn, sd, dec, dt, fl = loc_frames()
    I = {"df": df}
    L = "loc"
    # ---- loc by a list of labels, one label (a frame of its rows)
    case(L, "range_list", "df.loc[[3, 1, 7]]", "loc_list", I, {"labels": [lab(3), lab(1), lab(7)]}, df.loc[[3, 1, 7]])
    case(L, "range_list_repeat", "df.loc[[10, 0, 10]]", "loc_list", I, {"labels": [lab(10), lab(0), lab(10)]},
         df.loc[[10, 0, 10]])
    case(L, "int_dup_list", "ii.loc[[9, 1, 3]]", "loc_list", {"df": ii}, {"labels": [lab(9), lab(1), lab(3)]},
         ii.loc[[9, 1, 3]])
    case(L, "str_list", 'sn.loc[["e", "d", "e"]]', "loc_list", {"df": sn},
         {"labels": [lab("e"), lab("d"), lab("e")]}, sn.loc[["e", "d", "e"]])
    case(L, "str_dup_list", 'sm.loc[["b", "a"]]', "loc_list", {"df": sm}, {"labels": [lab("b"), lab("a")]},
         sm.loc[["b", "a"]])
    case(L, "dt_list", "dt.loc[[Timestamp(2021-01-05), Timestamp(2021-01-02)]]", "loc_list", {"df": dt},
         {"labels": [ts("2021-01-05"), ts("2021-01-02")]}, dt.loc[[pd.Timestamp("2021-01-05"),
                                                                  pd.Timestamp("2021-01-02")]])
    case(L, "float_list", "fl.loc[[2.5, 0.5]]", "loc_list", {"df": fl}, {"labels": [lab(2.5), lab(0.5)]},
         fl.loc[[2.5, 0.5]])
    case(L, "one_label_frame", "ii.loc[[9]] (loc(label) gives a frame)", "loc_label", {"df": ii}, {"label": lab(9)},
         ii.loc[[9]])
    case(L, "list_columns", 'sn.loc[["c", "a"], ["w"]]', "loc_list_cols", {"df": sn},
         {"labels": [lab("c"), lab("a")], "columns": ["w"]}, sn.loc[["c", "a"], ["w"]])
    case(L, "series_list", 'sn["w"].loc[["a", "b"]]', "series_loc_list", {"df": sn},
         {"col": "w", "labels": [lab("a"), lab("b")]}, sn["w"].loc[["a", "b"]])
    case(L, "filtered_list", 'df[df["a"] > 0].loc[[7, 2, 0]]', "filter_loc_list", I,
         {"col": "a", "gt": 0, "labels": [lab(7), lab(2), lab(0)]}, df[df["a"] > 0].loc[[7, 2, 0]])
    # ---- one label of a series: a scalar
    case(L, "series_label_str", 'sn["v"].loc["a"]', "series_loc_label", {"df": sn}, {"col": "v", "label": lab("a")},
         sn["v"].loc["a"])
    case(L, "series_label_nan", 'sn["w"].loc["b"]', "series_loc_label", {"df": sn}, {"col": "w", "label": lab("b")},
         sn["w"].loc["b"])
    case(L, "series_label_range", 'df["c"].loc[4]', "series_loc_label", I, {"col": "c", "label": lab(4)},
         df["c"].loc[4])
    case(L, "at", 'dt.at[Timestamp(2021-01-03), "s"]', "at", {"df": dt}, {"label": ts("2021-01-03"), "col": "s"},
         dt.at[pd.Timestamp("2021-01-03"), "s"])
    # ---- label slices, both ends included
    for name, expr, frame, start, stop, exp in [
            ("range_slice", "df.loc[2:5]", df, 2, 5, df.loc[2:5]),
            ("range_slice_head", "df.loc[:3]", df, None, 3, df.loc[:3]),
            ("range_slice_tail", "df.loc[8:]", df, 8, None, df.loc[8:]),
            ("range_slice_empty", "df.loc[6:2]", df, 6, 2, df.loc[6:2]),
            ("int_dup_slice", "ii.loc[3:9]", ii, 3, 9, ii.loc[3:9]),
            ("int_missing_ends", "ii.loc[2:8]", ii, 2, 8, ii.loc[2:8]),
            ("int_between", "ii.loc[4:4]", ii, 4, 4, ii.loc[4:4]),
            ("str_monotonic_dup", 'sm.loc["b":"d"]', sm, "b", "d", sm.loc["b":"d"]),
            ("str_monotonic_open", 'sm.loc["bb":]', sm, "bb", None, sm.loc["bb":]),
            ("str_nonmonotonic", 'sn.loc["b":"e"]', sn, "b", "e", sn.loc["b":"e"]),
            ("str_nonmonotonic_rev", 'sn.loc["e":"b"]', sn, "e", "b", sn.loc["e":"b"]),
            ("str_nonmonotonic_run", 'sd.loc["a":"c"]', sd, "a", "c", sd.loc["a":"c"]),
            ("decreasing", "dec.loc[8:2]", dec, 8, 2, dec.loc[8:2]),
            ("decreasing_empty", "dec.loc[2:8]", dec, 2, 8, dec.loc[2:8]),
            ("float_slice", "fl.loc[1.0:3.0]", fl, 1.0, 3.0, fl.loc[1.0:3.0])]:
        case(L, name, expr, "loc_slice", {"df": frame},
             {"start": None if start is None else lab(start), "stop": None if stop is None else lab(stop)}, exp)
    case(L, "dt_slice", "dt.loc[Timestamp(2021-01-02):Timestamp(2021-01-04 12:00)]", "loc_slice", {"df": dt},
         {"start": ts("2021-01-02"), "stop": ts("2021-01-04 12:00")},
         dt.loc[pd.Timestamp("2021-01-02"):pd.Timestamp("2021-01-04 12:00")])
    case(L, "slice_columns", 'ii.loc[3:7, ["w"]]', "loc_slice_cols", {"df": ii},
         {"start": lab(3), "stop": lab(7), "columns": ["w"]}, ii.loc[3:7, ["w"]])
    case(L, "series_slice", 'sm["c"].loc["b":"e"]', "series_loc_slice", {"df": sm},
         {"col": "c", "start": lab("b"), "stop": lab("e")}, sm["c"].loc["b":"e"])
    case(L, "filtered_slice", 'df[df["a"] > 0].loc[2:8]', "filter_loc_slice", I,
         {"col": "a", "gt": 0, "start": lab(2), "stop": lab(8)}, df[df["a"] > 0].loc[2:8])
    # ---- positions
    case(L, "iloc_one", "df.iloc[[3]] (iloc(i) gives a frame)", "iloc_one", I, {"i": 3}, df.iloc[[3]])
    case(L, "iloc_one_neg", "df.iloc[[-1]]", "iloc_one", I, {"i": -1}, df.iloc[[-1]])
    case(L, "iloc_list", "df.iloc[[5, 0, 5, 10, -2]]", "iloc_list", I, {"positions": [5, 0, 5, 10, -2]},
         df.iloc[[5, 0, 5, 10, -2]])
    case(L, "iloc_list_str_index", "sn.iloc[[4, 1]]", "iloc_list", {"df": sn}, {"positions": [4, 1]}, sn.iloc[[4, 1]])
    case(L, "filtered_iloc_list", 'df[df["a"] > 0].iloc[[2, 0, -1]]', "filter_iloc_list", I,
         {"col": "a", "gt": 0, "positions": [2, 0, -1]}, df[df["a"] > 0].iloc[[2, 0, -1]])
    case(L, "series_iloc_list", 'df["t"].iloc[[6, 2]]', "series_iloc_list", I, {"col": "t", "positions": [6, 2]},
         df["t"].iloc[[6, 2]])
    for col, i in [("b", 3), ("b", 1), ("a", -2), ("t", 2), ("c", 0), ("k", 3)]:
        case(L, f"series_iloc_{col}_{i}", f'df["{col}"].iloc[{i}]', "series_iloc", I, {"col": col, "i": i},
             df[col].iloc[i])
    case(L, "iat", "df.iat[4, 1]", "iat", I, {"i": 4, "j": 1}, df.iat[4, 1])

    # ---- whole-frame reductions (numeric_only=None, pandas 1.5)
    R = "frame_reductions"
    nums = ["a", "b", "d", "e", "f", "g"]
    for fn in ["sum", "mean", "min", "max", "count", "std", "var", "nunique"]:
        case(R, f"numeric_{fn}", f"df[{nums}].{fn}()", "reduce", I, {"cols": nums, "fn": fn}, getattr(df[nums], fn)())
    # object columns holding None: sum/mean/var dropped by pandas, count/nunique kept
    for fn in ["sum", "mean", "var", "count", "nunique"]:
        case(R, f"all_{fn}", f"df.{fn}()", "reduce", I, {"cols": [], "fn": fn}, getattr(df, fn)())
    case(R, "numeric_median", 'df[["a", "b", "e", "f"]].median()', "frame_quantile", I,
         {"cols": ["a", "b", "e", "f"], "q": None}, df[["a", "b", "e", "f"]].median())
    case(R, "numeric_quantile_0p75", 'df[["a", "b", "e", "f"]].quantile(0.75)', "frame_quantile", I,
         {"cols": ["a", "b", "e", "f"], "q": 0.75}, df[["a", "b", "e", "f"]].quantile(0.75))
    for fn, ddof in [("var", 0), ("std", 0), ("std", 2)]:
        case(R, f"numeric_{fn}_ddof{ddof}", f"df[{nums}].{fn}(ddof={ddof})", "reduce_ddof", I,
             {"cols": nums, "fn": fn, "ddof": ddof}, getattr(df[nums], fn)(ddof=ddof))
    for fn in ["min", "max"]:
        case(R, f"datetime_{fn}", f'df[["t"]].{fn}()', "reduce", I, {"cols": ["t"], "fn": fn}, getattr(df[["t"]], fn)())
        case(R, f"int_bool_{fn}", f'df[["a", "d"]].{fn}()', "reduce", I, {"cols": ["a", "d"], "fn": fn},
             getattr(df[["a", "d"]], fn)())
        case(R, f"int_float_{fn}", f'df[["a", "b"]].{fn}()', "reduce", I, {"cols": ["a", "b"], "fn": fn},
             getattr(df[["a", "b"]], fn)())
        case(R, f"ints_{fn}", f'df[["a", "e"]].{fn}()', "reduce", I, {"cols": ["a", "e"], "fn": fn},
             getattr(df[["a", "e"]], fn)())
    nan_frame = pd.DataFrame({"x": [np.nan, np.nan, np.nan], "y": [1.0, np.nan, 3.0], "z": [1, 2, 3]})
    for fn in ["sum", "mean", "min", "std", "count"]:
        case(R, f"nan_{fn}", f"nan_frame.{fn}()", "reduce", {"df": nan_frame}, {"cols": [], "fn": fn},
             getattr(nan_frame, fn)())
    case(R, "nan_var_ddof2", "nan_frame.var(ddof=2)", "reduce_ddof", {"df": nan_frame}, {"cols": [], "fn": "var", "ddof": 2},
         nan_frame.var(ddof=2))
    for fn in ["sum", "mean", "max"]:
        case(R, f"filtered_{fn}", f'df[df["a"] > 0][{nums}].{fn}()', "filter_reduce", I,
             {"col": "a", "gt": 0, "cols": nums, "fn": fn}, getattr(df[df["a"] > 0][nums], fn)())
    for fns in [["sum", "mean"], ["min", "max", "count"], ["sum", "mean", "min"], ["count", "nunique"]]:
        case(R, "agg_" + "_".join(fns), f'df[["a", "b", "d"]].agg({fns})', "agg_list", I,
             {"cols": ["a", "b", "d"], "fns": fns}, df[["a", "b", "d"]].agg(fns))
    case(R, "agg_drops_object", 'df[["a", "c", "f"]].agg(["sum", "mean"])', "agg_list", I,
         {"cols": ["a", "c", "f"], "fns": ["sum", "mean"]}, df[["a", "c", "f"]].agg(["sum", "mean"]))

    # ---- whole-frame arithmetic and comparison
    A = "frame_arith"
    num = ["a", "b", "e", "f"]
    for fn, v in [("add", lab(2)), ("sub", lab(1.5)), ("mul", lab(3)), ("truediv", lab(2)), ("floordiv", lab(2)),
                  ("mod", lab(3)), ("pow", lab(2)), ("radd", lab(10)), ("rsub", lab(1)), ("rmul", lab(0.5)),
                  ("rtruediv", lab(1.0)), ("eq", lab(2)), ("ne", lab(2)), ("lt", lab(1)), ("le", lab(1.5)),
                  ("gt", lab(2)), ("ge", lab(2))]:
        x = DfFixtures_scalar(v)
        case(A, f"{fn}_scalar", f"df[{num}].{fn}({x})", "binary_scalar", I, {"cols": num, "fn": fn, "value": v},
             getattr(df[num], fn)(x))
    case(A, "bool_add", 'df[["d", "a"]] + 1', "binary_scalar", I, {"cols": ["d", "a"], "fn": "add", "value": lab(1)},
         df[["d", "a"]] + 1)
    case(A, "str_eq", 'df[["c", "s"]] == "x"', "binary_scalar", I, {"cols": ["c", "s"], "fn": "eq", "value": lab("x")},
         df[["c", "s"]] == "x")
    case(A, "str_add", 'df[["c", "s"]] + "!"', "binary_scalar", I, {"cols": ["c", "s"], "fn": "add",
                                                                     "value": lab("!")}, df[["c", "s"]] + "!")
    case(A, "sub_mean", f'df[{num}] - df["b"].mean()', "binary_mean", I, {"cols": num, "fn": "sub", "of": "b"},
         df[num] - df["b"].mean())
    case(A, "frame_add_self", f"df[{num}] + df[{num}]", "binary_self", I, {"cols": num, "fn": "add"},
         df[num] + df[num])
    case(A, "frame_mul_abs", f"df[{num}] * df[{num}].abs()", "binary_abs", I, {"cols": num, "fn": "mul"},
         df[num] * df[num].abs())
    case(A, "frame_lt_neg", f"df[{num}] < -df[{num}]", "binary_neg", I, {"cols": num, "fn": "lt"},
         df[num] < -df[num])
    f = df[df["a"] > 0][num]
    case(A, "filtered_self_truediv", f'df[df["a"] > 0][{num}] / df[df["a"] > 0][{num}]', "filter_binary_self", I,
         {"col": "a", "gt": 0, "cols": num, "fn": "truediv"}, f / f)
    case(A, "abs", f"df[{num}].abs()", "unary", I, {"cols": num, "fn": "abs"}, df[num].abs())
    case(A, "neg", f"-df[{num}]", "unary", I, {"cols": num, "fn": "neg"}, -df[num])
    case(A, "string_index_mul", "sn * 2", "binary_scalar", {"df": sn}, {"cols": ["v", "w"], "fn": "mul",
                                                                         "value": lab(2)}, sn * 2)


def DfFixtures_scalar(v):
    return v["value"]

# ==== end of dfloc block ===========================================================================


def gen_scans():
    """ffill / bfill / cumsum / cumprod / cummax / cummin of series and frames; run by DfScan_FixtureTest."""
    df = base_frame()
    I = {"df": df}
    S = "scans"
    for col in ["a", "b", "c", "d", "t", "k", "f", "s"]:
        for fn in ["ffill", "bfill"]:
            case(S, f"{col}_{fn}", f'df["{col}"].{fn}()', "scan", I, {"x": col, "fn": fn}, getattr(df[col], fn)())
    for col in ["a", "b", "d", "e", "f", "g"]:
        for fn in ["cumsum", "cumprod", "cummax", "cummin"]:
            case(S, f"{col}_{fn}", f'df["{col}"].{fn}()', "scan", I, {"x": col, "fn": fn}, getattr(df[col], fn)())
    for fn in ["ffill", "bfill"]:
        case(S, f"frame_{fn}", f"df.{fn}()", "frame_scan", I, {"cols": [], "fn": fn}, getattr(df, fn)())
    nums = ["a", "b", "d", "e", "f"]
    for fn in ["cumsum", "cumprod", "cummax", "cummin"]:
        case(S, f"frame_{fn}", f"df[{nums}].{fn}()", "frame_scan", I, {"cols": nums, "fn": fn},
             getattr(df[nums], fn)())
    # leading and all-NA runs: nothing to carry in
    gaps = pd.DataFrame({"x": [np.nan, np.nan, 1.0, np.nan, np.nan, -2.0, np.nan],
                         "y": [np.nan] * 7,
                         "z": ["p", None, None, "q", None, None, None]})
    for fn in ["ffill", "bfill", "cumsum", "cummax"]:
        case(S, f"gaps_{fn}", f"gaps[['x', 'y']].{fn}()", "frame_scan", {"df": gaps}, {"cols": ["x", "y"], "fn": fn},
             getattr(gaps[["x", "y"]], fn)())
    for fn in ["ffill", "bfill"]:
        case(S, f"gaps_z_{fn}", f'gaps["z"].{fn}()', "scan", {"df": gaps}, {"x": "z", "fn": fn},
             getattr(gaps["z"], fn)())
    # shift and diff: past several small chunks, both ways, beyond the length
    for col in ["a", "b", "c", "d", "t", "k"]:
        for p in [1, 3, -1, -4, 0, 12]:
            case(S, f"{col}_shift_{p}", f'df["{col}"].shift({p})', "shift", I, {"x": col, "periods": p},
                 df[col].shift(p))
    for col in ["a", "b", "e", "f"]:
        for p in [1, 2, -3]:
            case(S, f"{col}_diff_{p}", f'df["{col}"].diff({p})', "diff", I, {"x": col, "periods": p}, df[col].diff(p))
    for p in [2, -1]:
        case(S, f"frame_shift_{p}", f"df.shift({p})", "frame_shift", I, {"cols": [], "periods": p}, df.shift(p))
        case(S, f"frame_diff_{p}", f"df[{nums}].diff({p})", "frame_diff", I, {"cols": ["a", "b", "e", "f"], "periods": p},
             df[["a", "b", "e", "f"]].diff(p))
    steps = pd.DataFrame({"x": [1.0, np.nan, 2.0, 0.0, 3.0, np.nan, np.nan, 4.0, -2.0, 0.0, 0.0],
                          "i": np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5], dtype="int64")})
    for col in ["x", "i"]:
        for p in [1, 2, -1, -3]:
            case(S, f"{col}_pct_change_{p}", f'steps["{col}"].pct_change({p})', "pct_change", {"df": steps},
                 {"x": col, "periods": p}, steps[col].pct_change(p))
    case(S, "frame_pct_change", "steps.pct_change()", "frame_pct_change", {"df": steps}, {"periods": 1},
         steps.pct_change())
    for p in [1, -2]:
        case(S, f"filtered_b_shift_{p}", f'df[df["a"] > 2]["b"].shift({p})', "filtered_shift", I,
             {"x": "b", "by": "a", "gt": 2, "periods": p}, df[df["a"] > 2]["b"].shift(p))
    # rolling windows: spanning several chunks, NaN inside, min_periods
    for col in ["a", "b", "d", "f"]:
        for w, mp in [(1, None), (2, None), (3, None), (4, 2), (5, 0), (20, 1)]:
            for fn in ["sum", "mean", "min", "max", "var", "std"]:
                if mp == 0 and fn in ("var", "std", "min", "max") and w != 5:
                    continue
                expected = getattr(df[col].rolling(w, min_periods=mp), fn)()
                case(S, f"{col}_rolling_{w}_{mp}_{fn}", f'df["{col}"].rolling({w}, min_periods={mp}).{fn}()',
                     "rolling", I, {"x": col, "window": w, "min_periods": mp, "fn": fn}, expected)
    for fn in ["sum", "mean", "std", "max"]:
        case(S, f"frame_rolling_3_{fn}", f"df[{nums}].rolling(3).{fn}()", "frame_rolling", I,
             {"cols": nums, "window": 3, "min_periods": None, "fn": fn}, getattr(df[nums].rolling(3), fn)())
        case(S, f"filtered_b_rolling_2_{fn}", f'df[df["a"] > 2]["b"].rolling(2, min_periods=1).{fn}()',
             "filtered_rolling", I, {"x": "b", "by": "a", "gt": 2, "window": 2, "min_periods": 1, "fn": fn},
             getattr(df[df["a"] > 2]["b"].rolling(2, min_periods=1), fn)())
    # expanding windows
    for col in ["a", "b", "d", "f"]:
        for mp in [None, 0, 3]:
            for fn in ["sum", "mean", "min", "max", "var", "std"]:
                expected = getattr(df[col].expanding() if mp is None else df[col].expanding(min_periods=mp), fn)()
                case(S, f"{col}_expanding_{mp}_{fn}", f'df["{col}"].expanding(min_periods={mp}).{fn}()', "expanding", I,
                     {"x": col, "min_periods": mp, "fn": fn}, expected)
    for fn in ["sum", "std"]:
        case(S, f"frame_expanding_{fn}", f"df[{nums}].expanding().{fn}()", "frame_expanding", I,
             {"cols": nums, "min_periods": None, "fn": fn}, getattr(df[nums].expanding(), fn)())
        case(S, f"gaps_expanding_{fn}", f"gaps[['x', 'y']].expanding().{fn}()", "frame_expanding", {"df": gaps},
             {"cols": ["x", "y"], "min_periods": None, "fn": fn}, getattr(gaps[["x", "y"]].expanding(), fn)())
    # after a filter: chunks of unknown size, some empty
    for fn in ["ffill", "bfill", "cumsum", "cummin"]:
        case(S, f"filtered_b_{fn}", f'df[df["a"] > 2]["b"].{fn}()', "filtered_scan", I,
             {"x": "b", "by": "a", "gt": 2, "fn": fn}, getattr(df[df["a"] > 2]["b"], fn)())


def main():
    gen()
    gen_scans()
    gen_groupby()
    gen_multiindex()
    gen_sort()
    gen_counts()
    gen_group_apply()
    gen_display()
    gen_merge()
    gen_csv()
    gen_accessors()
    gen_pivot()
    gen_loc()  # dfloc
    os.makedirs(OUT, exist_ok=True)
    for family, cases in CASES.items():
        path = os.path.join(OUT, family + ".json")
        with open(path, "w") as f:
            f.write('{"family": "%s", "pandas": "%s", "generator": "src/test/python/gen_fixtures_df.py", "cases": [\n'
                    % (family, pd.__version__))
            f.write(",\n".join(json.dumps(c, separators=(",", ":"), allow_nan=False) for c in cases))
            f.write("\n]}\n")
        print(path, len(cases))


if __name__ == "__main__":
    main()
