package org.marsonspark.dataframe.ops;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Scalar;
import org.marsonspark.dataframe.ScalarData;
import org.marsonspark.dataframe.SerializableFunction;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.Row;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.local.ScalarValue;
import org.marsonspark.session.MarsSession;

/**
 * User functions over rows: {@code Series.apply/map} (a function of each value),
 * {@code Series.map(Map)}, {@code DataFrame.apply(fn, axis=1)} (a function of each {@link Row})
 * and {@code DataFrame.mapChunk} (a function of each whole {@link LocalFrame} chunk) — chunk ops
 * of the {@link Chunkwise} family — and the inference of their result's dtype (or columns).
 *
 * <p>Inference: when no dtype is given, a tiny job runs the function on the first
 * {@link #SAMPLE_ROWS} rows of each of the input's first {@link #SAMPLE_CHUNKS} chunks, on the
 * cluster, and brings back only what was inferred (the dtype of the kinds of values seen, or for
 * mapChunk the first zero-row result frame) — never data. The dtype follows pandas's inference
 * for the sample's results: ints give int64 (float64 with None), floats float64, bools bool (object with None),
 * datetimes datetime64[ns], anything else object. A later value that does not fit the
 * inferred dtype (an int64 sample, then a None) stops the run with a message saying to pass the
 * dtype. A function that throws surfaces as the cause of the run's MarsException, with its own
 * class, message and stack trace.
 */
public final class Apply {
  /** Rows of a chunk the function is tried on to infer the result dtype. */
  public static final int SAMPLE_ROWS = 10;
  /** Chunks looked at (in order) for a non-empty one to sample. */
  public static final int SAMPLE_CHUNKS = 4;

  private Apply() {}

  // ---- dtypes ---------------------------------------------------------------------------------

  private static final int NULLS = 1;
  private static final int INTS = 2;
  private static final int FLOATS = 4;
  private static final int BOOLS = 8;
  private static final int DATES = 16;
  private static final int OTHER = 32;

  /** The kinds of values seen, as bits: what {@link #fromKinds} needs, and all a sample sends back. */
  static long kinds(List<Object> values) {
    long k = 0;
    for (Object v : values) {
      DfType t = DfType.ofValue(v);
      k |= v == null ? NULLS : t == null || t == DfType.OBJECT ? OTHER : switch (t) {
        case INT64 -> INTS;
        case FLOAT64 -> FLOATS;
        case BOOL -> BOOLS;
        default -> DATES;
      };
    }
    return k;
  }

  /** pandas's dtype for results of these kinds (see the class comment). */
  static DfType fromKinds(long k) {
    long nonNull = k & ~NULLS;
    boolean nulls = (k & NULLS) != 0;
    if (nonNull == 0 || (k & OTHER) != 0) {
      return DfType.OBJECT;
    }
    if (nonNull == BOOLS) {
      return nulls ? DfType.OBJECT : DfType.BOOL;
    }
    if (nonNull == DATES) {
      return DfType.DATETIME;
    }
    if ((nonNull & ~(INTS | FLOATS)) == 0) {
      return (nonNull & FLOATS) != 0 || nulls ? DfType.FLOAT64 : DfType.INT64;
    }
    return DfType.OBJECT;
  }

  /** pandas's dtype for a function's results (see the class comment). */
  public static DfType infer(List<Object> values) {
    return fromKinds(kinds(values));
  }

