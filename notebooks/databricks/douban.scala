// Databricks notebook source
// MAGIC %md
// MAGIC # Douban movies with Mars on Spark
// MAGIC
// MAGIC The Douban analysis (WORKLOADS W5) in a Scala notebook over the cluster's ready `spark`:
// MAGIC Mars attaches to that session, takes ratings from Spark SQL (`Md.fromSpark`), reads movies from a
// MAGIC CSV file (`Md.readCsv`), runs the analysis as pandas-style DataFrames whose chunks stay on the
// MAGIC executors, and hands a result back to Spark SQL (`toSpark`). Every cell that computes something
// MAGIC checks it against the same number computed by Spark SQL, and throws when they differ.
// MAGIC
// MAGIC The data is small and made here (seeded), so the notebook runs anywhere, a laptop's `local[2]` included.
// MAGIC For the real data, point `moviesCsv` at Douban's `movies.csv` and build `ratingsSql` from its ratings.

// COMMAND ----------

import java.nio.file.Files
import scala.jdk.CollectionConverters._
import org.apache.spark.sql.{functions => F}
import org.marsonspark.dataframe.{DataFrame, GroupBy, Md, MergeOptions, Series}
import org.marsonspark.dataframe.io.CsvOptions
import org.marsonspark.dataframe.local.LocalFrame
import org.marsonspark.session.MarsSession

// Mars runs on the notebook's Spark: its jobs are Spark jobs on this cluster's executors
val mars = MarsSession.attach(spark)

/** Runs a lazy Mars DataFrame, brings its (small) rows to the driver and drops its chunks. */
def result(df: DataFrame): LocalFrame = {
  Md.execute(mars, df)
  try df.fetch() finally df.release()
}

/** A local frame's rows, to compare with Spark's. */
def rows(f: LocalFrame): Seq[Seq[Any]] =
  (0 until f.nrows).map(i => (0 until f.ncols).map(j => f.column(j).get(i)))

/** Spark SQL's rows. */
def sqlRows(query: String): Seq[Seq[Any]] = spark.sql(query).collect().toSeq.map(_.toSeq)

/** Throws unless Mars and Spark SQL gave the same rows. */
def check(what: String, marsRows: Seq[Seq[Any]], sparkRows: Seq[Seq[Any]]): Unit = {
  if (marsRows.size != sparkRows.size) {
    throw new IllegalStateException(s"$what: Mars gave ${marsRows.size} rows, Spark SQL ${sparkRows.size}")
  }
  marsRows.zip(sparkRows).zipWithIndex.find { case ((m, s), _) => m != s }.foreach { case ((m, s), i) =>
    throw new IllegalStateException(s"$what: row $i differs: Mars $m, Spark SQL $s")
  }
  println(s"$what: ${marsRows.size} rows, the same as Spark SQL's")
}

/** pandas's `s.value_counts()` as a frame `key, count`: count descending, then the key ascending; the first k rows (0: all). */
def counts(s: Series, key: String, k: Int): DataFrame = {
  val vc = if (k > 0) s.valueCounts().head(k) else s.valueCounts()
  vc.rename("count").toFrame().resetIndex().rename(Map("index" -> key).asJava)
}

// COMMAND ----------

// MAGIC %md
// MAGIC ## The data
// MAGIC `movies.csv` (`id,title,year,tags,regions,score`: tags and regions `/`-separated, some missing, some titles
// MAGIC quoted) is written to a temporary folder; the ratings (`user,movie,rating,timestamp`, popular movies rated
// MAGIC more often, ratings 1.0 to 10.0) are a Spark SQL query.

// COMMAND ----------

val nMovies = 400
val nRatings = 40000L
val dataDir = Files.createTempDirectory("douban")
val moviesCsv = dataDir.resolve("movies.csv")

val rnd = new scala.util.Random(42)
val tagNames = Array("Drama", "Comedy", "Romance", "Action", "Thriller", "Crime", "Animation", "Documentary",
  "Science Fiction", "Wuxia", "Family", "War")
val regionNames = Array("USA", "Japan", "Mainland China", "Hong Kong", "UK", "France", "South Korea", "Taiwan")

/** RFC 4180: a field with a comma or a quote is quoted, its quotes doubled. */
def field(s: String): String =
  if (s.exists(c => c == ',' || c == '"')) "\"" + s.replace("\"", "\"\"") + "\"" else s

/** Up to `max` distinct names, '/'-separated, popular names first more often; "" (missing) now and then. */
def some(names: Array[String], max: Int): String =
  names.indices.map(i => (names(i), rnd.nextDouble() * (i + 1))).sortBy(_._2).take(rnd.nextInt(max + 1)).map(_._1).mkString("/")

