package org.marsonspark.examples;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.GroupBy;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.MergeOptions;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.io.CsvOptions;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.session.MarsSession;

/**
 * The Douban demo analysis (WORKLOADS W5) with the Mars DataFrame API: both CSVs read with
 * {@code Md.readCsv} and explicit dtypes and kept on the executors; every step builds a lazy
 * DataFrame, runs it and fetches only its small result (a {@link LocalFrame}, at most a few hundred
 * rows). The same steps as {@code bench/python/douban_pandas.py}, with the same deterministic
 * tie-breaking (count or mean descending, then the key ascending). Used by the demo
 * ({@code bin/run-example douban}) and by the benchmark's {@code MarsDouban}.
 */
public final class DoubanMars implements AutoCloseable {
  public static final int TOP_MOVIES = 20;
  public static final int MIN_RATINGS = 100;
  public static final int TOP_TAGS = 50;
  public static final int TOP_REGIONS = 10;
  public static final int YEAR_FROM = 1980;
  public static final int YEAR_TO = 2019;

  /** movies.csv: {@code id,title,year,tags,regions,score}. */
  public static final Map<String, String> MOVIES_DTYPES = dtypes("id", "int64", "title", "str", "year", "int64",
      "tags", "str", "regions", "str", "score", "float64");
  /** ratings.csv: {@code user,movie,rating,timestamp}; ratings are 1.0–10.0 with one decimal. */
  public static final Map<String, String> RATINGS_DTYPES = dtypes("user", "int64", "movie", "int64", "rating",
      "float64", "timestamp", "int64");

  private final MarsSession session;
  private final CsvOptions csv;
  private DataFrame movies;
  private DataFrame ratings;

  /** Reads the files in chunks of {@code readCsv}'s default size (64 MiB of the file). */
  public DoubanMars(MarsSession session) {
    this(session, CsvOptions.defaults());
  }

  /** Reads the files in chunks of {@code chunkBytes} bytes of the file (the scale bench cuts one file into many). */
  public DoubanMars(MarsSession session, long chunkBytes) {
    this(session, CsvOptions.defaults().withChunkBytes(chunkBytes));
  }

  private DoubanMars(MarsSession session, CsvOptions csv) {
    this.session = session;
    this.csv = csv;
  }

  private static Map<String, String> dtypes(String... nameThenType) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenType.length; i += 2) {
      m.put(nameThenType[i], nameThenType[i + 1]);
    }
    return m;
  }

  /** Reads both files into executor memory (parsed, as pandas's read_csv leaves them). */
  public void read(Path moviesCsv, Path ratingsCsv) {
    release();
    movies = Md.readCsv(moviesCsv.toString(), csv.withDtype(MOVIES_DTYPES));
    ratings = Md.readCsv(ratingsCsv.toString(), csv.withDtype(RATINGS_DTYPES));
    Md.execute(session, movies, ratings);
  }

  public DataFrame movies() {
    return movies;
  }

  public DataFrame ratings() {
    return ratings;
  }

  /** Runs {@code df} and brings its (small) rows to the driver, then drops its chunks. */
  private LocalFrame result(DataFrame df) {
    Md.execute(session, df);
    try {
      return df.fetch();
    } finally {
      df.release();
    }
  }

  /** {@code s.value_counts()} as a frame {@code key, count}: count descending, then key ascending; first k rows (0: all). */
  private static DataFrame counts(Series s, String key, int k) {
    Series vc = s.valueCounts();
    if (k > 0) {
      vc = vc.head(k);
    }
    return vc.rename("count").toFrame().resetIndex().rename(Map.of("index", key));
  }

  /** (a) {@code year, movies}: movies per release year, by year. */
  public LocalFrame moviesPerYear() {
    return result(movies.groupby("year").asIndex(false).agg(GroupBy.named("movies", "year", "size")));
  }

  /** (b) {@code rating, count}: value counts of rating. */
  public LocalFrame ratingCounts() {
    return result(counts(ratings.col("rating"), "rating", 0));
  }

  /**
   * (c) {@code movie, title, mean, count}: the top movies by mean rating among those with enough
   * ratings. The groups come out sorted by movie id, so nlargest's keep='first' breaks equal means
   * by the id ascending.
   */
  public LocalFrame topMovies() {
    DataFrame stats = ratings.groupby("movie").asIndex(false)
        .agg(GroupBy.named("mean", "rating", "mean"), GroupBy.named("count", "rating", "count"));
    DataFrame top = stats.filter(stats.col("count").ge(MIN_RATINGS)).nlargest(TOP_MOVIES, "mean");
    DataFrame titled = top.merge(movies.select("id", "title"), MergeOptions.leftOn("movie").rightOn("id").how("left"));
    return result(titled.select("movie", "title", "mean", "count"));
  }

  /** (d) {@code tag, count}: tags split on '/', exploded, counted (a missing list is no tag). */
  public LocalFrame topTags() {
    return result(counts(movies.col("tags").str().split("/", -1).explode(), "tag", TOP_TAGS));
  }

  /** (e) {@code region, count}: the same for the regions of the movies released YEAR_FROM..YEAR_TO. */
  public LocalFrame topRegions() {
    Series year = movies.col("year");
    DataFrame era = movies.filter(year.ge(YEAR_FROM).and(year.le(YEAR_TO)));
    return result(counts(era.col("regions").str().split("/", -1).explode(), "region", TOP_REGIONS));
  }

  /** (f) {@code year, ratings}: ratings merged with movies on movie = id (inner), counted per release year. */
  public LocalFrame ratingsPerYear() {
    DataFrame merged = ratings.select("movie").merge(movies.select("id", "year"),
        MergeOptions.leftOn("movie").rightOn("id").how("inner"));
    return result(merged.groupby("year").asIndex(false).agg(GroupBy.named("ratings", "year", "size")));
  }

  /** Drops both frames' chunks from the executors. */
  public void release() {
    if (movies != null) {
      movies.release();
      ratings.release();
      movies = null;
      ratings = null;
    }
  }

  @Override
  public void close() {
    release();
  }
}
