package org.marsonspark.bench.douban;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.examples.DoubanMars;
import org.marsonspark.session.MarsSession;

/**
 * The Douban analysis on Mars DataFrames: the steps are {@link DoubanMars}'s (module examples, which
 * the demo {@code bin/run-example douban} runs too); this class only turns each step's small fetched
 * frame into a {@link StepResult}.
 */
public final class MarsDouban implements DoubanAnalysis {
  private final DoubanMars mars;
  private int ratingsChunks;

  public MarsDouban(MarsSession session) {
    this.mars = new DoubanMars(session);
  }

  /** Reading the files in chunks of {@code chunkBytes} bytes (the scale bench). */
  public MarsDouban(MarsSession session, long chunkBytes) {
    this.mars = new DoubanMars(session, chunkBytes);
  }

  /** The chunks the ratings were read in by the last {@link #read}. */
  public int ratingsChunks() {
    return ratingsChunks;
  }

  @Override
  public String name() {
    return DoubanBench.MARS_NAME;
  }

  @Override
  public void read(Path moviesCsv, Path ratingsCsv) {
    mars.read(moviesCsv, ratingsCsv);
    ratingsChunks = mars.ratings().data().chunks().size();
  }

  @Override
  public StepResult moviesPerYear() {
    return result(mars.moviesPerYear());
  }

  @Override
  public StepResult ratingCounts() {
    return result(mars.ratingCounts());
  }

  @Override
  public StepResult topMovies() {
    return result(mars.topMovies());
  }

  @Override
  public StepResult topTags() {
    return result(mars.topTags());
  }

  @Override
  public StepResult topRegions() {
    return result(mars.topRegions());
  }

  @Override
  public StepResult ratingsPerYear() {
    return result(mars.ratingsPerYear());
  }

  /** Rows of the fetched frame: Long, Double, String or null (NA). */
  static StepResult result(LocalFrame f) {
    List<List<Object>> rows = new ArrayList<>(f.nrows());
    for (int i = 0; i < f.nrows(); i++) {
      List<Object> row = new ArrayList<>(f.ncols());
      for (int j = 0; j < f.ncols(); j++) {
        Column c = f.column(j);
        row.add(c.isNA(i) ? null : c.get(i));
      }
      rows.add(row);
    }
    return new StepResult(f.columnNames(), rows);
  }

  @Override
  public void release() {
    mars.release();
  }
}
