package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** NDArray.toHtml: numpy's element format as a table, summarized like numpy's repr. */
class NDArray_HtmlTest {
  @Test
  void oneDimensionIsOneRow() {
    assertEquals("<table class=\"ndarray\">\n  <caption>shape (3,), dtype float64</caption>\n  <tbody>\n"
        + "    <tr><td>1.</td><td>2.5</td><td>nan</td></tr>\n  </tbody>\n</table>",
        NDArray.of(new double[] {1, 2.5, Double.NaN}).toHtml());
  }

  @Test
  void twoDimensionsRowByRow() {
    String html = NDArray.of(new long[] {1, 2, 3, 4, 5, 6}, 2, 3).toHtml();
    assertTrue(html.contains("<caption>shape (2, 3), dtype int64</caption>"), html);
    assertTrue(html.contains("<tr><td>1</td><td>2</td><td>3</td></tr>\n    <tr><td>4</td><td>5</td><td>6</td></tr>"),
        html);
  }

  @Test
  void largeArraysShowTheirEdges() {
    long[] v = new long[40 * 40];
    for (int i = 0; i < v.length; i++) {
      v[i] = i;
    }
    String html = NDArray.of(v, 40, 40).toHtml();
    assertTrue(html.contains("<tr><td>0</td><td>1</td><td>2</td><td>\u2026</td><td>37</td><td>38</td><td>39</td></tr>"),
        html);
    assertTrue(html.contains("<tr><td>\u22ee</td></tr>"), html);
    assertEquals(7, html.split("<tr>", -1).length - 1, html);
  }

  @Test
  void otherRanksAsText() {
    String html = NDArray.of(new boolean[] {true, false}, 1, 1, 2).toHtml();
    assertTrue(html.startsWith("<pre>array([[[True, False]]], dtype=bool)</pre>"), html);
    assertTrue(html.contains("shape (1, 1, 2), dtype bool"), html);
  }
}
