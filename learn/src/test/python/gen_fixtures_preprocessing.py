"""sklearn.preprocessing fixtures: inputs, parameters and sklearn 1.2's fitted attributes and
outputs. Writes ../resources/fixtures-learn/preprocessing.json."""
import numpy as np
from sklearn.preprocessing import StandardScaler

from learn_fixtures import arr, write

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
    exp["n_samples_seen_"] = arr(np.broadcast_to(s.n_samples_seen_, (X.shape[1],)).astype(np.float64))
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

write("preprocessing", "gen_fixtures_preprocessing.py", cases)
