package org.marsonspark.learn.impute;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.learn.kernel.ColumnMoments;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code SimpleImputer} for numeric X: replaces missing values ({@code missingValues},
 * NaN by default, or a number) by each feature's mean, median, most frequent value or a constant.
 * The statistics come from the executors: the mean from one pass of column moments, the median
 * from the dataframe module's exact selection in rounds, the most frequent value from a
 * distributed {@code unique} with counts per feature (its first maximum, so the smallest value
 * among ties, as sklearn); only the statistics reach the driver. A feature without any value gets
 * NaN and is dropped by transform (with {@code keepEmptyFeatures}, kept and filled with 0).
 * {@code addIndicator} appends a 0/1 column per feature that had missing values in fit.
 * {@code transform} is lazy.
 *
 * <p>Not yet: string (object) columns (sklearn allows them with "most_frequent" and "constant");
 * the output is always float, where sklearn keeps an integer X's dtype for those two strategies.
 */
public final class SimpleImputer extends BaseEstimator<SimpleImputer> implements Transformer<SimpleImputer> {
  static final ParamSpec SPEC = ParamSpec.of("SimpleImputer")
      .param("missingValues", Double.NaN, Constraint.instanceOf(Number.class, "a float or an int (NaN included)"))
      .param("strategy", "mean", Constraint.options("mean", "median", "most_frequent", "constant"))
      .param("fillValue", null, Constraint.anyOf(Constraint.none(), Constraint.instanceOf(Number.class, "a number")))
      .param("addIndicator", false, Constraint.bool())
      .param("keepEmptyFeatures", false, Constraint.bool());

  private double[] statistics;
  private int[] indicatorFeatures;

  public SimpleImputer() {
    this(SPEC.defaults());
  }

  private SimpleImputer(Params params) {
    super(params);
  }

  @Override
  protected SimpleImputer copy(Params params) {
    return new SimpleImputer(params);
  }

  public double missingValues() {
    return ((Number) param("missingValues")).doubleValue();
  }

  public SimpleImputer missingValues(double v) {
    return with("missingValues", v);
  }

  public String strategy() {
    return param("strategy");
  }

  public SimpleImputer strategy(String s) {
    return with("strategy", s);
  }

  /** The fill value of "constant" (null: 0). */
  public Number fillValue() {
    return param("fillValue");
  }

  public SimpleImputer fillValue(Number v) {
    return with("fillValue", v);
  }

  public boolean addIndicator() {
    return param("addIndicator");
  }

  public SimpleImputer addIndicator(boolean on) {
    return with("addIndicator", on);
  }

  public boolean keepEmptyFeatures() {
    return param("keepEmptyFeatures");
  }

  public SimpleImputer keepEmptyFeatures(boolean on) {
    return with("keepEmptyFeatures", on);
  }

  @Override
  public SimpleImputer fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    Features f = Features.of(x, name());
    if (f.x().isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + " on a sparse X is not supported yet: call "
          + "toDense() first");
    }
    int d = f.nFeatures();
    try (HeldData held = HeldData.of(f.x())) {
      Inputs.requireFinite(f.x(), "X", name(), Double.isNaN(missingValues()));
      Tensor masked = asNaN(f.x());
      // per column: count of values, mean, M2 — and the count of missing ones (rows - count)
      NDArray moments = Blocks.evaluate(List.of(masked), new ColumnMoments(d, false), 3, d);
      double[] count = new double[d];
      System.arraycopy(moments.doubles(), 0, count, 0, d);
      statistics = switch (strategy()) {
        case "mean" -> orEmpty(slice(moments.doubles(), d, d), count);
        case "median" -> orEmpty(SmallResults.columnQuantiles(masked, true)[0], count);
        case "most_frequent" -> orEmpty(mostFrequent(masked, d), count);
        default -> constant(d);
      };
      indicatorFeatures = indicatorFeatures(count, f.nSamples());
    }
    fitted(f.info());
    return this;
  }

  /** X with its missing values as NaN (X itself when they are NaN already). */
  private Tensor asNaN(Tensor x) {
    double mv = missingValues();
    return Double.isNaN(mv) ? x : Mt.where(x.eq(mv), Double.NaN, x).astype(x.dtype());
  }

  private static double[] slice(double[] a, int from, int n) {
    double[] out = new double[n];
    System.arraycopy(a, from, out, 0, n);
    return out;
  }

  /** A feature without values: NaN (dropped by transform), or 0 with {@code keepEmptyFeatures}. */
  private double[] orEmpty(double[] stats, double[] count) {
    double[] out = stats.clone();
    for (int c = 0; c < out.length; c++) {
      if (count[c] == 0) {
        out[c] = keepEmptyFeatures() ? 0 : Double.NaN;
      }
    }
    return out;
  }

  /** Per feature the most frequent non-missing value, the smallest among ties: unique with counts, then the first maximum. */
  private static double[] mostFrequent(Tensor masked, int d) {
    Tensor[] modes = new Tensor[d];
    for (int c = 0; c < d; c++) {
      Tensor[] uc = Mt.unique(masked.index(Slice.all(), (long) c), false, false, true);
      Tensor counts = Mt.where(Mt.isnan(uc[0]), -1L, uc[1]);
      modes[c] = uc[0].take(counts.argmax().reshape(1), 0);
    }
    NDArray[] got = SmallResults.fetch(modes);
    double[] out = new double[d];
    for (int c = 0; c < d; c++) {
      out[c] = got[c].getDouble(0);
    }
    return out;
  }

  private double[] constant(int d) {
    double v = fillValue() == null ? 0 : fillValue().doubleValue();
    double[] out = new double[d];
    java.util.Arrays.fill(out, v);
    return out;
  }

  /** The features that had missing values in fit (sklearn's MissingIndicator, features='missing-only'). */
  private int[] indicatorFeatures(double[] count, long rows) {
    List<Integer> out = new ArrayList<>();
    for (int c = 0; c < count.length; c++) {
      if (count[c] < rows) {
        out.add(c);
      }
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Per feature the value that replaces its missing values ({@code statistics_}). */
  public Tensor statistics_() {
    requireFitted();
    return Mt.tensor(NDArray.of(statistics.clone()));
  }

  /** The features that get an indicator column ({@code indicator_.features_}); null without {@code addIndicator}. */
  public Tensor indicatorFeatures_() {
    requireFitted();
    return addIndicator() ? Mt.tensor(NDArray.of(java.util.Arrays.stream(indicatorFeatures).asLongStream().toArray()))
        : null;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, Double.isNaN(missingValues()));
    DType dt = in.dtype();
    Tensor missing = Double.isNaN(missingValues()) ? Mt.isnan(in) : in.eq(missingValues());
    Tensor filled = Mt.where(missing, Mt.tensor(NDArray.of(statistics.clone())).astype(dt), in).astype(dt);
    long[] kept = kept();
    if (kept.length < statistics.length) {
      filled = filled.take(kept, 1);
    }
    if (!addIndicator()) {
      return filled;
    }
    long[] cols = java.util.Arrays.stream(indicatorFeatures).asLongStream().toArray();
    Tensor indicator = missing.take(cols, 1).astype(dt);
    return Mt.hstack(filled, indicator);
  }

  /** The features transform keeps: all with "constant" or {@code keepEmptyFeatures}, else those with a statistic. */
  private long[] kept() {
    List<Long> out = new ArrayList<>();
    boolean all = strategy().equals("constant") || keepEmptyFeatures();
    for (int c = 0; c < statistics.length; c++) {
      if (all || !Double.isNaN(statistics[c])) {
        out.add((long) c);
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }
}
