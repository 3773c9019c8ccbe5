package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.ScalarData;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * {@code s.quantile(q)} and {@code s.median()}, exact: the valid values are sorted (the
 * parallel sort by regular sampling), their count is known once that has run, and the one or
 * two values around position {@code (n - 1) q} are read from the chunks holding them and
 * interpolated as numpy does (linear, with its {@code lerp}; the median is the mean of the two
 * middle values). No chunk holds more than the sort gave it.
 */
public final class Quantile extends DfOp {
  private final double q;
  private final boolean median;

  private Quantile(SeriesData sorted, double q, boolean median) {
    super(List.of(sorted));
    this.q = q;
    this.median = median;
  }

  @Override
  public String name() {
    return median ? "median" : "quantile";
  }

  private static void check(DfType t, String fn, String what) {
    if (t != DfType.INT64 && t != DfType.FLOAT64) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, fn + " of " + what + " (dtype " + t.pandasName()
          + ") is not supported: int64 and float64 only");
    }
  }

  /** {@code s.quantile(q)} ({@code median}: {@code s.median()}, q = 0.5). */
  public static Scalar of(Series s, double q, boolean median) {
    String fn = median ? "median" : "quantile";
    check(s.dtype(), fn, "a series");
    if (!(q >= 0 && q <= 1)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "quantile: q must be between 0 and 1 inclusive, got " + q);
    }
    Series sorted = s.dropna().sortValues();
    return new Quantile(sorted.data(), q, median).newScalar(new ScalarData(DfType.FLOAT64));
  }

  /** {@code df.quantile(q)} / {@code df.median()}: a series indexed by the column names (int64 and float64 columns). */
  public static Series frame(DataFrame df, double q, boolean median) {
    DataFrameData d = df.data();
    String fn = median ? "median" : "quantile";
    List<String> names = new ArrayList<>();
    List<TileableData> scalars = new ArrayList<>();
    for (String c : d.columns()) {
      check(d.dtype(c), fn, "column '" + c + "'");
      names.add(c);
      scalars.add(of(df.col(c), q, median).data());
    }
    // pandas names df.quantile(q)'s series after q
    String name = median ? null : Double.toString(q);
    FrameOps.CollectSeries collect = new FrameOps.CollectSeries(names, DfType.FLOAT64, fn, name);
    FrameOps.Collect op = new FrameOps.Collect(scalars.isEmpty() ? List.of(d) : scalars, collect);
    return op.series(new SeriesData(names.size(), name, DfType.FLOAT64, IndexMeta.of(DfType.OBJECT, null),
        DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    SeriesData in = (SeriesData) in(0);
    ctx.requireKnownShapes(in);
    long[] splits = in.rowSplits();
    long n = 0;
    for (long s : splits) {
      n += s;
    }
    ScalarData out = (ScalarData) output();
    List<Chunk> chunks = in.chunks();
    Chunk fin;
    if (n == 0) {
      fin = ctx.newChunk(new Pick(q, median, new int[0]), List.of(chunks.get(0)), new int[0], new long[0],
          out.chunkMeta());
    } else {
      double pos = (n - 1) * q;
      long lo = (long) Math.floor(pos);
      long hi = Math.min(lo + 1, n - 1);
      int[] at = new int[4];
      List<Chunk> inputs = new ArrayList<>();
      long start = 0;
      for (int r = 0; r < chunks.size(); r++) {
        long end = start + splits[r];
        for (int k = 0; k < 2; k++) {
          long p = k == 0 ? lo : hi;
          if (p >= start && p < end) {
            int slot = inputs.indexOf(chunks.get(r));
            if (slot < 0) {
              inputs.add(chunks.get(r));
              slot = inputs.size() - 1;
            }
            at[2 * k] = slot;
            at[2 * k + 1] = (int) (p - start);
          }
        }
        start = end;
      }
      fin = ctx.newChunk(new Pick(pos - lo, median, at), inputs, new int[0], new long[0], out.chunkMeta());
    }
    out.setChunks(List.of(fin), new long[0][]);
  }

  /**
   * The interpolated value from the chunks holding the two positions around the quantile:
   * {@code at} = {input, offset} of the lower value, then of the upper one; empty for no values.
   */
  record Pick(double t, boolean median, int[] at) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      if (at.length == 0) {
        return new ScalarValue(Double.NaN);
      }
      double a = value(inputs, at[0], at[1]);
      double b = value(inputs, at[2], at[3]);
      return new ScalarValue(median ? (t == 0 ? a : (a + b) / 2) : lerp(a, b, t));
    }

    private static double value(Object[] inputs, int input, int offset) {
      return ((Number) ((LocalSeries) inputs[input]).get(offset)).doubleValue();
    }

    /** numpy's {@code _lerp}: from the lower end below one half, from the upper end above. */
    static double lerp(double a, double b, double t) {
      double diff = b - a;
      return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
    }

    @Override
    public String name() {
      return "quantile.pick";
    }
  }
}
