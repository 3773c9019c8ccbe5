"""sklearn.preprocessing fixtures: inputs, parameters and sklearn 1.2's fitted attributes and
outputs. Writes ../resources/fixtures-learn/preprocessing.json."""
import numpy as np
import pandas as pd
from sklearn.impute import SimpleImputer
from sklearn.preprocessing import (LabelBinarizer, LabelEncoder, MaxAbsScaler, MinMaxScaler, Normalizer,
                                   OneHotEncoder, PolynomialFeatures, RobustScaler, StandardScaler, normalize)

from learn_fixtures import arr, num, param_defaults, write

rng = np.random.RandomState(0)
cases = []


def standard_scaler(name, X, params, w=None):
    s = StandardScaler(**{k: v for k, v in params.items()}).fit(X, sample_weight=w)
    exp = {"transform": arr(s.transform(X)), "inverse_transform": arr(s.inverse_transform(s.transform(X)))}
    if s.mean_ is not None:
        exp["mean_"] = arr(s.mean_)
    if s.var_ is not None:
        exp["var_"] = arr(s.var_)
        exp["scale_"] = arr(s.scale_)
    exp["n_samples_seen_"] = arr(s.n_samples_seen_)  # one number when every feature saw as many, as sklearn
    inputs = {"X": arr(X)}
    if w is not None:
        inputs["sample_weight"] = arr(w)
    java = {"withMean": params.get("with_mean", True), "withStd": params.get("with_std", True)}
    cases.append({"name": name, "estimator": "StandardScaler", "params": java, "inputs": inputs, "expected": exp})


X = rng.normal(3, 2, size=(11, 4))
standard_scaler("scaler_default", X, {})
standard_scaler("scaler_no_mean", X, {"with_mean": False})
standard_scaler("scaler_no_std", X, {"with_std": False})
standard_scaler("scaler_weighted", X, {}, w=rng.uniform(0.1, 3, size=11))
Xc = X.copy()
Xc[:, 1] = 7.25  # a constant feature is left unscaled
Xc[3, 2] = np.nan  # NaN ignored in fit, kept in transform
Xc[8, 0] = np.nan
standard_scaler("scaler_nan_and_constant", Xc, {})
standard_scaler("scaler_one_row", X[:1], {})
standard_scaler("scaler_int_input", rng.randint(-5, 6, size=(9, 3)).astype(np.int64), {})



def frame(df):
    """A DataFrame input: its columns, pandas dtypes and values per column (None for NA)."""
    cols = []
    for c in df.columns:
        col = df[c]
        values = [None if (v is None or (isinstance(v, float) and np.isnan(v))) else num(v) if not isinstance(v, str)
                  else v for v in col.astype(object).tolist()]
        cols.append({"name": str(c), "dtype": str(col.dtype), "values": values})
    return {"frame": cols}


def values(v):
    """A list of categories / labels (numbers or strings) as JSON."""
    return [x if isinstance(x, str) else num(x) for x in np.asarray(v, dtype=object).tolist()]


def case(name, estimator, java, inputs, expected):
    cases.append({"name": name, "estimator": estimator, "params": java, "inputs": inputs, "expected": expected})


def scaler_attrs(s, names):
    return {n: arr(np.asarray(getattr(s, n), dtype=np.float64)) for n in names}


def min_max(name, X, java, X_new=None, **params):
    s = MinMaxScaler(**params).fit(X)
    Z = X if X_new is None else X_new
    exp = {"transform": arr(s.transform(Z)), "inverse_transform": arr(s.inverse_transform(s.transform(Z))),
           "n_samples_seen_": s.n_samples_seen_}
    exp.update(scaler_attrs(s, ["data_min_", "data_max_", "data_range_", "scale_", "min_"]))
    inputs = {"X": arr(X)}
    if X_new is not None:
        inputs["X_new"] = arr(X_new)
    case(name, "MinMaxScaler", java, inputs, exp)


