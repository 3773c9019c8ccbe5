package org.marsonspark.learn.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code type_of_target} and {@code unique_labels} for 1-D class labels: which labels
 * occur (a distributed {@code unique}, run when the metric is built — sklearn also checks the
 * targets before computing anything), whether a float target holds non-integers (then it is
 * "continuous", not classes), NaN or infinity. Labels are numbers; they are held as doubles,
 * and printed as integers when the targets are of an integer or boolean dtype.
 */
final class ClassTargets {
  /** One target's labels: sorted distinct values, and the sklearn type. */
  record Labels(double[] values, String type, boolean integral) {
    String format(double v) {
      return ClassTargets.format(v, integral);
    }

    String formatAll(double[] vs) {
      List<String> out = new ArrayList<>();
      for (double v : vs) {
        out.add(format(v));
      }
      return "[" + String.join(", ", out) + "]";
    }
  }

  /** Two targets checked together (sklearn's {@code _check_targets}): the common type and all labels. */
  record Pair(String type, Labels truth, Labels pred, double[] union) {
    boolean integral() {
      return truth.integral() && pred.integral();
    }
  }

  private ClassTargets() {}

  /** {@code y} as a 1-D tensor of labels (a column vector is flattened, as sklearn's {@code column_or_1d}). */
  static Tensor labels(TileableHandle y, String fn, String what) {
    if (y instanceof Tensor t && t.ndim() == 2 && t.shape(1) > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn + ": " + what + " is 2-D " + Arrays.toString(
          t.shape()) + " (multilabel-indicator or multioutput targets): not supported yet; pass 1-D class labels");
    }
    return Inputs.target(y, fn);
  }

  /** The labels of each target, found by one execution. */
  static Labels[] of(String fn, String[] names, Tensor... ys) {
    List<Tensor> run = new ArrayList<>();
    for (Tensor y : ys) {
      run.add(Mt.unique(y));
      if (y.dtype().isFloat()) {
        run.add(Inputs.nonFiniteCounts(y));
        run.add(y.ne(Mt.floor(y)).and(Mt.isfinite(y)).any());
      }
    }
    Tensor[] targets = run.toArray(new Tensor[0]);
    Mt.execute(targets);
    try {
      Labels[] out = new Labels[ys.length];
      int at = 0;
      for (int i = 0; i < ys.length; i++) {
        Tensor unique = targets[at++];
        boolean isFloat = ys[i].dtype().isFloat();
        if (isFloat) { // sklearn's type_of_target refuses NaN and infinity (assert_all_finite)
          Inputs.requireFinite(targets[at++].fetch(), ys[i].dtype(), names[i], fn, false);
        }
        boolean continuous = isFloat && targets[at++].fetch().getBool(0);
        double[] values = continuous ? new double[0] : unique.fetch().toDoubleArray();
        String type = continuous ? "continuous" : values.length > 2 ? "multiclass" : "binary";
        out[i] = new Labels(values, type, !isFloat);
      }
      return out;
    } finally {
      for (Tensor t : targets) {
        t.release();
      }
    }
  }

  /** sklearn's {@code _check_targets} on 1-D labels: binary or multiclass, the same for both, and all labels. */
  static Pair check(Tensor yTrue, Tensor yPred, String fn) {
    Inputs.consistentLength(yTrue, yPred);
    Labels[] l = of(fn, new String[] {"y_true", "y_pred"}, yTrue, yPred);
    String type;
    if (l[0].type().equals(l[1].type())) {
      type = l[0].type();
    } else if (!l[0].type().equals("continuous") && !l[1].type().equals("continuous")) {
      type = "multiclass"; // binary and multiclass
    } else {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": Classification metrics can't handle a mix of "
          + l[0].type() + " and " + l[1].type() + " targets");
    }
    if (type.equals("continuous")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, fn + ": continuous is not supported");
    }
    double[] union = union(l[0].values(), l[1].values());
    if (type.equals("binary") && union.length > 2) {
      type = "multiclass";
    }
    return new Pair(type, l[0], l[1], union);
  }

  static double[] union(double[] a, double[] b) {
    TreeSet<Double> all = new TreeSet<>();
    for (double v : a) {
      all.add(v);
    }
    for (double v : b) {
      all.add(v);
    }
    return all.stream().mapToDouble(Double::doubleValue).toArray();
  }

  static boolean contains(double[] sorted, double v) {
    return Arrays.binarySearch(sorted, v) >= 0;
  }

  /** A label as Python prints it: {@code 3} for an integer target, {@code 3.0} or {@code 0.5} for a float one. */
  static String format(double v, boolean integral) {
    if (integral) {
      return Long.toString((long) v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e16) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return Double.toString(v);
  }
}
