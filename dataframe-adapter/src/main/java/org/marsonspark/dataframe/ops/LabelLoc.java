package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.ScalarData;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.PyOrder;
import org.marsonspark.dataframe.local.RangeIndex;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.local.ScalarValue;

/**
 * pandas's label-based {@code loc}: rows by a list of labels, by one label, or by an inclusive
 * label slice. Nothing is collected and no chunk size is needed, so it works after a filter
 * without running it first.
 *
 * <p><b>Labels</b> ({@link #take}): every row chunk keeps its rows whose label is in the list
 * (the label → list positions map travels in the chunk op), tagged with the list position they
 * answer (a row repeats when its label is listed twice); one gather chunk orders the tagged rows
 * by list position (stably: rows of one label keep their index order), checks that every label
 * was found (pandas's KeyError) and gives the result (one row chunk; its size is bounded by the
 * user's list times the labels' repeats). {@link #scalar} is the same with one label, the gather
 * giving the value.
 *
 * <p><b>Slices</b> ({@link #slice}): a probe per chunk reports its size, whether its labels are
 * increasing / decreasing, its first and last labels, the chunk-local search bounds of start and
 * stop, and where they occur; one plan chunk decides the global row range as pandas's
 * {@code slice_locs} does (a monotonic index: search bounds, labels need not exist; otherwise
 * both labels must exist and each occur once or in one contiguous run, else KeyError); every
 * chunk then cuts its own part of the range (reading the plan as a broadcast input).
 */
public final class LabelLoc extends DfOp {
  enum Mode { TAKE, SCALAR, SLICE }

  private final Mode mode;
  private final List<Object> labels;
  private final Object start;
  private final Object stop;

  private LabelLoc(DfData in, Mode mode, List<Object> labels, Object start, Object stop) {
    super(List.of(in));
    this.mode = mode;
    this.labels = labels;
    this.start = start;
    this.stop = stop;
  }

  @Override
  public String name() {
    return "loc";
  }

  // ---- labels --------------------------------------------------------------------------------

