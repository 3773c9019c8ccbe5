"""sklearn.linear_model fixtures: inputs, parameters and sklearn 1.2's fitted attributes and
outputs for LinearRegression, Ridge and LogisticRegression (lbfgs at a tight tol, so that the
coefficients are the optimum's). Writes ../resources/fixtures-learn/linear.json."""
import warnings

import numpy as np
from scipy.optimize import minimize, rosen, rosen_der
from sklearn.datasets import make_classification, make_regression
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge

from learn_fixtures import arr, param_defaults, write

warnings.simplefilter("ignore")
rng = np.random.RandomState(0)
cases = []


def inputs_of(X, y, w):
    inputs = {"X": arr(X), "y": arr(y)}
    if w is not None:
        inputs["sample_weight"] = arr(w)
    return inputs


def regression(name, est, java, X, y, w=None):
    est.fit(X, y, sample_weight=w)
    exp = {"coef_": arr(est.coef_), "intercept_": arr(est.intercept_), "predict": arr(est.predict(X)),
           "score": arr(est.score(X, y, sample_weight=w))}
    if isinstance(est, LinearRegression):
        exp["rank_"] = arr(est.rank_)
        exp["singular_"] = arr(est.singular_)
    cases.append({"name": name, "estimator": type(est).__name__, "params": java, "inputs": inputs_of(X, y, w),
                  "expected": exp})


def logistic(name, params, java, X, y, w=None, labels=None):
    est = LogisticRegression(tol=1e-10, max_iter=10000, **params).fit(X, y, sample_weight=w)
    exp = {"coef_": arr(est.coef_), "intercept_": arr(est.intercept_), "n_iter_": arr(est.n_iter_),
           "decision_function": arr(est.decision_function(X)), "predict_proba": arr(est.predict_proba(X)),
           "predict_log_proba": arr(est.predict_log_proba(X))}
    if labels is not None:
        inputs = {"X": arr(X), "y": {"labels": [str(v) for v in y]}}
        if w is not None:
            inputs["sample_weight"] = arr(w)
        exp["classes_"] = {"labels": [str(v) for v in est.classes_]}
        exp["predict"] = {"labels": [str(v) for v in est.predict(X)]}
    else:
        inputs = inputs_of(X, y, w)
        exp["classes_"] = arr(est.classes_)
        exp["predict"] = arr(est.predict(X))
        exp["score"] = arr(est.score(X, y, sample_weight=w))
    java = dict(java, tol=1e-10, maxIter=10000)
    cases.append({"name": name, "estimator": "LogisticRegression", "params": java, "inputs": inputs,
                  "expected": exp})


# --- LinearRegression -------------------------------------------------------------------------
X, y = make_regression(n_samples=23, n_features=4, noise=0.5, bias=3.0, random_state=1)
w = rng.uniform(0.2, 2.0, size=23)
regression("ols_default", LinearRegression(), {"fitIntercept": True}, X, y)
regression("ols_no_intercept", LinearRegression(fit_intercept=False), {"fitIntercept": False}, X, y)
regression("ols_weighted", LinearRegression(), {"fitIntercept": True}, X, y, w)
Xd = X.copy()
Xd[:, 3] = Xd[:, 0] + Xd[:, 1]  # rank-deficient: the minimum-norm solution
regression("ols_rank_deficient", LinearRegression(), {"fitIntercept": True}, Xd, y)
Xdup = np.hstack([X, X[:, :1]])  # a duplicated column
regression("ols_duplicate_column", LinearRegression(), {"fitIntercept": True}, Xdup, y, w)
Y2 = np.c_[y, 2 * y - X[:, 1] + rng.normal(size=23)]
regression("ols_two_targets", LinearRegression(), {"fitIntercept": True}, X, Y2)
Xw, yw = make_regression(n_samples=6, n_features=9, noise=1.0, random_state=2)
regression("ols_wide", LinearRegression(), {"fitIntercept": True}, Xw, yw)
Xi = rng.randint(-4, 5, size=(17, 3)).astype(np.int64)
regression("ols_int_x", LinearRegression(), {"fitIntercept": True}, Xi, Xi @ [1.5, -2.0, 0.25] + 1 + rng.normal(size=17))

# --- Ridge ------------------------------------------------------------------------------------
regression("ridge_default", Ridge(), {"alpha": 1.0, "fitIntercept": True, "solver": "auto"}, X, y)
regression("ridge_no_intercept", Ridge(alpha=0.5, fit_intercept=False),
           {"alpha": 0.5, "fitIntercept": False, "solver": "auto"}, X, y)
