package org.marsonspark.bench.douban;

import java.nio.file.Path;

/**
 * The Douban demo analysis, one implementation per engine. The harness
 * ({@link DoubanBench}) times {@link #read} and then each step in order, checks the results against
 * the pandas reference ({@code bench/python/douban_pandas.py}) and calls {@link #release} between
 * runs.
 *
 * <p>Every step returns a small {@link StepResult} with exactly these columns and this row order
 * (top-K ties are broken by the key ascending, so the order is fully determined):
 *
 * <ol type="a">
 *   <li>{@link #moviesPerYear}: {@code year, movies} — movies per release year, by year;
 *   <li>{@link #ratingCounts}: {@code rating, count} — value counts of rating (a float, 1.0–10.0
 *       with one decimal), count descending then rating ascending;
 *   <li>{@link #topMovies}: {@code movie, title, mean, count} — the {@value #TOP_MOVIES} movies with
 *       the highest mean rating among those with at least {@value #MIN_RATINGS} ratings, mean
 *       descending then movie id ascending, titles joined from movies.csv;
 *   <li>{@link #topTags}: {@code tag, count} — tags split on '/', exploded and counted (missing
 *       tags are not a tag), the top {@value #TOP_TAGS} by count descending then tag ascending;
 *   <li>{@link #topRegions}: {@code region, count} — the same for regions of the movies released
 *       {@value #YEAR_FROM}–{@value #YEAR_TO} (inclusive), top {@value #TOP_REGIONS};
 *   <li>{@link #ratingsPerYear}: {@code year, ratings} — ratings merged (inner join) with movies on
 *       {@code movie = id}, then the number of ratings per release year, by year (WORKLOADS W5's
 *       merge step).
 * </ol>
 *
 * <p>Means are floats whose last bits depend on the summation order, so results are compared with
 * a relative tolerance, and rows whose float columns tie within it may come in either order (see
 * {@link StepResult#differenceFrom}).
 *
 * <p>To add an engine, implement this interface with a public constructor taking the harness's
 * {@link org.marsonspark.session.MarsSession} (or none) and list it in
 * {@link DoubanBench#JVM_CONTENDERS}; the Mars one is picked up by name, {@value DoubanBench#MARS_CLASS},
 * as soon as it exists.
 */
public interface DoubanAnalysis {
  int TOP_MOVIES = 20;
  int MIN_RATINGS = 100;
  int TOP_TAGS = 50;
  int TOP_REGIONS = 10;
  int YEAR_FROM = 1980;
  int YEAR_TO = 2019;

  /** The column title in the harness's table. */
  String name();

  /**
   * Reads movies.csv ({@code id,title,year,tags,regions,score}, header, RFC 4180 quoting, empty
   * fields missing) and ratings.csv ({@code user,movie,rating,timestamp}) into memory: when this
   * returns, the data is parsed and held, as pandas' read_csv leaves it.
   */
  void read(Path moviesCsv, Path ratingsCsv) throws Exception;

  StepResult moviesPerYear() throws Exception;

  StepResult ratingCounts() throws Exception;

  StepResult topMovies() throws Exception;

  StepResult topTags() throws Exception;

  StepResult topRegions() throws Exception;

  StepResult ratingsPerYear() throws Exception;

  /** Drops whatever {@link #read} holds (called after every run). */
  void release();
}
