package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.LongColumn;

/**
 * {@code describe()} of numeric (int64, float64) columns: count, mean, std, min, the percentiles
 * (default 25%, 50%, 75%, pandas's linear interpolation) and max, as float64, NA skipped.
 *
 * <p>Percentiles are exact, computed without sorting the column and without moving more than
 * a small part of it, in three tree reductions over the chunks (each a map per chunk and
 * {@code combineSize}-wide merges): (1) moments — count, sum (the mean is sum / count), min, max;
 * (2) a histogram of {@link #BUCKETS} equal-width buckets between min and max, and the sum of
 * squared deviations from the mean (std is two-pass, as pandas's); from the histogram every
 * order statistic the percentiles need (ranks {@code floor(q(n-1))} and the next) is known to
 * lie in one bucket, at a known rank inside it; (3) every chunk sends only the values that fall
 * into those buckets, as sorted distinct values with counts, merged up the tree. The final step
 * reads the order statistics off those values and interpolates as numpy's {@code percentile}
 * does. The decisions (which buckets) are made by the chunk ops from the broadcast moments and
 * histogram, so nothing goes through the driver. The values moved are those of at most two
 * buckets per percentile: about {@code 2 n / BUCKETS} each for spread-out data, all of them
 * only when nearly everything falls into one bucket (a column of infinities or of extremely
 * skewed magnitudes) — still exact.
 */
public final class Describe extends DfOp {
  /** Buckets of the histogram pass. */
  public static final int BUCKETS = 2048;
  private static final double[] DEFAULT = {0.25, 0.5, 0.75};

  private final List<String> columns;
  private final double[] pcts;

  private Describe(DfData in, List<String> columns, double[] pcts) {
    super(List.of(in));
    this.columns = columns;
    this.pcts = pcts;
  }

  @Override
  public String name() {
    return "describe";
  }

