package org.marsonspark.dataframe.plot;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.plot.Figure.Kind;
import org.marsonspark.dataframe.plot.Figure.Trace;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/** Plots of tensors: matplotlib's {@code plt.hist(t, bins)} over a tensor's values. */
public final class Plots {
  private Plots() {}

  /** A histogram of every value of {@code t} in {@code bins} equal bins over its range, counted on the executors. */
  public static Figure hist(Tensor t, int bins) {
    return hist(MarsSession.getDefault(), t, bins, null);
  }

  public static Figure hist(Tensor t, int bins, String title) {
    return hist(MarsSession.getDefault(), t, bins, title);
  }

  public static Figure hist(MarsSession session, Tensor t, int bins, String title) {
    if (bins < 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "hist: bins must be a positive integer, got " + bins);
    }
    if (!t.dtype().isFloat() && !t.dtype().isInteger()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "hist: tensor of dtype " + t.dtype() + " has no "
          + "numeric values to count");
    }
    Tensor[] h = Mt.histogram(t, bins);
    List<double[]> fetched = PlotAccessor.fetchTensors(session, List.of(h[0], h[1]));
    PlotStyle style = new PlotStyle(title, null, "Frequency", 640, 480, false, PlotStyle.DEFAULT_MAX_POINTS, false);
    return new Figure(Kind.HIST, style, List.of(new Trace("", fetched.get(1), fetched.get(0))), null, null, -1);
  }
}
