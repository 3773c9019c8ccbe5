package org.marsonspark.tensor;

/** numpy-like text for small arrays, summarized with "..." for large ones. */
final class NDArrayFormat {
  private static final int EDGE = 3;
  private static final int THRESHOLD = 1000;

  private NDArrayFormat() {}

  static String format(NDArray a) {
    StringBuilder sb = new StringBuilder("array(");
    if (a.ndim() == 0) {
      sb.append(elem(a, 0));
    } else {
      append(sb, a, 0, 0, a.size() > THRESHOLD);
    }
    return sb.append(", dtype=").append(a.dtype()).append(')').toString();
  }

  private static void append(StringBuilder sb, NDArray a, int axis, int offset, boolean summarize) {
    long n = a.shape(axis);
    long stride = 1;
    for (int i = axis + 1; i < a.ndim(); i++) {
      stride *= a.shape(i);
    }
    sb.append('[');
    for (long i = 0; i < n; i++) {
      if (summarize && n > 2 * EDGE && i == EDGE) {
        sb.append("..., ");
        i = n - EDGE - 1;
        continue;
      }
      if (axis == a.ndim() - 1) {
        sb.append(elem(a, (int) (offset + i)));
      } else {
        append(sb, a, axis + 1, (int) (offset + i * stride), summarize);
      }
      if (i < n - 1) {
        sb.append(axis == a.ndim() - 1 ? ", " : ",\n" + " ".repeat(axis + 7));
      }
    }
    sb.append(']');
  }

  private static String elem(NDArray a, int flat) {
    Object v = a.get(flat);
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof Double d) {
      return fmt(d);
    }
    if (v instanceof Float f) {
      return fmt(f.doubleValue());
    }
    return v.toString();
  }

  private static String fmt(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == Math.rint(d) && Math.abs(d) < 1e16) {
      return (long) d + ".";
    }
    return Double.toString(d);
  }
}
