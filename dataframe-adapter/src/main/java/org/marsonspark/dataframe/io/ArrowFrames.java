package org.marsonspark.dataframe.io;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeStampNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.CategoryColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.ObjectColumn;
import org.marsonspark.dataframe.local.RangeIndex;

/**
 * Frame chunks to and from Apache Arrow (Spark's copy, 18.1), following pyarrow's
 * {@code Table.from_pandas} / {@code to_pandas} conventions: pandas's NA markers (NaN, None,
 * NaT) become Arrow nulls in a validity bitmap, and nulls come back as the pandas NA of the
 * column's dtype — an integer column with nulls becomes float64, a boolean one object.
 * int64 ↔ Int(64), float64 ↔ FloatingPoint(DOUBLE), bool ↔ Bool, object (strings) ↔ Utf8,
 * datetime64[ns] ↔ Timestamp(NANOSECOND, no zone), category → Utf8 of its values (dictionary
 * encoding is not kept). An index other than a RangeIndex travels as a column named
 * {@link #INDEX_COLUMN} (pyarrow's name), and comes back as the index.
 */
public final class ArrowFrames {
  /** pyarrow's name for a stored index column. */
  public static final String INDEX_COLUMN = "__index_level_0__";

  private ArrowFrames() {}

  /** The Arrow schema of a frame chunk (with the index column when it is not a RangeIndex). */
  public static Schema schemaOf(LocalFrame f) {
    List<Field> fields = new ArrayList<>();
    if (!(f.index() instanceof RangeIndex)) {
      fields.add(field(INDEX_COLUMN, f.index().dtype()));
    }
    for (int c = 0; c < f.ncols(); c++) {
      fields.add(field(f.columnNames().get(c), f.column(c).dtype()));
    }
    return new Schema(fields);
  }

