"""Model search fixtures: scikit-learn 1.2's GridSearchCV, cross_val_score and cross_validate on
deterministic estimators (LogisticRegression with a tight tol, Ridge) — per candidate and per
split test (and train) scores, ranks, best_index_/best_params_/best_score_ — with KFold and
StratifiedKFold without shuffle (whose folds Mars reproduces exactly). Parameter names are
sklearn's; ModelSearch_FixtureTest maps them. Writes ../resources/fixtures-learn/search.json."""
import numpy as np
from sklearn.datasets import make_classification, make_regression
from sklearn.linear_model import LogisticRegression, Ridge
from sklearn.model_selection import GridSearchCV, KFold, StratifiedKFold, cross_val_score, cross_validate

from learn_fixtures import arr, num, write

cases = []


def search_case(name, est, grid, X, y, scoring, cv, refit=True, train=False):
    gs = GridSearchCV(est, grid, scoring=scoring, cv=cv, refit=refit, return_train_score=train).fit(X, y)
    res = gs.cv_results_
    keys = [k for k in res if k.startswith(("split", "mean_test", "std_test", "rank_test", "mean_train", "std_train"))]
    expected = {k: arr(np.asarray(res[k], dtype=np.float64)) for k in keys}
    expected["params"] = [{k: num(v) if not isinstance(v, (bool, np.bool_)) else bool(v) for k, v in p.items()}
                          for p in res["params"]]
    if hasattr(gs, "best_index_"):
        expected["best_index"] = int(gs.best_index_)
        expected["best_score"] = num(gs.best_score_)
    cases.append({"name": name, "estimator": "GridSearchCV",
                  "params": {"estimator": type(est).__name__, "grid": grid, "scoring": scoring,
                             "cv": {"kind": type(cv).__name__, "n": cv.n_splits}, "refit": refit, "train": train,
                             "base": {k: num(v) for k, v in est.get_params().items() if k in ("tol", "max_iter") and v is not None}},
                  "inputs": {"X": arr(X), "y": arr(y)}, "expected": expected})


Xc, yc = make_classification(n_samples=120, n_features=5, n_informative=3, n_redundant=1, n_classes=3,
                             random_state=0)
lr = LogisticRegression(tol=1e-10, max_iter=1000)
search_case("lr_multiclass_accuracy", lr, {"C": [0.01, 0.1, 1.0, 10.0], "fit_intercept": [True, False]}, Xc, yc,
            "accuracy", StratifiedKFold(3))
search_case("lr_multiclass_multimetric", lr, {"C": [0.05, 0.5, 5.0]}, Xc, yc,
            ["accuracy", "f1_macro", "precision_weighted", "neg_log_loss"], StratifiedKFold(4), refit="neg_log_loss",
            train=True)
Xb, yb = make_classification(n_samples=90, n_features=4, n_informative=2, n_redundant=0, random_state=3)
search_case("lr_binary_roc_auc", lr, [{"C": [0.01, 1.0]}, {"C": [100.0], "fit_intercept": [False]}], Xb, yb,
            ["roc_auc", "f1", "recall", "precision_micro"], KFold(3), refit="roc_auc")
Xr, yr = make_regression(n_samples=100, n_features=4, noise=5.0, random_state=1)
search_case("ridge_regression", Ridge(), {"alpha": [0.01, 1.0, 10.0, 100.0]}, Xr, yr,
            ["neg_mean_squared_error", "r2", "neg_mean_absolute_error"], KFold(4), refit="r2", train=True)

cases.append({"name": "ridge_cross_val_score", "estimator": "cross_val_score",
              "params": {"estimator": "Ridge", "alpha": 3.0, "cv": 5}, "inputs": {"X": arr(Xr), "y": arr(yr)},
              "expected": {"scores": arr(cross_val_score(Ridge(alpha=3.0), Xr, yr, cv=5))}})
cv = cross_validate(LogisticRegression(C=0.3, tol=1e-10, max_iter=1000), Xc, yc, cv=3,
                    scoring=["accuracy", "neg_log_loss"], return_train_score=True)
cases.append({"name": "lr_cross_validate", "estimator": "cross_validate",
              "params": {"estimator": "LogisticRegression", "C": 0.3, "cv": 3, "scoring": ["accuracy", "neg_log_loss"]},
              "inputs": {"X": arr(Xc), "y": arr(yc)},
              "expected": {k: arr(v) for k, v in cv.items() if k.startswith(("test_", "train_"))}})

write("search", "gen_fixtures_search.py", cases)
