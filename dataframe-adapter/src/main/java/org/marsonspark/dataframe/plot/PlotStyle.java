package org.marsonspark.dataframe.plot;

/**
 * How a figure looks and how many points it may take from the data: pandas's {@code title},
 * {@code xlabel}, {@code ylabel}, {@code figsize} (here in pixels, matplotlib's default 6.4 × 4.8
 * inches at 100 dpi) and {@code legend}; {@code maxPoints} bounds what leaves the executors.
 */
record PlotStyle(String title, String xLabel, String yLabel, int width, int height, Boolean legendSetting,
    int maxPoints, boolean isFrame) {
  static final int DEFAULT_MAX_POINTS = 10_000;

  static PlotStyle defaults(boolean isFrame) {
    return new PlotStyle(null, null, null, 640, 480, null, DEFAULT_MAX_POINTS, isFrame);
  }

  boolean legend() {
    return legendSetting == null ? isFrame : legendSetting;
  }

  /** pandas draws no legend for a scatter plot unless asked. */
  PlotStyle withoutDefaultLegend() {
    return legendSetting != null ? this : new PlotStyle(title, xLabel, yLabel, width, height, false, maxPoints,
        isFrame);
  }

  PlotStyle withLabels(String x, String y) {
    return new PlotStyle(title, xLabel == null ? x : xLabel, yLabel == null ? y : yLabel, width, height,
        legendSetting, maxPoints, isFrame);
  }
}
