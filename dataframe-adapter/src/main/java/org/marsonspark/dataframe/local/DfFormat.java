package org.marsonspark.dataframe.local;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.dataframe.DfType;

/**
 * Text and HTML display as pandas prints frames and series: a frame longer than
 * {@code maxRows} shows its first and last {@code minRows / 2} rows around a {@code ...} row and
 * ends with its size; floats in a column print as pandas's formatter prints them
 * ({@link PandasFloats}); NA prints as NaN, None or NaT.
 */
public final class DfFormat {
  private DfFormat() {}

  /**
   * Positions shown of the {@code n} rows at hand: all of them, or the head and tail with -1
   * marking the elision when the whole object ({@code total} rows) is longer than
   * {@code maxRows}. The rows at hand are either all rows or only the head and tail ones.
   */
  static int[] shown(int n, long total, int maxRows, int minRows) {
    if (total <= maxRows) {
      int[] all = new int[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    int half = Math.max(1, minRows / 2);
    int[] out = new int[2 * half + 1];
    for (int i = 0; i < half; i++) {
      out[i] = i;
      out[half + 1 + i] = n - half + i;
    }
    out[half] = -1;
    return out;
  }

  /** Cell strings of a column at the shown positions ("..." at -1), formatted as pandas does. */
  static List<String> cells(Column c, int[] rows) {
    if (c instanceof DoubleColumn d) {
      return PandasFloats.cells(d, rows);
    }
    List<String> out = new ArrayList<>();
    boolean dateOnly = c.dtype() == DfType.DATETIME;
    if (dateOnly) {
      for (int r : rows) {
        if (r >= 0 && !c.isNA(r) && Math.floorMod(((DatetimeColumn) c).getNanos(r), 86_400_000_000_000L) != 0) {
          dateOnly = false;
        }
      }
    }
    for (int r : rows) {
      if (r < 0) {
        out.add("...");
        continue;
      }
      out.add(cell(c, r, dateOnly));
    }
    return out;
  }

  /** Value cells as pandas pads them: a leading space (a sign's place for numbers), none for datetimes. */
  static List<String> valueCells(Column c, int[] rows) {
    List<String> out = cells(c, rows);
    if (c.dtype() == DfType.DATETIME) {
      return out;
    }
    boolean numeric = c.dtype() == DfType.INT64 || c.dtype() == DfType.FLOAT64;
    for (int i = 0; i < out.size(); i++) {
      String v = out.get(i);
      if (!v.equals("...") && !(numeric && v.startsWith("-"))) {
        out.set(i, " " + v);
      }
    }
    return out;
  }

  private static String cell(Column c, int r, boolean dateOnly) {
    switch (c.dtype()) {
      case DATETIME -> {
        if (c.isNA(r)) {
          return "NaT";
        }
        return timestamp(((DatetimeColumn) c).getNanos(r), dateOnly);
      }
      case BOOL -> {
        return ((BoolColumn) c).getBool(r) ? "True" : "False";
      }
      case OBJECT -> {
        Object v = c.get(r);
        return v == null ? "None" : pyStr(v);
      }
      case CATEGORY -> {
        Object v = c.get(r);
        return v == null ? "NaN" : v.toString();
      }
      default -> {
        return String.valueOf(c.get(r));
      }
    }
  }

  /** Python's str() of a value held in an object column. */
  static String pyStr(Object v) {
    if (v instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (v instanceof Double d) {
      return PyRepr.floatRepr(d);
    }
    return v.toString();
  }

  /** pandas's Timestamp text: date only when asked, else date, time and as many fraction digits as needed. */
  public static String timestamp(long nanos, boolean dateOnly) {
    LocalDateTime t = DatetimeColumn.toLocal(nanos);
    String date = t.toLocalDate().toString();
    if (dateOnly) {
      return date;
    }
    String time = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    int ns = t.getNano();
    if (ns != 0) {
      time += ns % 1000 == 0 ? (ns % 1_000_000 == 0 ? String.format(".%03d", ns / 1_000_000)
          : String.format(".%06d", ns / 1000)) : String.format(".%09d", ns);
    }
    return date + " " + time;
  }

  /** pandas prints the elided row as "..." in cells at least 3 wide, ".." in narrower ones. */
  private static int widthWithDots(List<String> cells, int min) {
    int w = min;
    for (String c : cells) {
      if (!c.equals("...")) {
        w = Math.max(w, c.length());
      }
    }
    boolean elided = false;
    for (int i = 0; i < cells.size(); i++) {
      if (cells.get(i).equals("...")) {
        cells.set(i, w > 3 ? "..." : "..");
        elided = true;
      }
    }
    return elided ? Math.max(w, 2) : w;
  }

  /** Python's {@code str.center}: an odd margin puts the extra space left only when the width is odd. */
  private static String center(String s, int w) {
    int margin = w - s.length();
    if (margin <= 0) {
      return s;
    }
    int left = margin / 2 + (margin & w & 1);
    return " ".repeat(left) + s + " ".repeat(margin - left);
  }

  private static String padLeft(String s, int w) {
    return s.length() >= w ? s : " ".repeat(w - s.length()) + s;
  }

  private static String padRight(String s, int w) {
    return s.length() >= w ? s : s + " ".repeat(w - s.length());
  }

  /** pandas's {@code repr(df)}. */
  public static String frame(LocalFrame f, int maxRows, int minRows) {
    return frame(f, maxRows, minRows, f.nrows());
  }

  /**
   * pandas's {@code repr(df)} of a frame of {@code total} rows, given all of them or only the
   * {@code minRows / 2} first and last ones (which is all a long frame shows).
   */
  public static String frame(LocalFrame f, int maxRows, int minRows, long total) {
    int n = f.nrows();
    if (f.ncols() == 0) {
      return "Empty DataFrame\nColumns: []\nIndex: " + f.index();
    }
    if (n == 0) {
      return "Empty DataFrame\nColumns: " + f.columnNames() + "\nIndex: []";
    }
    int[] rows = shown(n, total, maxRows, minRows);
    List<String> idx;
    int iw;
    String idxName;
    if (f.index() instanceof MultiIndex mi) {
      List<String> names = new ArrayList<>();
      idx = multiCells(mi, rows, names);
      iw = names.get(0).length();
      idxName = mi.names().stream().allMatch(java.util.Objects::isNull) ? null : names.get(0);
    } else {
      idx = cells(f.index().values(), rows);
      iw = widthWithDots(idx, 0);
      idxName = f.index().name();
      if (idxName != null) {
        iw = Math.max(iw, idxName.length());
      }
    }
    List<List<String>> cols = new ArrayList<>();
    int[] widths = new int[f.ncols()];
    for (int j = 0; j < f.ncols(); j++) {
      List<String> c = valueCells(f.column(j), rows);
      cols.add(c);
      // pandas puts a leading space before the header of a numeric (int, float, bool) column
      DfType dt = f.column(j).dtype();
      boolean numeric = dt == DfType.INT64 || dt == DfType.FLOAT64 || dt == DfType.BOOL;
      widths[j] = widthWithDots(c, f.columnNames().get(j).length() + (numeric ? 1 : 0));
    }
    StringBuilder sb = new StringBuilder(" ".repeat(iw));
    for (int j = 0; j < f.ncols(); j++) {
      sb.append(" ").append(padLeft(f.columnNames().get(j), widths[j]));
    }
    if (idxName != null) {
      sb.append('\n').append(padRight(idxName, iw));
      for (int j = 0; j < f.ncols(); j++) {
        sb.append(" ").append(" ".repeat(widths[j]));
      }
    }
    for (int r = 0; r < rows.length; r++) {
      sb.append('\n').append(padRight(idx.get(r), iw));
      for (int j = 0; j < f.ncols(); j++) {
        sb.append(" ").append(padLeft(cols.get(j).get(r), widths[j]));
      }
    }
    if (total > maxRows) {
      sb.append("\n\n[").append(total).append(" rows x ").append(f.ncols()).append(" columns]");
    }
    return sb.toString();
  }

  /**
   * The index cells of a MultiIndex as pandas 1.5 prints them in a frame: each level formatted
   * as a column of its own and left-justified to the wider of its cells and its name, the levels
   * joined by one space; a label equal to the row above's, with every outer level equal too, is
   * blank (pandas's sparsified display) — the last level always shows. {@code namesOut} gets the
   * line of level names, of the same width.
   */
  static List<String> multiCells(MultiIndex mi, int[] rows, List<String> namesOut) {
    return multiCells(mi, rows, namesOut, " ");
  }

  /** As {@link #multiCells(MultiIndex, int[], List)} with levels joined by {@code sep} (two spaces in a series). */
  static List<String> multiCells(MultiIndex mi, int[] rows, List<String> namesOut, String sep) {
    int nl = mi.nlevels();
    List<List<String>> levels = new ArrayList<>();
    int[] w = new int[nl];
    for (int j = 0; j < nl; j++) {
      List<String> c = cells(mi.level(j), rows);
      String name = mi.names().get(j);
      w[j] = widthWithDots(c, name == null ? 0 : name.length());
      levels.add(c);
    }
    List<String> out = new ArrayList<>();
    for (int r = 0; r < rows.length; r++) {
      StringBuilder sb = new StringBuilder();
      boolean sameOuter = r > 0 && rows[r] >= 0 && rows[r - 1] >= 0;
      for (int j = 0; j < nl; j++) {
        String cell = levels.get(j).get(r);
        sameOuter = sameOuter && j < nl - 1 && cell.equals(levels.get(j).get(r - 1));
        sb.append(j > 0 ? sep : "").append(padRight(sameOuter ? "" : cell, w[j]));
      }
      out.add(sb.toString());
    }
    StringBuilder names = new StringBuilder();
    for (int j = 0; j < nl; j++) {
      String name = mi.names().get(j);
      names.append(j > 0 ? sep : "").append(padRight(name == null ? "" : name, w[j]));
    }
    namesOut.add(names.toString());
    return out;
  }

  /** pandas's {@code repr(series)}. */
  public static String series(LocalSeries s, int maxRows) {
    return series(s, maxRows, s.size());
  }

  /** pandas's {@code repr(series)} of a series of {@code total} rows, given all or only its first and last 5. */
  public static String series(LocalSeries s, int maxRows, long total) {
    int n = s.size();
    String dtype = s.dtype() == DfType.CATEGORY ? "category" : s.dtype().toString();
    if (n == 0) {
      return "Series([], " + (s.name() == null ? "" : "Name: " + s.name() + ", ") + "dtype: " + dtype + ")";
    }
    int[] rows = shown(n, total, maxRows, 10);
    List<String> idx;
    int iw;
    String header = s.index().name();
    if (s.index() instanceof MultiIndex mi) {
      List<String> names = new ArrayList<>();
      idx = multiCells(mi, rows, names, "  ");
      iw = names.get(0).length();
      header = mi.names().stream().allMatch(java.util.Objects::isNull) ? null : names.get(0);
    } else {
      idx = cells(s.index().values(), rows);
      iw = widthWithDots(idx, 0);
    }
    List<String> vals = valueCells(s.values(), rows);
    int vw = widthWithDots(vals, 0);
    StringBuilder sb = new StringBuilder();
    if (header != null) {
      sb.append(header).append('\n');
    }
    for (int r = 0; r < rows.length; r++) {
      if (rows[r] < 0) {
        // pandas: a blank index cell, and the dots centred in the width of the values
        sb.append(" ".repeat(iw)).append("   ").append(center(vw > 3 ? "..." : "..", vw)).append('\n');
        continue;
      }
      sb.append(padRight(idx.get(r), iw)).append("   ").append(padLeft(vals.get(r), vw)).append('\n');
    }
    List<String> footer = new ArrayList<>();
    if (s.name() != null) {
      footer.add("Name: " + s.name());
    }
    if (total > maxRows) {
      footer.add("Length: " + total);
    }
    footer.add("dtype: " + dtype);
    if (s.dtype() == DfType.CATEGORY) {
      sb.append(String.join(", ", footer));
      String[] cats = ((CategoryColumn) s.values()).categories();
      sb.append("\nCategories (").append(cats.length).append(", object): [")
          .append(String.join(", ", cats)).append(']');
      return sb.toString();
    }
    return sb.append(String.join(", ", footer)).toString();
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  /** pandas's {@code DataFrame.to_html()}: a {@code dataframe} table, head and tail rows when long. */
  public static String frameHtml(LocalFrame f, int maxRows) {
    return frameHtml(f, maxRows, f.nrows());
  }

  /** As {@link #frameHtml(LocalFrame, int)} for a frame of {@code total} rows, given all or only its first and last 5. */
  public static String frameHtml(LocalFrame f, int maxRows, long total) {
    if (f.index() instanceof MultiIndex) {
      throw new org.marsonspark.core.MarsException(org.marsonspark.core.MarsException.ErrorClass.UNSUPPORTED_OPERATION,
          "to_html of a frame with a MultiIndex is not supported: resetIndex() first");
    }
    int n = f.nrows();
    int[] rows = shown(n, total, maxRows, 10);
    List<String> idx = cells(f.index().values(), rows);
    StringBuilder sb = new StringBuilder("<table border=\"1\" class=\"dataframe\">\n  <thead>\n");
    sb.append("    <tr style=\"text-align: right;\">\n      <th></th>\n");
    for (String c : f.columnNames()) {
      sb.append("      <th>").append(esc(c)).append("</th>\n");
    }
    sb.append("    </tr>\n");
    if (f.index().name() != null) {
      sb.append("    <tr>\n      <th>").append(esc(f.index().name())).append("</th>\n");
      for (int j = 0; j < f.ncols(); j++) {
        sb.append("      <th></th>\n");
      }
      sb.append("    </tr>\n");
    }
    sb.append("  </thead>\n  <tbody>\n");
    List<List<String>> cols = new ArrayList<>();
    for (int j = 0; j < f.ncols(); j++) {
      cols.add(cells(f.column(j), rows));
    }
    for (int r = 0; r < rows.length; r++) {
      sb.append("    <tr>\n      <th>").append(esc(idx.get(r))).append("</th>\n");
      for (int j = 0; j < f.ncols(); j++) {
        sb.append("      <td>").append(esc(cols.get(j).get(r))).append("</td>\n");
      }
      sb.append("    </tr>\n");
    }
    sb.append("  </tbody>\n</table>");
    if (total > maxRows) {
      sb.append("\n<p>").append(total).append(" rows × ").append(f.ncols()).append(" columns</p>");
    }
    return sb.toString();
  }
}
