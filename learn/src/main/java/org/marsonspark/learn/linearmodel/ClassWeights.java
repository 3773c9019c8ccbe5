package org.marsonspark.learn.linearmodel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * sklearn's {@code compute_class_weight}: one weight per class from {@code class_weight} — null
 * (all 1), {@code "balanced"} ({@code n_samples / (n_classes · count)}) or a map from labels to
 * weights (classes it leaves out weigh 1).
 */
public final class ClassWeights {
  private ClassWeights() {}

  /** The weight of each of the classes (sorted labels, with their counts). */
  public static double[] of(Object classWeight, ClassLabels classes) {
    double[] w = new double[classes.size()];
    Arrays.fill(w, 1.0);
    if (classWeight == null) {
      return w;
    }
    if ("balanced".equals(classWeight)) {
      long n = Arrays.stream(classes.counts()).sum();
      for (int c = 0; c < w.length; c++) {
        w[c] = (double) n / ((double) w.length * classes.counts()[c]);
      }
      return w;
    }
    Map<?, ?> map = (Map<?, ?>) classWeight;
    List<Object> unweighted = new ArrayList<>();
    int weighted = 0;
    for (int c = 0; c < w.length; c++) {
      Object label = classes.labels().get(c);
      Object value = lookUp(map, label);
      if (value == null) {
        unweighted.add(label);
      } else {
        w[c] = ((Number) value).doubleValue();
        weighted++;
      }
    }
    if (!unweighted.isEmpty() && weighted != map.size()) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "The classes, " + unweighted + ", are not in "
          + "class_weight; its keys " + map.keySet() + " must be labels of y, whose classes are " + classes.labels());
    }
    return w;
  }

  /** 'balanced' for one-vs-rest: the class {@code positive} against all others, as two classes. */
  static double[] balancedMask(ClassLabels classes, int positive) {
    long n = Arrays.stream(classes.counts()).sum();
    long pos = classes.counts()[positive];
    double[] w = new double[classes.size()];
    for (int c = 0; c < w.length; c++) {
      w[c] = (double) n / (2.0 * (c == positive ? pos : n - pos));
    }
    return w;
  }

  /** The map's value for a label: numbers match by value (1, 1L and 1.0 are one label), others by equals. */
  private static Object lookUp(Map<?, ?> map, Object label) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Object k = e.getKey();
      boolean same = k instanceof Number kn && label instanceof Number ln ? kn.doubleValue() == ln.doubleValue()
          : k.equals(label);
      if (same) {
        return e.getValue();
      }
    }
    return null;
  }
}
