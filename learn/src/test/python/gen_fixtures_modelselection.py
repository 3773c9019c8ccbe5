"""sklearn.model_selection fixtures: the exact folds of KFold and StratifiedKFold without shuffle,
train_test_split without shuffle, the sizes of shuffled splits, the per-class counts of stratified
splits (which do not depend on the random stream when no remainders tie) and ParameterGrid's
order. Writes ../resources/fixtures-learn/modelselection.json."""
import numpy as np
from sklearn.model_selection import KFold, ParameterGrid, StratifiedKFold, StratifiedShuffleSplit, train_test_split
from sklearn.model_selection._split import _validate_shuffle_split

from learn_fixtures import arr, write

cases = []


def case(name, estimator, params, inputs, expected):
    cases.append({"name": name, "estimator": estimator, "params": params, "inputs": inputs, "expected": expected})


def folds(splits):
    return [{"train": arr(tr.astype(np.int64)), "test": arr(te.astype(np.int64))} for tr, te in splits]


for n, k in [(10, 3), (11, 5), (3, 3), (12, 2)]:
    X = np.arange(n, dtype=np.float64).reshape(-1, 1)
    case(f"kfold_n{n}_k{k}", "KFold", {"nSplits": k}, {"X": arr(X)}, {"folds": folds(KFold(k).split(X))})

y_int = np.array([2, 0, 2, 1, 0, 2, 1, 2, 0, 2, 2, 1, 2, 0, 0, 2, 1], dtype=np.int64)
for k in (2, 3, 4):
    X = np.zeros((len(y_int), 2))
    shuffled = StratifiedKFold(k, shuffle=True, random_state=0).split(X, y_int)
    case(f"stratified_kfold_k{k}", "StratifiedKFold", {"nSplits": k}, {"X": arr(X), "y": arr(y_int)},
         {"folds": folds(StratifiedKFold(k).split(X, y_int)),
          "test_class_counts": [np.bincount(y_int[te], minlength=3).tolist() for _, te in shuffled]})
y_float = np.array([1.0, -2.0, 1.0, 1.0, 7.0, -2.0, 7.0, 1.0, -2.0, 7.0], dtype=np.float64)
X = np.zeros((len(y_float), 1))
case("stratified_kfold_float_labels", "StratifiedKFold", {"nSplits": 3}, {"X": arr(X), "y": arr(y_float)},
     {"folds": folds(StratifiedKFold(3).split(X, y_float)),
      "test_class_counts": [np.bincount(np.unique(y_float, return_inverse=True)[1][te], minlength=3).tolist()
                            for _, te in StratifiedKFold(3, shuffle=True, random_state=0).split(X, y_float)]})

for n, test, train in [(10, 0.3, None), (10, 3, None), (10, None, 0.5), (11, 0.25, 0.5), (7, 2, 4), (10, None, None)]:
    X = np.arange(n, dtype=np.float64).reshape(-1, 1)
    kwargs = {}
    if test is not None:
        kwargs["test_size"] = test
    if train is not None:
        kwargs["train_size"] = train
    tr, te = train_test_split(np.arange(n), shuffle=False, **kwargs)
    n_train, n_test = _validate_shuffle_split(n, test, train, default_test_size=0.25)
    params = {"testSize": test, "trainSize": train}
    case(f"split_n{n}_test{test}_train{train}", "train_test_split", params, {"X": arr(X)},
         {"train": arr(tr.astype(np.int64)), "test": arr(te.astype(np.int64)), "n_train": n_train, "n_test": n_test})

# stratified: per-class counts of train and test (no tied remainders here, so they do not depend on the stream)
y_strat = np.array([0] * 10 + [1] * 6 + [2] * 4, dtype=np.int64)
for test in (0.3, 0.5):
    tr, te = next(StratifiedShuffleSplit(1, test_size=test, random_state=0).split(np.zeros(20), y_strat))
    case(f"split_stratified_test{test}", "train_test_split", {"testSize": test, "trainSize": None, "stratify": True},
         {"X": arr(np.arange(20, dtype=np.float64).reshape(-1, 1)), "y": arr(y_strat)},
         {"train_class_counts": np.bincount(y_strat[tr]).tolist(), "test_class_counts": np.bincount(y_strat[te]).tolist(),
          "n_train": len(tr), "n_test": len(te)})

grids = [
    {"a": [1, 2], "C": [0.1, 1.0, 10.0]},
    [{"kernel": ["linear"], "C": [1, 10]}, {"kernel": ["rbf"], "gamma": [0.1, 0.01], "C": [1]}],
    {},
]
for i, g in enumerate(grids):
    case(f"grid_{i}", "ParameterGrid", {"grid": g}, {}, {"combinations": list(ParameterGrid(g))})

write("modelselection", "gen_fixtures_modelselection.py", cases)
