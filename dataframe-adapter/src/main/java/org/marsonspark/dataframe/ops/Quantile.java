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
import org.marsonspark.dataframe.local.PyRepr;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * {@code s.quantile(q)} and {@code s.median()}, exact, without sorting: a selection in rounds
 * over the held series, each one pass of every chunk in parallel plus a few kilobytes read at
 * tiling. First each chunk's count, minimum and maximum; then histograms of 65 536 equal-width
 * buckets over the range still in play, which tell how many values lie below the bucket holding
 * the wanted ranks (the one or two around {@code (n - 1) q}); that bucket becomes the range of the
 * next round, until it holds at most {@link #GATHER} values (or one distinct value). Those are
 * gathered into one task, sorted, and the ranks read and interpolated as numpy does (linear,
 * with its {@code lerp}; the median is the mean of the two middle values). Membership of a bucket
 * is decided by the same arithmetic in every round, so the counts are exact whatever the
 * rounding of bucket edges. Skewed data only adds rounds.
 */
public final class Quantile extends DfOp {
  /** Buckets per round. */
  static final int BUCKETS = 1 << 16;
  /** At most this many values are gathered into the final task. */
  public static final long GATHER = 1 << 20;

  private final double q;
  private final boolean median;
  private final long gather;
  /** Each round's parts, kept across calls of {@link #tile}, which starts again after each round ran. */
  private final List<Parts> rounds = new ArrayList<>();

  private Quantile(SeriesData in, double q, boolean median, long gather) {
    super(List.of(in));
    this.q = q;
    this.median = median;
    this.gather = gather;
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
    return of(s, q, median, GATHER);
  }

  /** As {@link #of(Series, double, boolean)}, gathering at most {@code gather} values (tests use a few, to run every round). */
  public static Scalar of(Series s, double q, boolean median, long gather) {
    String fn = median ? "median" : "quantile";
    check(s.dtype(), fn, "a series");
    if (!(q >= 0 && q <= 1)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "quantile: q must be between 0 and 1 inclusive, got " + q);
    }
    return new Quantile(s.data(), q, median, Math.max(1, gather)).newScalar(new ScalarData(DfType.FLOAT64));
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
    String name = median ? null : PyRepr.floatRepr(q);
    FrameOps.CollectSeries collect = new FrameOps.CollectSeries(names, DfType.FLOAT64, fn, name);
    FrameOps.Collect op = new FrameOps.Collect(scalars.isEmpty() ? List.of(d) : scalars, collect);
    return op.series(new SeriesData(names.size(), name, DfType.FLOAT64, IndexMeta.of(DfType.OBJECT, null),
        DfData.newAlignKey()));
  }

  /** One chosen bucket: values v with {@code bucket(v, lo, hi) == index} stay in play. */
  record Level(double lo, double hi, int index) implements java.io.Serializable {
    static int bucket(double v, double lo, double hi) {
      int b = (int) ((v - lo) / (hi - lo) * BUCKETS);
      return b < 0 ? 0 : Math.min(b, BUCKETS - 1);
    }
  }

  /** A round's private tileable: one small part per chunk of the series. */
  static final class Parts extends TileableData {
    Parts() {
      super(new long[] {org.marsonspark.core.Shapes.UNKNOWN});
    }
  }

  /** Round {@code i}'s parts, built on the first call and the same on every call after (tiling resumes). */
  private Parts round(TileContext ctx, int i, List<Chunk> chunks, Summary op) {
    while (rounds.size() <= i) {
      rounds.add(null);
    }
    if (rounds.get(i) == null) {
      List<Chunk> parts = new ArrayList<>();
      for (Chunk c : chunks) {
        parts.add(ctx.newChunk(op, List.of(c), new int[] {c.index(0)}, new long[] {1}, null));
      }
      Parts p = new Parts();
      p.setChunks(parts, new long[][] {unknownSplits(parts.size())});
      rounds.set(i, p);
    }
    return rounds.get(i);
  }

  private static List<Level> with(List<Level> levels, Level l) {
    List<Level> out = new ArrayList<>(levels);
    out.add(l);
    return out;
  }

  private void finish(ScalarData out, Chunk fin) {
    out.setChunks(List.of(fin), new long[0][]);
  }

  @Override
  public void tile(TileContext ctx) {
    SeriesData in = (SeriesData) in(0);
    // run the series once: every round reads its held chunks
    ctx.requireExecuted(in);
    List<Chunk> chunks = in.chunks();
    ScalarData out = (ScalarData) output();
    List<Chunk> any = List.of(chunks.get(0));
    Part total = Part.sum(ctx.requireValues(round(ctx, 0, chunks, new Summary(List.of(), Mode.COUNT, 0, 0))));
    if (total.n == 0) {
      finish(out, ctx.newChunk(Pick.of(Double.NaN, Double.NaN, median, 0), any, new int[0], new long[0],
          out.chunkMeta()));
      return;
    }
    double pos = (total.n - 1) * q;
    long lo = (long) Math.floor(pos);
    long hi = Math.min(lo + 1, total.n - 1);
    double t = pos - lo;
    List<Level> chosen = new ArrayList<>();
    double min = total.min;
    double max = total.max;
    long below = 0;
    long inPlay = total.n;
    int next = 1;
    while (inPlay > gather && min < max) {
      Summary histogram = new Summary(List.copyOf(chosen), Mode.HISTOGRAM, min, max);
      long[] hist = Part.sum(ctx.requireValues(round(ctx, next++, chunks, histogram))).hist;
      long seen = below;
      int bLo = -1;
      int bHi = -1;
      long belowLo = 0;
      for (int b = 0; b < BUCKETS && bHi < 0; b++) {
        if (bLo < 0 && lo < seen + hist[b]) {
          bLo = b;
          belowLo = seen;
        }
        if (hi < seen + hist[b]) {
          bHi = b;
        }
        seen += hist[b];
      }
      if (bLo != bHi) {
        // ranks lo and hi straddle buckets: lo is the largest value of its bucket, hi the smallest of its
        Part a = Part.sum(ctx.requireValues(round(ctx, next++, chunks,
            new Summary(with(chosen, new Level(min, max, bLo)), Mode.COUNT, 0, 0))));
        Part b = Part.sum(ctx.requireValues(round(ctx, next++, chunks,
            new Summary(with(chosen, new Level(min, max, bHi)), Mode.COUNT, 0, 0))));
        finish(out, ctx.newChunk(Pick.of(a.max, b.min, median, t), any, new int[0], new long[0], out.chunkMeta()));
        return;
      }
      chosen.add(new Level(min, max, bLo));
      double width = (max - min) / BUCKETS;
      double nextMin = min + width * bLo;
      double nextMax = bLo == BUCKETS - 1 ? max : min + width * (bLo + 1);
      below = belowLo;
      inPlay = hist[bLo];
      min = nextMin;
      max = nextMax;
    }
    if (min == max && inPlay > gather) {
      // one distinct value holds both ranks
      finish(out, ctx.newChunk(Pick.of(min, min, median, t), any, new int[0], new long[0], out.chunkMeta()));
      return;
    }
    Parts gathered = round(ctx, next, chunks, new Summary(List.copyOf(chosen), Mode.GATHER, 0, 0));
    finish(out, ctx.newChunk(new Pick(Double.NaN, Double.NaN, median, t, lo - below, hi - below, true),
        gathered.chunks(), new int[0], new long[0], out.chunkMeta()));
  }

  /** What a round learns from one chunk: count, extremes, and a histogram or the values in play. */
  static final class Part implements org.marsonspark.core.ChunkValue, java.io.Serializable {
    private static final long serialVersionUID = 1L;
    long n;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    long[] hist;
    double[] values;

    static Part sum(Object[] parts) {
      Part s = new Part();
      for (Object o : parts) {
        Part p = (Part) o;
        s.n += p.n;
        s.min = Math.min(s.min, p.min);
        s.max = Math.max(s.max, p.max);
        if (p.hist != null) {
          if (s.hist == null) {
            s.hist = new long[p.hist.length];
          }
          for (int b = 0; b < p.hist.length; b++) {
            s.hist[b] += p.hist[b];
          }
        }
      }
      return s;
    }

    @Override
    public long[] shape() {
      return new long[] {1};
    }

    @Override
    public long nbytes() {
      return 32 + (hist == null ? 0 : 8L * hist.length) + (values == null ? 0 : 8L * values.length);
    }

    @Override
    public String kind() {
      return "quantile_part";
    }
  }

  /** What a pass over a chunk returns beside the count and extremes of the values in play. */
  enum Mode { COUNT, HISTOGRAM, GATHER }

  /**
   * One pass over a chunk: the valid values that fall in every chosen bucket so far; of those,
   * the count and extremes, and their histogram over [min, max] or the values themselves.
   */
  record Summary(List<Level> levels, Mode mode, double min, double max) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      double[] x = Windowed.doubles(((LocalSeries) inputs[0]).values());
      Part p = new Part();
      double[] kept = mode == Mode.GATHER ? new double[x.length] : null;
      if (mode == Mode.HISTOGRAM) {
        p.hist = new long[BUCKETS];
      }
      int k = 0;
      for (double v : x) {
        if (Double.isNaN(v) || !inPlay(v)) {
          continue;
        }
        p.n++;
        p.min = Math.min(p.min, v);
        p.max = Math.max(p.max, v);
        if (mode == Mode.HISTOGRAM) {
          p.hist[Level.bucket(v, min, max)]++;
        } else if (mode == Mode.GATHER) {
          kept[k++] = v;
        }
      }
      if (kept != null) {
        p.values = java.util.Arrays.copyOf(kept, k);
      }
      return p;
    }

    private boolean inPlay(double v) {
      for (Level l : levels) {
        if (Level.bucket(v, l.lo(), l.hi()) != l.index()) {
          return false;
        }
      }
      return true;
    }

    @Override
    public String name() {
      return "quantile." + mode.name().toLowerCase();
    }
  }

  /**
   * The result: from the values at ranks {@code rankLo} and {@code rankHi} of the gathered parts
   * (sorted here), or from two values already known ({@code a}, {@code b}).
   */
  record Pick(double a, double b, boolean median, double t, long rankLo, long rankHi, boolean gathered)
      implements ChunkOp {
    static Pick of(double a, double b, boolean median, double t) {
      return new Pick(a, b, median, t, 0, 0, false);
    }

    @Override
    public Object execute(Object[] inputs) {
      double x = a;
      double y = b;
      if (gathered) {
        int n = 0;
        for (Object o : inputs) {
          n += ((Part) o).values.length;
        }
        double[] v = new double[n];
        int at = 0;
        for (Object o : inputs) {
          double[] part = ((Part) o).values;
          System.arraycopy(part, 0, v, at, part.length);
          at += part.length;
        }
        java.util.Arrays.sort(v);
        x = v[(int) rankLo];
        y = v[(int) rankHi];
      }
      return new ScalarValue(median ? (t == 0 ? x : (x + y) / 2) : lerp(x, y, t));
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