def max_abs(name, X):
    s = MaxAbsScaler().fit(X)
    exp = {"transform": arr(s.transform(X)), "inverse_transform": arr(s.inverse_transform(s.transform(X))),
           "n_samples_seen_": s.n_samples_seen_}
    exp.update(scaler_attrs(s, ["max_abs_", "scale_"]))
    case(name, "MaxAbsScaler", {}, {"X": arr(X)}, exp)


def robust(name, X, java, **params):
    s = RobustScaler(**params).fit(X)
    exp = {"transform": arr(s.transform(X)), "inverse_transform": arr(s.inverse_transform(s.transform(X)))}
    if s.center_ is not None:
        exp["center_"] = arr(s.center_)
    if s.scale_ is not None:
        exp["scale_"] = arr(s.scale_)
    case(name, "RobustScaler", java, {"X": arr(X)}, exp)


def normalizer(name, X, norm):
    case(name, "Normalizer", {"norm": norm}, {"X": arr(X)}, {"transform": arr(Normalizer(norm=norm).fit(X).transform(X))})


def normalize_fn(name, X, norm, axis):
    Xn, norms = normalize(X, norm=norm, axis=axis, return_norm=True)
    case(name, "normalize", {"norm": norm, "axis": axis}, {"X": arr(X)}, {"transform": arr(Xn), "norms": arr(norms)})


def imputer(name, X, java, X_new=None, **params):
    s = SimpleImputer(**params).fit(X)
    Z = X if X_new is None else X_new
    exp = {"transform": arr(s.transform(Z).astype(np.float64)), "statistics_": arr(s.statistics_.astype(np.float64))}
    if s.add_indicator:
        exp["indicator_features_"] = arr(s.indicator_.features_.astype(np.int64))
    inputs = {"X": arr(X)}
    if X_new is not None:
        inputs["X_new"] = arr(X_new)
    case(name, "SimpleImputer", java, inputs, exp)


def label_encoder(name, y, y_input):
    e = LabelEncoder().fit(y)
    codes = e.transform(y)
    case(name, "LabelEncoder", {}, {"y": y_input},
         {"classes_": values(e.classes_), "transform": arr(codes.astype(np.int64)),
          "inverse_transform": values(e.inverse_transform(codes))})


def one_hot(name, X, X_input, java, X_new=None, X_new_input=None, **params):
    e = OneHotEncoder(**params).fit(X)
    Z = X if X_new is None else X_new
    out = e.transform(Z)
    dense = out.toarray() if hasattr(out, "toarray") else out
    exp = {"transform": arr(np.asarray(dense, dtype=np.float64)), "categories_": [values(c) for c in e.categories_],
           "feature_names_out": [str(n) for n in e.get_feature_names_out()],
           "drop_idx_": None if e.drop_idx_ is None else [None if v is None else int(v) for v in e.drop_idx_]}
    inputs = {"X": X_input}
    if X_new_input is not None:
        inputs["X_new"] = X_new_input
    case(name, "OneHotEncoder", java, inputs, exp)


def label_binarizer(name, y, y_input, java, **params):
    b = LabelBinarizer(**params).fit(y)
    Y = b.transform(y)
    dense = Y.toarray() if hasattr(Y, "toarray") else Y
    case(name, "LabelBinarizer", java, {"y": y_input},
         {"classes_": values(b.classes_), "y_type_": b.y_type_, "transform": arr(np.asarray(dense, dtype=np.int64)),
          "inverse_transform": values(b.inverse_transform(Y))})


def poly(name, X, java, **params):
    p = PolynomialFeatures(**params).fit(X)
    case(name, "PolynomialFeatures", java, {"X": arr(X)},
         {"transform": arr(p.transform(X).astype(np.float64)), "powers_": arr(p.powers_.astype(np.int64)),
          "feature_names_out": [str(n) for n in p.get_feature_names_out()],
          "n_output_features_": int(p.n_output_features_)})