  private static Field field(String name, DfType dtype) {
    ArrowType t = switch (dtype) {
      case INT64 -> new ArrowType.Int(64, true);
      case FLOAT64 -> new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE);
      case BOOL -> ArrowType.Bool.INSTANCE;
      case OBJECT, CATEGORY -> ArrowType.Utf8.INSTANCE;
      case DATETIME -> new ArrowType.Timestamp(TimeUnit.NANOSECOND, null);
    };
    return new Field(name, FieldType.nullable(t), null);
  }

  /** Copies a frame chunk into a new {@link VectorSchemaRoot} (the caller closes it). */
  public static VectorSchemaRoot toArrow(LocalFrame f, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schemaOf(f), allocator);
    try {
      root.allocateNew();
      int v = 0;
      if (!(f.index() instanceof RangeIndex)) {
        fill(root.getVector(v++), f.index().values(), INDEX_COLUMN);
      }
      for (int c = 0; c < f.ncols(); c++) {
        fill(root.getVector(v++), f.column(c), f.columnNames().get(c));
      }
      root.setRowCount(f.nrows());
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private static void fill(FieldVector vector, Column col, String name) {
    int n = col.size();
    switch (col.dtype()) {
      case INT64 -> {
        BigIntVector out = (BigIntVector) vector;
        long[] x = ((LongColumn) col).values();
        for (int i = 0; i < n; i++) {
          out.set(i, x[i]);
        }
      }
      case FLOAT64 -> {
        Float8Vector out = (Float8Vector) vector;
        double[] x = ((DoubleColumn) col).values();
        for (int i = 0; i < n; i++) {
          if (Double.isNaN(x[i])) {
            out.setNull(i);
          } else {
            out.set(i, x[i]);
          }
        }
      }
      case BOOL -> {
        BitVector out = (BitVector) vector;
        boolean[] x = ((BoolColumn) col).values();
        for (int i = 0; i < n; i++) {
          out.set(i, x[i] ? 1 : 0);
        }
      }
      case DATETIME -> {
        TimeStampNanoVector out = (TimeStampNanoVector) vector;
        long[] x = ((DatetimeColumn) col).nanos();
        for (int i = 0; i < n; i++) {
          if (x[i] == DfType.NAT) {
            out.setNull(i);
          } else {
            out.set(i, x[i]);
          }
        }
      }
      case OBJECT, CATEGORY -> {
        VarCharVector out = (VarCharVector) vector;
        for (int i = 0; i < n; i++) {
          Object o = col.get(i);
          if (o == null) {
            out.setNull(i);
          } else if (o instanceof String s) {
            out.setSafe(i, s.getBytes(StandardCharsets.UTF_8));
          } else {
            throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "toArrow: column '" + name + "' holds a "
                + o.getClass().getSimpleName() + " (" + o + ") at row " + i + "; only strings (and None) convert to Arrow utf8");
          }
        }
      }
    }
    vector.setValueCount(n);
  }

  /** The pandas dtype an Arrow field reads as, given whether the data holds nulls. */
  public static DfType dtypeOf(Field field, boolean hasNulls) {
    ArrowType t = field.getType();
    if (t instanceof ArrowType.Int) {
      return hasNulls ? DfType.FLOAT64 : DfType.INT64;
    }
    if (t instanceof ArrowType.FloatingPoint) {
      return DfType.FLOAT64;
    }
    if (t instanceof ArrowType.Bool) {
      return hasNulls ? DfType.OBJECT : DfType.BOOL;
    }
    if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8) {
      return DfType.OBJECT;
    }
    if (t instanceof ArrowType.Timestamp || t instanceof ArrowType.Date) {
      return DfType.DATETIME;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "fromArrow: field '" + field.getName() + "' of Arrow type "
        + t + " has no pandas dtype here (supported: integers, floats, bool, utf8, timestamp, date)");
  }

  /**
   * A frame chunk from Arrow vectors. {@code dtypes} (by column name; may be null) fixes a
   * column's dtype — an integer column read as float64 because another chunk holds nulls —;
   * otherwise the column's own nulls decide. {@code rangeStart} is the first label of the
   * RangeIndex when no index column is stored.
   */
  public static LocalFrame fromArrow(VectorSchemaRoot root, Map<String, DfType> dtypes, long rangeStart) {
    int n = root.getRowCount();
    List<String> names = new ArrayList<>();
    List<Column> cols = new ArrayList<>();
    LocalIndex index = LocalIndex.range(rangeStart, rangeStart + n, 1);
    for (FieldVector v : root.getFieldVectors()) {
      String name = v.getField().getName();
      DfType want = dtypes != null && dtypes.containsKey(name) ? dtypes.get(name)
          : dtypeOf(v.getField(), v.getNullCount() > 0);
      Column c = column(v, want, n);
      if (name.equals(INDEX_COLUMN)) {
        index = LocalIndex.of(c, null);
      } else {
        names.add(name);
        cols.add(c);
      }
    }
    return new LocalFrame(index, names.toArray(new String[0]), cols.toArray(new Column[0]));
  }

  private static Column column(FieldVector v, DfType dtype, int n) {
    switch (dtype) {
      case INT64 -> {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
          if (v.isNull(i)) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromArrow: column '" + v.getField().getName()
                + "' holds a null at row " + i + " but was read as int64; read it as float64");
          }
          x[i] = ((BaseIntVector) v).getValueAsLong(i);
        }
        return Column.ofLongs(x);
      }
      case FLOAT64 -> {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
          x[i] = v.isNull(i) ? Double.NaN : asDouble(v, i);
        }
        return Column.ofDoubles(x);
      }
      case BOOL -> {
        boolean[] x = new boolean[n];
        for (int i = 0; i < n; i++) {
          x[i] = ((BitVector) v).get(i) != 0;
        }
        return Column.ofBools(x);
      }
      case DATETIME -> {
        long[] x = new long[n];
        for (int i = 0; i < n; i++) {
          x[i] = v.isNull(i) ? DfType.NAT : nanos(v, i);
        }
        return Column.ofDatetimes(x);
      }
      case OBJECT -> {
        Object[] x = new Object[n];
        for (int i = 0; i < n; i++) {
          x[i] = v.isNull(i) ? null : v.getObject(i) instanceof Boolean b ? b : v.getObject(i).toString();
        }
        return Column.ofObjects(x);
      }
      case CATEGORY -> {
        String[] x = new String[n];
        for (int i = 0; i < n; i++) {
          x[i] = v.isNull(i) ? null : v.getObject(i).toString();
        }
        return Column.categoricalOf(x);
      }
      default -> throw new IllegalStateException("dtype " + dtype);
    }
  }

  private static double asDouble(FieldVector v, int i) {
    if (v instanceof Float8Vector f) {
      return f.get(i);
    }
    if (v instanceof Float4Vector f) {
      return f.get(i);
    }
    if (v instanceof BaseIntVector b) {
      return b.getValueAsLong(i);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "fromArrow: column '" + v.getField().getName() + "' of "
        + v.getField().getType() + " cannot be read as float64");
  }

  private static long nanos(FieldVector v, int i) {
    if (v instanceof TimeStampVector ts) {
      long raw = ts.get(i);
      TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
      return switch (unit) {
        case SECOND -> Math.multiplyExact(raw, 1_000_000_000L);
        case MILLISECOND -> Math.multiplyExact(raw, 1_000_000L);
        case MICROSECOND -> Math.multiplyExact(raw, 1_000L);
        case NANOSECOND -> raw;
      };
    }
    if (v instanceof DateDayVector d) {
      return Math.multiplyExact((long) d.get(i), 86_400_000_000_000L);
    }
    if (v instanceof DateMilliVector d) {
      return Math.multiplyExact(d.get(i), 1_000_000L);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "fromArrow: column '" + v.getField().getName() + "' of "
        + v.getField().getType() + " cannot be read as datetime64[ns]");
  }

}
