"""sklearn.datasets fixtures: what of a generated data set does not depend on the random stream —
shapes, dtypes and the rows per class (make_classification with flip_y=0 shares rows among
clusters by weight deterministically; make_blobs among centres). Writes
../resources/fixtures-learn/datasets.json."""
import numpy as np
from sklearn.datasets import make_blobs, make_classification, make_regression

from learn_fixtures import write

cases = []

for name, kw in [("classification_default", {}),
                 ("classification_weights", dict(n_samples=1000, n_classes=3, n_informative=3, weights=[0.2, 0.3])),
                 ("classification_odd", dict(n_samples=101, n_clusters_per_class=1, n_features=5, n_redundant=1,
                                             n_repeated=1)),
                 ("classification_many_clusters", dict(n_samples=257, n_classes=4, n_informative=4,
                                                       n_clusters_per_class=3, weights=[0.1, 0.2, 0.3, 0.4]))]:
    X, y = make_classification(random_state=0, flip_y=0, **kw)
    java = {k: v for k, v in kw.items()}
    cases.append({"name": name, "estimator": "make_classification", "params": java, "inputs": {},
                  "expected": {"shape": list(X.shape), "x_dtype": str(X.dtype), "y_dtype": str(y.dtype),
                               "class_counts": np.bincount(y).tolist()}})

for name, kw in [("blobs_default", {}), ("blobs_uneven", dict(n_samples=101, centers=4, n_features=3)),
                 ("blobs_per_center", dict(n_samples=[10, 30, 5], n_features=2))]:
    X, y = make_blobs(random_state=0, **kw)
    cases.append({"name": name, "estimator": "make_blobs", "params": kw, "inputs": {},
                  "expected": {"shape": list(X.shape), "x_dtype": str(X.dtype), "y_dtype": str(y.dtype),
                               "class_counts": np.bincount(y).tolist()}})

for name, kw in [("regression_default", {}), ("regression_two_targets", dict(n_samples=50, n_features=8,
                                                                             n_informative=3, n_targets=2))]:
    X, y, coef = make_regression(random_state=0, coef=True, **kw)
    cases.append({"name": name, "estimator": "make_regression", "params": kw, "inputs": {},
                  "expected": {"shape": list(X.shape), "y_shape": list(y.shape), "coef_shape": list(coef.shape),
                               "nonzero_coef_rows": int(np.count_nonzero(np.any(np.atleast_2d(coef.T).T != 0,
                                                                                 axis=1)))}})

write("datasets", "gen_fixtures_datasets.py", cases)