# ---- MinMaxScaler, MaxAbsScaler, RobustScaler, Normalizer ----
Xn = rng.normal(1, 3, size=(11, 4))
Xnan = Xc.copy()
min_max("minmax_default", Xn, {})
min_max("minmax_range_clip", Xn, {"featureRange": [-1.0, 2.0], "clip": True}, X_new=Xn * 2 - 1,
        feature_range=(-1, 2), clip=True)
min_max("minmax_nan_and_constant", Xnan, {})
min_max("minmax_one_row", Xn[:1], {})
min_max("minmax_int_input", rng.randint(-5, 6, size=(9, 3)).astype(np.int64), {})
min_max("minmax_float32", Xn.astype(np.float32), {})
Xa = Xn.copy()
Xa[:, 2] = 0.0  # an all-zero feature is left as it is
Xa[4, 0] = np.nan
max_abs("maxabs_default", Xn)
max_abs("maxabs_nan_and_zero_column", Xa)
max_abs("maxabs_float32", Xn.astype(np.float32))
robust("robust_default", Xn, {})
robust("robust_nan_and_constant", Xnan, {})
robust("robust_range_unit_variance", Xn, {"quantileRange": [10.0, 90.0], "unitVariance": True},
       quantile_range=(10.0, 90.0), unit_variance=True)
robust("robust_no_centering", Xn[:10], {"withCentering": False}, with_centering=False)
robust("robust_no_scaling", Xn, {"withScaling": False}, with_scaling=False)
robust("robust_int_input", rng.randint(-5, 6, size=(9, 3)).astype(np.int64), {})
Xz = Xn.copy()
Xz[3, :] = 0.0  # a zero row stays zero
normalizer("normalizer_l2", Xz, "l2")
normalizer("normalizer_l1", Xz, "l1")
normalizer("normalizer_max", Xz, "max")
normalize_fn("normalize_axis0_l1", Xz, "l1", 0)

# ---- SimpleImputer ----
Xm = np.round(rng.normal(2, 2, size=(12, 4)), 0)
Xm[[1, 5, 7], 0] = np.nan
Xm[[2, 3], 2] = np.nan
Xm[:, 3] = [1, 1, 2, 2, 3, 3, np.nan, 5, 5, 9, 9, 9]
imputer("imputer_mean", Xm, {})
imputer("imputer_median", Xm, {"strategy": "median"}, strategy="median")
imputer("imputer_most_frequent", Xm, {"strategy": "most_frequent"}, strategy="most_frequent")
imputer("imputer_constant", Xm, {"strategy": "constant", "fillValue": 7.5}, strategy="constant", fill_value=7.5)
Xmm = np.where(np.isnan(Xm), -1.0, Xm)
imputer("imputer_missing_minus_one", Xmm, {"strategy": "median", "missingValues": -1.0}, strategy="median",
        missing_values=-1.0)
Xe = Xm.copy()
Xe[:, 1] = np.nan  # a feature without values
imputer("imputer_empty_feature_dropped", Xe, {})
imputer("imputer_empty_feature_kept", Xe, {"keepEmptyFeatures": True, "strategy": "median"}, keep_empty_features=True,
        strategy="median")
imputer("imputer_indicator", Xm, {"addIndicator": True, "strategy": "most_frequent"}, add_indicator=True,
        strategy="most_frequent")

# ---- LabelEncoder ----
yi = np.array([3, -1, 7, 3, 3, -1, 10, 7, 0], dtype=np.int64)
label_encoder("labels_int", yi, {"tensor": arr(yi)})
yf = np.array([0.5, 2.0, 0.5, -3.25, 2.0, 2.0, 8.0], dtype=np.float64)
label_encoder("labels_float", yf, {"tensor": arr(yf)})
ys = np.array(["paris", "tokyo", "amsterdam", "paris", "tokyo", "oslo", "paris"], dtype=object)
label_encoder("labels_strings", ys, frame(pd.DataFrame({"y": ys})))

