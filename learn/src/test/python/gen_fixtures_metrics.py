"""sklearn.metrics and sklearn.metrics.pairwise fixtures: inputs, parameters and sklearn 1.2's
results. Writes ../resources/fixtures-learn/metrics.json. Each case names the function in
"estimator"; parameters use the Java names."""
import warnings

import numpy as np
from sklearn import metrics
from sklearn.metrics import pairwise

from learn_fixtures import arr, write

warnings.simplefilter("ignore")  # UndefinedMetricWarning: the zero_division cases ask for it
rng = np.random.RandomState(0)
cases = []


def case(name, fn, inputs, params, expected):
    cases.append({"name": name, "estimator": fn, "params": params,
                  "inputs": {k: arr(v) for k, v in inputs.items() if v is not None}, "expected": expected})


def value(v):
    return arr(np.asarray(v, dtype=np.float64))


# ---- precision / recall / F -----------------------------------------------------------------
yb_true = rng.randint(0, 2, 30)
yb_pred = np.where(rng.rand(30) < 0.75, yb_true, 1 - yb_true)
ym_true = rng.randint(0, 4, 40)
ym_pred = np.where(rng.rand(40) < 0.6, ym_true, rng.randint(0, 4, 40))
ym_pred[ym_pred == 3] = 2  # label 3 is never predicted: zero division for its precision
w40 = rng.uniform(0.2, 2.0, 40)


def prf(name, yt, yp, average="binary", labels=None, pos_label=1, w=None, zero_division="warn", beta=1.0):
    p, r, f, s = metrics.precision_recall_fscore_support(yt, yp, beta=beta, labels=labels, pos_label=pos_label,
                                                         average=average, sample_weight=w,
                                                         zero_division=zero_division)
    exp = {"precision": value(p), "recall": value(r), "fscore": value(f)}
    if s is not None:
        exp["support"] = value(s)
    params = {"average": average, "posLabel": pos_label, "zeroDivision": zero_division, "beta": beta}
    if labels is not None:
        params["labels"] = list(labels)
    case(name, "precision_recall_fscore_support", {"y_true": yt, "y_pred": yp, "sample_weight": w}, params, exp)


prf("prf_binary", yb_true, yb_pred)
prf("prf_binary_pos0", yb_true, yb_pred, pos_label=0)
prf("prf_binary_beta2", yb_true, yb_pred, beta=2.0)
prf("prf_binary_beta_half_weighted", yb_true, yb_pred, beta=0.5, w=w40[:30])
for avg in ["micro", "macro", "weighted", None]:
    prf("prf_multiclass_%s" % avg, ym_true, ym_pred, average=avg)
prf("prf_multiclass_macro_weighted", ym_true, ym_pred, average="macro", w=w40)
prf("prf_multiclass_labels_subset", ym_true, ym_pred, average="micro", labels=[2, 0])
prf("prf_multiclass_labels_absent", ym_true, ym_pred, average=None, labels=[3, 1, 7])
prf("prf_zero_division_1", ym_true, ym_pred, average="macro", zero_division=1)
prf("prf_zero_division_0_none", ym_true, ym_pred, average=None, zero_division=0)
ones = np.ones(12, dtype=np.int64)
prf("prf_all_one_class", ones, ones)
prf("prf_no_positive_predicted", ones, np.zeros(12, dtype=np.int64))
prf("prf_weighted_no_support", np.zeros(12, dtype=np.int64), np.zeros(12, dtype=np.int64), average="weighted",
    labels=[1], zero_division=1)
yf_true = np.array([0.5, 1.5, 1.5, 2.5, 0.5, 2.5, 1.5, 0.5])
yf_pred = np.array([0.5, 1.5, 2.5, 2.5, 1.5, 2.5, 1.5, 0.5])
# float labels that are not integers are "continuous" for sklearn; integral floats are classes
prf("prf_float_integral_labels", yf_true * 2 - 1, yf_pred * 2 - 1, average="macro")

# ---- accuracy ---------------------------------------------------------------------------------


def accuracy(name, yt, yp, normalize=True, w=None):
    v = metrics.accuracy_score(yt, yp, normalize=normalize, sample_weight=w)
    case(name, "accuracy_score", {"y_true": yt, "y_pred": yp, "sample_weight": w}, {"normalize": normalize},
         {"value": value(v)})


accuracy("accuracy_binary", yb_true, yb_pred)
accuracy("accuracy_binary_count", yb_true, yb_pred, normalize=False)
accuracy("accuracy_multiclass_weighted", ym_true, ym_pred, w=w40)
accuracy("accuracy_multiclass_weighted_count", ym_true, ym_pred, normalize=False, w=w40)
accuracy("accuracy_float_labels", yf_true * 2 - 1, yf_pred * 2 - 1)
accuracy("accuracy_none_right", ones, np.zeros(12, dtype=np.int64))

# ---- confusion matrix ------------------------------------------------------------------------


