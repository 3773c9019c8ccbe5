package org.marsonspark.notebooks.jupyter;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.dataframe.Executable;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.plot.Figure;
import org.marsonspark.notebooks.display.RichDisplay;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.DisplayTransformer;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;

/**
 * Rich display of Mars objects in the rapaio Jupyter Java kernel (registered in
 * {@code META-INF/services}): DataFrame, Series, Index and Scalar; fetched frames, series and
 * indexes; tensors and fetched arrays; plots (figures, as PNG); the progress line. What each looks like, and that only
 * executed objects show data, is {@link RichDisplay}'s rule.
 *
 * <p>The kernel's ServiceLoader finds this class only when the module is on the kernel JVM's
 * class path ({@code -cp}, main class {@link KernelMain}); that also
 * makes cells compile against it and load Mars classes from the same class loader, so the
 * objects they create match these renderers.
 */
public final class MarsDisplayProvider implements DisplayProvider {
  private static final List<Class<?>> TYPES = List.of(Executable.class, LocalFrame.class, LocalSeries.class,
      LocalIndex.class, Tensor.class, NDArray.class);

  @Override
  public List<DisplayRenderer> getDisplayRenderers() {
    List<DisplayRenderer> renderers = new ArrayList<>();
    for (Class<?> type : TYPES) {
      renderers.add(new BundleRenderer(type));
    }
    renderers.add(new BundleRenderer(Figure.class, RichDisplay::bundle, BundleRenderer.IMAGES));
    renderers.add(new BundleRenderer(ProgressLine.class, o -> ((ProgressLine) o).bundle()));
    return renderers;
  }

  @Override
  public List<DisplayTransformer> getDisplayTransformers() {
    return List.of();
  }
}
