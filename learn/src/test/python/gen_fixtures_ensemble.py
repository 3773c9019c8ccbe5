"""sklearn.ensemble fixtures: sklearn 1.2's test-set accuracy and R² of RandomForest and
GradientBoosting on small generated problems (our MLlib-trained ensembles are compared to them
within a tolerance: MLlib bins features and bootstraps its own way), and the four classes'
parameter defaults. Writes ../resources/fixtures-learn/ensemble.json."""
import numpy as np
from sklearn.datasets import make_classification, make_friedman1
from sklearn.ensemble import (GradientBoostingClassifier, GradientBoostingRegressor, RandomForestClassifier,
                              RandomForestRegressor)

from learn_fixtures import arr, param_defaults, write

cases = []
N_TRAIN = 240


def split(X, y):
    return {"X": arr(X[:N_TRAIN]), "y": arr(y[:N_TRAIN]), "X_test": arr(X[N_TRAIN:]), "y_test": arr(y[N_TRAIN:])}


def case(name, est, java, X, y):
    est.fit(X[:N_TRAIN], y[:N_TRAIN])
    score = est.score(X[N_TRAIN:], y[N_TRAIN:])
    cases.append({"name": name, "estimator": type(est).__name__, "params": java, "inputs": split(X, y),
                  "expected": {"score": arr(score)}})


X3, y3 = make_classification(n_samples=360, n_features=6, n_informative=4, n_redundant=1, n_classes=3,
                             class_sep=1.2, random_state=3)
X2, y2 = make_classification(n_samples=360, n_features=6, n_informative=3, n_redundant=1, n_classes=2,
                             class_sep=1.0, random_state=5)
Xr, yr = make_friedman1(n_samples=360, n_features=6, noise=0.3, random_state=7)

case("forest_3_classes", RandomForestClassifier(n_estimators=30, max_depth=8, random_state=0),
     {"nEstimators": 30, "maxDepth": 8, "randomState": 0}, X3, y3)
case("forest_entropy_binary", RandomForestClassifier(n_estimators=30, criterion="entropy", random_state=0),
     {"nEstimators": 30, "criterion": "entropy", "randomState": 0}, X2, y2)
case("forest_regression", RandomForestRegressor(n_estimators=30, max_depth=10, random_state=0),
     {"nEstimators": 30, "maxDepth": 10, "randomState": 0}, Xr, yr)
case("boosting_binary", GradientBoostingClassifier(n_estimators=40, learning_rate=0.2, random_state=0),
     {"nEstimators": 40, "learningRate": 0.2, "randomState": 0}, X2, y2)
case("boosting_regression", GradientBoostingRegressor(n_estimators=40, learning_rate=0.2, random_state=0),
     {"nEstimators": 40, "learningRate": 0.2, "randomState": 0}, Xr, yr)

for est in (RandomForestClassifier, RandomForestRegressor, GradientBoostingClassifier, GradientBoostingRegressor):
    cases.append(param_defaults(est))

write("ensemble", "gen_fixtures_ensemble.py", cases)
