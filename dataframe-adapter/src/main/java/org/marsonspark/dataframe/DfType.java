package org.marsonspark.dataframe;

import java.time.LocalDateTime;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * The pandas dtypes a column (or an index) can have. NA follows pandas's numpy-backed dtypes:
 * float64 marks NA with NaN, object (strings) with null, datetime64[ns] with NaT (stored as
 * {@link #NAT}), category with code -1; int64 and bool cannot hold NA — an operation that would
 * put NA into them gives float64 (int) or object (bool), as pandas does. An object column
 * holds Java values (mostly {@code String}; {@code Long}, {@code Double}, {@code Boolean} too).
 */
public enum DfType {
  INT64("int64", 8),
  FLOAT64("float64", 8),
  BOOL("bool", 1),
  /** pandas's object dtype: strings mostly, any boxed value; null is NA. */
  OBJECT("object", 32),
  DATETIME("datetime64[ns]", 8),
  CATEGORY("category", 4);

  /** NaT: the datetime64[ns] NA, as pandas stores it (the smallest int64). */
  public static final long NAT = Long.MIN_VALUE;

  private final String pandasName;
  private final int itemSize;

  DfType(String pandasName, int itemSize) {
    this.pandasName = pandasName;
    this.itemSize = itemSize;
  }

  /** The name pandas prints ({@code df.dtypes}). */
  public String pandasName() {
    return pandasName;
  }

  /** Bytes one value takes (an estimate for strings), for memory accounting. */
  public int itemSize() {
    return itemSize;
  }

  public boolean isNumeric() {
    return this == INT64 || this == FLOAT64 || this == BOOL;
  }

  /** Whether values of this dtype can be NA (pandas: float, object, datetime, category). */
  public boolean holdsNA() {
    return this == FLOAT64 || this == OBJECT || this == DATETIME || this == CATEGORY;
  }

  /** The dtype pandas gives this one once NA must be stored: int64 → float64, bool → object. */
  public DfType withNA() {
    return switch (this) {
      case INT64 -> FLOAT64;
      case BOOL -> OBJECT;
      default -> this;
    };
  }

  /** A dtype by pandas name: int64 / int, float64 / float, bool, object / str / string, datetime64[ns], category. */
  public static DfType of(String name) {
    return switch (name) {
      case "int64", "int", "Int64", "long" -> INT64;
      case "float64", "float", "double" -> FLOAT64;
      case "bool", "boolean" -> BOOL;
      case "object", "str", "string", "O" -> OBJECT;
      case "datetime64[ns]", "datetime64", "datetime" -> DATETIME;
      case "category" -> CATEGORY;
      default -> throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "unknown dtype '" + name
          + "': use one of int64, float64, bool, object (str), datetime64[ns], category");
    };
  }

  /**
   * The one rule from a Java value to its dtype: {@code Long}, {@code Integer}, {@code Short},
   * {@code Byte} are int64; {@code Double}, {@code Float} float64; {@code Boolean} bool;
   * {@code String} object; {@code LocalDateTime} datetime64[ns]. Null (NA) and any other object
   * give null: the caller says what it does with them.
   */
  public static DfType ofValue(Object v) {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return INT64;
    }
    if (v instanceof Double || v instanceof Float) {
      return FLOAT64;
    }
    if (v instanceof Boolean) {
      return BOOL;
    }
    if (v instanceof String) {
      return OBJECT;
    }
    if (v instanceof LocalDateTime) {
      return DATETIME;
    }
    return null;
  }

  /** A Java value as columns hold it: small integers as {@code Long}, {@code Float} as {@code Double}. */
  public static Object canonical(Object v) {
    if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Float f) {
      return f.doubleValue();
    }
    return v;
  }

  @Override
  public String toString() {
    return pandasName;
  }
}