  /** Checks that a dtype can be a function's result dtype. */
  public static DfType resultDtype(String op, DfType t) {
    if (t == DfType.CATEGORY) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, op + ": dtype 'category' is not supported for a "
          + "function's results; use object and astype(\"category\")");
    }
    return t;
  }

  /** A function's results as a column of {@code out}; a value that does not fit stops the run. */
  static Column conform(Object[] r, DfType out, LocalIndex labels, String op) {
    int n = r.length;
    switch (out) {
      case INT64 -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          if (DfType.ofValue(r[i]) != DfType.INT64) {
            throw misfit(op, r[i], labels.label(i), out);
          }
          v[i] = ((Number) r[i]).longValue();
        }
        return Column.ofLongs(v);
      }
      case FLOAT64 -> {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          if (r[i] != null && !(r[i] instanceof Number)) {
            throw misfit(op, r[i], labels.label(i), out);
          }
          v[i] = r[i] == null ? Double.NaN : ((Number) r[i]).doubleValue();
        }
        return Column.ofDoubles(v);
      }
      case BOOL -> {
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
          if (!(r[i] instanceof Boolean b)) {
            throw misfit(op, r[i], labels.label(i), out);
          }
          v[i] = b;
        }
        return Column.ofBools(v);
      }
      case DATETIME -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          if (r[i] != null && !(r[i] instanceof LocalDateTime)) {
            throw misfit(op, r[i], labels.label(i), out);
          }
          v[i] = r[i] == null ? DfType.NAT : DatetimeColumn.toNanos((LocalDateTime) r[i]);
        }
        return Column.ofDatetimes(v);
      }
      default -> {
        Object[] v = new Object[n];
        for (int i = 0; i < n; i++) {
          v[i] = DfType.canonical(r[i]);
        }
        return Column.ofObjects(v);
      }
    }
  }

  private static MarsException misfit(String op, Object v, Object label, DfType out) {
    return new MarsException(ErrorClass.UNSUPPORTED_DTYPE, op + ": the function returned "
        + (v == null ? "null (NA)" : v.getClass().getSimpleName() + " '" + v + "'") + " for the row labelled " + label
        + ", which does not fit the result dtype " + out + " (inferred from the first rows unless given); "
        + "pass the dtype explicitly, e.g. dtype \"" + (out == DfType.INT64 && v == null ? "float64" : "object") + "\"");
  }

  // ---- chunk ops ------------------------------------------------------------------------------

  /** {@code Series.apply(fn)} / {@code map(fn)}: {@code naIgnore} passes NA through without calling fn. */
  public record MapValues(SerializableFunction<Object, Object> fn, DfType out, boolean naIgnore) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      Object[] r = new Object[s.size()];
      for (int i = 0; i < r.length; i++) {
        r[i] = naIgnore && s.values().isNA(i) ? null : fn.apply(s.get(i));
      }
      return s.withValues(conform(r, out, s.index(), "Series.apply"));
    }

    @Override
    public String name() {
      return "apply";
    }
  }

  /** {@code Series.map(dict)}: values missing from the map (and NA) give NA. */
  public record MapDict(HashMap<Object, Object> mapping, DfType out) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      Object[] r = new Object[s.size()];
      for (int i = 0; i < r.length; i++) {
        r[i] = s.values().isNA(i) ? null : mapping.get(s.get(i));
      }
      return s.withValues(conform(r, out, s.index(), "Series.map"));
    }

    @Override
    public String name() {
      return "map";
    }
  }

  /** A map's keys as the column kinds hold values (Integer → Long, Float → Double). */
  public static HashMap<Object, Object> normalizedKeys(Map<?, ?> m) {
    HashMap<Object, Object> out = new HashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      out.put(DfType.canonical(e.getKey()), DfType.canonical(e.getValue()));
    }
    return out;
  }

  /** {@code DataFrame.apply(fn, axis=1)}: one value per row, a series without a name. */
  public record ApplyRows(SerializableFunction<Row, Object> fn, DfType out) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame f = (LocalFrame) in[0];
      Object[] r = new Object[f.nrows()];
      for (int i = 0; i < r.length; i++) {
        r[i] = fn.apply(new Row(f, i));
      }
      return new LocalSeries(f.index(), null, conform(r, out, f.index(), "DataFrame.apply"));
    }

    @Override
    public String name() {
      return "apply";
    }
  }

  /**
   * {@code DataFrame.mapChunk(fn)}: the function's frame, checked against the predicted columns
   * and dtypes (not checked when {@code columns} is null: the sample run).
   */
  public record MapChunk(SerializableFunction<LocalFrame, LocalFrame> fn, List<String> columns, List<DfType> dtypes)
      implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame f = (LocalFrame) in[0];
      LocalFrame r = fn.apply(f);
      String chunk = " for the chunk of " + f.nrows() + " rows starting at label "
          + (f.nrows() > 0 ? f.index().label(0) : "(none)");
      if (r == null) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "mapChunk: the function returned null" + chunk
            + "; it must return a LocalFrame (an empty one for no rows)");
      }
      if (columns != null && (!r.columnNames().equals(columns) || !r.dtypes().equals(dtypes))) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "mapChunk: the function returned columns "
            + r.columnNames() + " of dtypes " + r.dtypes() + chunk + ", expected columns " + columns + " of dtypes "
            + dtypes + " (from the first rows unless given); pass columns and dtypes explicitly");
      }
      return r;
    }

    @Override
    public String name() {
      return "map_chunk";
    }
  }

  // ---- inference --------------------------------------------------------------------------------

  /** What the sample job runs on a chunk: the result dtype's name, a zero-row frame, or null (no rows). */
  record SampleChunk(ChunkOp fn, boolean frameResult) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      int rows = Rows.size(in[0]);
      if (rows == 0) {
        return new ScalarValue(null);
      }
      Object head = Rows.slice(in[0], 0, Math.min(rows, SAMPLE_ROWS));
      Object r = fn.execute(new Object[] {head});
      if (frameResult) {
        LocalFrame f = (LocalFrame) r;
        return new ScalarValue(f.slice(0, 0));
      }
      Column c = ((LocalSeries) r).values();
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < c.size(); i++) {
        values.add(c.get(i));
      }
      return new ScalarValue(kinds(values));
    }

    @Override
    public String name() {
      return "infer_dtype";
    }
  }

  /**
   * The samples together: for values, the dtype of all kinds seen (by name); for a frame
   * result, the first zero-row frame; null when no chunk had rows.
   */
  record FirstSample(boolean frameResult) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      Long kinds = null;
      for (Object o : in) {
        Object v = ((ScalarValue) o).value();
        if (v != null && frameResult) {
          return new ScalarValue(v);
        }
        if (v != null) {
          kinds = (kinds == null ? 0 : kinds) | (Long) v;
        }
      }
      return new ScalarValue(kinds == null ? null : fromKinds(kinds).pandasName());
    }

    @Override
    public String name() {
      return "infer_dtype.first";
    }
  }

  /** The sample job's operand: a scalar from the first chunks of the input. */
  static final class Sample extends DfOp {
    private final ChunkOp fn;
    private final boolean frameResult;

    Sample(DfData in, ChunkOp fn, boolean frameResult) {
      super(List.of(in));
      this.fn = fn;
      this.frameResult = frameResult;
    }

    @Override
    public String name() {
      return "infer_dtype";
    }

    @Override
    public void tile(TileContext ctx) {
      List<Chunk> parts = new ArrayList<>();
      List<Chunk> ins = in(0).chunks();
      for (int r = 0; r < Math.min(SAMPLE_CHUNKS, ins.size()); r++) {
        parts.add(ctx.newChunk(new SampleChunk(fn, frameResult), List.of(ins.get(r)), new int[0], new long[0],
            ((ScalarData) output()).chunkMeta()));
      }
      ScalarData out = (ScalarData) output();
      Chunk fin = ctx.newChunk(new FirstSample(frameResult), parts, new int[0], new long[0], out.chunkMeta());
      out.setChunks(List.of(fin), new long[0][]);
    }

    Scalar scalar() {
      return newScalar(new ScalarData(DfType.OBJECT));
    }
  }

  /**
   * Runs {@code fn} (a chunk op of this class, built with an object result dtype) on the first
   * rows of {@code in} in the default session and returns what was inferred: a dtype, or for a
   * frame result a zero-row frame; null when the first chunks have no rows.
   */
  public static Object sample(DfData in, ChunkOp fn, boolean frameResult, String op) {
    Scalar s = new Sample(in, fn, frameResult).scalar();
    s.execute(MarsSession.getDefault());
    try {
      Object v = s.fetch();
      if (v == null) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": cannot infer the result "
            + (frameResult ? "columns" : "dtype") + ": the first " + SAMPLE_CHUNKS + " chunks have no rows; pass "
            + (frameResult ? "columns and dtypes" : "the dtype") + " explicitly");
      }
      return frameResult ? v : DfType.of((String) v);
    } finally {
      s.release();
    }
  }
}
