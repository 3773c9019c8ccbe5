package org.marsonspark.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * One factory per recurring error, each filling its class's parameters and writing its message
 * in one place; and the one axis normalizer.
 */
public final class Errors {
  private Errors() {}

  /**
   * An axis of a tensor of {@code ndim} dimensions, negative ones counted from the end.
   *
   * @param op the operation, for the error
   * @param param the parameter's name ({@code "axis"}, {@code "source axis"}), for the error
   * @throws MarsException {@link ErrorClass#AXIS_OUT_OF_BOUNDS} outside {@code -ndim..ndim-1}
   */
  public static int normalizeAxis(String op, String param, int axis, int ndim) {
    int a = axis < 0 ? axis + ndim : axis;
    if (a < 0 || a >= ndim) {
      throw axisOutOfBounds(op, param, axis, ndim);
    }
    return a;
  }

  /** {@link #normalizeAxis(String, String, int, int)} of the parameter {@code axis}. */
  public static int normalizeAxis(String op, int axis, int ndim) {
    return normalizeAxis(op, "axis", axis, ndim);
  }

  /** {@link ErrorClass#AXIS_OUT_OF_BOUNDS}: {@code axis} of a tensor of {@code ndim} dimensions. */
  public static MarsException axisOutOfBounds(String op, String param, int axis, int ndim) {
    return new MarsException(ErrorClass.AXIS_OUT_OF_BOUNDS, params("op", op, "param", param, "axis", axis, "ndim", ndim),
        op + ": " + param + " " + axis + " is out of bounds for a tensor of dimension " + ndim
            + (ndim == 0 ? "; a 0-d tensor has no axis: reshape it or pass no axis"
                : "; use an axis from " + -ndim + " to " + (ndim - 1)), null);
  }

  /**
   * A position along an axis of {@code size} elements, negative ones counted from the end.
   *
   * @throws MarsException {@link ErrorClass#INDEX_OUT_OF_BOUNDS} outside {@code -size..size-1}
   */
  public static long normalizeIndex(String op, long index, int axis, long size) {
    long w = index < 0 ? index + size : index;
    if (w < 0 || w >= size) {
      throw indexOutOfBounds(op, index, axis, size);
    }
    return w;
  }

  /**
   * {@link ErrorClass#INDEX_OUT_OF_BOUNDS}: position {@code index} along {@code axis} of
   * {@code size} elements (numpy's wording).
   */
  public static MarsException indexOutOfBounds(String op, long index, int axis, long size) {
    return new MarsException(ErrorClass.INDEX_OUT_OF_BOUNDS, params("op", op, "index", index, "axis", axis,
        "size", size), (op.isEmpty() ? "" : op + ": ") + "index " + index + " is out of bounds for axis " + axis
        + " with size " + size, null);
  }

  /** {@link ErrorClass#COLUMN_NOT_FOUND}: pandas's KeyError for a column label a frame lacks. */
  public static MarsException columnNotFound(String op, Object column, List<?> columns) {
    return columnNotFound(op, column, columns, "column", "");
  }

  /**
   * As {@link #columnNotFound(String, Object, List)}, saying what the label was asked for as
   * ({@code "key column"}; empty: nothing) and whose columns were looked in
   * ({@code "the left frame's columns "}; empty: the columns alone).
   */
  public static MarsException columnNotFound(String op, Object column, List<?> columns, String what, String within) {
    String label = column instanceof String s ? "'" + s + "'" : String.valueOf(column);
    return new MarsException(ErrorClass.COLUMN_NOT_FOUND, params("op", op, "column", column, "columns",
        Collections.unmodifiableList(new ArrayList<>(columns))), (op.isEmpty() ? "" : op + ": ") + "KeyError: "
        + (what.isEmpty() ? "" : what + " ") + label + " not in " + within + columns, null);
  }

  private static Map<String, Object> params(Object... keyValues) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      out.put((String) keyValues[i], keyValues[i + 1]);
    }
    return out;
  }
}
