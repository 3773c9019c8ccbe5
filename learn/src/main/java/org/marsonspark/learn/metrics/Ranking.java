package org.marsonspark.learn.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.kernel.RocAuc;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * ROC curves and the exact area under them, behind {@link Metrics}: the scores are sorted by the
 * tensors' parallel sort (sklearn's descending order: a stable ascending argsort, reversed) and
 * the labels and weights gathered into that order. The area is then one tree reduction over the
 * sorted rows ({@link RocAuc}), lazily. The curve accumulates true and false positives by a scan
 * and keeps the ends of runs of equal scores — the thresholds, as many as the distinct scores:
 * {@code rocCurve} runs that much when called, the last steps stay lazy.
 */
final class Ranking {
  private Ranking() {}

  /** Rows in sklearn's order of decreasing score (ties in reverse row order), lazily. */
  private record Sorted(Tensor score, Tensor positive, Tensor weights) {
    static Sorted of(Tensor positive, Tensor score, Tensor weights) {
      Tensor order = Mt.flip(Mt.argsort(score), 0); // a stable ascending sort, reversed, as sklearn's
      return new Sorted(score.take(order, 0), positive.take(order, 0), weights == null ? null
          : weights.take(order, 0));
    }

    List<Tensor> inputs() {
      return weights == null ? List.of(score, positive) : List.of(score, positive, weights);
    }
  }

  /** The false and true positives at each distinct threshold, and the thresholds (decreasing). */
  private record Curve(Tensor fps, Tensor tps, Tensor thresholds) {}

  /** sklearn's {@code _binary_clf_curve}: the rows of {@code positive} true are the positives. */
  private static Curve curve(Sorted sorted) {
    Tensor y = sorted.positive().astype(DType.FLOAT64);
    Tensor notY = Mt.subtract(1.0, y);
    Tensor w = sorted.weights();
    Tensor tpsAll = Mt.cumsum(w == null ? y : y.mul(w), 0);
    Tensor fpsAll = Mt.cumsum(w == null ? notY : notY.mul(w), 0);
    Tensor ends = sorted.score().diff(1, 0, null, Double.POSITIVE_INFINITY).ne(0.0);
    return new Curve(fpsAll.get(ends), tpsAll.get(ends), sorted.score().get(ends));
  }

  private static Tensor score1d(TileableHandle score, String fn) {
    Tensor s = Inputs.target(score, fn).astype(DType.FLOAT64);
    return s;
  }

