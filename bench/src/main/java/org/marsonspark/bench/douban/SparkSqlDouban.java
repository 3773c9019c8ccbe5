package org.marsonspark.bench.douban;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.split;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The Douban analysis with Spark SQL's own DataFrame API: both CSVs read with an explicit schema
 * and cached (the read step materializes the cache), every step a query on the cached tables. With
 * {@code cache = false} the read step only defines the two DataFrames and every step scans the CSV
 * files again (Spark's usual way with files read once).
 */
public final class SparkSqlDouban implements DoubanAnalysis {
  static final StructType MOVIES = new StructType()
      .add("id", DataTypes.IntegerType)
      .add("title", DataTypes.StringType)
      .add("year", DataTypes.IntegerType)
      .add("tags", DataTypes.StringType)
      .add("regions", DataTypes.StringType)
      .add("score", DataTypes.DoubleType);
  static final StructType RATINGS = new StructType()
      .add("user", DataTypes.IntegerType)
      .add("movie", DataTypes.IntegerType)
      .add("rating", DataTypes.DoubleType)
      .add("timestamp", DataTypes.LongType);

  private final SparkSession spark;
  private final boolean cache;
  private final long partitionBytes;
  private int ratingsPartitions;
  private Dataset<Row> movies;
  private Dataset<Row> ratings;

  public SparkSqlDouban(SparkSession spark) {
    this(spark, true);
  }

  public SparkSqlDouban(SparkSession spark, boolean cache) {
    this(spark, cache, 0);
  }

  /**
   * @param partitionBytes bytes of a file per input partition ({@code spark.sql.files.maxPartitionBytes}
   *     while the files are read and cached); 0 keeps the session's setting
   */
  public SparkSqlDouban(SparkSession spark, boolean cache, long partitionBytes) {
    if (partitionBytes > 0 && !cache) {
      throw new IllegalArgumentException("SparkSqlDouban: partitionBytes needs cache = true (the read then happens at once)");
    }
    this.spark = spark;
    this.cache = cache;
    this.partitionBytes = partitionBytes;
  }

  /** The partitions the ratings were read in by the last {@link #read}. */
  public int ratingsPartitions() {
    return ratingsPartitions;
  }

  @Override
  public String name() {
    return cache ? "Spark SQL" : "Spark SQL, no cache";
  }

  private Dataset<Row> csv(StructType schema, Path file) {
    return spark.read()
        .schema(schema)
        .option("header", "true")
        .option("quote", "\"")
        .option("escape", "\"") // RFC 4180: a quote inside a quoted field is doubled
        .option("mode", "FAILFAST")
        .csv(file.toString());
  }

  @Override
  public void read(Path moviesCsv, Path ratingsCsv) {
    String key = "spark.sql.files.maxPartitionBytes";
    String before = spark.conf().get(key);
    if (partitionBytes > 0) {
      spark.conf().set(key, partitionBytes);
    }
    try {
      movies = csv(MOVIES, moviesCsv);
      ratings = csv(RATINGS, ratingsCsv);
      if (cache) {
        movies = movies.cache();
        ratings = ratings.cache();
        movies.count();
        ratings.count();
      }
      ratingsPartitions = ratings.rdd().getNumPartitions();
    } finally {
      spark.conf().set(key, before);
    }
  }

  @Override
  public StepResult moviesPerYear() {
    return result(movies.groupBy("year").agg(count(lit(1)).as("movies")).orderBy(col("year")));
  }

  @Override
  public StepResult ratingCounts() {
    return result(ratings.groupBy("rating").agg(count(lit(1)).as("count"))
        .orderBy(col("count").desc(), col("rating").asc()));
  }

  @Override
  public StepResult topMovies() {
    Dataset<Row> top = ratings.groupBy("movie")
        .agg(avg("rating").as("mean"), count(lit(1)).as("count"))
        .filter(col("count").geq(MIN_RATINGS))
        .orderBy(col("mean").desc(), col("movie").asc())
        .limit(TOP_MOVIES);
    Dataset<Row> titles = movies.select(col("id"), col("title"));
    return result(top.join(titles, top.col("movie").equalTo(titles.col("id")), "left")
        .select(col("movie"), col("title"), col("mean"), col("count"))
        .orderBy(col("mean").desc(), col("movie").asc()));
  }

  @Override
  public StepResult topTags() {
    return topValues(movies, "tags", "tag", TOP_TAGS);
  }

  @Override
  public StepResult topRegions() {
    return topValues(movies.filter(col("year").between(YEAR_FROM, YEAR_TO)), "regions", "region", TOP_REGIONS);
  }

  @Override
  public StepResult ratingsPerYear() {
    Dataset<Row> years = movies.select(col("id"), col("year"));
    return result(ratings.select(col("movie")).join(years, col("movie").equalTo(col("id")), "inner")
        .groupBy("year").agg(count(lit(1)).as("ratings"))
        .orderBy(col("year")));
  }

  private static StepResult topValues(Dataset<Row> frame, String column, String name, int k) {
    return result(frame.select(explode(split(col(column), "/")).as(name)) // a missing value explodes to no row
        .groupBy(name).agg(count(lit(1)).as("count"))
        .orderBy(col("count").desc(), col(name).asc())
        .limit(k));
  }

  private static StepResult result(Dataset<Row> frame) {
    List<List<Object>> rows = new ArrayList<>();
    for (Row r : frame.collectAsList()) {
      List<Object> values = new ArrayList<>(r.size());
      for (int i = 0; i < r.size(); i++) {
        values.add(r.get(i));
      }
      rows.add(values);
    }
    return new StepResult(List.of(frame.columns()), rows);
  }

  @Override
  public void release() {
    if (movies != null) {
      if (cache) {
        movies.unpersist(true);
        ratings.unpersist(true);
      }
      movies = null;
      ratings = null;
    }
  }
}