  /**
   * A user label as the index's values hold it ({@link org.marsonspark.dataframe.local.Column#get}):
   * int64 → Long, float64 → Double, datetime64[ns] → LocalDateTime, object / category → as given.
   */
  public static Object normalize(DfType index, Object label, String op) {
    if (label == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": a null label is not supported (NA labels cannot "
          + "be looked up)");
    }
    switch (index) {
      case INT64 -> {
        if (label instanceof Long || label instanceof Integer || label instanceof Short || label instanceof Byte) {
          return ((Number) label).longValue();
        }
      }
      case FLOAT64 -> {
        if (label instanceof Number n) {
          return n.doubleValue();
        }
      }
      case DATETIME -> {
        if (label instanceof LocalDateTime) {
          return label;
        }
      }
      case BOOL -> {
        if (label instanceof Boolean) {
          return label;
        }
      }
      default -> {
        return label instanceof Integer i ? (Object) i.longValue() : label;
      }
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": KeyError: label " + label + " ("
        + label.getClass().getSimpleName() + ") cannot be a label of a " + index + " index");
  }

  private static List<Object> normalizeAll(DfType index, List<?> labels, String op) {
    if (labels == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the label list must not be null");
    }
    List<Object> out = new ArrayList<>();
    for (Object l : labels) {
      out.add(normalize(index, l, op));
    }
    return out;
  }

  /** {@code df.loc[labels]} / {@code s.loc[labels]}: rows in list order, every matching row per label. */
  public static DataFrame take(DataFrameData in, List<?> labels) {
    noMultiIndex(in, "loc");
    List<Object> l = normalizeAll(in.index().dtype(), labels, "loc");
    return new LabelLoc(in, Mode.TAKE, l, null, null).newFrame(new DataFrameData(-1, in.columns(), in.dtypes(),
        in.index().taken(), DfData.newAlignKey()));
  }

  public static Series take(SeriesData in, List<?> labels) {
    noMultiIndex(in, "loc");
    List<Object> l = normalizeAll(in.index().dtype(), labels, "loc");
    return new LabelLoc(in, Mode.TAKE, l, null, null).newSeries(new SeriesData(-1, in.name(), in.dtype(),
        in.index().taken(), DfData.newAlignKey()));
  }

  /** {@code s.loc[label]} as a scalar: the label must occur exactly once (checked when it runs). */
  public static Scalar scalar(SeriesData in, Object label) {
    noMultiIndex(in, "loc");
    List<Object> l = List.of(normalize(in.index().dtype(), label, "loc"));
    return new LabelLoc(in, Mode.SCALAR, l, null, null).newScalar(new ScalarData(in.dtype()));
  }

  /** {@code loc[start:stop]}, both ends included; a null end is open. */
  public static DataFrame slice(DataFrameData in, Object start, Object stop) {
    checkSliceable(in);
    return new LabelLoc(in, Mode.SLICE, null, sliceEnd(in, start), sliceEnd(in, stop)).newFrame(new DataFrameData(
        -1, in.columns(), in.dtypes(), in.index(), DfData.newAlignKey()));
  }

  public static Series slice(SeriesData in, Object start, Object stop) {
    checkSliceable(in);
    return new LabelLoc(in, Mode.SLICE, null, sliceEnd(in, start), sliceEnd(in, stop)).newSeries(new SeriesData(-1,
        in.name(), in.dtype(), in.index(), DfData.newAlignKey()));
  }

  private static Object sliceEnd(DfData in, Object label) {
    return label == null ? null : normalize(in.index().dtype(), label, "loc slice");
  }

  /** Label lookups by tuple on a MultiIndex are not built: a clear error rather than a wrong match. */
  static void noMultiIndex(DfData in, String op) {
    if (in.index().nlevels() > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + " by label on a MultiIndex (levels "
          + in.index().names() + ") is not supported: resetIndex() and filter on the level columns instead");
    }
  }

  private static void checkSliceable(DfData in) {
    noMultiIndex(in, "loc slice");
    DfType t = in.index().dtype();
    if (t == DfType.CATEGORY || t == DfType.BOOL) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "loc: label slices of a " + in.index().kind()
          + " (" + t + ") are not supported; slices work on int64, float64, object (strings) and datetime64[ns] "
          + "indexes");
    }
  }

  // ---- tiling --------------------------------------------------------------------------------

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    List<Chunk> ins = in.chunks();
    if (mode == Mode.SLICE) {
      tileSlice(ctx, in, ins);
      return;
    }
    Map<Object, int[]> at = positionsOf(labels);
    List<Chunk> matched = new ArrayList<>();
    for (int c = 0; c < ins.size(); c++) {
      matched.add(ctx.newChunk(new Match(at), List.of(ins.get(c)), new int[] {c}, new long[] {-1}, null));
    }
    if (mode == Mode.SCALAR) {
      ScalarData out = (ScalarData) output();
      Chunk g = ctx.newChunk(new Gather(labels, true), matched, new int[0], new long[0], out.chunkMeta());
      out.setChunks(List.of(g), new long[0][]);
      return;
    }
    DfData out = out();
    Chunk g = ctx.newChunk(new Gather(labels, false), matched, rowIndex(out, 0), rowShape(out, -1), out.chunkMeta());
    out.setChunks(List.of(g), nsplitsOf(out, unknownSplits(1)));
  }

  /** label → its positions in the list, in order. */
  private static Map<Object, int[]> positionsOf(List<Object> labels) {
    Map<Object, int[]> at = new HashMap<>();
    for (int p = 0; p < labels.size(); p++) {
      int[] prev = at.get(labels.get(p));
      int[] next = prev == null ? new int[1] : Arrays.copyOf(prev, prev.length + 1);
      next[next.length - 1] = p;
      at.put(labels.get(p), next);
    }
    return at;
  }

  private void tileSlice(TileContext ctx, DfData in, List<Chunk> ins) {
    List<Chunk> probes = new ArrayList<>();
    for (int c = 0; c < ins.size(); c++) {
      probes.add(ctx.newChunk(new Probe(start, stop), List.of(ins.get(c)), new int[] {c}, new long[] {-1}, null));
    }
    Chunk plan = ctx.newChunk(new Plan(start, stop), probes, new int[] {0}, new long[] {-1}, null);
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    for (int c = 0; c < ins.size(); c++) {
      chunks.add(ctx.newChunk(new Cut(c), List.of(ins.get(c), plan), rowIndex(out, c), rowShape(out, -1),
          out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, unknownSplits(ins.size())));
  }

  // ---- chunk data ----------------------------------------------------------------------------

  /** Rows of one chunk matching listed labels, and the list position each answers. */
  public static final class Tagged implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    private final Object rows;
    private final int[] listPos;

    // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
    public Tagged(Object rows, int[] listPos) {
      this.rows = rows;
      this.listPos = listPos;
    }

    @Override
    public long[] shape() {
      return new long[] {listPos.length};
    }

    @Override
    public long nbytes() {
      return 16 + 4L * listPos.length + (rows instanceof ChunkValue v ? v.nbytes() : 0);
    }

    @Override
    public String kind() {
      return "loc_tagged";
    }
  }

  /** What a chunk tells the slice plan; searches are chunk-local. */
  public static final class SliceProbe implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    int n;
    boolean inc;
    boolean dec;
    Object first;
    Object last;
    /** start / stop bounds if the chunk is increasing: searchsorted(start, left), searchsorted(stop, right). */
    int incLo;
    int incHi;
    /** if decreasing: first row with label <= start, first row with label < stop. */
    int decLo;
    int decHi;
    /** occurrences of start and stop: count, first and last row. */
    int[] startAt = {0, -1, -1};
    int[] stopAt = {0, -1, -1};

    public SliceProbe() {}

    @Override
    public long[] shape() {
      return new long[] {n};
    }

    @Override
    public long nbytes() {
      return 96;
    }

    @Override
    public String kind() {
      return "loc_probe";
    }
  }

  /** The rows [from[c], to[c]) each chunk keeps. */
  public static final class SlicePlan implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    private final int[] from;
    private final int[] to;

    public SlicePlan(int[] from, int[] to) {
      this.from = from;
      this.to = to;
    }

    @Override
    public long[] shape() {
      return new long[] {from.length};
    }

    @Override
    public long nbytes() {
      return 16 + 8L * from.length;
    }

    @Override
    public String kind() {
      return "loc_plan";
    }
  }

  // ---- chunk ops -----------------------------------------------------------------------------

  record Match(Map<Object, int[]> at) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalIndex idx = Rows.index(in[0]);
      int n = idx.size();
      int[] rows = new int[Math.min(n, 16)];
      int[] pos = new int[rows.length];
      int k = 0;
      for (int i = 0; i < n; i++) {
        int[] ps = at.get(idx.label(i));
        if (ps == null) {
          continue;
        }
        for (int p : ps) {
          if (k == rows.length) {
            rows = Arrays.copyOf(rows, Math.max(16, 2 * k));
            pos = Arrays.copyOf(pos, rows.length);
          }
          rows[k] = i;
          pos[k++] = p;
        }
      }
      return new Tagged(Rows.take(in[0], Arrays.copyOf(rows, k)), Arrays.copyOf(pos, k));
    }

    @Override
    public String name() {
      return "loc.match";
    }
  }

  /** Orders the matched rows by list position (stable), checks every label was found. */
  record Gather(List<Object> labels, boolean scalar) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      List<Object> parts = new ArrayList<>();
      int total = 0;
      for (Object o : in) {
        Tagged t = (Tagged) o;
        parts.add(t.rows);
        total += t.listPos.length;
      }
      int[] count = new int[labels.size() + 1];
      int[] pos = new int[total];
      int k = 0;
      for (Object o : in) {
        for (int p : ((Tagged) o).listPos) {
          pos[k++] = p;
          count[p + 1]++;
        }
      }
      List<Object> missing = new ArrayList<>();
      for (int p = 0; p < labels.size(); p++) {
        if (count[p + 1] == 0 && !missing.contains(labels.get(p))) {
          missing.add(labels.get(p));
        }
      }
      if (!missing.isEmpty()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "loc: KeyError: " + (scalar ? String.valueOf(
            missing.get(0)) : missing + " not in index"));
      }
      Object all = Rows.concat(parts);
      if (scalar) {
        if (total != 1) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "loc: label " + labels.get(0) + " occurs " + total
              + " times; a single label gives a scalar only when it is unique — use loc(List.of(label)) for "
              + "every row with it");
        }
        LocalSeries s = (LocalSeries) all;
        return new ScalarValue(s.values().isNA(0) ? (s.dtype() == DfType.FLOAT64 || s.dtype() == DfType.CATEGORY ? Double.NaN : null) : s.get(0));
      }
      // counting sort by list position: stable, so rows of one label keep their index order
      for (int p = 0; p < labels.size(); p++) {
        count[p + 1] += count[p];
      }
      int[] order = new int[total];
      for (int i = 0; i < total; i++) {
        order[count[pos[i]]++] = i;
      }
      return Rows.take(all, order);
    }

    @Override
    public String name() {
      return "loc.gather";
    }
  }

  /** Compares index labels with a (normalized) label. */
  static int compare(Object a, Object b) {
    return PyOrder.compare(a, b, "loc: ");
  }

  record Probe(Object start, Object stop) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalIndex idx = Rows.index(in[0]);
      SliceProbe p = new SliceProbe();
      int n = idx.size();
      p.n = n;
      boolean na = false;
      if (idx instanceof RangeIndex r) {
        p.inc = n <= 1 || r.step() > 0;
        p.dec = n <= 1 || r.step() < 0;
      } else {
        p.inc = true;
        p.dec = true;
        for (int i = 0; i < n; i++) {
          if (idx.values().isNA(i)) {
            na = true;
            break;
          }
          if (i > 0) {
            int c = compare(idx.label(i - 1), idx.label(i));
            p.inc &= c <= 0;
            p.dec &= c >= 0;
          }
        }
        if (na) {
          p.inc = false;
          p.dec = false;
        }
      }
      if (n > 0) {
        p.first = idx.label(0);
        p.last = idx.label(n - 1);
      }
      if (p.inc) {
        p.incLo = start == null ? 0 : search(idx, start, false, false);
        p.incHi = stop == null ? n : search(idx, stop, true, false);
      }
      if (p.dec) {
        // decreasing: rows with stop <= label <= start
        p.decLo = start == null ? 0 : search(idx, start, true, true);
        p.decHi = stop == null ? n : search(idx, stop, false, true);
      }
      if (start != null) {
        p.startAt = occurrences(idx, start);
      }
      if (stop != null) {
        p.stopAt = occurrences(idx, stop);
      }
      return p;
    }

    /**
     * The first row whose label is past {@code key}: increasing, {@code right} false: label >= key
     * (searchsorted left), true: label > key; decreasing, {@code right} true: label <= key,
     * false: label < key.
     */
    static int search(LocalIndex idx, Object key, boolean right, boolean decreasing) {
      int lo = 0;
      int hi = idx.size();
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        int c = compare(idx.label(mid), key);
        if (decreasing) {
          c = -c;
        }
        boolean before = right ? c <= 0 : c < 0;
        if (before) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      return lo;
    }

    static int[] occurrences(LocalIndex idx, Object key) {
      int[] at = {0, -1, -1};
      if (idx instanceof RangeIndex r) {
        if (key instanceof Long v && r.size() > 0 && (v - r.start()) % r.step() == 0) {
          long i = (v - r.start()) / r.step();
          if (i >= 0 && i < r.size()) {
            return new int[] {1, (int) i, (int) i};
          }
        }
        return at;
      }
      for (int i = 0; i < idx.size(); i++) {
        if (Objects.equals(idx.label(i), key)) {
          at[0]++;
          at[1] = at[1] < 0 ? i : at[1];
          at[2] = i;
        }
      }
      return at;
    }

    @Override
    public String name() {
      return "loc.probe";
    }
  }

  record Plan(Object start, Object stop) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      int k = in.length;
      SliceProbe[] p = new SliceProbe[k];
      for (int c = 0; c < k; c++) {
        p[c] = (SliceProbe) in[c];
      }
      int[] from = new int[k];
      int[] to = new int[k];
      if (monotonic(p, true) || monotonic(p, false)) {
        boolean inc = monotonic(p, true);
        for (int c = 0; c < k; c++) {
          from[c] = inc ? p[c].incLo : p[c].decLo;
          to[c] = Math.max(from[c], inc ? p[c].incHi : p[c].decHi);
        }
        return new SlicePlan(from, to);
      }
      long[] off = new long[k + 1];
      for (int c = 0; c < k; c++) {
        off[c + 1] = off[c] + p[c].n;
      }
      long lo = start == null ? 0 : bound(p, off, start, true);
      long hi = stop == null ? off[k] : bound(p, off, stop, false) + 1;
      for (int c = 0; c < k; c++) {
        from[c] = (int) Math.min(p[c].n, Math.max(0, lo - off[c]));
        to[c] = (int) Math.max(from[c], Math.min(p[c].n, hi - off[c]));
      }
      return new SlicePlan(from, to);
    }

    /** Whether the labels of all chunks, one after another, are increasing (or decreasing). */
    static boolean monotonic(SliceProbe[] p, boolean inc) {
      Object prev = null;
      for (SliceProbe c : p) {
        if (c.n == 0) {
          continue;
        }
        if (!(inc ? c.inc : c.dec)) {
          return false;
        }
        if (prev != null) {
          int cmp = compare(prev, c.first);
          if (inc ? cmp > 0 : cmp < 0) {
            return false;
          }
        }
        prev = c.last;
      }
      return true;
    }

    /** A non-monotonic index: the global row of a label that must exist, once or in one run. */
    static long bound(SliceProbe[] p, long[] off, Object label, boolean left) {
      long count = 0;
      long first = -1;
      long last = -1;
      for (int c = 0; c < p.length; c++) {
        int[] at = left ? p[c].startAt : p[c].stopAt;
        if (at[0] == 0) {
          continue;
        }
        count += at[0];
        first = first < 0 ? off[c] + at[1] : first;
        last = off[c] + at[2];
      }
      if (count == 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "loc: KeyError: " + label + " (the index is not "
            + "monotonic, so both slice labels must exist)");
      }
      if (last - first + 1 != count) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "loc: KeyError: Cannot get " + (left ? "left" : "right")
            + " slice bound for non-unique label: " + label);
      }
      return left ? first : last;
    }

    @Override
    public String name() {
      return "loc.plan";
    }
  }

  record Cut(int chunk) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      SlicePlan plan = (SlicePlan) in[1];
      return Rows.slice(in[0], plan.from[chunk], plan.to[chunk]);
    }

    @Override
    public String name() {
      return "loc.cut";
    }
  }
}
