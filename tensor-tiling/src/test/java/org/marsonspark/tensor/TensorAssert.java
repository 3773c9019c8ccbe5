package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;

/** Compares a fetched result with numpy's, as stored in a fixture. */
final class TensorAssert {
  /** float64: |actual - expected| &lt;= ATOL + RTOL |expected|. */
  static final double F64_RTOL = 1e-12;
  static final double F64_ATOL = 1e-12;
  /** float32 (numpy computes in float32, Mars in double rounded once). */
  static final double F32_RTOL = 1e-5;
  static final double F32_ATOL = 1e-5;
  private static final int MAX_LISTED = 8;

  private TensorAssert() {}

  /**
   * Checks shape, dtype (numpy's name) and values: floats within tolerance, NaN only against
   * NaN, infinities exactly, integers and bools exactly.
   */
  static void assertMatches(Fixtures.Array expected, NDArray actual, String context) {
    String shapes = "expected shape " + Arrays.toString(expected.shape()) + ", got " + Arrays.toString(actual.shape());
    if (!Arrays.equals(expected.shape(), actual.shape())) {
      fail(context + ": " + shapes + "\n  expected " + expected + "\n  actual   " + actual);
    }
    assertEquals(expected.dtype(), actual.dtype().toString(), context + ": dtype");
    int n = expected.size();
    assertEquals(n, actual.size(), context + ": size");
    StringBuilder bad = new StringBuilder();
    int mismatches = 0;
    for (int i = 0; i < n; i++) {
      String e;
      String a;
      boolean ok;
      switch (actual.dtype()) {
        case BOOL -> {
          ok = expected.getBool(i) == actual.getBool(i);
          e = String.valueOf(expected.getBool(i));
          a = String.valueOf(actual.getBool(i));
        }
        case INT32, INT64 -> {
          ok = expected.getLong(i) == actual.getLong(i);
          e = String.valueOf(expected.getLong(i));
          a = String.valueOf(actual.getLong(i));
        }
        default -> {
          boolean single = actual.dtype() == DType.FLOAT32;
          double ev = expected.getDouble(i);
          double av = actual.getDouble(i);
          ok = close(ev, av, single ? F32_RTOL : F64_RTOL, single ? F32_ATOL : F64_ATOL);
          e = String.valueOf(ev);
          a = String.valueOf(av);
        }
      }
      if (!ok) {
        if (mismatches < MAX_LISTED) {
          bad.append("\n  at flat ").append(i).append(": expected ").append(e).append(", got ").append(a);
        }
        mismatches++;
      }
    }
    if (mismatches > 0) {
      fail(context + ": " + mismatches + " of " + n + " values differ from numpy" + bad + "\n  expected "
          + expected.data() + "\n  actual   " + actual);
    }
  }

  static boolean close(double expected, double actual, double rtol, double atol) {
    if (Double.isNaN(expected)) {
      return Double.isNaN(actual);
    }
    if (Double.isInfinite(expected) || Double.isNaN(actual) || Double.isInfinite(actual)) {
      return expected == actual;
    }
    return Math.abs(actual - expected) <= atol + rtol * Math.abs(expected);
  }
}
