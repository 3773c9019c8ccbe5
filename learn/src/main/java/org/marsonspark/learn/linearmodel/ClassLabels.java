package org.marsonspark.learn.linearmodel;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * The classes of a classification target: sklearn's {@code np.unique(y)} (sorted; their counts
 * come with them, for {@code class_weight='balanced'}) and y encoded as the position of its class
 * (a lazy float64 tensor, sklearn's {@code LabelEncoder().fit_transform(y)}). Numeric targets are
 * tensors or numeric Series; any other Series (strings) keeps its labels as Java objects.
 *
 * @param labels the classes, sorted: Double for numeric targets, the Series' values otherwise
 * @param numeric the classes as a tensor (null for non-numeric labels)
 * @param counts how many rows each class has
 * @param encoded per row, the position of its class in {@code labels}
 */
public record ClassLabels(List<Object> labels, Tensor numeric, long[] counts, Tensor encoded) {
  public int size() {
    return labels.size();
  }

  /** Finds the classes (one small job) and encodes y lazily. */
  public static ClassLabels of(TileableHandle y, String estimator) {
    if (y instanceof Series s && !s.dtype().isNumeric() && s.dtype() != DfType.BOOL) {
      return ofSeries(s, estimator);
    }
    Tensor t = Inputs.target(y, estimator);
    Tensor[] uc = Mt.unique(t, false, false, true);
    Mt.execute(uc);
    NDArray values = uc[0].fetch();
    long[] counts = uc[1].fetch().toLongArray();
    // sklearn's check_X_y refuses a y with NaN or infinity before it looks at the classes
    Inputs.requireFinite(values.astype(DType.FLOAT64).doubles(), t.dtype(), "y", estimator);
    List<Object> labels = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      double v = values.getDouble(i);
      if (t.dtype().isFloat() && v != Math.rint(v)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + ": Unknown label type: 'continuous' "
            + "(y has the non-integer value " + v + "); a classifier needs class labels — use a regressor for a "
            + "continuous target");
      }
      labels.add(v);
    }
    Tensor classes = Mt.tensor(values);
    Tensor encoded = Mt.searchsorted(classes, t).astype(DType.FLOAT64);
    return new ClassLabels(labels, classes, counts, encoded);
  }

  private static ClassLabels ofSeries(Series s, String estimator) {
    LocalSeries vc = s.valueCounts(false, false, false).execute().fetch();
    TreeMap<String, Long> sorted = new TreeMap<>();
    Map<String, Object> byText = new HashMap<>();
    for (int i = 0; i < vc.size(); i++) {
      Object label = vc.index().label(i);
      if (label == null || label instanceof Double d && d.isNaN()) { // NA: sklearn's "Input y contains NaN."
        Inputs.requireFinite(new double[] {Double.NaN}, DType.FLOAT64, "y", estimator);
      }
      sorted.put(String.valueOf(label), ((Number) vc.get(i)).longValue());
      byText.put(String.valueOf(label), label);
    }
    List<Object> labels = new ArrayList<>();
    long[] counts = new long[sorted.size()];
    Map<Object, Double> position = new HashMap<>();
    for (Map.Entry<String, Long> e : sorted.entrySet()) {
      Object label = byText.get(e.getKey());
      position.put(label, (double) labels.size());
      counts[labels.size()] = e.getValue();
      labels.add(label);
    }
    return new ClassLabels(labels, null, counts, s.map(position).toTensor().astype(DType.FLOAT64));
  }

  /** The classes as a tensor; an error for labels that are not numbers. */
  public Tensor requireNumeric() {
    if (numeric == null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "the classes are not numbers " + labels
          + ": classes_ and predict give tensors of numbers; use classLabels_ and predictLabels (a Series)");
    }
    return numeric;
  }

  /** Per row, the class at each position of {@code indices} (an int64 tensor), as sklearn's {@code classes_[i]}. */
  public Tensor take(Tensor indices) {
    return Mt.take(requireNumeric(), indices, 0);
  }

  /** Per row, the class at each position of {@code indices}, as a Series of the labels. */
  public Series takeLabels(Tensor indices) {
    Map<Long, Object> byPosition = new HashMap<>();
    for (int i = 0; i < labels.size(); i++) {
      byPosition.put((long) i, labels.get(i));
    }
    return Md.fromTensor(indices.astype(DType.INT64).reshape(-1, 1)).col("0").map(byPosition);
  }
}
