package org.marsonspark.dataframe.ops;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.PyOrder;

/**
 * Element-wise binary operations with pandas's dtype rules: arithmetic on int64/float64/bool
 * (bool counts as 0/1 against numbers; division gives float64; any float gives float64; NaN
 * propagates), {@code +} of strings, comparisons (NA compares false, except {@code !=}), and
 * logical and/or/xor of bools.
 */
public enum BinOp {
  ADD("+"), SUB("-"), MUL("*"), DIV("/"), FLOORDIV("//"), MOD("%"), POW("**"),
  EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="),
  AND("&"), OR("|"), XOR("^");

  private final String symbol;

  BinOp(String symbol) {
    this.symbol = symbol;
  }

  public String symbol() {
    return symbol;
  }

  boolean isComparison() {
    return ordinal() >= EQ.ordinal() && ordinal() <= GE.ordinal();
  }

  boolean isLogical() {
    return this == AND || this == OR || this == XOR;
  }

  private static boolean intLike(DfType t) {
    return t == DfType.INT64 || t == DfType.BOOL;
  }

  private MarsException unsupported(DfType a, DfType b) {
    return new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "unsupported operand dtypes for " + symbol + ": '" + a
        + "' and '" + b + "'");
  }

  /** The result dtype, or an error naming both dtypes when pandas has none either (checked before anything runs). */
  public DfType resultType(DfType a, DfType b) {
    if (isComparison()) {
      boolean orderOk = (a.isNumeric() && b.isNumeric()) || (a == DfType.OBJECT && b == DfType.OBJECT)
          || (a == DfType.DATETIME && b == DfType.DATETIME);
      if (a == DfType.CATEGORY || b == DfType.CATEGORY) {
        if (this != EQ && this != NE) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Unordered Categoricals can only compare "
              + "equality or not (" + symbol + ")");
        }
        return DfType.BOOL;
      }
      if (!orderOk && this != EQ && this != NE) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "'" + symbol + "' not supported between dtypes '"
            + a + "' and '" + b + "'");
      }
      return DfType.BOOL;
    }
    if (isLogical()) {
      if (a == DfType.BOOL && b == DfType.BOOL) {
        return DfType.BOOL;
      }
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "logical " + symbol + " needs bool operands, got '" + a
          + "' and '" + b + "' (bitwise operations on integers are not supported)");
    }
    if (this == ADD && a == DfType.OBJECT && b == DfType.OBJECT) {
      return DfType.OBJECT;
    }
    if (!a.isNumeric() || !b.isNumeric() || (a == DfType.BOOL && b == DfType.BOOL)) {
      throw unsupported(a, b);
    }
    if (this == DIV || a == DfType.FLOAT64 || b == DfType.FLOAT64) {
      return DfType.FLOAT64;
    }
    return DfType.INT64;
  }

  /**
   * Computes n rows. The loop is chosen once per column pair (by op and the operands' primitive
   * kind) and reads the columns' arrays; NAs that the values do not carry themselves (NaT) are
   * applied after the loop. A float64 NaN needs no mask: IEEE arithmetic propagates it, and its
   * comparisons are false except {@code !=}, as pandas's.
   */
  Column compute(ColumnOrScalar a, ColumnOrScalar b, int n) {
    DfType out = resultType(a.dtype(), b.dtype());
    if (isComparison()) {
      return Column.ofBools(compare(a, b, n));
    }
    if (isLogical()) {
      return Column.ofBools(logical(a.longs(n), b.longs(n), n));
    }
    if (out == DfType.OBJECT) {
      return Column.ofObjects(concat(a, b, n));
    }
    if (out == DfType.INT64) {
      return Column.ofLongs(arithmetic(a.longs(n), b.longs(n), n));
    }
    if (b.isScalar() && !a.isScalar()) {
      return Column.ofDoubles(arithmetic(a.doubles(n), b.getDouble(0), n));
    }
    if (a.isScalar() && !b.isScalar() && (this == ADD || this == MUL)) {
      return Column.ofDoubles(arithmetic(b.doubles(n), a.getDouble(0), n));
    }
    return Column.ofDoubles(arithmetic(a.doubles(n), b.doubles(n), n));
  }

  /** The comparison with its operands swapped: {@code a < b} is {@code b > a}. */
  private BinOp flipped() {
    return switch (this) {
      case LT -> GT;
      case LE -> GE;
      case GT -> LT;
      case GE -> LE;
      default -> this;
    };
  }

  private boolean[] logical(long[] x, long[] y, int n) {
    boolean[] r = new boolean[n];
    switch (this) {
      case AND -> { for (int i = 0; i < n; i++) { r[i] = (x[i] & y[i]) != 0; } }
      case OR -> { for (int i = 0; i < n; i++) { r[i] = (x[i] | y[i]) != 0; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = (x[i] ^ y[i]) != 0; } }
    }
    return r;
  }

  private long[] arithmetic(long[] x, long[] y, int n) {
    long[] r = new long[n];
    switch (this) {
      case ADD -> { for (int i = 0; i < n; i++) { r[i] = x[i] + y[i]; } }
      case SUB -> { for (int i = 0; i < n; i++) { r[i] = x[i] - y[i]; } }
      case MUL -> { for (int i = 0; i < n; i++) { r[i] = x[i] * y[i]; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = longOp(x[i], y[i]); } }
    }
    return r;
  }

  private double[] arithmetic(double[] x, double[] y, int n) {
    double[] r = new double[n];
    switch (this) {
      case ADD -> { for (int i = 0; i < n; i++) { r[i] = x[i] + y[i]; } }
      case SUB -> { for (int i = 0; i < n; i++) { r[i] = x[i] - y[i]; } }
      case MUL -> { for (int i = 0; i < n; i++) { r[i] = x[i] * y[i]; } }
      case DIV -> { for (int i = 0; i < n; i++) { r[i] = x[i] / y[i]; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = doubleOp(x[i], y[i]); } }
    }
    return r;
  }

  /** A float64 column and a scalar {@code c} on the right (or either side of {@code +} and {@code *}). */
  private double[] arithmetic(double[] x, double c, int n) {
    double[] r = new double[n];
    switch (this) {
      case ADD -> { for (int i = 0; i < n; i++) { r[i] = x[i] + c; } }
      case SUB -> { for (int i = 0; i < n; i++) { r[i] = x[i] - c; } }
      case MUL -> { for (int i = 0; i < n; i++) { r[i] = x[i] * c; } }
      case DIV -> { for (int i = 0; i < n; i++) { r[i] = x[i] / c; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = doubleOp(x[i], c); } }
    }
    return r;
  }

  /** {@code +} of object columns: strings concatenated, NA where either side is. */
  private static Object[] concat(ColumnOrScalar a, ColumnOrScalar b, int n) {
    Object[] r = new Object[n];
    for (int i = 0; i < n; i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (x == null || y == null) {
        r[i] = null;
      } else if (x instanceof String s && y instanceof String t) {
        r[i] = s + t;
      } else {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "can only add str to str in an object column, got "
            + x.getClass().getSimpleName() + " + " + y.getClass().getSimpleName());
      }
    }
    return r;
  }

  private long longOp(long x, long y) {
    return switch (this) {
      case ADD -> x + y;
      case SUB -> x - y;
      case MUL -> x * y;
      case FLOORDIV -> {
        if (y == 0) {
          throw zeroDivision();
        }
        yield Math.floorDiv(x, y);
      }
      case MOD -> {
        if (y == 0) {
          throw zeroDivision();
        }
        yield Math.floorMod(x, y);
      }
      case POW -> {
        if (y < 0) {
          throw org.marsonspark.tensor.kernel.Ufuncs.negativePower(y);
        }
        long r = 1;
        long base = x;
        long e = y;
        while (e > 0) {
          if ((e & 1) == 1) {
            r *= base;
          }
          base *= base;
          e >>= 1;
        }
        yield r;
      }
      default -> throw new IllegalStateException(name());
    };
  }

  private MarsException zeroDivision() {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "int64 " + symbol + " by zero: pandas would turn the "
        + "whole result into float64 (inf/NaN), which depends on the data; cast an operand with astype(float64) first");
  }

  private double doubleOp(double x, double y) {
    return switch (this) {
      case ADD -> x + y;
      case SUB -> x - y;
      case MUL -> x * y;
      case DIV -> x / y;
      case FLOORDIV -> y == 0 ? x / y : Math.floor(x / y);
      case MOD -> {
        if (y == 0 || Double.isNaN(x) || Double.isNaN(y) || Double.isInfinite(x)) {
          yield Double.NaN;
        }
        if (Double.isInfinite(y)) {
          yield x == 0 || (x > 0) == (y > 0) ? x : y;
        }
        double m = x % y;
        yield m != 0 && (m < 0) != (y < 0) ? m + y : m;
      }
      case POW -> x == 1 || y == 0 ? 1.0 : Math.pow(x, y);
      default -> throw new IllegalStateException(name());
    };
  }

  private boolean[] compare(ColumnOrScalar a, ColumnOrScalar b, int n) {
    DfType ta = a.dtype();
    DfType tb = b.dtype();
    boolean[] r;
    if ((intLike(ta) && intLike(tb)) || (ta == DfType.DATETIME && tb == DfType.DATETIME)) {
      r = compare(a.longs(n), b.longs(n), n);
    } else if (ta.isNumeric() && tb.isNumeric()) {
      r = b.isScalar() && !a.isScalar() ? compare(a.doubles(n), b.getDouble(0), n)
          : a.isScalar() && !b.isScalar() ? flipped().compare(b.doubles(n), a.getDouble(0), n)
          : compare(a.doubles(n), b.doubles(n), n);
    } else {
      return compareObjects(a, b, n);
    }
    if (a.hasNonNaNMissing() || b.hasNonNaNMissing()) {
      for (int i = 0; i < n; i++) {
        if (a.isNA(i) || b.isNA(i)) {
          r[i] = this == NE;
        }
      }
    }
    return r;
  }

  private boolean[] compare(long[] x, long[] y, int n) {
    boolean[] r = new boolean[n];
    switch (this) {
      case EQ -> { for (int i = 0; i < n; i++) { r[i] = x[i] == y[i]; } }
      case NE -> { for (int i = 0; i < n; i++) { r[i] = x[i] != y[i]; } }
      case LT -> { for (int i = 0; i < n; i++) { r[i] = x[i] < y[i]; } }
      case LE -> { for (int i = 0; i < n; i++) { r[i] = x[i] <= y[i]; } }
      case GT -> { for (int i = 0; i < n; i++) { r[i] = x[i] > y[i]; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = x[i] >= y[i]; } }
    }
    return r;
  }

  /** IEEE comparisons: a NaN on either side is false, except {@code !=} (pandas's NA rule). */
  private boolean[] compare(double[] x, double[] y, int n) {
    boolean[] r = new boolean[n];
    switch (this) {
      case EQ -> { for (int i = 0; i < n; i++) { r[i] = x[i] == y[i]; } }
      case NE -> { for (int i = 0; i < n; i++) { r[i] = x[i] != y[i]; } }
      case LT -> { for (int i = 0; i < n; i++) { r[i] = x[i] < y[i]; } }
      case LE -> { for (int i = 0; i < n; i++) { r[i] = x[i] <= y[i]; } }
      case GT -> { for (int i = 0; i < n; i++) { r[i] = x[i] > y[i]; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = x[i] >= y[i]; } }
    }
    return r;
  }

  /** A float64 column against a scalar {@code c}, IEEE as above. */
  private boolean[] compare(double[] x, double c, int n) {
    boolean[] r = new boolean[n];
    switch (this) {
      case EQ -> { for (int i = 0; i < n; i++) { r[i] = x[i] == c; } }
      case NE -> { for (int i = 0; i < n; i++) { r[i] = x[i] != c; } }
      case LT -> { for (int i = 0; i < n; i++) { r[i] = x[i] < c; } }
      case LE -> { for (int i = 0; i < n; i++) { r[i] = x[i] <= c; } }
      case GT -> { for (int i = 0; i < n; i++) { r[i] = x[i] > c; } }
      default -> { for (int i = 0; i < n; i++) { r[i] = x[i] >= c; } }
    }
    return r;
  }

  /** Strings, categories and mixed kinds, a value at a time (Python's equality and order). */
  private boolean[] compareObjects(ColumnOrScalar a, ColumnOrScalar b, int n) {
    boolean[] r = new boolean[n];
    for (int i = 0; i < n; i++) {
      if (a.isNA(i) || b.isNA(i)) {
        r[i] = this == NE;
        continue;
      }
      Object x = a.get(i);
      Object y = b.get(i);
      if (this == EQ || this == NE) {
        r[i] = PyOrder.equalityKey(x).equals(PyOrder.equalityKey(y)) == (this == EQ);
        continue;
      }
      int c = PyOrder.compare(x, y, "", symbol);
      r[i] = switch (this) {
        case LT -> c < 0;
        case LE -> c <= 0;
        case GT -> c > 0;
        default -> c >= 0;
      };
    }
    return r;
  }
}