def confusion(name, yt, yp, labels=None, w=None, normalize=None):
    cm = metrics.confusion_matrix(yt, yp, labels=labels, sample_weight=w, normalize=normalize)
    params = {"normalize": normalize}
    if labels is not None:
        params["labels"] = list(labels)
    case(name, "confusion_matrix", {"y_true": yt, "y_pred": yp, "sample_weight": w}, params,
         {"matrix": arr(cm), "dtype": str(cm.dtype)})


confusion("cm_multiclass", ym_true, ym_pred)
confusion("cm_labels_reordered_absent", ym_true, ym_pred, labels=[3, 0, 9, 1])
confusion("cm_weighted", ym_true, ym_pred, w=w40)
for norm in ["true", "pred", "all"]:
    confusion("cm_normalize_" + norm, ym_true, ym_pred, normalize=norm)
confusion("cm_binary", yb_true, yb_pred)

# ---- classification report -------------------------------------------------------------------


def report(name, yt, yp, labels=None, names=None, w=None, digits=2, zero_division="warn"):
    text = metrics.classification_report(yt, yp, labels=labels, target_names=names, sample_weight=w, digits=digits,
                                         zero_division=zero_division)
    d = metrics.classification_report(yt, yp, labels=labels, target_names=names, sample_weight=w,
                                      output_dict=True, zero_division=zero_division)
    params = {"digits": digits, "zeroDivision": zero_division}
    if labels is not None:
        params["labels"] = list(labels)
    if names is not None:
        params["targetNames"] = names
    case(name, "classification_report", {"y_true": yt, "y_pred": yp, "sample_weight": w}, params,
         {"text": text, "dict": d})


report("report_multiclass", ym_true, ym_pred)
report("report_binary_names_digits3", yb_true, yb_pred, names=["no", "yes, surely"], digits=3)
report("report_labels_subset_micro", ym_true, ym_pred, labels=[0, 2])
report("report_weighted", ym_true, ym_pred, w=np.round(w40 * 4) / 4)
report("report_zero_division_1", ym_true, ym_pred, zero_division=1)

# ---- ROC -------------------------------------------------------------------------------------
score_b = np.round(rng.rand(30) + 0.4 * yb_true, 1)  # rounded: many ties


def roc(name, yt, s, pos_label=None, w=None, drop=True):
    fpr, tpr, thr = metrics.roc_curve(yt, s, pos_label=pos_label, sample_weight=w, drop_intermediate=drop)
    params = {"posLabel": pos_label, "dropIntermediate": drop}
    case(name, "roc_curve", {"y_true": yt, "y_score": s, "sample_weight": w}, params,
         {"fpr": value(fpr), "tpr": value(tpr), "thresholds": value(thr)})


roc("roc_ties", yb_true, score_b)
roc("roc_ties_keep_all", yb_true, score_b, drop=False)
w30 = np.round(rng.uniform(0, 3, 30) * 2) / 2  # halves, some zero: zero-weight rows add no threshold
roc("roc_weighted_with_zeros", yb_true, score_b, w=w30)
roc("roc_pos_label_2", yb_true + 1, score_b, pos_label=2)
roc("roc_distinct_scores", yb_true, rng.rand(30) + 0.3 * yb_true)


def auc(name, yt, s, average="macro", w=None, multi_class="raise", labels=None):
    v = metrics.roc_auc_score(yt, s, average=average, sample_weight=w, multi_class=multi_class, labels=labels)
    params = {"average": average, "multiClass": multi_class}
    if labels is not None:
        params["labels"] = list(labels)
    case(name, "roc_auc_score", {"y_true": yt, "y_score": s, "sample_weight": w}, params, {"auc": value(v)})


auc("auc_binary_ties", yb_true, score_b)
auc("auc_binary_weighted", yb_true, score_b, w=w30)
auc("auc_binary_labels_3_7", np.where(yb_true == 1, 7, 3), score_b)
proba = rng.dirichlet(np.ones(4), 40)
proba = np.round(proba + np.eye(4)[ym_true] * 0.5, 2)
proba = proba / proba.sum(axis=1, keepdims=True)
for avg in ["macro", "weighted", None, "micro"]:
    auc("auc_ovr_%s" % avg, ym_true, proba, average=avg, multi_class="ovr")
auc("auc_ovr_weighted_samples", ym_true, proba, average="macro", multi_class="ovr", w=w40)
auc("auc_ovo_macro", ym_true, proba, average="macro", multi_class="ovo")
auc("auc_ovo_weighted", ym_true, proba, average="weighted", multi_class="ovo")
auc("auc_ovr_labels", ym_true + 10, proba, average="macro", multi_class="ovr", labels=[10, 11, 12, 13])

# ---- log loss --------------------------------------------------------------------------------


def logloss(name, yt, p, eps="auto", normalize=True, w=None, labels=None):
    v = metrics.log_loss(yt, p, eps=eps, normalize=normalize, sample_weight=w, labels=labels)
    params = {"eps": None if eps == "auto" else eps, "normalize": normalize}
    if labels is not None:
        params["labels"] = list(labels)
    case(name, "log_loss", {"y_true": yt, "y_pred": p, "sample_weight": w}, params, {"loss": value(v)})


