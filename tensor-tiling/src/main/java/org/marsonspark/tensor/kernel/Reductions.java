package org.marsonspark.tensor.kernel;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoSerializable;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.Arrays;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/** The members of the reduction family. */
public final class Reductions {
  private Reductions() {}

  /** How values merge in the simple reductions. */
  public enum Merge { SUM, PROD, MIN, MAX }

  /**
   * sum, prod, min, max, all, any and count_nonzero: partials are arrays in the accumulating
   * dtype (float64 for floats, int64 otherwise).
   */
  public record Simple(String name, Merge merge, boolean nonzero, DType fixedResult, boolean keepInputType)
      implements ReductionFn {
    public static final Simple SUM = new Simple("sum", Merge.SUM, false, null, false);
    public static final Simple PROD = new Simple("prod", Merge.PROD, false, null, false);
    public static final Simple MIN = new Simple("min", Merge.MIN, false, null, true);
    public static final Simple MAX = new Simple("max", Merge.MAX, false, null, true);
    public static final Simple ALL = new Simple("all", Merge.MIN, true, DType.BOOL, false);
    public static final Simple ANY = new Simple("any", Merge.MAX, true, DType.BOOL, false);
    public static final Simple COUNT_NONZERO = new Simple("count_nonzero", Merge.SUM, true, DType.INT64, false);

    @Override
    public DType resultType(DType in) {
      if (fixedResult != null) {
        return fixedResult;
      }
      if (keepInputType || in.isFloat()) {
        return in;
      }
      return DType.INT64;
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      ReduceLayout l = new ReduceLayout(chunk, axes);
      if (l.inner == 0 && !hasIdentity()) {
        // an empty chunk of a tensor that may not be empty; typed as the partial it stands for
        return new NoElements(name, l.partialShape, chunk.dtype().isFloat() ? DType.FLOAT64 : DType.INT64);
      }
      boolean floating = chunk.dtype().isFloat() && !nonzero;
      if (floating) {
        double[] x = l.data.astype(DType.FLOAT64).doubles();
        double[] out = new double[l.outer];
        for (int o = 0; o < l.outer; o++) {
          out[o] = reduce(x, o * l.inner, l.inner);
        }
        return NDArray.of(out, l.partialShape);
      }
      long[] x = nonzero ? nonzeros(l.data) : l.data.astype(DType.INT64).longs();
      long[] out = new long[l.outer];
      for (int o = 0; o < l.outer; o++) {
        out[o] = reduce(x, o * l.inner, l.inner);
      }
      return NDArray.of(out, l.partialShape);
    }

    private static long[] nonzeros(NDArray a) {
      long[] out = new long[a.size()];
      for (int i = 0; i < out.length; i++) {
        out[i] = a.getBool(i) ? 1 : 0;
      }
      return out;
    }

    private double reduce(double[] x, int from, int n) {
      switch (merge) {
        case SUM -> {
          return laneSum(x, from, n);
        }
        case PROD -> {
          double p = 1;
          for (int i = 0; i < n; i++) {
            p *= x[from + i];
          }
          return p;
        }
        case MIN -> {
          double m = Double.POSITIVE_INFINITY;
          for (int i = 0; i < n; i++) {
            m = Math.min(m, x[from + i]);
          }
          return m;
        }
        default -> {
          double m = Double.NEGATIVE_INFINITY;
          for (int i = 0; i < n; i++) {
            m = Math.max(m, x[from + i]);
          }
          return m;
        }
      }
    }

    private long reduce(long[] x, int from, int n) {
      long r = switch (merge) {
        case SUM -> 0;
        case PROD -> 1;
        // all/any count in 0/1: an empty all is true, an empty any false
        case MIN -> nonzero ? 1 : Long.MAX_VALUE;
        case MAX -> nonzero ? 0 : Long.MIN_VALUE;
      };
      for (int i = 0; i < n; i++) {
        r = merge(r, x[from + i]);
      }
      return r;
    }

    private long merge(long a, long b) {
      return switch (merge) {
        case SUM -> a + b;
        case PROD -> a * b;
        case MIN -> Math.min(a, b);
        case MAX -> Math.max(a, b);
      };
    }

    private double merge(double a, double b) {
      return switch (merge) {
        case SUM -> a + b;
        case PROD -> a * b;
        case MIN -> Math.min(a, b);
        case MAX -> Math.max(a, b);
      };
    }

    /** min and max have no identity: numpy refuses them over no elements. */
    boolean hasIdentity() {
      return nonzero || (merge != Merge.MIN && merge != Merge.MAX);
    }

    @Override
    public Object combine(Object[] all) {
      Object[] partials = Arrays.stream(all).filter(p -> !(p instanceof NoElements)).toArray();
      if (partials.length == 0) {
        return all[0];
      }
      NDArray first = (NDArray) partials[0];
      if (first.dtype() == DType.FLOAT64) {
        double[] acc = first.doubles().clone();
        for (int p = 1; p < partials.length; p++) {
          double[] x = ((NDArray) partials[p]).doubles();
          for (int i = 0; i < acc.length; i++) {
            acc[i] = merge(acc[i], x[i]);
          }
        }
        return NDArray.of(acc, first.shape());
      }
      long[] acc = first.longs().clone();
      for (int p = 1; p < partials.length; p++) {
        long[] x = ((NDArray) partials[p]).longs();
        for (int i = 0; i < acc.length; i++) {
          acc[i] = merge(acc[i], x[i]);
        }
      }
      return NDArray.of(acc, first.shape());
    }

    @Override
    public NDArray finish(Object partial) {
      if (partial instanceof NoElements none) {
        throw noIdentity(none.op());
      }
      return (NDArray) partial;
    }
  }