val movieLines = (1 to nMovies).map { id =>
  val year = 1930 + (math.sqrt(rnd.nextDouble()) * 95).toInt // recent years more frequent
  val title = id % 23 match {
    case 0 => s"The \"Lost\" Garden $id"
    case 1 => s"River, Night $id"
    case _ => s"Movie $id"
  }
  val score = if (rnd.nextDouble() < 0.08) "" else "%.1f".formatLocal(java.util.Locale.ROOT, 2 + rnd.nextDouble() * 7.8)
  Seq(id.toString, field(title), year.toString, field(some(tagNames, 4)), field(some(regionNames, 2)), score).mkString(",")
}
Files.write(moviesCsv, ("id,title,year,tags,regions,score" +: movieLines).asJava)

val ratingsSql = spark.range(0, nRatings, 1, 4).selectExpr(
  "1 + pmod(xxhash64(id, 1), 2000) AS user",
  s"CAST(1 + floor(pow(pmod(xxhash64(id, 2), 1000000) / 1e6, 2) * $nMovies) AS BIGINT) AS movie",
  "CAST(1 + pmod(xxhash64(id, 3), 91) / 10 AS DOUBLE) AS rating",
  "1100000000 + id * 600 AS timestamp")
ratingsSql.createOrReplaceTempView("ratings_sql")

// the same CSV through Spark, for the checks
spark.read.option("header", "true").option("escape", "\"")
  .schema("id BIGINT, title STRING, year BIGINT, tags STRING, regions STRING, score DOUBLE")
  .csv(moviesCsv.toString).createOrReplaceTempView("movies_sql")
require(spark.table("movies_sql").count() == nMovies)

// COMMAND ----------

// MAGIC %md
// MAGIC ## Into Mars
// MAGIC `Md.readCsv` reads the CSV in byte ranges on the executors; `Md.fromSpark` takes a Spark Dataset as a
// MAGIC DataFrame with a chunk per Spark partition. `Md.execute` runs both and keeps their chunks on the executors.

// COMMAND ----------

val movies = Md.readCsv(moviesCsv.toString, CsvOptions.defaults().withDtype(Map(
  "id" -> "int64", "title" -> "str", "year" -> "int64", "tags" -> "str", "regions" -> "str", "score" -> "float64").asJava))
val ratings = Md.fromSpark(mars, ratingsSql)
Md.execute(mars, movies, ratings)

val ratingStats = ratings.col("rating").describe().execute().fetch()
val sqlStats = spark.sql("SELECT count(*), avg(rating), min(rating), max(rating) FROM ratings_sql").head()
require(ratingStats.get(0) == sqlStats.getLong(0).toDouble, s"count: $ratingStats vs $sqlStats")
require(math.abs(ratingStats.get(1).asInstanceOf[Double] - sqlStats.getDouble(1)) < 1e-9, s"mean: $ratingStats vs $sqlStats")
require(ratingStats.get(3) == sqlStats.getDouble(2) && ratingStats.get(7) == sqlStats.getDouble(3), s"min/max: $ratingStats vs $sqlStats")

// COMMAND ----------

// MAGIC %md
// MAGIC ## (a) Movies per release year

// COMMAND ----------

val perYear = result(movies.groupby("year").asIndex(false).agg(GroupBy.named("movies", "year", "size")))
check("movies per year", rows(perYear), sqlRows("SELECT year, count(*) FROM movies_sql GROUP BY year ORDER BY year"))

// COMMAND ----------

// MAGIC %md
// MAGIC ## (b) How often each rating is given

// COMMAND ----------

val ratingCounts = result(counts(ratings.col("rating"), "rating", 0))
check("rating counts", rows(ratingCounts),
  sqlRows("SELECT rating, count(*) AS n FROM ratings_sql GROUP BY rating ORDER BY n DESC, rating"))

// COMMAND ----------

// MAGIC %md
// MAGIC ## (c) The best movies among those with at least 60 ratings
// MAGIC Mean and count per movie, filtered, the 20 largest means, merged with the titles.

// COMMAND ----------

val minRatings = 60
val stats = ratings.groupby("movie").asIndex(false)
  .agg(GroupBy.named("mean", "rating", "mean"), GroupBy.named("count", "rating", "count"))
val best = stats.filter(stats.col("count").ge(minRatings)).nlargest(20, "mean")
val titled = best.merge(movies.select("id", "title"), MergeOptions.leftOn("movie").rightOn("id").how("left"))
  .select("movie", "title", "mean", "count")
Md.execute(mars, titled)
val topMovies = titled.fetch()

// the same movies' means from Spark SQL (sums in another order: equal to 1e-9), and no better movie left out
val sqlMeans = sqlRows(s"""SELECT r.movie, m.title, avg(r.rating), count(*) FROM ratings_sql r JOIN movies_sql m ON r.movie = m.id
  GROUP BY r.movie, m.title HAVING count(*) >= $minRatings ORDER BY avg(r.rating) DESC, r.movie""")
