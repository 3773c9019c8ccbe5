"""sklearn.neighbors fixtures (issue 14): NearestNeighbors.kneighbors / kneighbors_graph /
radius_neighbors / radius_neighbors_graph, KNeighborsClassifier and KNeighborsRegressor, brute
force, against scikit-learn 1.2. Writes ../resources/fixtures-learn/neighbors.json.

    /usr/bin/python3 learn/src/test/python/gen_fixtures_neighbors.py

The data are continuous random draws, so no two distances of a query row are equal (checked
below): the neighbours' order is the same whatever the tie rule. Graphs are stored dense
(sklearn's CSR .toarray()); radius results as one padded (n_queries, max) array per output with
the counts, sorted by distance."""
import warnings

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor, NearestNeighbors

from learn_fixtures import arr, param_defaults, write

warnings.simplefilter("ignore")
cases = []
rng = np.random.RandomState(14)
X = rng.normal(size=(23, 4))
Q = rng.normal(size=(9, 4))
y_class = rng.randint(0, 3, size=23).astype(np.int64)
y_test = rng.randint(0, 3, size=9).astype(np.int64)
y_reg = X @ np.array([1.0, -2.0, 0.5, 3.0]) + rng.normal(scale=0.1, size=23)
y_reg_test = Q @ np.array([1.0, -2.0, 0.5, 3.0])

SCIPY = {"euclidean": "euclidean", "sqeuclidean": "sqeuclidean", "cosine": "cosine", "manhattan": "cityblock",
         "chebyshev": "chebyshev"}


def no_ties(A, B, metric, p):
    d = cdist(A, B, "minkowski", p=p) if metric == "minkowski" else cdist(A, B, SCIPY[metric])
    for row in d:
        s = np.sort(row)
        assert np.all(np.diff(s) > 1e-9), "a tie in the fixture data"


def params_of(metric, p, k):
    out = {"nNeighbors": k, "metric": metric}
    if p is not None:
        out["p"] = p
    return out


def kneighbors(name, metric, k, p=None, query=True, data=X, queries=Q):
    sk = {"n_neighbors": k, "metric": metric, "algorithm": "brute"}
    if p is not None:
        sk["p"] = p
    nn = NearestNeighbors(**sk).fit(data)
    no_ties(queries if query else data, data, metric, 2 if p is None else p)
    dist, ind = nn.kneighbors(queries if query else None)
    inputs = {"X": arr(data)}
    if query:
        inputs["Q"] = arr(queries)
    exp = {"distances": arr(dist), "indices": arr(ind.astype(np.int64)),
           "graph_connectivity": arr(nn.kneighbors_graph(queries if query else None).toarray()),
           "graph_distance": arr(nn.kneighbors_graph(queries if query else None, mode="distance").toarray())}
    cases.append({"name": name, "estimator": "kneighbors", "params": params_of(metric, p, k), "inputs": inputs,
                  "expected": exp})


def radius(name, metric, r, p=None, query=True):
    sk = {"radius": r, "metric": metric, "algorithm": "brute"}
    if p is not None:
        sk["p"] = p
    nn = NearestNeighbors(**sk).fit(X)
    dist, ind = nn.radius_neighbors(Q if query else None, sort_results=True)
    width = max(1, max(len(i) for i in ind))
    counts = np.array([len(i) for i in ind], dtype=np.int64)
    pd = np.full((len(ind), width), -1.0)
    pi = np.full((len(ind), width), -1, dtype=np.int64)
    for row, (d, i) in enumerate(zip(dist, ind)):
        pd[row, :len(d)] = d
        pi[row, :len(i)] = i
    inputs = {"X": arr(X)}
    if query:
        inputs["Q"] = arr(Q)
    params = {"radius": r, "metric": metric}
    if p is not None:
        params["p"] = p
    exp = {"counts": arr(counts), "distances": arr(pd), "indices": arr(pi),
           "graph_connectivity": arr(nn.radius_neighbors_graph(Q if query else None).toarray()),
           "graph_distance": arr(nn.radius_neighbors_graph(Q if query else None, mode="distance").toarray())}
    cases.append({"name": name, "estimator": "radius", "params": params, "inputs": inputs, "expected": exp})


def classifier(name, k, weights, metric="minkowski"):
    clf = KNeighborsClassifier(n_neighbors=k, weights=weights, metric=metric, algorithm="brute").fit(X, y_class)
    cases.append({"name": name, "estimator": "KNeighborsClassifier",
                  "params": {"nNeighbors": k, "weights": weights, "metric": metric},
                  "inputs": {"X": arr(X), "y": arr(y_class), "Q": arr(Q), "y_test": arr(y_test)},
                  "expected": {"predict": arr(clf.predict(Q).astype(np.int64)), "predict_proba": arr(clf.predict_proba(Q)),
                               "score": clf.score(Q, y_test), "classes_": arr(clf.classes_.astype(np.int64))}})


def regressor(name, k, weights, metric="minkowski"):
    reg = KNeighborsRegressor(n_neighbors=k, weights=weights, metric=metric, algorithm="brute").fit(X, y_reg)
    cases.append({"name": name, "estimator": "KNeighborsRegressor",
                  "params": {"nNeighbors": k, "weights": weights, "metric": metric},
                  "inputs": {"X": arr(X), "y": arr(y_reg), "Q": arr(Q), "y_test": arr(y_reg_test)},
                  "expected": {"predict": arr(reg.predict(Q)), "score": reg.score(Q, y_reg_test)}})


kneighbors("minkowski_default_k5", "minkowski", 5)
kneighbors("euclidean_k3", "euclidean", 3)
kneighbors("sqeuclidean_k3", "sqeuclidean", 3)
kneighbors("cosine_k4", "cosine", 4)
kneighbors("manhattan_k3", "manhattan", 3)
kneighbors("minkowski_p3_k3", "minkowski", 3, p=3)
kneighbors("minkowski_p1_k2", "minkowski", 2, p=1)
kneighbors("chebyshev_k3", "chebyshev", 3)
kneighbors("train_euclidean_k4", "euclidean", 4, query=False)
kneighbors("train_manhattan_k1", "manhattan", 1, query=False)
kneighbors("all_items_k23", "euclidean", 23)
kneighbors("float32_euclidean_k3", "euclidean", 3, data=X.astype(np.float32), queries=Q.astype(np.float32))
radius("radius_euclidean", "euclidean", 1.6)
radius("radius_manhattan", "manhattan", 2.5)
radius("radius_train_euclidean", "euclidean", 1.4, query=False)
classifier("uniform_k5", 5, "uniform")
classifier("distance_k4", 4, "distance")
classifier("manhattan_uniform_k3", 3, "uniform", metric="manhattan")
regressor("uniform_k5", 5, "uniform")
regressor("distance_k3", 3, "distance")
cases.append(param_defaults(NearestNeighbors))
cases.append(param_defaults(KNeighborsClassifier))
cases.append(param_defaults(KNeighborsRegressor))
write("neighbors", "gen_fixtures_neighbors.py", cases)
