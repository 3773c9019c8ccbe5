package org.marsonspark.tensor;

/**
 * numpy-like text for small arrays, summarized with "..." for large ones; and the same values as
 * an HTML table for notebooks.
 */
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

  /**
   * An HTML table of a 1-D (one row) or 2-D array, with numpy's element format and its "..."
   * summary of large arrays (the first and last 3 rows and columns), under a caption with shape
   * and dtype; other ranks as their text in a {@code <pre>}.
   */
  static String html(NDArray a) {
    String caption = "shape " + shapeText(a) + ", dtype " + a.dtype();
    if (a.ndim() != 1 && a.ndim() != 2) {
      return "<pre>" + esc(format(a)) + "</pre>\n<p>" + caption + "</p>";
    }
    boolean summarize = a.size() > THRESHOLD;
    long rows = a.ndim() == 1 ? 1 : a.shape(0);
    long cols = a.shape(a.ndim() - 1);
    StringBuilder sb = new StringBuilder("<table class=\"ndarray\">\n  <caption>").append(caption)
        .append("</caption>\n  <tbody>\n");
    for (long r = 0; r < rows; r++) {
      if (summarize && rows > 2 * EDGE && r == EDGE) {
        sb.append("    <tr><td>\u22ee</td></tr>\n");
        r = rows - EDGE - 1;
        continue;
      }
      sb.append("    <tr>");
      for (long c = 0; c < cols; c++) {
        if (summarize && cols > 2 * EDGE && c == EDGE) {
          sb.append("<td>\u2026</td>");
          c = cols - EDGE - 1;
          continue;
        }
        sb.append("<td>").append(esc(elem(a, (int) (r * cols + c)))).append("</td>");
      }
      sb.append("</tr>\n");
    }
    return sb.append("  </tbody>\n</table>").toString();
  }

  private static String shapeText(NDArray a) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < a.ndim(); i++) {
      sb.append(i > 0 ? ", " : "").append(a.shape(i));
    }
    return sb.append(a.ndim() == 1 ? ",)" : ")").toString();
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
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