regression("ridge_weighted", Ridge(alpha=3.0), {"alpha": 3.0, "fitIntercept": True, "solver": "cholesky"}, X, y, w)
regression("ridge_two_targets_two_alphas", Ridge(alpha=np.array([0.1, 10.0])),
           {"alpha": [0.1, 10.0], "fitIntercept": True, "solver": "svd"}, X, Y2)
regression("ridge_wide", Ridge(alpha=2.0), {"alpha": 2.0, "fitIntercept": True, "solver": "auto"}, Xw, yw)
regression("ridge_rank_deficient", Ridge(alpha=0.01), {"alpha": 0.01, "fitIntercept": True, "solver": "cholesky"},
           Xd, y)

# --- LogisticRegression -----------------------------------------------------------------------
Xb, yb = make_classification(n_samples=40, n_features=5, n_informative=3, n_redundant=1, flip_y=0.15,
                             class_sep=0.8, random_state=3)
wb = rng.uniform(0.3, 3.0, size=40)
logistic("logreg_binary", {}, {"C": 1.0}, Xb, yb)
logistic("logreg_binary_c_no_intercept", {"C": 0.1, "fit_intercept": False}, {"C": 0.1, "fitIntercept": False},
         Xb, yb)
logistic("logreg_binary_weighted", {}, {"C": 1.0}, Xb, yb, wb)
logistic("logreg_binary_balanced", {"class_weight": "balanced"}, {"C": 1.0, "classWeight": "balanced"},
         Xb[:31], yb[:31])
logistic("logreg_binary_no_penalty", {"penalty": None}, {"penalty": None}, Xb, yb)
logistic("logreg_binary_as_multinomial", {"multi_class": "multinomial", "C": 2.0},
         {"multiClass": "multinomial", "C": 2.0}, Xb, yb)
Xm, ym = make_classification(n_samples=45, n_features=6, n_informative=4, n_classes=3, n_clusters_per_class=1,
                             flip_y=0.1, random_state=4)
wm = rng.uniform(0.3, 3.0, size=45)
logistic("logreg_multinomial", {}, {"C": 1.0}, Xm, ym)
logistic("logreg_multinomial_weighted_dict", {"class_weight": {0: 2.0, 2: 0.5}, "C": 0.5},
         {"C": 0.5, "classWeight": {"0": 2.0, "2": 0.5}}, Xm, ym, wm)
logistic("logreg_multinomial_balanced", {"class_weight": "balanced", "fit_intercept": False},
         {"classWeight": "balanced", "fitIntercept": False}, Xm[:38], ym[:38])
names = np.array(["setosa", "versicolor", "virginica"])
logistic("logreg_string_labels", {}, {"C": 1.0}, Xm, names[ym], labels=True)
labels4 = np.array([-3, 0, 7, 10])
X4, y4 = make_classification(n_samples=52, n_features=4, n_informative=3, n_redundant=0, n_classes=4,
                             n_clusters_per_class=1, flip_y=0.1, random_state=5)
logistic("logreg_four_int_labels", {"C": 3.0}, {"C": 3.0}, X4, labels4[y4])

# --- the optimizer: scipy's L-BFGS-B (as sklearn calls it) on the Rosenbrock function ------------
for i, (x0, gtol, maxiter) in enumerate([([-1.2, 1.0], 1e-10, 1000), ([-1.2, 1.0, 0.8, 1.5, -0.5], 1e-5, 1000),
                                         ([2.0, 2.0], 1e-8, 7)]):
    res = minimize(rosen, np.array(x0), jac=rosen_der, method="L-BFGS-B", options={"gtol": gtol, "maxiter": maxiter})
    cases.append({"name": "lbfgs_rosenbrock_%d" % i, "estimator": "Lbfgs",
                  "params": {"gtol": gtol, "maxIter": maxiter}, "inputs": {"x0": arr(x0)},
                  "expected": {"x": arr(res.x), "fun": arr(res.fun), "nit": arr(res.nit), "nfev": arr(res.nfev),
                               "message": res.message}})

# sklearn's parameters and defaults (get_params())
for est in (LinearRegression, Ridge, LogisticRegression):
    cases.append(param_defaults(est))

write("linear", "gen_fixtures_linear.py", cases)
