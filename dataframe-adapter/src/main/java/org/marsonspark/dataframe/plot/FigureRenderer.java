package org.marsonspark.dataframe.plot;

import java.awt.image.BufferedImage;

/**
 * Draws a {@link Figure}: found with {@link java.util.ServiceLoader} (pandas's plotting
 * backend), so that the DataFrame module computes what a plot shows and a drawing library is
 * needed only where figures are drawn.
 */
public interface FigureRenderer {
  BufferedImage image(Figure figure);

  byte[] png(Figure figure);

  String svg(Figure figure);
}
