package org.marsonspark.tensor.kernel;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * The NaN-ignoring members of the reduction family (nansum, nanprod, nanmin, nanmax, nanmean,
 * nanvar, nanstd, nanargmin, nanargmax). Each only declares map, combine and finish; the tree
 * is {@link Reduction}'s. On integer and bool input they equal their plain counterparts.
 */
public final class NanReductions {
  private NanReductions() {}

  /**
   * nansum and nanprod (NaN counts as the identity), nanmin and nanmax (NaN ignored; an
   * all-NaN slice gives NaN, as numpy's, which also warns).
   */
  public record NanSimple(String name, Reductions.Simple plain) implements ReductionFn {
    public static final NanSimple NANSUM = new NanSimple("nansum", Reductions.Simple.SUM);
    public static final NanSimple NANPROD = new NanSimple("nanprod", Reductions.Simple.PROD);
    public static final NanSimple NANMIN = new NanSimple("nanmin", Reductions.Simple.MIN);
    public static final NanSimple NANMAX = new NanSimple("nanmax", Reductions.Simple.MAX);

    private boolean extreme() {
      return plain.merge() == Reductions.Merge.MIN || plain.merge() == Reductions.Merge.MAX;
    }

    @Override
    public DType resultType(DType in) {
      return plain.resultType(in);
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      if (!chunk.dtype().isFloat()) {
        return plain.map(chunk, axes, offset, globalShape);
      }
      ReduceLayout l = new ReduceLayout(chunk, axes);
      double[] x = l.data.astype(DType.FLOAT64).doubles();
      double[] out = new double[l.outer];
      for (int o = 0; o < l.outer; o++) {
        double acc = switch (plain.merge()) {
          case SUM -> 0;
          case PROD -> 1;
          default -> Double.NaN;
        };
        for (int i = 0; i < l.inner; i++) {
          acc = merge(acc, x[o * l.inner + i]);
        }
        out[o] = acc;
      }
      return NDArray.of(out, l.partialShape);
    }

    private double merge(double acc, double v) {
      if (Double.isNaN(v)) {
        return acc;
      }
      return switch (plain.merge()) {
        case SUM -> acc + v;
        case PROD -> acc * v;
        case MIN -> Double.isNaN(acc) || v < acc ? v : acc;
        case MAX -> Double.isNaN(acc) || v > acc ? v : acc;
      };
    }

    @Override
    public Object combine(Object[] partials) {
      NDArray first = (NDArray) partials[0];
      if (first.dtype() != DType.FLOAT64 || !extreme()) {
        return plain.combine(partials);
      }
      double[] acc = first.doubles().clone();
      for (int p = 1; p < partials.length; p++) {
        double[] x = ((NDArray) partials[p]).doubles();
        for (int i = 0; i < acc.length; i++) {
          acc[i] = merge(acc[i], x[i]);
        }
      }
      return NDArray.of(acc, first.shape());
    }

    @Override
    public NDArray finish(Object partial) {
      return (NDArray) partial;
    }
  }

  /** nanmean, nanvar and nanstd (with ddof): Chan's merge over per-position counts. */
  public record NanMoment(String name, boolean variance, boolean sqrt, int ddof) implements ReductionFn {
    public static NanMoment nanmean() {
      return new NanMoment("nanmean", false, false, 0);
    }

    public static NanMoment nanvar(int ddof) {
      return new NanMoment("nanvar", true, false, ddof);
    }

    public static NanMoment nanstd(int ddof) {
      return new NanMoment("nanstd", true, true, ddof);
    }

    @Override
    public DType resultType(DType in) {
      return in == DType.FLOAT32 ? DType.FLOAT32 : DType.FLOAT64;
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      ReduceLayout l = new ReduceLayout(chunk, axes);
      double[] x = l.data.astype(DType.FLOAT64).doubles();
      long[] count = new long[l.outer];
      double[] mean = new double[l.outer];
      double[] m2 = new double[l.outer];
      for (int o = 0; o < l.outer; o++) {
        int from = o * l.inner;
        double s = 0;
        long n = 0;
        for (int i = 0; i < l.inner; i++) {
          double v = x[from + i];
          if (!Double.isNaN(v)) {
            s += v;
            n++;
          }
        }
        double m = n == 0 ? 0 : s / n;
        double d2 = 0;
        if (variance) {
          for (int i = 0; i < l.inner; i++) {
            double v = x[from + i];
            if (!Double.isNaN(v)) {
              d2 += (v - m) * (v - m);
            }
          }
        }
        count[o] = n;
        mean[o] = m;
        m2[o] = d2;
      }
      return new Reductions.Moments(count, mean, m2, l.partialShape);
    }

