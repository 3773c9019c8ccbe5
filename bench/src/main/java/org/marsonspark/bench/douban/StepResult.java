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
   * rows, equal strings, numbers within a relative 1e-9 (counts are exact either way), same row
   * order — except that consecutive rows of {@code other} (the reference) whose float columns
   * (means) are equal within the tolerance are a tie: their order hangs on the last bits of
   * each engine's summation, so within such a run the rows may come in any order.
   */
  public String differenceFrom(StepResult other) {
    if (!columns.equals(other.columns)) {
      return "columns " + columns + " vs " + other.columns;
    }
    if (rows.size() != other.rows.size()) {
      return rows.size() + " rows vs " + other.rows.size();
    }
    List<Integer> floats = new ArrayList<>();
    for (int j = 0; j < columns.size(); j++) {
      for (List<Object> row : other.rows) {
        if (j < row.size() && (row.get(j) instanceof Double || row.get(j) instanceof Float)) {
          floats.add(j);
          break;
        }
      }
    }
    int i = 0;
    while (i < rows.size()) {
      int end = i + 1;
      while (!floats.isEmpty() && end < rows.size() && tied(other.rows.get(i), other.rows.get(end), floats)) {
        end++;
      }
      List<List<Object>> expected = new ArrayList<>(other.rows.subList(i, end));
      for (int k = i; k < end; k++) {
        List<Object> a = rows.get(k);
        int match = -1;
        for (int e = 0; e < expected.size() && match < 0; e++) {
          if (sameRow(a, expected.get(e))) {
            match = e;
          }
        }
        if (match < 0) {
          return "row " + k + ": " + a + " vs " + other.rows.get(k)
              + (end - i > 1 ? " (rows " + i + ".." + (end - 1) + " tie)" : "");
        }
        expected.remove(match);
      }
      i = end;
    }
    return null;
  }

  private static boolean tied(List<Object> a, List<Object> b, List<Integer> floats) {
    for (int j : floats) {
      if (j >= a.size() || j >= b.size() || !same(a.get(j), b.get(j))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameRow(List<Object> a, List<Object> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int j = 0; j < a.size(); j++) {
      if (!same(a.get(j), b.get(j))) {
        return false;
      }
    }
    return true;
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