  /** {@code roc_curve}: {fpr, tpr, thresholds}, lazily. */
  static Tensor[] rocCurve(TileableHandle yTrue, TileableHandle yScore, Double posLabel, TileableHandle sampleWeight,
      boolean dropIntermediate) {
    String fn = "roc_curve";
    Tensor t = ClassTargets.labels(yTrue, fn, "y_true");
    Tensor s = score1d(yScore, fn);
    Tensor w = Inputs.sampleWeight(sampleWeight, fn);
    Inputs.consistentLength(t, s, w);
    Inputs.requireFinite(s, "y_score", fn, false);
    ClassTargets.Labels labels = ClassTargets.of(fn, new String[] {"y_true"}, t)[0];
    if (!labels.type().equals("binary") && !(labels.type().equals("multiclass") && posLabel != null)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": " + labels.type() + " format is not supported");
    }
    double pos = positiveLabel(labels, posLabel, fn);
    Tensor positive = t.eq(pos);
    List<Tensor> held = new ArrayList<>();
    if (w != null) { // zero-weight rows are left out, as sklearn does: they must not add thresholds
      Tensor nonzero = w.ne(0.0);
      positive = executed(positive.get(nonzero), held);
      s = executed(s.get(nonzero), held);
      w = executed(w.get(nonzero), held);
    }
    // the thresholds are as many as the distinct scores: found now, the rest stays lazy
    Curve c = curve(Sorted.of(positive, s, w));
    Mt.execute(c.fps(), c.tps(), c.thresholds());
    held.forEach(Tensor::release);
    Tensor fps = c.fps();
    Tensor tps = c.tps();
    Tensor thresholds = c.thresholds();
    // a first point at (0, 0), above every score; the counts only grow: the last is the total
    Tensor first = Mt.tensor(NDArray.of(new boolean[] {true}));
    Tensor keep = Mt.concatenate(List.of(first, dropIntermediate ? corners(fps, tps) : Mt.onesLike(fps)
        .astype(DType.BOOL)), 0);
    Tensor zero = Mt.tensor(NDArray.of(new double[] {0.0}));
    Tensor fpr = Mt.concatenate(List.of(zero, fps.div(fps.index(-1L))), 0);
    Tensor tpr = Mt.concatenate(List.of(zero, tps.div(tps.index(-1L))), 0);
    Tensor thr = Mt.concatenate(List.of(thresholds.index(0L).add(1.0).reshape(1), thresholds), 0);
    return new Tensor[] {fpr.get(keep), tpr.get(keep), thr.get(keep)};
  }

  /** sklearn's {@code drop_intermediate}: the ends, and where the second difference of fps or tps is not zero. */
  private static Tensor corners(Tensor fps, Tensor tps) {
    return fps.diff(2, 0, Double.NaN, Double.NaN).ne(0.0).or(tps.diff(2, 0, Double.NaN, Double.NaN).ne(0.0));
  }

  /** sklearn's {@code _check_pos_label_consistency}. */
  private static double positiveLabel(ClassTargets.Labels labels, Double posLabel, String fn) {
    if (posLabel != null) {
      return posLabel;
    }
    double[] v = labels.values();
    boolean standard = Arrays.stream(v).allMatch(x -> x == 0 || x == 1) || Arrays.stream(v).allMatch(x -> x == -1
        || x == 1);
    if (!standard) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": y_true takes value in " + labels.formatAll(v)
          .replace('[', '{').replace(']', '}') + " and pos_label is not specified: either make y_true take value "
          + "in {0, 1} or {-1, 1} or pass pos_label explicitly.");
    }
    return 1.0;
  }

  private static Tensor executed(Tensor t, List<Tensor> held) {
    held.add(t);
    return t.execute();
  }

  /** The exact area under the ROC curve of one binary problem: a tree over the sorted rows ({@link RocAuc}), lazily. */
  private static Tensor binaryAuc(Tensor positive, Tensor score, Tensor weights) {
    Sorted sorted = Sorted.of(positive, score, weights);
    return Blocks.aggregate(sorted.inputs(), new RocAuc(weights != null), new long[0], DType.FLOAT64);
  }

  /** {@code roc_auc_score}: binary, or multiclass one-vs-rest / one-vs-one, lazily. */
  static Tensor rocAucScore(TileableHandle yTrue, TileableHandle yScore, String average, TileableHandle sampleWeight,
      String multiClass, double[] givenLabels) {
    String fn = "roc_auc_score";
    Tensor t = ClassTargets.labels(yTrue, fn, "y_true");
    Tensor s = yScore instanceof Tensor st && st.ndim() == 2 && st.shape(1) > 1 ? st.astype(DType.FLOAT64)
        : score1d(yScore, fn);
    Tensor w = Inputs.sampleWeight(sampleWeight, fn);
    Inputs.consistentLength(t, s, w);
    Inputs.requireFinite(s, "y_score", fn, false);
    ClassTargets.Labels labels = ClassTargets.of(fn, new String[] {"y_true"}, t)[0];
    if (labels.type().equals("continuous")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": continuous format is not supported");
    }
    boolean multiclass = labels.type().equals("multiclass") || s.ndim() == 2 && s.shape(1) > 2;
    if (!multiclass) {
      if (s.ndim() == 2) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": binary y_true needs a 1-D y_score (the score of "
            + "the greater label), got shape " + Arrays.toString(s.shape()));
      }
      if (labels.values().length != 2) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Only one class present in y_true. ROC AUC score "
            + "is not defined in that case.");
      }
      return binaryAuc(t.eq(labels.values()[1]), s, w);
    }
    return multiclassAuc(t, s, w, labels, average, multiClass, givenLabels, fn);
  }

  private static Tensor multiclassAuc(Tensor t, Tensor s, Tensor w, ClassTargets.Labels present, String average,
      String multiClass, double[] givenLabels, String fn) {
    if (s.ndim() != 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, fn + ": multiclass y_true needs y_score of shape "
          + "(n_samples, n_classes), got " + Arrays.toString(s.shape()));
    }
    if (!List.of("ovr", "ovo").contains(multiClass)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, fn + ": multi_class must be in ('ovo', 'ovr')"
          + (multiClass.equals("raise") ? "" : ", got '" + multiClass + "'"));
    }
    List<String> averages = multiClass.equals("ovr") ? Arrays.asList("micro", "macro", "weighted", null)
        : Arrays.asList("macro", "weighted", null);
    if (!averages.contains(average)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, fn + ": average must be one of " + (multiClass
          .equals("ovr") ? "('micro', 'macro', 'weighted', None)" : "('macro', 'weighted', None)")
          + " for multiclass problems");
    }
    if (average == null && multiClass.equals("ovo")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn + ": average=None is not implemented for "
          + "multi_class='ovo'.");
    }
    double[] classes = classes(present, givenLabels, s.shape(1), fn);
    if (!scoresSumToOne(s)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Target scores need to be probabilities for "
          + "multiclass roc_auc, i.e. they should sum up to 1.0 over classes");
    }
    return multiClass.equals("ovr") ? oneVsRest(t, s, w, classes, average) : oneVsOne(t, s, w, classes, average, fn);
  }

  private static double[] classes(ClassTargets.Labels present, double[] given, long columns, String fn) {
    if (given == null) {
      if (present.values().length != columns) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Number of classes in y_true not equal to the "
            + "number of columns in 'y_score'");
      }
      return present.values();
    }
    double[] sorted = Arrays.stream(given).distinct().sorted().toArray();
    if (sorted.length != given.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Parameter 'labels' must be unique");
    }
    if (!Arrays.equals(sorted, given)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Parameter 'labels' must be ordered");
    }
    if (given.length != columns) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Number of given labels, " + given.length
          + ", not equal to the number of columns in 'y_score', " + columns);
    }
    if (Arrays.stream(present.values()).anyMatch(v -> !ClassTargets.contains(given, v))) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": 'y_true' contains labels not in parameter "
          + "'labels'");
    }
    if (Arrays.stream(given).anyMatch(v -> !ClassTargets.contains(present.values(), v))) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Only one class present in y_true. ROC AUC score "
          + "is not defined in that case (a label of 'labels' does not occur in y_true).");
    }
    return given;
  }

  /** sklearn's check {@code np.allclose(1, y_score.sum(axis=1))}, run now. */
  private static boolean scoresSumToOne(Tensor s) {
    Tensor sums = s.sum(1);
    Tensor ok = Mt.isclose(Mt.onesLike(sums), sums, 1e-5, 1e-8, false).all().execute();
    try {
      return ok.fetch().getBool(0);
    } finally {
      ok.release();
    }
  }

  private static Tensor oneVsRest(Tensor t, Tensor s, Tensor w, double[] classes, String average) {
    int n = classes.length;
    if ("micro".equals(average)) {
      Tensor positive = t.reshape(-1, 1).eq(Mt.tensor(NDArray.of(classes, 1, n))).ravel();
      Tensor weights = w == null ? null : w.reshape(-1, 1).mul(Mt.ones(1, n)).ravel();
      return binaryAuc(positive, s.ravel(), weights);
    }
    List<Tensor> scores = new ArrayList<>();
    List<Tensor> prevalence = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      Tensor positive = t.eq(classes[c]);
      scores.add(binaryAuc(positive, s.index(Slice.all(), (long) c), w).reshape(1));
      Tensor hit = positive.astype(DType.FLOAT64);
      prevalence.add((w == null ? hit : hit.mul(w)).sum().reshape(1));
    }
    Tensor all = Mt.concatenate(scores, 0);
    if (average == null) {
      return all;
    }
    if (average.equals("macro")) {
      return all.mean();
    }
    Tensor p = Mt.concatenate(prevalence, 0);
    Tensor total = p.sum();
    // sklearn: all weights (close to) zero give 0
    return Mt.where(Mt.isclose(total, Mt.zerosLike(total)), 0.0, all.mul(p).sum().div(total));
  }

  /** Hand & Till's one-vs-one average over the pairs of classes present in y_true. */
  private static Tensor oneVsOne(Tensor t, Tensor s, Tensor w, double[] classes, String average, String fn) {
    if (w != null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": sample_weight is not supported for multiclass "
          + "one-vs-one ROC AUC, 'sample_weight' must be None in this case.");
    }
    List<Tensor> pairs = new ArrayList<>();
    List<Tensor> prevalence = new ArrayList<>();
    for (int a = 0; a < classes.length; a++) {
      for (int b = a + 1; b < classes.length; b++) {
        Tensor isA = t.eq(classes[a]);
        Tensor isB = t.eq(classes[b]);
        Tensor both = isA.or(isB);
        // the rows of other classes take no part: weight 0
        Tensor inPair = both.astype(DType.FLOAT64);
        Tensor aScore = binaryAuc(isA, s.index(Slice.all(), (long) a), inPair);
        Tensor bScore = binaryAuc(isB, s.index(Slice.all(), (long) b), inPair);
        pairs.add(aScore.add(bScore).div(2.0).reshape(1));
        prevalence.add(both.astype(DType.FLOAT64).mean().reshape(1));
      }
    }
    Tensor all = Mt.concatenate(pairs, 0);
    if (average.equals("macro")) {
      return all.mean();
    }
    Tensor p = Mt.concatenate(prevalence, 0);
    return all.mul(p).sum().div(p.sum());
  }
}
