package org.marsonspark.bench.douban;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A step's (small) result table: column names and rows of Integer/Long/Double/String/null. */
public record StepResult(List<String> columns, List<List<Object>> rows) {
  public StepResult {
    columns = List.copyOf(columns);
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      copy.add(java.util.Collections.unmodifiableList(new ArrayList<>(row)));
    }
    rows = java.util.Collections.unmodifiableList(copy);
  }

  /**
   * The first difference from {@code other}, or null when they agree: same columns, same number of
   * rows, equal strings, numbers within a relative 1e-9 (counts are exact either way).
   */
  public String differenceFrom(StepResult other) {
    if (!columns.equals(other.columns)) {
      return "columns " + columns + " vs " + other.columns;
    }
    if (rows.size() != other.rows.size()) {
      return rows.size() + " rows vs " + other.rows.size();
    }
    for (int i = 0; i < rows.size(); i++) {
      List<Object> a = rows.get(i);
      List<Object> b = other.rows.get(i);
      if (a.size() != b.size()) {
        return "row " + i + ": " + a + " vs " + b;
      }
      for (int j = 0; j < a.size(); j++) {
        if (!same(a.get(j), b.get(j))) {
          return "row " + i + ", column " + columns.get(j) + ": " + a + " vs " + b;
        }
      }
    }
    return null;
  }

  private static boolean same(Object x, Object y) {
    if (x instanceof Number a && y instanceof Number b) {
      double u = a.doubleValue();
      double v = b.doubleValue();
      if (Double.isNaN(u) || Double.isNaN(v)) {
        return Double.isNaN(u) && Double.isNaN(v);
      }
      return Math.abs(u - v) <= 1e-9 * Math.max(1, Math.max(Math.abs(u), Math.abs(v)));
    }
    return Objects.equals(x, y);
  }
}
