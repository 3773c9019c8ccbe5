package org.marsonspark.learn.metrics;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.kernel.ClassCounts;
import org.marsonspark.learn.kernel.Confusion;
import org.marsonspark.learn.kernel.PrfScores;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;
import org.slf4j.LoggerFactory;

/**
 * The set-wise classification metrics behind {@link Metrics}: precision, recall, F-beta, the
 * confusion matrix and the classification report. The labels are found first (one small job, as
 * sklearn checks the targets first); the counts are one tree reduction over the rows.
 */
final class Classification {
  private Classification() {}

  /** The aligned inputs of a count: y_true, y_pred and the weights if any. */
  private record Counted(Tensor yTrue, Tensor yPred, Tensor weights, ClassTargets.Pair targets) {
    static Counted of(TileableHandle yTrue, TileableHandle yPred, TileableHandle sampleWeight, String fn) {
      Tensor t = ClassTargets.labels(yTrue, fn, "y_true");
      Tensor p = ClassTargets.labels(yPred, fn, "y_pred");
      Tensor w = Inputs.sampleWeight(sampleWeight, fn);
      Inputs.consistentLength(t, p, w);
      return new Counted(t, p, w, ClassTargets.check(t, p, fn));
    }

    List<Tensor> inputs() {
      return weights == null ? List.of(yTrue, yPred) : List.of(yTrue, yPred, weights);
    }
  }