  /**
   * The partial of min or max over a chunk with no elements: it takes no part in the merge, and
   * only a reduction over nothing at all is refused (a tensor's chunks may be empty, after
   * boolean indexing most often, where the tensor is not).
   */
  public static final class NoElements implements ChunkValue, java.io.Serializable {
    private final String op;
    private final long[] shape;
    private final String kind;

    public NoElements(String op, long[] partialShape, DType partialType) {
      this.op = op;
      this.shape = partialShape.clone();
      this.kind = partialType.toString(); // as NDArray.kind()
    }

    String op() {
      return op;
    }

    @Override
    public long[] shape() {
      return shape.clone();
    }

    @Override
    public long nbytes() {
      return 8L * shape.length + 16;
    }

    @Override
    public String kind() {
      return kind;
    }
  }

  static MarsException noIdentity(String op) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "zero-size array to reduction operation " + op
        + " which has no identity");
  }

  /**
   * The partial a map step produces, from accumulators computed elsewhere (by a fused kernel):
   * for sum/prod/min/max/... the accumulator array itself; for the mean, means of the sums.
   *
   * @param in dtype of the reduced values
   * @param count elements reduced into each accumulator
   * @param acc {@code double[]} or {@code long[]} accumulators
   */
  public static Object partialOf(ReductionFn fn, DType in, long count, Object acc, long[] shape) {
    if (fn instanceof Moment m && !m.variance()) {
      double[] sums = (double[]) acc;
      double[] mean = new double[sums.length];
      for (int i = 0; i < mean.length; i++) {
        mean[i] = count == 0 ? 0 : sums[i] / count;
      }
      return Moments.uniform(count, mean, new double[mean.length], shape);
    }
    if (fn instanceof Simple) {
      return NDArray.wrap(acc instanceof double[] ? DType.FLOAT64 : DType.INT64, shape, acc);
    }
    throw new IllegalArgumentException(fn.name() + " has no partial from accumulators");
  }

  /**
   * Sum of x[from, from + n), left to right in double precision. Generated fused kernels add in
   * the same order, so results are identical with fusion on and off.
   */
  /**
   * Lanes of a float sum: element i of a contiguous run goes to accumulator {@code i % LANES},
   * each summed in order, and the lanes add up as {@code (s0 + s1) + (s2 + s3)}. Independent
   * accumulators let the additions overlap (one chain of dependent adds costs its latency per
   * element), and the result is closer to numpy's pairwise sum than one running total. The fused
   * loops ({@code fusion.KernelSource}) sum in exactly these lanes, so fused and unfused results
   * stay identical. (Both are written out for four lanes.)
   */
  public static final int LANES = 4;

  /** The float sum of {@code x[from .. from + n)} in {@link #LANES} interleaved lanes. */
  static double laneSum(double[] x, int from, int n) {
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = 0;
    for (; i + 3 < n; i += 4) {
      s0 += x[from + i];
      s1 += x[from + i + 1];
      s2 += x[from + i + 2];
      s3 += x[from + i + 3];
    }
    if (i < n) {
      s0 += x[from + i];
    }
    if (i + 1 < n) {
      s1 += x[from + i + 1];
    }
    if (i + 2 < n) {
      s2 += x[from + i + 2];
    }
    return (s0 + s1) + (s2 + s3);
  }

  /**
   * Chan's pairwise update: folds {@code nb} values with mean {@code meanB} and squared
   * deviations {@code m2B} into position {@code i} of {@code mean}/{@code m2}, which holds
   * {@code n} values. Where the difference of the means is not finite (an infinite or NaN mean)
   * the update would make inf - inf = NaN of an infinite mean, so the mean is then the weighted
   * average and m2 NaN.
   */
  static void chanMerge(double[] mean, double[] m2, int i, long n, long nb, double meanB, double m2B) {
    long total = n + nb;
    double delta = meanB - mean[i];
    if (Double.isFinite(delta)) {
      mean[i] += delta * nb / total;
      m2[i] += m2B + delta * delta * ((double) n * nb / total);
    } else {
      mean[i] = mean[i] * ((double) n / total) + meanB * ((double) nb / total);
      m2[i] = Double.NaN;
    }
  }

  /**
   * Per-position count, mean and sum of squared deviations, merged with Chan's formula: the
   * partial of mean/var/std (every position counts the same values) and of their NaN-skipping
   * forms (each position counts its non-NaN values).
   */
  static final class Moments implements ChunkValue, java.io.Serializable, KryoSerializable {
    private long[] count;
    private double[] mean;
    private double[] m2;
    private long[] shape;

    Moments(long[] count, double[] mean, double[] m2, long[] shape) {
      this.count = count;
      this.mean = mean;
      this.m2 = m2;
      this.shape = shape;
    }

    /** Moments whose positions all count {@code count} values. */
    static Moments uniform(long count, double[] mean, double[] m2, long[] shape) {
      long[] counts = new long[mean.length];
      java.util.Arrays.fill(counts, count);
      return new Moments(counts, mean, m2, shape);
    }

    @SuppressWarnings("unused")
    private Moments() {}

    long count(int i) {
      return count[i];
    }

    double mean(int i) {
      return mean[i];
    }

    double m2(int i) {
      return m2[i];
    }

    int size() {
      return mean.length;
    }

    /** Folds the partials, in order, into a new one; a position that counts nothing is skipped. */
    static Moments merge(Object[] partials) {
      Moments acc = (Moments) partials[0];
      long[] count = acc.count.clone();
      double[] mean = acc.mean.clone();
      double[] m2 = acc.m2.clone();
      for (int p = 1; p < partials.length; p++) {
        Moments b = (Moments) partials[p];
        for (int i = 0; i < mean.length; i++) {
          long nb = b.count[i];
          if (nb == 0) {
            continue;
          }
          chanMerge(mean, m2, i, count[i], nb, b.mean[i], b.m2[i]);
          count[i] += nb;
        }
      }
      return new Moments(count, mean, m2, acc.shape);
    }

    @Override
    public long[] shape() {
      return shape;
    }

    @Override
    public long nbytes() {
      return 24L * mean.length;
    }

    @Override
    public String kind() {
      return "moments";
    }

    @Override
    public void write(Kryo kryo, Output out) {
      out.writeInt(mean.length);
      out.writeLongs(count);
      out.writeDoubles(mean);
      out.writeDoubles(m2);
      out.writeInt(shape.length);
      out.writeLongs(shape);
    }

    @Override
    public void read(Kryo kryo, Input in) {
      int n = in.readInt();
      count = in.readLongs(n);
      mean = in.readDoubles(n);
      m2 = in.readDoubles(n);
      shape = in.readLongs(in.readInt());
    }
  }

  /** mean, var and std (with ddof). */
  public record Moment(String name, boolean variance, boolean sqrt, int ddof) implements ReductionFn {
    public static Moment mean() {
      return new Moment("mean", false, false, 0);
    }

    public static Moment var(int ddof) {
      return new Moment("var", true, false, ddof);
    }

    public static Moment std(int ddof) {
      return new Moment("std", true, true, ddof);
    }

    @Override
    public DType resultType(DType in) {
      return in == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      ReduceLayout l = new ReduceLayout(chunk, axes);
      double[] x = l.data.astype(DType.FLOAT64).doubles();
      double[] mean = new double[l.outer];
      double[] m2 = new double[l.outer];
      for (int o = 0; o < l.outer; o++) {
        int from = o * l.inner;
        double m = l.inner == 0 ? 0 : laneSum(x, from, l.inner) / l.inner;
        mean[o] = m;
        if (variance) {
          double s = 0;
          for (int i = 0; i < l.inner; i++) {
            double d = x[from + i] - m;
            s += d * d;
          }
          m2[o] = s;
        }
      }
      return Moments.uniform(l.inner, mean, m2, l.partialShape);
    }

    @Override
    public Object combine(Object[] partials) {
      return Moments.merge(partials);
    }

    @Override
    public NDArray finish(Object partial) {
      Moments m = (Moments) partial;
      double[] out = new double[m.size()];
      for (int i = 0; i < out.length; i++) {
        if (!variance) {
          out[i] = m.count(i) == 0 ? Double.NaN : m.mean(i);
        } else {
          // numpy divides by max(n - ddof, 0): inf (nan for zero spread) when ddof >= n
          double v = m.m2(i) / Math.max(m.count(i) - ddof, 0);
          out[i] = sqrt ? Math.sqrt(v) : v;
        }
      }
      return NDArray.of(out, m.shape());
    }
  }

  /** Best values and their global positions. */
  static final class Best implements ChunkValue, java.io.Serializable, KryoSerializable {
    private double[] value;
    private long[] index;
    private long[] shape;

    Best(double[] value, long[] index, long[] shape) {
      this.value = value;
      this.index = index;
      this.shape = shape;
    }

    @SuppressWarnings("unused")
    private Best() {}

    double[] value() {
      return value;
    }

    long[] index() {
      return index;
    }

    @Override
    public long[] shape() {
      return shape;
    }

    @Override
    public long nbytes() {
      return 16L * value.length;
    }

    @Override
    public String kind() {
      return "argbest";
    }

    @Override
    public void write(Kryo kryo, Output out) {
      out.writeInt(value.length);
      out.writeDoubles(value);
      out.writeLongs(index);
      out.writeInt(shape.length);
      out.writeLongs(shape);
    }

    @Override
    public void read(Kryo kryo, Input in) {
      int n = in.readInt();
      value = in.readDoubles(n);
      index = in.readLongs(n);
      shape = in.readLongs(in.readInt());
    }
  }

  /** argmin and argmax: the first position of the extreme value (NaN counts as extreme). */
  public record Arg(String name, boolean max) implements ReductionFn {
    public static final Arg ARGMIN = new Arg("argmin", false);
    public static final Arg ARGMAX = new Arg("argmax", true);

    @Override
    public DType resultType(DType in) {
      return DType.INT64;
    }

    @Override
    public boolean needsOffsets() {
      return true;
    }

    @Override
    public boolean singleAxisOnly() {
      return true;
    }

    private boolean better(double v, double best) {
      if (Double.isNaN(best)) {
        return false;
      }
      if (Double.isNaN(v)) {
        return true;
      }
      return max ? v > best : v < best;
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      ReduceLayout l = new ReduceLayout(chunk, axes);
      if (l.inner == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "attempt to get " + name + " of an empty sequence");
      }
      NDArray d = l.data;
      double[] value = new double[l.outer];
      long[] index = new long[l.outer];
      long[] cshape = chunk.shape();
      boolean all = axes.length == chunk.ndim();
      for (int o = 0; o < l.outer; o++) {
        int bestI = 0;
        double best = d.getDouble(o * l.inner);
        for (int i = 1; i < l.inner; i++) {
          double v = d.getDouble(o * l.inner + i);
          if (better(v, best)) {
            best = v;
            bestI = i;
          }
        }
        value[o] = best;
        index[o] = all ? globalFlat(bestI, cshape, offset, globalShape) : offset[axes[0]] + bestI;
      }
      return new Best(value, index, l.partialShape);
    }

    /** The C-order position in the whole tensor of a chunk's local flat position. */
    private static long globalFlat(int local, long[] cshape, long[] offset, long[] gshape) {
      long flat = 0;
      long rem = local;
      long[] idx = new long[cshape.length];
      for (int i = cshape.length - 1; i >= 0; i--) {
        idx[i] = rem % cshape[i];
        rem /= cshape[i];
      }
      for (int i = 0; i < cshape.length; i++) {
        flat = flat * gshape[i] + offset[i] + idx[i];
      }
      return flat;
    }

    @Override
    public Object combine(Object[] partials) {
      Best acc = (Best) partials[0];
      double[] v = acc.value().clone();
      long[] ix = acc.index().clone();
      for (int p = 1; p < partials.length; p++) {
        Best b = (Best) partials[p];
        for (int i = 0; i < v.length; i++) {
          boolean take = better(b.value()[i], v[i]) || (b.value()[i] == v[i] && b.index()[i] < ix[i])
              || (Double.isNaN(b.value()[i]) && Double.isNaN(v[i]) && b.index()[i] < ix[i]);
          if (take) {
            v[i] = b.value()[i];
            ix[i] = b.index()[i];
          }
        }
      }
      return new Best(v, ix, acc.shape());
    }

    @Override
    public NDArray finish(Object partial) {
      Best b = (Best) partial;
      return NDArray.of(b.index().clone(), b.shape());
    }
  }

  static String describe(int[] axes) {
    return Arrays.toString(axes);
  }
}