# ---- OneHotEncoder ----
Xi = rng.randint(0, 3, size=(10, 3)).astype(np.int64)
Xi[:, 2] = rng.choice([-4, 10], size=10)
one_hot("onehot_int_tensor", Xi, arr(Xi), {})
Xf = rng.choice([0.5, 1.0, 2.5], size=(10, 2))
Xf[[2, 6], 1] = np.nan  # NaN is a category, last
one_hot("onehot_float_nan", Xf, arr(Xf), {})
df = pd.DataFrame({"city": rng.choice(["paris", "oslo", "rome"], size=10).astype(object),
                   "size": rng.randint(1, 4, size=10).astype(np.int64),
                   "grade": rng.choice(["a", "b"], size=10).astype(object)})
one_hot("onehot_frame_strings", df, frame(df), {})
one_hot("onehot_frame_drop_first", df, frame(df), {"drop": "first"}, drop="first")
one_hot("onehot_frame_if_binary", df, frame(df), {"drop": "if_binary", "sparseOutput": False}, drop="if_binary",
        sparse_output=False)
dfc = df.copy()
dfc["city"] = dfc["city"].astype("category")
one_hot("onehot_frame_category", dfc, frame(dfc), {})
dnew = pd.DataFrame({"city": ["oslo", "berlin", "rome", "paris"], "size": np.array([1, 2, 9, 3], dtype=np.int64),
                     "grade": ["b", "a", "c", "a"]})
one_hot("onehot_ignore_unknown", df, frame(df), {"handleUnknown": "ignore"}, X_new=dnew, X_new_input=frame(dnew),
        handle_unknown="ignore")
one_hot("onehot_given_categories", Xi[:, :2], arr(Xi[:, :2]), {"categories": [[0, 1, 2, 5], [0, 1, 2]],
        "sparseOutput": False}, categories=[[0, 1, 2, 5], [0, 1, 2]], sparse_output=False)

# ---- LabelBinarizer ----
label_binarizer("binarizer_multiclass", yi, {"tensor": arr(yi)}, {})
yb = np.array([4, 9, 9, 4, 4, 9, 4], dtype=np.int64)
label_binarizer("binarizer_binary", yb, {"tensor": arr(yb)}, {})
label_binarizer("binarizer_neg_pos", yi, {"tensor": arr(yi)}, {"negLabel": -1, "posLabel": 2}, neg_label=-1,
                pos_label=2)
label_binarizer("binarizer_strings", ys, frame(pd.DataFrame({"y": ys})), {})
label_binarizer("binarizer_sparse", yi, {"tensor": arr(yi)}, {"sparseOutput": True}, sparse_output=True)
y1 = np.array([5, 5, 5], dtype=np.int64)
label_binarizer("binarizer_one_class", y1, {"tensor": arr(y1)}, {})

# ---- PolynomialFeatures ----
Xp = rng.normal(0, 1.5, size=(9, 3))
poly("poly_degree2", Xp, {})
poly("poly_degree3_interaction_only", Xp, {"degree": 3, "interactionOnly": True}, degree=3, interaction_only=True)
poly("poly_no_bias", Xp, {"includeBias": False}, include_bias=False)
poly("poly_min_max_degree", Xp, {"degree": [2, 3]}, degree=(2, 3))
poly("poly_float32", Xp.astype(np.float32), {"degree": 2}, degree=2)

# ---- a pipeline of transformers ----
from sklearn.pipeline import make_pipeline  # noqa: E402

pipe = make_pipeline(StandardScaler(), PolynomialFeatures(degree=2), MinMaxScaler(feature_range=(-1, 1)))
Xt = pipe.fit_transform(Xp)
case("pipeline_scaler_poly_minmax", "Pipeline", {}, {"X": arr(Xp)},
     {"transform": arr(Xt), "inverse_of_last": arr(pipe[-1].inverse_transform(Xt))})

# ---- sklearn's parameters and defaults of each class (get_params()) ----
for est in (StandardScaler, MinMaxScaler, MaxAbsScaler, RobustScaler, Normalizer, SimpleImputer, LabelEncoder,
            OneHotEncoder, LabelBinarizer, PolynomialFeatures):
    cases.append(param_defaults(est))

write("preprocessing", "gen_fixtures_preprocessing.py", cases)
