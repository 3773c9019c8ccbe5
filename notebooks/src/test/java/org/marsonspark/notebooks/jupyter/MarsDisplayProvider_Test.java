package org.marsonspark.notebooks.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.tensor.NDArray;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;

/** The kernel's view of the provider: found by its ServiceLoader, a renderer per Mars type, MIME bundles. */
class MarsDisplayProvider_Test {
  private static DisplayRenderer rendererFor(Class<?> c) {
    return new MarsDisplayProvider().getDisplayRenderers().stream()
        .filter(r -> r.rendererClass().isAssignableFrom(c)).findFirst().orElseThrow();
  }

  @Test
  void theKernelsServiceLoaderFindsIt() {
    assertTrue(ServiceLoader.load(DisplayProvider.class).stream()
        .anyMatch(p -> p.type() == MarsDisplayProvider.class));
  }

  @Test
  void coversFacadesFetchedResultsAndTheProgressLine() {
    for (Class<?> c : List.of(DataFrame.class, LocalFrame.class, NDArray.class, ProgressLine.class)) {
      assertTrue(rendererFor(c).canRender(null), c.getName());
    }
  }

  @Test
  void anArrayIsAnHtmlTableAndItsRepr() {
    NDArray a = NDArray.of(new double[] {1, 2, 3, 4}, 2, 2);
    DisplayData dd = rendererFor(NDArray.class).render(null, a);
    assertEquals(a.toHtml(), dd.data().get("text/html"));
    assertEquals("array([[1., 2.],\n       [3., 4.]], dtype=float64)", dd.data().get("text/plain"));
  }

  @Test
  void anAskedMimeTypeGetsThatEntryOrTheText() {
    NDArray a = NDArray.of(new long[] {7});
    DisplayRenderer r = rendererFor(NDArray.class);
    assertTrue(r.canRender("html") && r.canRender("text/plain"));
    assertFalse(r.canRender("image/png"));
    assertEquals(List.of("text/html"), List.copyOf(r.render("html", a).data().keySet()));
    assertEquals("array([7], dtype=int64)", r.render("text", a).data().get("text/plain"));
  }

  @Test
  void theProgressLineRendersAsABarAndText() {
    DisplayData dd = rendererFor(ProgressLine.class).render(null, new ProgressLine(9, 20, 1234, false));
    String html = (String) dd.data().get("text/html");
    assertTrue(html.contains("<progress value=\"450\" max=\"1000\""), html);
    assertTrue(html.contains(" 45% 9/20 chunk tasks 1.2s"), html);
    assertEquals("[==================>                     ]  45% 9/20 chunk tasks 1.2s", dd.data().get("text/plain"));
  }
}
