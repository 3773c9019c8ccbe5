package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** Comparisons of learn results with sklearn's: shape, then values within a tolerance (NaN equal to NaN). */
public final class LearnAssert {
  public static final double RTOL = 1e-10;
  public static final double ATOL = 1e-12;

  private LearnAssert() {}

  public static void assertClose(NDArray expected, Tensor actual, String what) {
    assertClose(expected, actual.execute().fetch(), RTOL, ATOL, what);
  }

  public static void assertClose(NDArray expected, NDArray actual, double rtol, double atol, String what) {
    assertArrayEquals(expected.shape(), actual.shape(), what + ": shape");
    int bad = 0;
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < expected.size(); i++) {
      double e = expected.getDouble(i);
      double a = actual.getDouble(i);
      boolean ok = Double.isNaN(e) ? Double.isNaN(a) : e == a || Math.abs(e - a) <= atol + rtol * Math.abs(e);
      if (!ok && bad++ < 8) {
        sb.append(String.format(" [%d] expected %s, got %s;", i, e, a));
      }
    }
    if (bad > 0) {
      fail(what + ": " + bad + " of " + expected.size() + " values differ:" + sb);
    }
  }
}
