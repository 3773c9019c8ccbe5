package org.marsonspark.notebooks.display;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Executable;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.plot.Figure;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * How Mars objects look in a notebook, as a MIME bundle (MIME type to content, the richest
 * first), whatever the front end: the Jupyter kernel's renderers use it, and so can a Zeppelin
 * {@code %html} paragraph or Databricks' {@code displayHTML}.
 *
 * <p>Like Mars, only executed objects show data, and rendering never executes anything: a lazy
 * DataFrame, Series or tensor shows what it will be (shape, dtypes, "not executed"); call
 * {@code execute()} to see values. An executed DataFrame is a pandas-like HTML table (its first
 * and last rows when long, only those fetched); Series and Index are pandas's text (pandas has no
 * HTML for them either); fetched frames and arrays show all they hold, arrays of one or two
 * dimensions as a table. An executed tensor of at most {@link #MAX_TENSOR_FETCH} elements is
 * fetched to be shown; a larger one shows its description (fetch a slice to see values). A
 * plot's {@code Figure} is a PNG image (its data was computed when the plot was made).
 */
public final class RichDisplay {
  /** The largest executed tensor whose values rendering fetches. */
  public static final long MAX_TENSOR_FETCH = 1000;
  public static final String HTML = "text/html";
  public static final String TEXT = "text/plain";
  /** Base64 of the PNG bytes, as Jupyter carries images. */
  public static final String PNG = "image/png";

  private RichDisplay() {}

  /** The MIME bundle of {@code o}, or null when it is not a Mars object. */
  public static Map<String, String> bundle(Object o) {
    if (o instanceof DataFrame df) {
      return df.isExecuted() ? table(df::toHtml, df.toString()) : text(df.toString());
    }
    if (o instanceof Executable e) { // Series, Index, Scalar
      return text(e.toString());
    }
    if (o instanceof LocalFrame f) {
      return table(f::toHtml, f.toString());
    }
    if (o instanceof LocalSeries || o instanceof LocalIndex) {
      return text(o.toString());
    }
    if (o instanceof Tensor t) {
      return tensor(t);
    }
    if (o instanceof NDArray a) {
      return table(a::toHtml, a.toString());
    }
    if (o instanceof Figure f) { // a plot: its data is on the driver already, drawing is local
      Map<String, String> m = new LinkedHashMap<>();
      m.put(PNG, Base64.getEncoder().encodeToString(f.toPng()));
      m.put(TEXT, f.toString());
      return m;
    }
    return null;
  }

  private static Map<String, String> tensor(Tensor t) {
    if (!t.isExecuted()) {
      return text(t + " (not executed)");
    }
    long size = t.size();
    if (t.data().isSparse() || size < 0 || size > MAX_TENSOR_FETCH) {
      return text(t + " (executed: fetch() brings its values, a slice fetches part of them)");
    }
    return bundle(t.fetch());
  }

  /** HTML and text; text only where the HTML form is not supported (a frame with a MultiIndex). */
  public static Map<String, String> table(Supplier<String> html, String text) {
    Map<String, String> m = new LinkedHashMap<>();
    try {
      m.put(HTML, html.get());
    } catch (MarsException e) {
      if (e.errorClass() != MarsException.ErrorClass.UNSUPPORTED_OPERATION) {
        throw e;
      }
    }
    m.put(TEXT, text);
    return m;
  }

  private static Map<String, String> text(String text) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(TEXT, text);
    return m;
  }
}