    @Override
    public Object combine(Object[] partials) {
      return Reductions.Moments.merge(partials);
    }

    @Override
    public NDArray finish(Object partial) {
      Reductions.Moments m = (Reductions.Moments) partial;
      double[] out = new double[m.size()];
      for (int i = 0; i < out.length; i++) {
        if (!variance) {
          out[i] = m.count(i) == 0 ? Double.NaN : m.mean(i);
        } else {
          // numpy: NaN where n - ddof <= 0 (an all-NaN slice included)
          long dof = m.count(i) - ddof;
          double v = dof <= 0 ? Double.NaN : m.m2(i) / dof;
          out[i] = sqrt ? Math.sqrt(v) : v;
        }
      }
      return NDArray.of(out, m.shape());
    }
  }

  /**
   * nanargmin and nanargmax: the first position of the extreme non-NaN value; an all-NaN slice
   * is an error, as numpy's ValueError.
   */
  public record NanArg(String name, boolean max) implements ReductionFn {
    public static final NanArg NANARGMIN = new NanArg("nanargmin", false);
    public static final NanArg NANARGMAX = new NanArg("nanargmax", true);

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

    private boolean better(double v, long vi, double best, long bi) {
      if (Double.isNaN(v)) {
        return false;
      }
      if (bi < 0) {
        return true;
      }
      if (v == best) {
        return vi < bi;
      }
      return max ? v > best : v < best;
    }

    @Override
    public Object map(NDArray chunk, int[] axes, long[] offset, long[] globalShape) {
      ReduceLayout l = new ReduceLayout(chunk, axes);
      if (l.inner == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "attempt to get " + name + " of an empty sequence");
      }
      double[] value = new double[l.outer];
      long[] index = new long[l.outer];
      boolean all = axes.length == chunk.ndim();
      long[] cshape = chunk.shape();
      for (int o = 0; o < l.outer; o++) {
        long bestI = -1;
        double best = Double.NaN;
        for (int i = 0; i < l.inner; i++) {
          double v = l.data.getDouble(o * l.inner + i);
          long gi = all ? globalFlat(i, cshape, offset, globalShape) : offset[axes[0]] + i;
          if (better(v, gi, best, bestI)) {
            best = v;
            bestI = gi;
          }
        }
        value[o] = best;
        index[o] = bestI;
      }
      return new Reductions.Best(value, index, l.partialShape);
    }

    private static long globalFlat(int local, long[] cshape, long[] offset, long[] gshape) {
      long rem = local;
      long[] idx = new long[cshape.length];
      for (int i = cshape.length - 1; i >= 0; i--) {
        idx[i] = rem % cshape[i];
        rem /= cshape[i];
      }
      long flat = 0;
      for (int i = 0; i < cshape.length; i++) {
        flat = flat * gshape[i] + offset[i] + idx[i];
      }
      return flat;
    }

    @Override
    public Object combine(Object[] partials) {
      Reductions.Best acc = (Reductions.Best) partials[0];
      double[] v = acc.value().clone();
      long[] ix = acc.index().clone();
      for (int p = 1; p < partials.length; p++) {
        Reductions.Best b = (Reductions.Best) partials[p];
        for (int i = 0; i < v.length; i++) {
          if (b.index()[i] >= 0 && better(b.value()[i], b.index()[i], v[i], ix[i])) {
            v[i] = b.value()[i];
            ix[i] = b.index()[i];
          }
        }
      }
      return new Reductions.Best(v, ix, acc.shape());
    }

    @Override
    public NDArray finish(Object partial) {
      Reductions.Best b = (Reductions.Best) partial;
      for (long i : b.index()) {
        if (i < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, name + ": All-NaN slice encountered");
        }
      }
      return NDArray.of(b.index().clone(), b.shape());
    }
  }
}
