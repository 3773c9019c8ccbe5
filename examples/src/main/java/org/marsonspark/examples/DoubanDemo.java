package org.marsonspark.examples;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * The Douban demo: generates the Douban-like data if it is not there yet, then runs the
 * analysis with Mars DataFrames ({@link DoubanMars}) on the embedded Spark and prints every step's
 * (small) result and time, and the peak heap of the JVM (in local mode the driver is also the
 * executor, so this includes the chunks held on the executors).
 *
 * <p>Usage: {@code DoubanDemo [ratings] [data dir]} (defaults 20M, {@code data/douban-<ratings>-70000-42},
 * the directory {@code bin/bench douban} uses too).
 */
public final class DoubanDemo {
  private DoubanDemo() {}

  public static void main(String[] args) throws Exception {
    long ratings = args.length > 0 ? DoubanData.parseCount(args[0]) : DoubanData.DEFAULT_RATINGS;
    int movies = DoubanData.DEFAULT_MOVIES;
    long seed = DoubanData.DEFAULT_SEED;
    Path dir = args.length > 1 ? Path.of(args[1])
        : Path.of("data", String.format(Locale.ROOT, "douban-%d-%d-%d", ratings, movies, seed));
    if (DoubanData.isGenerated(dir, movies, ratings, seed)) {
      System.out.println("data: " + dir + " (already generated)");
    } else {
      System.out.println("generating " + dir + " ...");
      System.out.println(DoubanData.generate(dir, movies, ratings, seed, Runtime.getRuntime().availableProcessors()));
    }
    SparkSession submitted = System.getProperty("spark.master") != null ? SparkSession.builder().getOrCreate() : null;
    try (MarsSession session = submitted != null ? MarsSession.attach(submitted)
        : MarsSession.local(MarsOptions.defaults().withProgress(false));
        DoubanMars mars = new DoubanMars(session)) {
      System.out.printf(Locale.ROOT, "Mars DataFrames on %s (%d cores)%n%n", session.sparkContext().master(),
          session.sparkContext().defaultParallelism());
      System.gc();
      PeakMemory.reset();
      long t0 = System.nanoTime();
      mars.read(dir.resolve(DoubanData.MOVIES_CSV), dir.resolve(DoubanData.RATINGS_CSV));
      double read = (System.nanoTime() - t0) / 1e9;
      System.out.printf(Locale.ROOT, "read movies.csv and ratings.csv (Md.readCsv, explicit dtypes): %.3f s%n%n",
          read);
      double steps = 0;
      steps += step("(a) movies per release year", mars::moviesPerYear);
      steps += step("(b) value counts of rating", mars::ratingCounts);
      steps += step("(c) top " + DoubanMars.TOP_MOVIES + " movies by mean rating (>= " + DoubanMars.MIN_RATINGS
          + " ratings), with titles", mars::topMovies);
      steps += step("(d) top " + DoubanMars.TOP_TAGS + " tags (split on '/', explode, value counts)", mars::topTags);
      steps += step("(e) top " + DoubanMars.TOP_REGIONS + " regions of movies released " + DoubanMars.YEAR_FROM + "-"
          + DoubanMars.YEAR_TO, mars::topRegions);
      steps += step("(f) ratings per release year (merge ratings with movies)", mars::ratingsPerYear);
      System.out.printf(Locale.ROOT, "total %.3f s (read %.3f s + steps %.3f s)%n", read + steps, read, steps);
      System.out.println(PeakMemory.describe() + " — the driver is also the executor here: the parsed frames count");
    } finally {
      if (submitted != null) {
        submitted.stop();
      }
    }
  }

  private static double step(String title, Supplier<LocalFrame> step) {
    long t0 = System.nanoTime();
    LocalFrame result = step.get();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.println("== " + title);
    System.out.println(result);
    System.out.printf(Locale.ROOT, "-- %.3f s%n%n", seconds);
    return seconds;
  }
}
