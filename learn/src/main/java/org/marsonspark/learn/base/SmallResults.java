package org.marsonspark.learn.base;

import java.util.Arrays;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * Small results of a fit — categories, per-column statistics — computed in one execution and
 * brought to the driver; nothing of them stays in the executors afterwards.
 */
public final class SmallResults {
  private SmallResults() {}

  /** Runs the tensors together (shared work runs once) and fetches each. */
  public static NDArray[] fetch(Tensor... small) {
    try {
      Mt.execute(small);
      return Arrays.stream(small).map(Tensor::fetch).toArray(NDArray[]::new);
    } finally {
      Arrays.stream(small).forEach(Tensor::release);
    }
  }

  /** Runs the series together and fetches each. */
  public static LocalSeries[] fetch(Series... small) {
    try {
      Md.execute(small);
      return Arrays.stream(small).map(Series::fetch).toArray(LocalSeries[]::new);
    } finally {
      Arrays.stream(small).forEach(Series::release);
    }
  }

  /**
   * Exact quantiles of each column of {@code x} (executed, or run for each statistic), NaNs left
   * out — numpy's {@code nanquantile} with linear interpolation, NaN for a column without values:
   * the dataframe module's selection in rounds ({@code df.quantile(q)}, {@code df.median()}),
   * which never gathers a column. With {@code median}, row 0 of the result holds the columns'
   * medians (numpy's {@code nanmedian}: the mean of the two middle values); the rows after it
   * the quantiles {@code qs} in order.
   */
  public static double[][] columnQuantiles(Tensor x, boolean median, double... qs) {
    DataFrame df = Md.fromTensor(x);
    int first = median ? 1 : 0;
    Series[] per = new Series[first + qs.length];
    if (median) {
      per[0] = df.median();
    }
    for (int i = 0; i < qs.length; i++) {
      per[first + i] = df.quantile(qs[i]);
    }
    LocalSeries[] got = fetch(per);
    double[][] out = new double[per.length][];
    for (int i = 0; i < per.length; i++) {
      Column values = got[i].values();
      out[i] = new double[values.size()];
      for (int c = 0; c < out[i].length; c++) {
        Object v = values.get(c);
        out[i][c] = v == null ? Double.NaN : ((Number) v).doubleValue();
      }
    }
    return out;
  }
}