val byMovie = sqlMeans.map(r => r.head -> r).toMap
rows(topMovies).foreach { case Seq(movie, title, mean: Double, count) =>
  val s = byMovie(movie)
  require(title == s(1) && count == s(3) && math.abs(mean - s(2).asInstanceOf[Double]) < 1e-9, s"movie $movie: Mars $title $mean $count, Spark SQL $s")
}
require(topMovies.nrows == 20 && sqlMeans.size > 20, s"${topMovies.nrows} top movies, ${sqlMeans.size} with $minRatings ratings")
require(topMovies.column("mean").get(19).asInstanceOf[Double] >= sqlMeans(20)(2).asInstanceOf[Double] - 1e-9, "a better movie was left out")

// COMMAND ----------

// MAGIC %md
// MAGIC ## (d) The most frequent tags
// MAGIC Tags split on `/` and exploded, one row per tag (a missing list is no tag), then counted.

// COMMAND ----------

val topTags = result(counts(movies.col("tags").str().split("/", -1).explode(), "tag", 10))
check("top tags", rows(topTags), sqlRows("""SELECT tag, count(*) AS n FROM movies_sql LATERAL VIEW explode(split(tags, '/')) t AS tag
  GROUP BY tag ORDER BY n DESC, tag LIMIT 10"""))

// COMMAND ----------

// MAGIC %md
// MAGIC ## (e) The regions of the movies released 1980-2019

// COMMAND ----------

val year = movies.col("year")
val era = movies.filter(year.ge(1980).and(year.le(2019)))
val topRegions = result(counts(era.col("regions").str().split("/", -1).explode(), "region", 5))
check("top regions", rows(topRegions), sqlRows("""SELECT region, count(*) AS n FROM movies_sql
  LATERAL VIEW explode(split(regions, '/')) t AS region WHERE year BETWEEN 1980 AND 2019
  GROUP BY region ORDER BY n DESC, region LIMIT 5"""))

// COMMAND ----------

// MAGIC %md
// MAGIC ## (f) Ratings per release year
// MAGIC Ratings merged with the movies on `movie = id`, counted per release year.

// COMMAND ----------

val merged = ratings.select("movie").merge(movies.select("id", "year"), MergeOptions.leftOn("movie").rightOn("id").how("inner"))
val ratingsPerYear = result(merged.groupby("year").asIndex(false).agg(GroupBy.named("ratings", "year", "size")))
check("ratings per year", rows(ratingsPerYear),
  sqlRows("SELECT m.year, count(*) FROM ratings_sql r JOIN movies_sql m ON r.movie = m.id GROUP BY m.year ORDER BY m.year"))

// COMMAND ----------

// MAGIC %md
// MAGIC ## A function of your own, run on the executors
// MAGIC `Series.map` ships a Scala function to the tasks. A function that uses a value from a notebook cell
// MAGIC (here `width`) must copy it into a local `val` first: otherwise it captures the cell's wrapper object,
// MAGIC which holds the other cells' values (DataFrames, `spark`) that cannot be serialized.

// COMMAND ----------

val width = 10L
val decades = {
  val w = width
  movies.col("year").map(y => y.asInstanceOf[Long] / w * w)
}
val perDecade = result(counts(decades, "decade", 0).sortValues("decade"))
check("movies per decade", rows(perDecade),
  sqlRows(s"SELECT year DIV $width * $width AS decade, count(*) FROM movies_sql GROUP BY 1 ORDER BY decade"))

// COMMAND ----------

// MAGIC %md
// MAGIC ## Back to Spark SQL
// MAGIC `toSpark` turns a Mars DataFrame into a Spark Dataset (a partition per chunk) for SQL, Delta tables or BI tools.

// COMMAND ----------

val bestSpark = titled.toSpark(mars, false)
bestSpark.createOrReplaceTempView("best_movies")
val joined = spark.sql("SELECT b.movie, b.title, m.year FROM best_movies b JOIN movies_sql m ON b.movie = m.id ORDER BY b.mean DESC, b.movie")
require(joined.count() == 20, s"${joined.count()} of the 20 best movies found in movies_sql")
require(joined.collect().map(_.getString(1)).toSeq == rows(topMovies).map(_(1)), "the titles differ")
joined.show(5, false)

// COMMAND ----------

// MAGIC %sql
// MAGIC SELECT assert_true(count(*) = 20 AND min(count) >= 60, 'best_movies: 20 movies with at least 60 ratings') AS ok,
// MAGIC        round(max(mean), 3) AS best_mean
// MAGIC FROM best_movies

// COMMAND ----------

titled.release()
movies.release()
ratings.release()