  /** pandas's percentile list: sorted, unique, within [0, 1], with 0.5 added. */
  static double[] percentiles(double[] given) {
    double[] p = given == null ? DEFAULT : given;
    java.util.TreeSet<Double> set = new java.util.TreeSet<>();
    for (double q : p) {
      if (!(q >= 0 && q <= 1)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "describe: percentiles should all be in the interval "
            + "[0, 1]. Try " + q / 100 + " instead of " + q);
      }
      if (!set.add(q)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "describe: percentiles cannot contain duplicates");
      }
    }
    set.add(0.5);
    return set.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The row labels: count, mean, std, min, the percentiles as pandas formats them, max. */
  static List<String> labels(double[] pcts) {
    List<String> l = new ArrayList<>(List.of("count", "mean", "std", "min"));
    l.addAll(formatPercentiles(pcts));
    l.add("max");
    return l;
  }

  /** pandas's {@code format_percentiles}: "25%", or with as many decimals as tell the percentiles apart. */
  static List<String> formatPercentiles(double[] q) {
    double[] p = new double[q.length];
    boolean allInt = true;
    boolean[] isInt = new boolean[q.length];
    for (int i = 0; i < q.length; i++) {
      p[i] = 100 * q[i];
      isInt[i] = Math.abs((long) p[i] - p[i]) <= 1e-8 + 1e-5 * Math.abs(p[i]);
      allInt &= isInt[i];
    }
    List<String> out = new ArrayList<>();
    int prec = 1;
    if (!allInt) {
      double[] u = Arrays.stream(p).distinct().sorted().toArray();
      double min = Double.POSITIVE_INFINITY;
      if (u[0] > 0) {
        min = u[0];
      }
      if (u[u.length - 1] < 100) {
        min = Math.min(min, 100 - u[u.length - 1]);
      }
      for (int i = 1; i < u.length; i++) {
        min = Math.min(min, u[i] - u[i - 1]);
      }
      prec = Math.max(1, (int) -Math.floor(Math.log10(min)));
    }
    for (int i = 0; i < p.length; i++) {
      if (isInt[i]) {
        out.add((long) p[i] + "%");
      } else {
        double r = new java.math.BigDecimal(p[i]).setScale(prec, java.math.RoundingMode.HALF_EVEN).doubleValue();
        out.add(org.marsonspark.dataframe.local.PyRepr.floatRepr(r) + "%");
      }
    }
    return out;
  }

  private static IndexMeta resultIndex() {
    return IndexMeta.of(DfType.OBJECT, null);
  }

  private static boolean numeric(DfType t) {
    return t == DfType.INT64 || t == DfType.FLOAT64;
  }

  public static Series series(SeriesData in, double[] percentiles) {
    if (!numeric(in.dtype())) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "describe: only numeric (int64, float64) series are "
          + "described so far, not " + in.dtype() + " (pandas gives count/unique/top/freq there)");
    }
    double[] p = percentiles(percentiles);
    return new Describe(in, null, p).newSeries(new SeriesData(labels(p).size(), in.name(), DfType.FLOAT64,
        resultIndex(), DfData.newAlignKey()));
  }

  public static DataFrame frame(DataFrameData in, double[] percentiles) {
    List<String> cols = new ArrayList<>();
    for (int j = 0; j < in.columns().size(); j++) {
      if (numeric(in.dtypes().get(j))) {
        cols.add(in.columns().get(j));
      }
    }
    if (cols.isEmpty()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "describe: the frame has no numeric (int64, float64) "
          + "column; describing object, bool, datetime or category columns is not supported yet");
    }
    double[] p = percentiles(percentiles);
    List<DfType> types = new ArrayList<>();
    cols.forEach(c -> types.add(DfType.FLOAT64));
    return new Describe(in, cols, p).newFrame(new DataFrameData(labels(p).size(), cols, types, resultIndex(),
        DfData.newAlignKey()));
  }

  @Override
  public void tile(TileContext ctx) {
    List<Chunk> ins = in(0).chunks();
    Chunk moments = tree(ctx, ins, List.of(), new MomentsMap(columns), new MomentsMerge());
    Chunk hist = tree(ctx, ins, List.of(moments), new HistMap(columns), new HistMerge());
    Chunk values = tree(ctx, ins, List.of(moments, hist), new ExtractMap(columns, pcts), new ExtractMerge());
    DfData out = out();
    long rows = labels(pcts).size();
    Chunk fin = ctx.newChunk(new Finish(columns, pcts, out instanceof SeriesData sd ? sd.name() : null), List.of(moments, hist, values), rowIndex(out, 0),
        rowShape(out, rows), out.chunkMeta());
    out.setChunks(List.of(fin), nsplitsOf(out, new long[] {rows}));
  }

  /** A map over every input chunk (with broadcast extra inputs), then merges of combineSize until one is left. */
  private static Chunk tree(TileContext ctx, List<Chunk> ins, List<Chunk> extra, ChunkOp map, ChunkOp merge) {
    List<Chunk> level = new ArrayList<>();
    for (Chunk c : ins) {
      List<Chunk> args = new ArrayList<>(List.of(c));
      args.addAll(extra);
      level.add(ctx.newChunk(map, args, new int[] {level.size()}, new long[] {-1}, null));
    }
    int fanIn = Math.max(2, ctx.options().combineSize());
    while (level.size() > 1) {
      List<Chunk> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += fanIn) {
        List<Chunk> group = level.subList(i, Math.min(level.size(), i + fanIn));
        next.add(group.size() == 1 ? group.get(0)
            : ctx.newChunk(merge, group, new int[] {next.size()}, new long[] {-1}, null));
      }
      level = next;
    }
    return level.get(0);
  }

  /** The described columns of a chunk (a series chunk has one). */
  static Column[] columnsOf(Object chunk, List<String> names) {
    if (chunk instanceof LocalSeries s) {
      return new Column[] {s.values()};
    }
    LocalFrame f = (LocalFrame) chunk;
    Column[] c = new Column[names.size()];
    for (int j = 0; j < c.length; j++) {
      c[j] = f.column(names.get(j));
    }
    return c;
  }

  static double at(Column c, int i) {
    return c instanceof DoubleColumn d ? d.getDouble(i) : ((LongColumn) c).getLong(i);
  }

  /** A state of {@code k} columns, column {@code j}'s from {@code state.apply(j)}. */
  static AggState perColumn(int k, java.util.function.IntFunction<Column[]> state) {
    Column[][] states = new Column[k][];
    for (int j = 0; j < k; j++) {
      states[j] = state.apply(j);
    }
    return new AggState(states);
  }

  /** The number of columns the states {@code in} describe. */
  static int columnCount(Object[] in) {
    return ((AggState) in[0]).states().length;
  }

  // ---- (1) moments: count, sum, min, max per column -------------------------------------------

  /** Positions in a moments state. */
  private static final int N = 0;
  private static final int SUM = 1;
  private static final int MIN = 2;
  private static final int MAX = 3;

  /**
   * The mean as pandas takes it, sum / count (a running mean would turn [inf, 1] into NaN, since
   * inf - inf is NaN).
   */
  static double mean(double[] m) {
    return m[SUM] / m[N];
  }

  record MomentsMap(List<String> columns) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      Column[] cols = columnsOf(in[0], columns);
      return perColumn(cols.length, j -> {
        double n = 0;
        double sum = 0;
        double min = Double.NaN;
        double max = Double.NaN;
        for (int i = 0; i < cols[j].size(); i++) {
          double x = at(cols[j], i);
          if (Double.isNaN(x)) {
            continue;
          }
          n++;
          sum += x;
          min = n == 1 ? x : Math.min(min, x);
          max = n == 1 ? x : Math.max(max, x);
        }
        return new Column[] {Column.ofDoubles(n, sum, min, max)};
      });
    }

    @Override
    public String name() {
      return "describe.moments";
    }
  }

  record MomentsMerge() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return perColumn(columnCount(in), j -> {
        double n = 0;
        double sum = 0;
        double min = Double.NaN;
        double max = Double.NaN;
        for (Object o : in) {
          double[] s = moments(o, j);
          if (s[N] == 0) {
            continue;
          }
          sum += s[SUM]; // a NaN partial (inf - inf) is a result and propagates
          min = n == 0 ? s[MIN] : Math.min(min, s[MIN]);
          max = n == 0 ? s[MAX] : Math.max(max, s[MAX]);
          n += s[N];
        }
        return new Column[] {Column.ofDoubles(n, sum, min, max)};
      });
    }

    @Override
    public String name() {
      return "describe.moments.combine";
    }
  }

  static double[] moments(Object state, int j) {
    return ((DoubleColumn) ((AggState) state).states()[j][0]).values();
  }

  static long[] histogram(Object state, int j) {
    return ((LongColumn) ((AggState) state).states()[j][0]).values();
  }

  /** The histogram bucket of a value between min and max (one bucket when the range is zero or not finite). */
  static int bucket(double x, double min, double max) {
    double range = max - min;
    if (!(range > 0) || Double.isInfinite(range)) {
      return 0;
    }
    int b = (int) ((x - min) / range * BUCKETS);
    return Math.max(0, Math.min(BUCKETS - 1, b));
  }

  // ---- (2) histogram ----------------------------------------------------------------------------

  record HistMap(List<String> columns) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      Column[] cols = columnsOf(in[0], columns);
      return perColumn(cols.length, j -> {
        double[] m = moments(in[1], j);
        long[] h = new long[BUCKETS];
        double sq = 0;
        for (int i = 0; i < cols[j].size(); i++) {
          double x = at(cols[j], i);
          if (!Double.isNaN(x)) {
            h[bucket(x, m[MIN], m[MAX])]++;
            // the second pass of a two-pass variance, as pandas computes it (overflow gives inf as there)
            sq += (x - mean(m)) * (x - mean(m));
          }
        }
        return new Column[] {Column.ofLongs(h), Column.ofDoubles(sq)};
      });
    }

    @Override
    public String name() {
      return "describe.histogram";
    }
  }

  record HistMerge() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return perColumn(columnCount(in), j -> {
        long[] h = new long[BUCKETS];
        double sq = 0;
        for (Object o : in) {
          long[] p = histogram(o, j);
          for (int b = 0; b < BUCKETS; b++) {
            h[b] += p[b];
          }
          sq += ((DoubleColumn) ((AggState) o).states()[j][1]).getDouble(0);
        }
        return new Column[] {Column.ofLongs(h), Column.ofDoubles(sq)};
      });
    }

    @Override
    public String name() {
      return "describe.histogram.combine";
    }
  }

  /** The ranks (0-based, among the non-NA values) whose values percentile q needs: numpy's previous and next index. */
  static long[] ranks(double q, long n) {
    double virtual = virtualIndex(q, n);
    long prev;
    long next;
    if (virtual >= n - 1) {
      prev = n - 1;
      next = n - 1;
    } else if (virtual < 0) {
      prev = 0;
      next = 0;
    } else {
      prev = (long) Math.floor(virtual);
      next = prev + 1;
    }
    return new long[] {prev, next};
  }

  static double gamma(double q, long n, long prev) {
    return virtualIndex(q, n) - prev;
  }

  /** numpy's virtual index of percentile q among n values (method "linear": alpha = beta = 1). */
  private static double virtualIndex(double q, long n) {
    return n * q + (1 + q * (1 - 1 - 1)) - 1;
  }

  /** numpy's {@code _lerp}. */
  static double lerp(double a, double b, double t) {
    double diff = b - a;
    return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
  }

  /** The bucket holding the value of a rank, and the rank's position inside it: {bucket, offset}. */
  static long[] locate(long[] hist, long rank) {
    long before = 0;
    for (int b = 0; b < hist.length; b++) {
      if (rank < before + hist[b]) {
        return new long[] {b, rank - before};
      }
      before += hist[b];
    }
    throw new IllegalStateException("rank " + rank + " beyond " + before + " values");
  }

  /** The buckets the percentiles need, from the merged moments and histogram. */
  static Set<Integer> targetBuckets(double[] m, long[] hist, double[] pcts) {
    Set<Integer> t = new HashSet<>();
    long n = (long) m[N];
    if (n == 0) {
      return t;
    }
    for (double q : pcts) {
      for (long r : ranks(q, n)) {
        t.add((int) locate(hist, r)[0]);
      }
    }
    return t;
  }

  // ---- (3) the values of the target buckets --------------------------------------------------------

  record ExtractMap(List<String> columns, double[] pcts) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      Column[] cols = columnsOf(in[0], columns);
      return perColumn(cols.length, j -> {
        double[] m = moments(in[1], j);
        long[] h = histogram(in[2], j);
        Set<Integer> targets = targetBuckets(m, h, pcts);
        TreeMap<Double, Long> counts = new TreeMap<>();
        for (int i = 0; i < cols[j].size(); i++) {
          double x = at(cols[j], i);
          if (!Double.isNaN(x) && targets.contains(bucket(x, m[MIN], m[MAX]))) {
            counts.merge(x == 0 ? 0.0 : x, 1L, Long::sum);
          }
        }
        return valueCounts(counts);
      });
    }

    @Override
    public String name() {
      return "describe.values";
    }
  }

  static Column[] valueCounts(TreeMap<Double, Long> counts) {
    double[] v = new double[counts.size()];
    long[] c = new long[counts.size()];
    int i = 0;
    for (var e : counts.entrySet()) {
      v[i] = e.getKey();
      c[i++] = e.getValue();
    }
    return new Column[] {Column.ofDoubles(v), Column.ofLongs(c)};
  }

  static TreeMap<Double, Long> merged(Object[] in, int j) {
    TreeMap<Double, Long> counts = new TreeMap<>();
    for (Object o : in) {
      Column[] s = ((AggState) o).states()[j];
      double[] v = ((DoubleColumn) s[0]).values();
      long[] c = ((LongColumn) s[1]).values();
      for (int i = 0; i < v.length; i++) {
        counts.merge(v[i], c[i], Long::sum);
      }
    }
    return counts;
  }

  record ExtractMerge() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return perColumn(columnCount(in), j -> valueCounts(merged(in, j)));
    }

    @Override
    public String name() {
      return "describe.values.combine";
    }
  }

  // ---- the result -------------------------------------------------------------------------------

  record Finish(List<String> columns, double[] pcts, String seriesName) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      int k = columnCount(in);
      List<String> labels = labels(pcts);
      Column[] out = new Column[k];
      for (int j = 0; j < k; j++) {
        double[] m = moments(in[0], j);
        long[] h = histogram(in[1], j);
        TreeMap<Double, Long> values = merged(new Object[] {in[2]}, j);
        long n = (long) m[N];
        double[] r = new double[labels.size()];
        r[0] = n;
        r[1] = n == 0 ? Double.NaN : mean(m);
        double sq = ((DoubleColumn) ((AggState) in[1]).states()[j][1]).getDouble(0);
        r[2] = n <= 1 ? Double.NaN : Math.sqrt(sq / (n - 1));
        r[3] = n == 0 ? Double.NaN : m[MIN];
        for (int p = 0; p < pcts.length; p++) {
          if (n == 0) {
            r[4 + p] = Double.NaN;
            continue;
          }
          long[] rk = ranks(pcts[p], n);
          double a = valueAt(values, h, m, rk[0]);
          double b = valueAt(values, h, m, rk[1]);
          r[4 + p] = lerp(a, b, gamma(pcts[p], n, rk[0]));
        }
        r[r.length - 1] = n == 0 ? Double.NaN : m[MAX];
        out[j] = Column.ofDoubles(r);
      }
      LocalIndex idx = LocalIndex.of(Column.ofStrings(labels.toArray(new String[0])), null);
      if (columns == null) {
        return new LocalSeries(idx, seriesName, out[0]);
      }
      return new LocalFrame(idx, columns.toArray(new String[0]), out);
    }

    /** The value of a rank: the offset-th value of its bucket among the gathered values. */
    private static double valueAt(TreeMap<Double, Long> values, long[] hist, double[] m, long rank) {
      long[] loc = locate(hist, rank);
      long seen = 0;
      for (var e : values.entrySet()) {
        if (bucket(e.getKey(), m[MIN], m[MAX]) != loc[0]) {
          continue;
        }
        seen += e.getValue();
        if (loc[1] < seen) {
          return e.getKey();
        }
      }
      throw new IllegalStateException("rank " + rank + " not among the gathered values");
    }

    @Override
    public String name() {
      return "describe";
    }
  }
}