  /**
   * precision, recall, F-beta: (3) when averaged, (4, labels) per label (support last), lazily.
   */
  static Tensor prf(TileableHandle yTrue, TileableHandle yPred, double beta, ScoreOptions o, String fn) {
    if (beta < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": beta should be >=0 in the F-beta score");
    }
    Counted c = Counted.of(yTrue, yPred, o.sampleWeight(), fn);
    double[] labels = setWiseLabels(c.targets(), o, fn);
    long[] shape = o.average() == null ? new long[] {4, labels.length} : new long[] {3};
    PrfScores scores = new PrfScores(labels, c.weights() != null, beta, o.average(), o.zeroDivisionValue());
    return Blocks.aggregate(c.inputs(), scores, shape, DType.FLOAT64);
  }

  /** sklearn's {@code _check_set_wise_labels}: the labels scored. */
  private static double[] setWiseLabels(ClassTargets.Pair t, ScoreOptions o, String fn) {
    if ("binary".equals(o.average())) {
      if (!t.type().equals("binary")) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Target is " + t.type() + " but average='binary'. "
            + "Please choose another average setting, one of [None, 'micro', 'macro', 'weighted'].");
      }
      if (!ClassTargets.contains(t.union(), o.posLabel()) && t.union().length >= 2) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": pos_label=" + ClassTargets.format(o.posLabel(),
            t.integral()) + " is not a valid label. It should be one of " + t.truth().formatAll(t.union()));
      }
      return new double[] {o.posLabel()};
    }
    if (o.posLabel() != 1) {
      LoggerFactory.getLogger(Metrics.class).warn("Note that pos_label (set to {}) is ignored when average != "
          + "'binary' (got {}). You may use labels=[pos_label] to specify a single positive class.", o.posLabel(),
          o.average());
    }
    return o.labels() != null ? o.labels() : t.union();
  }

  static Tensor confusionMatrix(TileableHandle yTrue, TileableHandle yPred, double[] labels,
      TileableHandle sampleWeight, String normalize) {
    String fn = "confusion_matrix";
    if (normalize != null && !List.of("true", "pred", "all").contains(normalize)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, fn + ": normalize must be one of {'true', 'pred', "
          + "'all', None}, got '" + normalize + "'");
    }
    Counted c = Counted.of(yTrue, yPred, sampleWeight, fn);
    double[] table = labels;
    if (table == null) {
      table = c.targets().union();
    } else if (table.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": 'labels' should contains at least one label.");
    } else if (Arrays.stream(table).noneMatch(v -> ClassTargets.contains(c.targets().truth().values(), v))) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": At least one label specified must be in y_true");
    }
    int n = table.length;
    Tensor cm = Blocks.aggregate(c.inputs(), new Confusion(table, c.weights() != null, normalize), new long[] {n, n},
        DType.FLOAT64);
    boolean counts = normalize == null && (sampleWeight == null || integral(sampleWeight));
    return counts ? cm.astype(DType.INT64) : cm;
  }

  private static boolean integral(TileableHandle w) {
    return w instanceof Tensor t && (t.dtype().isInteger() || t.dtype() == DType.BOOL);
  }

  /** What {@code classification_report} prints or returns, computed from one count. */
  static final class Report {
    private final List<String> names = new ArrayList<>();
    private final List<double[]> rows = new ArrayList<>();
    private final Map<String, double[]> averages = new LinkedHashMap<>();
    private final boolean integralSupport;

    private Report(boolean integralSupport) {
      this.integralSupport = integralSupport;
    }

    static Report of(TileableHandle yTrue, TileableHandle yPred, ScoreOptions o, List<String> targetNames) {
      String fn = "classification_report";
      Counted c = Counted.of(yTrue, yPred, o.sampleWeight(), fn);
      ClassTargets.Pair t = c.targets();
      boolean given = o.labels() != null;
      double[] labels = given ? o.labels() : t.union();
      boolean microIsAccuracy = !given || Arrays.equals(sortedDistinct(labels), t.union());
      List<String> names = targetNames;
      if (names != null && names.size() != labels.length) {
        if (!given) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Number of classes, " + labels.length
              + ", does not match size of target_names, " + names.size() + ". Try specifying the labels parameter");
        }
        LoggerFactory.getLogger(Metrics.class).warn("labels size, {}, does not match size of target_names, {}",
            labels.length, names.size());
      }
      if (names == null) {
        names = Arrays.stream(labels).mapToObj(v -> ClassTargets.format(v, t.integral())).toList();
      }
      int n = labels.length;
      double[] counts = Blocks.evaluate(c.inputs(), new ClassCounts(labels, c.weights() != null, false), 3, n)
          .doubles();
      double z = o.zeroDivisionValue();
      double[] per = PrfScores.compute(counts, n, 1.0, null, z);
      Report r = new Report(c.weights() == null);
      for (int i = 0; i < Math.min(n, names.size()); i++) {
        r.names.add(names.get(i));
        r.rows.add(new double[] {per[i], per[n + i], per[2 * n + i], per[3 * n + i]});
      }
      double support = 0;
      for (int i = 0; i < n; i++) {
        support += per[3 * n + i];
      }
      for (String avg : List.of("micro", "macro", "weighted")) {
        double[] s = PrfScores.compute(counts, n, 1.0, avg, z);
        String heading = avg.equals("micro") && microIsAccuracy ? "accuracy" : avg + " avg";
        r.averages.put(heading, new double[] {s[0], s[1], s[2], support});
      }
      return r;
    }

    private static double[] sortedDistinct(double[] v) {
      return Arrays.stream(v).distinct().sorted().toArray();
    }

    /** The text sklearn prints, with {@code digits} decimals. */
    String text(int digits) {
      int width = "weighted avg".length();
      for (String name : names) {
        width = Math.max(width, name.length());
      }
      width = Math.max(width, digits);
      StringBuilder sb = new StringBuilder();
      sb.append(right("", width)).append(' ');
      for (String h : List.of("precision", "recall", "f1-score", "support")) {
        sb.append(' ').append(right(h, 9));
      }
      sb.append("\n\n");
      for (int i = 0; i < names.size(); i++) {
        row(sb, names.get(i), rows.get(i), width, digits, false);
      }
      sb.append('\n');
      for (Map.Entry<String, double[]> e : averages.entrySet()) {
        row(sb, e.getKey(), e.getValue(), width, digits, e.getKey().equals("accuracy"));
      }
      return sb.toString();
    }

    private void row(StringBuilder sb, String name, double[] v, int width, int digits, boolean accuracy) {
      sb.append(right(name, width)).append(' ');
      for (int j = 0; j < 3; j++) {
        sb.append(' ').append(right(accuracy && j < 2 ? "" : fixed(v[j], digits), 9));
      }
      sb.append(' ').append(right(supportText(v[3]), 9)).append('\n');
    }

    private String supportText(double s) {
      return integralSupport ? Long.toString((long) s) : ClassTargets.format(s, false);
    }

    /** The report as sklearn's {@code output_dict=True} returns it (accuracy as a plain number). */
    Map<String, Object> asMap() {
      Map<String, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < names.size(); i++) {
        out.put(names.get(i), scores(rows.get(i)));
      }
      averages.forEach((heading, v) -> out.put(heading, heading.equals("accuracy") ? (Object) v[0] : scores(v)));
      return out;
    }

    private Map<String, Object> scores(double[] v) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("precision", v[0]);
      m.put("recall", v[1]);
      m.put("f1-score", v[2]);
      m.put("support", integralSupport ? (Object) (long) v[3] : (Object) v[3]);
      return m;
    }
  }

  private static String right(String s, int width) {
    return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
  }

  /** Python's {@code format(v, '.Nf')}: the exact binary value rounded half to even. */
  static String fixed(double v, int digits) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    return new BigDecimal(v).setScale(digits, RoundingMode.HALF_EVEN).toPlainString();
  }
}