pb = np.clip(rng.rand(30) * 0.8 + 0.2 * yb_true, 0, 1)
pb[3] = 0.0  # clipped to eps
pb[5] = 1.0
logloss("logloss_binary_1d", yb_true, pb)
logloss("logloss_binary_weighted_sum", yb_true, pb, normalize=False, w=w30)
logloss("logloss_multiclass", ym_true, proba)
logloss("logloss_multiclass_eps", ym_true, proba, eps=1e-3)
logloss("logloss_labels_extra_class", ym_true[ym_true < 3], proba[ym_true < 3], labels=[0, 1, 2, 3])
logloss("logloss_unnormalised_rows", ym_true, proba * 1.7)

# ---- regression ------------------------------------------------------------------------------
yr_true = rng.normal(size=(25, 3))
yr_pred = yr_true + rng.normal(scale=0.5, size=(25, 3))
yr_true[:, 2] = 4.0  # a constant output
w25 = rng.uniform(0.1, 2, 25)


def regression(name, fn, yt, yp, w=None, multioutput="uniform_average", **kw):
    f = {"mean_squared_error": metrics.mean_squared_error, "mean_absolute_error": metrics.mean_absolute_error,
         "r2_score": metrics.r2_score}[fn]
    v = f(yt, yp, sample_weight=w, multioutput=multioutput, **kw)
    params = dict(kw)
    if isinstance(multioutput, str):
        params["multioutput"] = multioutput
    else:
        params["outputWeights"] = list(multioutput)
    case(name, fn, {"y_true": yt, "y_pred": yp, "sample_weight": w}, params, {"value": value(v)})


for fn in ["mean_squared_error", "mean_absolute_error", "r2_score"]:
    short = {"mean_squared_error": "mse", "mean_absolute_error": "mae", "r2_score": "r2"}[fn]
    regression(short + "_1d", fn, yr_true[:, 0], yr_pred[:, 0])
    regression(short + "_1d_weighted", fn, yr_true[:, 0], yr_pred[:, 0], w=w25)
    regression(short + "_raw_values", fn, yr_true, yr_pred, multioutput="raw_values")
    # weighted: without the constant output, whose weighted mean sklearn rounds away from the constant
    regression(short + "_uniform", fn, yr_true[:, :2], yr_pred[:, :2], w=w25)
    regression(short + "_output_weights", fn, yr_true, yr_pred, multioutput=[0.2, 0.5, 0.3])
regression("rmse_raw_values", "mean_squared_error", yr_true, yr_pred, multioutput="raw_values", squared=False)
regression("rmse_uniform_weighted", "mean_squared_error", yr_true, yr_pred, w=w25, squared=False)
regression("r2_variance_weighted", "r2_score", yr_true, yr_pred, multioutput="variance_weighted")
regression("r2_constant_predicted_exactly", "r2_score", yr_true[:, 2], yr_true[:, 2])
regression("r2_constant_missed", "r2_score", yr_true[:, 2], yr_pred[:, 2])

# ---- pairwise --------------------------------------------------------------------------------
X = rng.normal(size=(13, 4))
Y = rng.normal(size=(6, 4))
X[4] = 0.0  # a zero row: cosine leaves it zero
Y[2] = X[7]  # an exact match: distance 0 (clamped)


def pw(name, fn, x, y, params, expected):
    case(name, fn, {"X": x, "Y": y}, params, expected)


pw("euclidean_xy", "euclidean_distances", X, Y, {"squared": False},
   {"value": value(pairwise.euclidean_distances(X, Y))})
pw("euclidean_xy_squared", "euclidean_distances", X, Y, {"squared": True},
   {"value": value(pairwise.euclidean_distances(X, Y, squared=True))})
pw("euclidean_x_only", "euclidean_distances", X, None, {"squared": False},
   {"value": value(pairwise.euclidean_distances(X))})
pw("cosine_xy", "cosine_similarity", X, Y, {}, {"value": value(pairwise.cosine_similarity(X, Y))})
pw("cosine_x_only", "cosine_similarity", X, None, {}, {"value": value(pairwise.cosine_similarity(X))})
pw("cosine_distances_x_only", "cosine_distances", X, None, {}, {"value": value(pairwise.cosine_distances(X))})
pw("manhattan_xy", "manhattan_distances", X, Y, {}, {"value": value(pairwise.manhattan_distances(X, Y))})
pw("rbf_default_gamma", "rbf_kernel", X, Y, {"gamma": None}, {"value": value(pairwise.rbf_kernel(X, Y))})
pw("rbf_gamma", "rbf_kernel", X, None, {"gamma": 0.3}, {"value": value(pairwise.rbf_kernel(X, gamma=0.3))})
for axis in [1, 0]:
    for metric in ["euclidean", "manhattan", "cosine"]:
        idx, dist = pairwise.pairwise_distances_argmin_min(X, Y, axis=axis, metric=metric)
        pw("argmin_min_%s_axis%d" % (metric, axis), "pairwise_distances_argmin_min", X, Y,
           {"axis": axis, "metric": metric}, {"indices": arr(idx.astype(np.int64)), "values": value(dist)})

write("metrics", "gen_fixtures_metrics.py", cases)
