"""sklearn.cluster fixtures: KMeans inputs, parameters and sklearn 1.2's fitted attributes and
outputs. Writes ../resources/fixtures-learn/cluster.json.

Given initial centres: labels_, inertia_, n_iter_ and cluster_centers_ are sklearn's exactly (the
Java side compares labels and n_iter_ exactly, the rest within 1e-10). k-means++ cases keep
sklearn's best inertia over n_init runs: the Java side draws other random numbers, so it compares
the inertia it reaches within a tolerance."""
import warnings

import numpy as np
from sklearn.cluster import KMeans
from sklearn.datasets import make_blobs

from learn_fixtures import arr, param_defaults, write

warnings.simplefilter("ignore")  # sklearn 1.2's FutureWarning about n_init, ConvergenceWarning
cases = []


def kmeans(name, X, params, w=None, Y=None, Yw=None):
    sk = {"n_clusters": params["nClusters"], "n_init": params.get("nInit", 10)}
    for java, py in [("maxIter", "max_iter"), ("tol", "tol"), ("randomState", "random_state"),
                     ("algorithm", "algorithm")]:
        if java in params:
            sk[py] = params[java]
    inputs = {"X": arr(X)}
    if "init" in params:
        sk["init"] = params["init"]
        if not isinstance(params["init"], str):  # given centres travel as an input
            inputs["init"] = arr(params["init"])
            params = {k: v for k, v in params.items() if k != "init"}
    km = KMeans(**sk).fit(X, sample_weight=w)
    exp = {"inertia_": km.inertia_, "n_iter_": km.n_iter_, "labels_": arr(km.labels_.astype(np.int64)),
           "cluster_centers_": arr(km.cluster_centers_)}
    if w is not None:
        inputs["sample_weight"] = arr(w)
    if Y is not None:
        inputs["Y"] = arr(Y)
        exp["predict"] = arr(km.predict(Y).astype(np.int64))
        exp["transform"] = arr(km.transform(Y))
        exp["score"] = km.score(Y, sample_weight=Yw)
        if Yw is not None:
            inputs["Y_weight"] = arr(Yw)
    cases.append({"name": name, "estimator": "KMeans", "params": params, "inputs": inputs, "expected": exp})


X, _ = make_blobs(n_samples=45, n_features=4, centers=5, cluster_std=4.0, random_state=0)
Y, _ = make_blobs(n_samples=9, n_features=4, centers=5, cluster_std=4.0, random_state=7)
init = X[:4].copy()
kmeans("given_init", X, {"nClusters": 4, "init": init, "nInit": 1}, Y=Y)
kmeans("given_init_tol0", X, {"nClusters": 4, "init": init, "nInit": 1, "tol": 0.0})
kmeans("given_init_tol_break", X, {"nClusters": 4, "init": init, "nInit": 1, "tol": 0.05})
kmeans("given_init_max_iter2", X, {"nClusters": 4, "init": init, "nInit": 1, "maxIter": 2})
rng = np.random.RandomState(3)
w = rng.uniform(0.2, 3.0, size=X.shape[0])
kmeans("given_init_weighted", X, {"nClusters": 4, "init": init, "nInit": 1}, w=w, Y=Y, Yw=rng.uniform(0.5, 2, 9))
far = np.vstack([X[:3], np.full((1, 4), 100.0)])  # cluster 3 is empty at first: relocated to the farthest point
kmeans("empty_cluster_relocated", X, {"nClusters": 4, "init": far, "nInit": 1})
kmeans("empty_cluster_one_iter", X, {"nClusters": 4, "init": far, "nInit": 1, "maxIter": 1})
kmeans("one_cluster", X, {"nClusters": 1, "init": X[:1].copy(), "nInit": 1}, Y=Y)
kmeans("elkan_maps_to_lloyd", X, {"nClusters": 4, "init": init, "nInit": 1, "algorithm": "elkan"})
Xb, _ = make_blobs(n_samples=60, n_features=3, centers=4, cluster_std=0.6, random_state=5)
kmeans("kmeans_pp_seed0", Xb, {"nClusters": 4, "randomState": 0})
kmeans("kmeans_pp_seed1_ninit3", Xb, {"nClusters": 4, "randomState": 1, "nInit": 3})
kmeans("random_init_seed0", Xb, {"nClusters": 4, "randomState": 0, "init": "random"})

# sklearn's parameters and defaults (get_params()); 1.2's n_init='warn' is a deprecation sentinel: it runs 10
cases.append(param_defaults(KMeans, n_init=10))

write("cluster", "gen_fixtures_cluster.py", cases)
