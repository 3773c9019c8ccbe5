package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * pandas's {@code concat}. Along rows (axis 0) no data moves: the result's chunks are the inputs'
 * chunks one after another, each conformed to the result's columns (the union in order of first
 * appearance; a column an input lacks is NA there, so int64 becomes float64 and bool object), its
 * dtypes (equal dtypes stay, int64 with float64 gives float64, anything else object) and its
 * index dtype. {@code ignoreIndex} gives a new RangeIndex (the inputs' sizes are made known
 * first). Series concatenate to a Series; a Series among frames is a column named "0" (pandas's 0).
 * Along columns (axis 1) the inputs must have the same rows (same lineage, or equal labels),
 * checked as every chunk-wise operation checks them.
 */
public final class Concat extends DfOp {
  private final List<String> columns;
  private final List<DfType> dtypes;
  private final boolean ignoreIndex;

  private Concat(List<DfData> inputs, List<String> columns, List<DfType> dtypes, boolean ignoreIndex) {
    super(inputs);
    this.columns = columns == null ? null : List.copyOf(columns);
    this.dtypes = List.copyOf(dtypes);
    this.ignoreIndex = ignoreIndex;
  }

  /** The dtype pandas gives values of two dtypes put in one column. */
  static DfType common(DfType a, DfType b) {
    if (a == b) {
      return a;
    }
    if ((a == DfType.INT64 && b == DfType.FLOAT64) || (a == DfType.FLOAT64 && b == DfType.INT64)) {
      return DfType.FLOAT64;
    }
    return DfType.OBJECT;
  }

  private static MarsException bad(String msg) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "concat: " + msg);
  }

  /** {@code pd.concat(objs, axis, ignore_index)}: a DataFrame or (all inputs Series, axis 0) a Series. */
  public static Object of(List<DfData> objs, int axis, boolean ignoreIndex) {
    if (objs == null || objs.isEmpty()) {
      throw bad("No objects to concatenate");
    }
    if (axis == 1) {
      return columns(objs, ignoreIndex);
    }
    if (axis != 0) {
      throw new MarsException(ErrorClass.AXIS_OUT_OF_BOUNDS, "concat: axis must be 0 or 1, got " + axis);
    }
    boolean allSeries = objs.stream().allMatch(d -> d instanceof SeriesData);
    IndexMeta index = indexOf(objs, ignoreIndex);
    if (allSeries) {
      DfType dt = null;
      String name = ((SeriesData) objs.get(0)).name();
      for (DfData d : objs) {
        SeriesData s = (SeriesData) d;
        dt = dt == null ? s.dtype() : common(dt, s.dtype());
        name = Objects.equals(name, s.name()) ? name : null;
      }
      Concat op = new Concat(objs, null, List.of(dt), ignoreIndex);
      return op.newSeries(new SeriesData(rows(objs), name, dt, index, DfData.newAlignKey()));
    }
    List<String> cols = new ArrayList<>();
    for (DfData d : objs) {
      for (String c : columnsOf(d)) {
        if (!cols.contains(c)) {
          cols.add(c);
        }
      }
    }
    List<DfType> dts = new ArrayList<>();
    for (String c : cols) {
      DfType dt = null;
      boolean missingSomewhere = false;
      for (DfData d : objs) {
        if (!columnsOf(d).contains(c)) {
          missingSomewhere = true;
        } else {
          dt = dt == null ? typeOf(d, c) : common(dt, typeOf(d, c));
        }
      }
      dts.add(missingSomewhere ? dt.withNA() : dt);
    }
    Concat op = new Concat(objs, cols, dts, ignoreIndex);
    return op.newFrame(new DataFrameData(rows(objs), cols, dts, index, DfData.newAlignKey()));
  }

  /** The column a Series gives among frames along rows: pandas names it 0 (here "0"), whatever its name. */
  static final String SERIES_COLUMN = "0";

  private static List<String> columnsOf(DfData d) {
    return d instanceof DataFrameData f ? f.columns() : List.of(SERIES_COLUMN);
  }

  private static DfType typeOf(DfData d, String c) {
    return d instanceof DataFrameData f ? f.dtype(c) : ((SeriesData) d).dtype();
  }

  private static long rows(List<DfData> objs) {
    long n = 0;
    for (DfData d : objs) {
      if (d.nrows() < 0) {
        return -1;
      }
      n += d.nrows();
    }
    return n;
  }

  private static IndexMeta indexOf(List<DfData> objs, boolean ignoreIndex) {
    if (ignoreIndex) {
      return IndexMeta.rangeIndex();
    }
    if (objs.size() == 1) {
      return objs.get(0).index();
    }
    DfType dt = null;
    String name = objs.get(0).index().name();
    for (DfData d : objs) {
      if (d.index().nlevels() != 1) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "concat: multi-level indexes are not supported");
      }
      dt = dt == null ? d.index().dtype() : common(dt, d.index().dtype());
      name = Objects.equals(name, d.index().name()) ? name : null;
    }
    return IndexMeta.of(dt, name);
  }

  private static DataFrame columns(List<DfData> objs, boolean ignoreIndex) {
    if (ignoreIndex) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "concat: ignoreIndex with axis=1 (integer column "
          + "labels) is not supported; rename the columns instead");
    }
    List<String> cols = new ArrayList<>();
    List<DfType> dts = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (DfData d : objs) {
      if (d instanceof SeriesData s && s.name() == null) {
        throw bad("axis=1 needs named Series (pandas would number the columns); name it with rename first");
      }
      List<String> cs = d instanceof DataFrameData f ? f.columns() : List.of(((SeriesData) d).name());
      for (String c : cs) {
        if (!seen.add(c)) {
          throw bad("axis=1 would give two columns named '" + c + "'; rename one input first");
        }
        cols.add(c);
        dts.add(typeOf(d, c));
      }
    }
    DataFrameData like = new DataFrameData(-1, cols, dts, objs.get(0).index(), 0);
    return DataFrame.ofOutput(Chunkwise.frame(objs, new SideBySide(), true, like));
  }

  @Override
  public String name() {
    return "concat";
  }

  @Override
  public void tile(TileContext ctx) {
    DfData out = out();
    long offset = 0;
    if (ignoreIndex) {
      ctx.requireKnownShapes(inputs().toArray(new TileableData[0]));
    }
    List<Chunk> chunks = new ArrayList<>();
    List<Long> splits = new ArrayList<>();
    IndexMeta idx = out.index();
    for (TileableData t : inputs()) {
      DfData d = (DfData) t;
      for (Chunk c : d.chunks()) {
        long n = c.shape(0);
        Conform op = new Conform(columns, dtypes, ignoreIndex ? offset : -1, idx.dtype(), outName(out));
        chunks.add(ctx.newChunk(op, List.of(c), rowIndex(out, chunks.size()), rowShape(out, n), out.chunkMeta()));
        splits.add(n);
        offset += Math.max(0, n);
      }
    }
    long[] s = splits.stream().mapToLong(Long::longValue).toArray();
    if (Shapes.hasUnknown(new long[][] {s})) {
      s = unknownSplits(s.length);
    }
    out.setChunks(chunks, nsplitsOf(out, s));
  }

  private static String outName(DfData out) {
    return out instanceof SeriesData s ? s.name() : null;
  }

  /** One input chunk as a chunk of the result: its columns, dtypes and index. */
  record Conform(List<String> columns, List<DfType> dtypes, long rangeStart, DfType indexType, String seriesName)
      implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Object in = inputs[0];
      LocalIndex idx = in instanceof LocalFrame f ? f.index() : ((LocalSeries) in).index();
      int n = idx.size();
      if (rangeStart >= 0) {
        idx = LocalIndex.range(rangeStart, rangeStart + n, 1);
      } else if (idx.dtype() != indexType) {
        idx = LocalIndex.of(Casts.cast(idx.values(), indexType, false), idx.name());
      }
      if (columns == null) {
        LocalSeries s = (LocalSeries) in;
        return new LocalSeries(idx, seriesName, Casts.cast(s.values(), dtypes.get(0), false));
      }
      LocalFrame f = in instanceof LocalFrame x ? x
          : new LocalFrame(idx, new String[] {SERIES_COLUMN}, new Column[] {((LocalSeries) in).values()});
      Column[] cols = new Column[columns.size()];
      for (int j = 0; j < cols.length; j++) {
        int at = f.columnIndex(columns.get(j));
        cols[j] = at < 0 ? Column.na(dtypes.get(j), n) : Casts.cast(f.column(at), dtypes.get(j), false);
      }
      return new LocalFrame(idx, columns.toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "concat";
    }
  }

  /** Aligned frames and series side by side (axis 1). */
  record SideBySide() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<String> names = new ArrayList<>();
      List<Column> cols = new ArrayList<>();
      LocalIndex idx = null;
      for (Object in : inputs) {
        LocalFrame f = in instanceof LocalFrame x ? x : ((LocalSeries) in).toFrame();
        idx = idx == null ? f.index() : idx;
        names.addAll(f.columnNames());
        for (int j = 0; j < f.ncols(); j++) {
          cols.add(f.column(j));
        }
      }
      return new LocalFrame(idx, names.toArray(new String[0]), cols.toArray(new Column[0]));
    }

    @Override
    public String name() {
      return "concat.axis1";
    }
  }
}
