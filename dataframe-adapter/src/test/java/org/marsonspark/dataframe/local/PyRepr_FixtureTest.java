package org.marsonspark.dataframe.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Python's {@code repr} of 6148 doubles that are hard to print (every power of two, subnormals,
 * random bit patterns, short decimals; {@code fixtures-df/float_repr.json}, written by
 * {@code gen_fixtures_df_edges.py}), positive and negative.
 */
class PyRepr_FixtureTest {
  @Test
  void shortestDigitsAsPython() throws IOException {
    JsonNode values;
    try (InputStream in = PyRepr_FixtureTest.class.getResourceAsStream("/fixtures-df/float_repr.json")) {
      values = new ObjectMapper().readTree(in).get("values");
    }
    List<String> wrong = new ArrayList<>();
    for (JsonNode row : values) {
      double v = Double.longBitsToDouble(row.get(0).asLong());
      String expected = row.get(1).asText();
      for (double x : new double[] {v, -v}) {
        String want = x == v ? expected : expected.startsWith("-") ? expected.substring(1) : "-" + expected;
        String got = PyRepr.floatRepr(x);
        if (!got.equals(want)) {
          wrong.add(want + " (got " + got + ")");
        }
      }
    }
    assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " of " + 2 * values.size()
        + " reprs differ from Python's");
  }

  @Test
  void specialValues() {
    assertEquals(List.of("nan", "inf", "-inf", "0.0", "-0.0", "1e+16", "1000000000000000.0", "0.0001", "1e-05", "2e+23"),
        List.of(PyRepr.floatRepr(Double.NaN), PyRepr.floatRepr(Double.POSITIVE_INFINITY),
            PyRepr.floatRepr(Double.NEGATIVE_INFINITY), PyRepr.floatRepr(0.0), PyRepr.floatRepr(-0.0),
            PyRepr.floatRepr(1e16), PyRepr.floatRepr(1e15), PyRepr.floatRepr(1e-4), PyRepr.floatRepr(1e-5),
            PyRepr.floatRepr(2e23)));
  }
}
