package org.marsonspark.dataframe.ops;

import java.util.List;
import java.util.Map;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.CategoryColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndexChunk;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.local.ScalarValue;

/** The chunk ops of the {@link Chunkwise} family: what one row chunk runs. */
public final class RowOps {
  private RowOps() {}

  /** A column of n rows from a series chunk or a scalar input. */
  static ColumnOrScalar columnOrScalar(Object in) {
    if (in instanceof LocalSeries s) {
      return ColumnOrScalar.of(s.values());
    }
    Object v = ((ScalarValue) in).value();
    return ColumnOrScalar.of(v == null ? new ColumnOrScalar.Scalar(Double.NaN, DfType.FLOAT64)
        : ColumnOrScalar.Scalar.of(v));
  }

  /** {@code df[name]}. */
  public record GetColumn(String column) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return ((LocalFrame) in[0]).series(column);
    }

    @Override
    public String name() {
      return "getitem";
    }
  }

  /** {@code df[[names]]}. */
  public record SelectColumns(List<String> columns) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return ((LocalFrame) in[0]).select(columns);
    }

    @Override
    public String name() {
      return "select";
    }
  }

  /** {@code df.assign(name=series or scalar result)}: input 1 is a series chunk or a scalar. */
  public record Assign(String column) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame f = (LocalFrame) in[0];
      Column c = in[1] instanceof LocalSeries s ? s.values() : broadcast(((ScalarValue) in[1]).value(), f.nrows());
      return f.withColumn(column, c);
    }

    @Override
    public String name() {
      return "assign";
    }
  }

  /** {@code df.assign(name=constant)}. */
  public record AssignConstant(String column, Object value) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalFrame f = (LocalFrame) in[0];
      return f.withColumn(column, broadcast(value, f.nrows()));
    }

    @Override
    public String name() {
      return "assign";
    }
  }

  /** A column repeating a Java scalar. */
  static Column broadcast(Object v, int n) {
    ColumnOrScalar.Scalar s = v == null ? new ColumnOrScalar.Scalar(Double.NaN, DfType.FLOAT64)
        : ColumnOrScalar.Scalar.of(v);
    ColumnOrScalar o = ColumnOrScalar.of(s);
    return switch (s.dtype()) {
      case INT64 -> {
        long[] a = new long[n];
        java.util.Arrays.fill(a, o.getLong(0));
        yield Column.ofLongs(a);
      }
      case FLOAT64 -> {
        double[] a = new double[n];
        java.util.Arrays.fill(a, o.getDouble(0));
        yield Column.ofDoubles(a);
      }
      case BOOL -> {
        boolean[] a = new boolean[n];
        java.util.Arrays.fill(a, (Boolean) s.value());
        yield Column.ofBools(a);
      }
      case DATETIME -> {
        long[] a = new long[n];
        java.util.Arrays.fill(a, o.getLong(0));
        yield Column.ofDatetimes(a);
      }
      default -> {
        Object[] a = new Object[n];
        java.util.Arrays.fill(a, s.value());
        yield Column.ofObjects(a);
      }
    };
  }

  /** The chunk op of {@code a op b}: {@code constant} is the Java constant operand, if any. */
  public static Binary binary(BinOp op, Object constant, boolean reversed, String resultName) {
    return new Binary(op, constant == null ? null : ColumnOrScalar.Scalar.of(constant), reversed, resultName);
  }

  /**
   * {@code a op b} of series (or series and scalar). {@code scalar} is the constant operand when
   * there is one input chunk; {@code reversed} computes {@code scalar op a}.
   */
  public record Binary(BinOp op, ColumnOrScalar.Scalar scalar, boolean reversed, String resultName) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries a = (LocalSeries) in[0];
      ColumnOrScalar x = ColumnOrScalar.of(a.values());
      ColumnOrScalar y = scalar != null ? ColumnOrScalar.of(scalar) : columnOrScalar(in[1]);
      Column c = reversed ? op.compute(y, x, a.size()) : op.compute(x, y, a.size());
      return new LocalSeries(a.index(), resultName, c);
    }

    @Override
    public String name() {
      return op.name().toLowerCase();
    }
  }

  /** Unary operations of a series. */
  public enum UnaryKind { NOT, NEG, ABS }

  public record Unary(UnaryKind kind) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      Column c = s.values();
      int n = c.size();
      Column out;
      if (kind == UnaryKind.NOT) {
        boolean[] r = new boolean[n];
        for (int i = 0; i < n; i++) {
          r[i] = !((BoolColumn) c).getBool(i);
        }
        out = Column.ofBools(r);
      } else if (c instanceof DoubleColumn d) {
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
          r[i] = kind == UnaryKind.NEG ? -d.getDouble(i) : Math.abs(d.getDouble(i));
        }
        out = Column.ofDoubles(r);
      } else {
        long[] v = ((org.marsonspark.dataframe.local.LongColumn) c).values();
        long[] r = new long[n];
        for (int i = 0; i < n; i++) {
          r[i] = kind == UnaryKind.NEG ? -v[i] : Math.abs(v[i]);
        }
        out = Column.ofLongs(r);
      }
      return s.withValues(out);
    }

    @Override
    public String name() {
      return kind.name().toLowerCase();
    }
  }

  static Column isna(Column c, boolean negate) {
    boolean[] r = new boolean[c.size()];
    for (int i = 0; i < r.length; i++) {
      r[i] = c.isNA(i) != negate;
    }
    return Column.ofBools(r);
  }

  /** {@code isna()} / {@code notna()} of a series or every column of a frame. */
  public record IsNa(boolean negate) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      if (in[0] instanceof LocalSeries s) {
        return s.withValues(isna(s.values(), negate));
      }
      LocalFrame f = (LocalFrame) in[0];
      Column[] cols = new Column[f.ncols()];
      for (int j = 0; j < cols.length; j++) {
        cols[j] = isna(f.column(j), negate);
      }
      return new LocalFrame(f.index(), f.columnNames().toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return negate ? "notna" : "isna";
    }
  }

  /** Replaces NA of one column with a value (pandas fillna rules per dtype). */
  static Column fillna(Column c, Object value) {
    if (!c.dtype().holdsNA() || c.naCount() == 0) {
      return c;
    }
    int n = c.size();
    switch (c.dtype()) {
      case FLOAT64 -> {
        double v = ((Number) value).doubleValue();
        double[] r = ((DoubleColumn) c).values().clone();
        for (int i = 0; i < n; i++) {
          if (Double.isNaN(r[i])) {
            r[i] = v;
          }
        }
        return Column.ofDoubles(r);
      }
      case DATETIME -> {
        long v = DatetimeColumn.toNanos((java.time.LocalDateTime) value);
        long[] r = ((DatetimeColumn) c).nanos().clone();
        for (int i = 0; i < n; i++) {
          if (r[i] == DfType.NAT) {
            r[i] = v;
          }
        }
        return Column.ofDatetimes(r);
      }
      case CATEGORY -> {
        CategoryColumn cc = (CategoryColumn) c;
        int code = java.util.Arrays.asList(cc.categories()).indexOf(value.toString());
        if (code < 0) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Cannot setitem on a Categorical with a new category ("
              + value + "), set the categories first");
        }
        String[] v = new String[n];
        for (int i = 0; i < n; i++) {
          v[i] = c.isNA(i) ? value.toString() : (String) c.get(i);
        }
        return Column.categoricalOf(v);
      }
      default -> {
        Object[] r = new Object[n];
        for (int i = 0; i < n; i++) {
          r[i] = c.isNA(i) ? value : c.get(i);
        }
        return Column.ofObjects(r);
      }
    }
  }

  /** Checks before anything runs that {@code value} can fill NA of a column of {@code dtype}. */
  public static void checkFill(DfType dtype, Object value, String what) {
    boolean ok = switch (dtype) {
      case FLOAT64 -> value instanceof Number;
      case DATETIME -> value instanceof java.time.LocalDateTime;
      case CATEGORY -> value instanceof String;
      case OBJECT -> value != null;
      default -> true;
    };
    if (!ok) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "fillna: " + what + " of dtype " + dtype
          + " cannot be filled with " + value + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")")
          + "; fill with a value of that dtype, or cast with astype(\"object\") first");
    }
  }

  /** {@code fillna(value)} of a series, or of the named columns of a frame. */
  public record FillNa(Map<String, Object> perColumn, Object value) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      if (in[0] instanceof LocalSeries s) {
        return s.withValues(fillna(s.values(), value));
      }
      LocalFrame f = (LocalFrame) in[0];
      Column[] cols = new Column[f.ncols()];
      for (int j = 0; j < cols.length; j++) {
        String name = f.columnNames().get(j);
        Object v = perColumn == null ? value : perColumn.get(name);
        cols[j] = v == null ? f.column(j) : fillna(f.column(j), v);
      }
      return new LocalFrame(f.index(), f.columnNames().toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "fillna";
    }
  }

  /** {@code astype} of a series, or of the named columns of a frame ({@code str}: Python strings). */
  public record AsType(Map<String, DfType> perColumn, DfType to, boolean str) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      if (in[0] instanceof LocalSeries s) {
        return s.withValues(Casts.cast(s.values(), to, str));
      }
      LocalFrame f = (LocalFrame) in[0];
      Column[] cols = new Column[f.ncols()];
      for (int j = 0; j < cols.length; j++) {
        String name = f.columnNames().get(j);
        DfType t = perColumn == null ? to : perColumn.get(name);
        cols[j] = t == null && !(perColumn == null && str) ? f.column(j) : Casts.cast(f.column(j), t, str && perColumn == null);
      }
      return new LocalFrame(f.index(), f.columnNames().toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "astype";
    }
  }

  /** {@code data[mask]}: rows where a bool series is true (input 1). */
  public record Filter() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries mask = (LocalSeries) in[1];
      return Rows.filter(in[0], ((BoolColumn) mask.values()).values());
    }

    @Override
    public String name() {
      return "filter";
    }
  }

  /** {@code dropna(how, subset)}: rows without NA (how=any) or not all NA (how=all) in the subset. */
  public record DropNa(boolean all, List<String> subset) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      if (in[0] instanceof LocalSeries s) {
        return s.filter(isna(s.values(), true) instanceof BoolColumn b ? b.values() : null);
      }
      LocalFrame f = (LocalFrame) in[0];
      boolean[] keep = new boolean[f.nrows()];
      List<String> cols = subset == null ? f.columnNames() : subset;
      for (int i = 0; i < keep.length; i++) {
        int na = 0;
        for (String c : cols) {
          if (f.column(c).isNA(i)) {
            na++;
          }
        }
        keep[i] = all ? na < cols.size() || cols.isEmpty() : na == 0;
      }
      return f.filter(keep);
    }

    @Override
    public String name() {
      return "dropna";
    }
  }

  /** The index of a frame or series chunk as an index chunk. */
  public record IndexOf() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return new LocalIndexChunk(Rows.index(in[0]));
    }

    @Override
    public String name() {
      return "index";
    }
  }

  /** A series renamed. */
  public record Rename(String newName) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return ((LocalSeries) in[0]).withName(newName);
    }

    @Override
    public String name() {
      return "rename";
    }
  }

  /** A series as a one-column frame. */
  public record ToFrame() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      return ((LocalSeries) in[0]).toFrame();
    }

    @Override
    public String name() {
      return "to_frame";
    }
  }
}
