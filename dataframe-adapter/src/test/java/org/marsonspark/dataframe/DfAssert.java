package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.MultiIndex;

/**
 * Compares a fetched result with pandas's, as a fixture stores it: for frames the column names,
 * each column's dtype, values and NA positions, and the index (pandas class, dtype, name,
 * labels; for a MultiIndex the names and every level's dtype and values); for series the name too; scalars by value (floats within tolerance, NaN only against
 * NaN).
 */
final class DfAssert {
  static final double RTOL = 1e-12;
  static final double ATOL = 1e-12;

  private DfAssert() {}

  static void assertMatches(JsonNode expected, Object actual, String context) {
    switch (expected.get("kind").asText()) {
      case "frame" -> assertFrame(expected, assertInstanceOf(LocalFrame.class, actual, context), context);
      case "series" -> assertSeries(expected, assertInstanceOf(LocalSeries.class, actual, context), context);
      case "index" -> assertIndex(expected, assertInstanceOf(LocalIndex.class, actual, context), context);
      default -> assertScalar(expected, actual, context);
    }
  }

  static void assertFrame(JsonNode e, LocalFrame a, String context) {
    List<String> cols = new ArrayList<>();
    e.get("columns").forEach(c -> cols.add(c.asText()));
    assertEquals(cols, a.columnNames(), context + ": columns");
    for (int j = 0; j < cols.size(); j++) {
      String where = context + ": column '" + cols.get(j) + "'";
      assertColumn(e.get("dtypes").get(j).asText(), e.get("data").get(j), a.column(j), where);
    }
    assertIndex(e.get("index"), a.index(), context + ": index");
  }

  static void assertSeries(JsonNode e, LocalSeries a, String context) {
    String name = e.get("name").isNull() ? null : e.get("name").asText();
    assertEquals(name, a.name(), context + ": series name");
    assertColumn(e.get("dtype").asText(), e.get("data"), a.values(), context + ": values");
    assertIndex(e.get("index"), a.index(), context + ": index");
  }

  static void assertIndex(JsonNode e, LocalIndex a, String context) {
    String type = e.get("type").asText();
    assertEquals(type, a.kind(), context + ": index class (pandas " + type + ")");
    if (type.equals("MultiIndex")) {
      // level by level: names, dtype and the value at every row
      MultiIndex m = assertInstanceOf(MultiIndex.class, a, context);
      List<String> names = new ArrayList<>();
      e.get("names").forEach(n -> names.add(n.isNull() ? null : n.asText()));
      assertEquals(names, m.names(), context + ": MultiIndex names");
      assertEquals(e.get("levels").size(), m.nlevels(), context + ": MultiIndex levels");
      for (int j = 0; j < m.nlevels(); j++) {
        JsonNode lv = e.get("levels").get(j);
        assertColumn(lv.get("dtype").asText(), lv.get("data"), m.level(j), context + ": MultiIndex level " + j);
      }
      return;
    }
    String name = e.get("name").isNull() ? null : e.get("name").asText();
    assertEquals(name, a.name(), context + ": index name");
    Column labels = type.equals("RangeIndex")
        ? LocalIndex.range(e.get("start").asLong(), e.get("stop").asLong(), e.get("step").asLong()).values()
        : DfFixtures.column(e.get("data"), e.get("dtype").asText());
    String dtype = e.get("dtype").asText();
    assertColumn(dtype, labels, a.values(), context + ": index labels");
  }

  private static void assertColumn(String dtype, JsonNode data, Column a, String context) {
    assertColumn(dtype, DfFixtures.column(data, dtype), a, context);
  }

  /** Two columns of one dtype hold the same values and NA positions. */
  static void assertSameColumn(Column e, Column a, String context) {
    assertColumn(e.dtype().pandasName(), e, a, context);
  }

  private static void assertColumn(String dtype, Column e, Column a, String context) {
    assertEquals(dtype, a.dtype().pandasName(), context + ": dtype");
    assertEquals(e.size(), a.size(), context + ": length (expected " + e + ", got " + a + ")");
    StringBuilder bad = new StringBuilder();
    int mismatches = 0;
    for (int i = 0; i < e.size(); i++) {
      boolean ok = e.isNA(i) ? a.isNA(i) : !a.isNA(i) && same(e.get(i), a.get(i));
      if (!ok) {
        if (mismatches < 8) {
          bad.append("\n  at ").append(i).append(": expected ").append(e.isNA(i) ? "NA" : e.get(i)).append(", got ")
              .append(a.isNA(i) ? "NA" : a.get(i));
        }
        mismatches++;
      }
    }
    if (mismatches > 0) {
      fail(context + ": " + mismatches + " of " + e.size() + " values differ from pandas" + bad + "\n  expected " + e
          + "\n  actual   " + a);
    }
  }

  static boolean same(Object e, Object a) {
    if (e instanceof Double x && a instanceof Number y) {
      return close(x, y.doubleValue());
    }
    if (e instanceof Long x && a instanceof Double y) {
      return close(x, y);
    }
    return e.equals(a);
  }

  static boolean close(double e, double a) {
    if (Double.isNaN(e)) {
      return Double.isNaN(a);
    }
    if (Double.isInfinite(e) || Double.isNaN(a) || Double.isInfinite(a)) {
      return e == a;
    }
    return Math.abs(a - e) <= ATOL + RTOL * Math.abs(e);
  }

  static void assertScalar(JsonNode e, Object a, String context) {
    JsonNode v = e.get("value");
    switch (e.get("type").asText()) {
      case "int" -> assertEquals(v.asLong(), assertInstanceOf(Long.class, a, context + ": an int64 result"), context);
      case "bool" -> assertEquals(v.asBoolean(), a, context);
      case "str" -> assertEquals(v.asText(), a, context);
      case "datetime" -> assertEquals(v.isNull() ? null : DatetimeColumn.toLocal(v.asLong()),
          a == null ? null : assertInstanceOf(LocalDateTime.class, a, context), context);
      default -> {
        double x = DfFixtures.number(v);
        double y = assertInstanceOf(Double.class, a, context + ": a float64 result").doubleValue();
        if (!close(x, y)) {
          fail(context + ": expected " + x + ", got " + y);
        }
      }
    }
  }
}
