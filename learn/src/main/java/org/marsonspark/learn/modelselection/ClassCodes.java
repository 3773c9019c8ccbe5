package org.marsonspark.learn.modelselection;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.Categories;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * The classes of a stratification target: each row's class code (0 .. k - 1 in sorted class
 * order, as {@code np.unique(y, return_inverse=True)}; executed and held), and per class its
 * count and first row. Only the counts and first rows come to the driver.
 */
record ClassCodes(Tensor codes, long[] counts, long[] firstRow, Categories.Column classes) {
  static ClassCodes of(TileableHandle y, String who) {
    Categories.Column classes = Categories.fitClasses(y, who);
    TileableHandle labels = y instanceof Series ? y : Inputs.target(y, who);
    Tensor codes = Categories.codes(labels, List.of(classes), false, true);
    codes.execute();
    Tensor[] u = Mt.unique(codes, true, false, true);
    NDArray[] got = SmallResults.fetch(u[1], u[2]);
    return new ClassCodes(codes, got[1].longs().clone(), got[0].longs().clone(), classes);
  }

  int size() {
    return counts.length;
  }

  long rows() {
    long n = 0;
    for (long c : counts) {
      n += c;
    }
    return n;
  }

  /** A small int64 tensor of per-class values, looked up by each row's class: {@code values[code]}. */
  static Tensor perRow(long[] values, Tensor codes) {
    return Mt.tensor(NDArray.of(values.clone())).take(codes, 0);
  }

  /** The first position of each class in the rows sorted by class: the exclusive cumulative counts. */
  static long[] starts(long[] counts) {
    long[] s = new long[counts.length];
    for (int i = 1; i < s.length; i++) {
      s[i] = s[i - 1] + counts[i - 1];
    }
    return s;
  }

  /**
   * sklearn's {@code _approximate_mode}: {@code draws} shared among classes in proportion to their
   * counts, floored, the rest going to the largest remainders, ties broken at random.
   */
  static long[] approximateMode(long[] counts, long draws, RandomState rs) {
    long total = 0;
    for (long c : counts) {
      total += c;
    }
    double[] continuous = new double[counts.length];
    long[] floored = new long[counts.length];
    long need = draws;
    for (int i = 0; i < counts.length; i++) {
      continuous[i] = (double) counts[i] / total * draws;
      floored[i] = (long) Math.floor(continuous[i]);
      need -= floored[i];
    }
    if (need <= 0) {
      return floored;
    }
    double[] remainder = new double[counts.length];
    for (int i = 0; i < counts.length; i++) {
      remainder[i] = continuous[i] - floored[i];
    }
    double[] values = java.util.Arrays.stream(remainder).distinct().sorted().toArray();
    for (int v = values.length - 1; v >= 0 && need > 0; v--) {
      double value = values[v];
      int[] inds = java.util.stream.IntStream.range(0, counts.length).filter(i -> remainder[i] == value).toArray();
      int addNow = (int) Math.min(inds.length, need);
      long[] chosen = addNow == inds.length ? java.util.stream.IntStream.range(0, addNow).asLongStream().toArray()
          : SmallResults.fetch(rs.choice(inds.length, new long[] {addNow}, false, (double[]) null))[0].longs();
      for (long c : chosen) {
        floored[inds[(int) c]]++;
      }
      need -= addNow;
    }
    return floored;
  }

  /** Refuses a target that is not classes: float labels that are not all whole numbers. */
  static void requireClasses(TileableHandle y, Categories.Column classes, String who) {
    String type = Categories.typeOfTarget(y, classes);
    if (!type.equals("binary") && !type.equals("multiclass")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, who + ": Supported target types are: ('binary', "
          + "'multiclass'). Got '" + type + "' instead.");
    }
  }

  /** The rows' codes as int64 (they are). */
  Tensor codes64() {
    return codes.dtype() == DType.INT64 ? codes : codes.astype(DType.INT64);
  }
}
