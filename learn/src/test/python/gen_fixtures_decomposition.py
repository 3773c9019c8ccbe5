"""sklearn.decomposition fixtures: inputs, parameters and sklearn 1.2's fitted attributes and
transforms for PCA and TruncatedSVD. Randomized solvers use another random generator than
sklearn's, so their cases carry the exact answer (the full SVD, signs by svd_flip) on data with
a clear spectral gap, where the randomized answer converges to it. Writes
../resources/fixtures-learn/decomposition.json."""
import numpy as np
from sklearn.datasets import make_regression
from sklearn.decomposition import PCA, TruncatedSVD
from sklearn.utils.extmath import svd_flip

from learn_fixtures import arr, param_defaults, write

rng = np.random.RandomState(0)
cases = []


def rounded(X):
    """X to 8 significant digits: the large inputs stay small in JSON, and every result is of these values."""
    return np.array([[float("%.8g" % v) for v in row] for row in X])


def outputs(est, X, big):
    """transform and inverse_transform (of the first 20 rows only, for the large inputs)."""
    rows = X[:20] if big else X
    return {"transform": arr(est.transform(rows)), "inverse_transform": arr(est.inverse_transform(est.transform(rows)))}


def pca_attributes(p, X, big):
    exp = {"components_": arr(p.components_), "explained_variance_": arr(p.explained_variance_),
           "explained_variance_ratio_": arr(p.explained_variance_ratio_),
           "singular_values_": arr(p.singular_values_), "mean_": arr(p.mean_),
           "noise_variance_": arr(p.noise_variance_), "n_components_": arr(p.n_components_)}
    exp.update(outputs(p, X, big))
    return exp


def pca(name, X, params, java, exact_params=None, big=False):
    """sklearn's PCA(**params); with exact_params, the expectations come from that (exact) fit."""
    fitted = PCA(**params).fit(X)
    reference = PCA(**exact_params).fit(X) if exact_params else fitted
    exp = pca_attributes(reference, X, big)
    exp["solver"] = fitted._fit_svd_solver
    exp["exact"] = exact_params is None  # else the expectations are the exact answer's
    cases.append({"name": name, "estimator": "PCA", "params": java, "inputs": {"X": arr(X), "big": big},
                  "expected": exp})


def tsvd(name, X, params, java, big=False):
    t = TruncatedSVD(**params).fit(X)
    k = params["n_components"]
    U, S, Vt = np.linalg.svd(X, full_matrices=False)
    U, Vt = svd_flip(U, Vt)
    Xt = X @ Vt[:k].T
    rows = Xt[:20] if big else Xt
    exp = {"components_": arr(Vt[:k]), "singular_values_": arr(S[:k]),
           "explained_variance_": arr(np.var(Xt, axis=0)),
           "explained_variance_ratio_": arr(np.var(Xt, axis=0) / np.var(X, axis=0).sum()),
           "transform": arr(rows), "inverse_transform": arr(rows @ Vt[:k])}
    # sklearn's own randomized answer agrees with the exact one on these inputs
    assert np.allclose(t.components_, Vt[:k], atol=1e-8), name
    cases.append({"name": name, "estimator": "TruncatedSVD", "params": java, "inputs": {"X": arr(X), "big": big},
                  "expected": exp})


X, _ = make_regression(n_samples=31, n_features=6, n_informative=3, effective_rank=3, noise=0.3, random_state=1)
X = X * [1.0, 2.0, 0.5, 3.0, 1.5, 1.0] + [5, -2, 0, 1, 10, -7]
pca("pca_full_3", X, {"n_components": 3, "svd_solver": "full"}, {"nComponents": 3, "svdSolver": "full"})
pca("pca_auto_all", X, {}, {})
pca("pca_full_fraction", X, {"n_components": 0.9}, {"nComponents": 0.9})
pca("pca_mle", X, {"n_components": "mle"}, {"nComponents": "mle"})
pca("pca_whiten", X, {"n_components": 4, "whiten": True}, {"nComponents": 4, "whiten": True})
pca("pca_arpack", X, {"n_components": 2, "svd_solver": "arpack"}, {"nComponents": 2, "svdSolver": "arpack"})
Xwide = rng.normal(size=(5, 8)) @ np.diag(np.linspace(3, 0.5, 8))
pca("pca_wide_full", Xwide, {"n_components": 4}, {"nComponents": 4})
Xi = rng.randint(-3, 4, size=(12, 4)).astype(np.int64)
pca("pca_int_input", Xi, {"n_components": 2}, {"nComponents": 2})



def gapped(m, d, spectrum, noise, seed):
    """make_low_rank_matrix's orthonormal factors with the given leading spectrum, plus a little noise."""
    r = np.random.RandomState(seed)
    u, _ = np.linalg.qr(r.normal(size=(m, len(spectrum))))
    v, _ = np.linalg.qr(r.normal(size=(d, len(spectrum))))
    return (u * spectrum) @ v.T + noise * r.normal(size=(m, d))


# randomized: 600 × 40 with a clear spectral gap — 'auto' picks randomized, which converges to the exact answer
L = rounded(gapped(600, 40, [90.0, 60.0, 40.0, 25.0, 15.0], 0.01, 2) + np.linspace(-1, 1, 40))
full3 = {"n_components": 3, "svd_solver": "full"}
pca("pca_randomized_auto", L, {"n_components": 3, "random_state": 0}, {"nComponents": 3}, full3, big=True)
pca("pca_randomized_qr", L, {"n_components": 3, "svd_solver": "randomized", "power_iteration_normalizer": "QR"},
    {"nComponents": 3, "svdSolver": "randomized", "powerIterationNormalizer": "QR"}, full3, big=True)
pca("pca_randomized_none_whiten", L, {"n_components": 3, "svd_solver": "randomized", "iterated_power": 2,
                                      "whiten": True},
    {"nComponents": 3, "svdSolver": "randomized", "iteratedPower": 2, "whiten": True},
    {"n_components": 3, "svd_solver": "full", "whiten": True}, big=True)

S, _ = make_regression(n_samples=40, n_features=9, effective_rank=4, random_state=3)
tsvd("tsvd_small_exact", np.abs(S), {"n_components": 3, "random_state": 0}, {"nComponents": 3})
Lt = rounded(gapped(300, 40, [80.0, 50.0, 30.0, 20.0, 6.0, 3.0], 0.01, 4) + 2.0)
tsvd("tsvd_low_rank", Lt, {"n_components": 4, "random_state": 0}, {"nComponents": 4}, big=True)
tsvd("tsvd_lu_oversampled", Lt, {"n_components": 2, "n_oversamples": 20, "n_iter": 7,
                                 "power_iteration_normalizer": "LU", "random_state": 0},
     {"nComponents": 2, "nOversamples": 20, "nIter": 7, "powerIterationNormalizer": "LU"}, big=True)

# sklearn's parameters and defaults (get_params())
for est in (PCA, TruncatedSVD):
    cases.append(param_defaults(est))

write("decomposition", "gen_fixtures_decomposition.py", cases)
