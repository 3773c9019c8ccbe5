package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.tensor.BadInputs.bad;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.io.CsvOptions;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.BadInputs;
import org.marsonspark.tensor.Mt;

/**
 * Bad input to DataFrames and Series and to reading and writing files, each a named error that
 * shows the offending value and says what to do, after which the session holds nothing more and
 * still computes right ({@link BadInputs}), casts of NaN and infinity to integers included. (Quoting
 * and encoding errors of readCsv, and numpy's values for out-of-range casts, are tested with their
 * own features.)
 */
class Df_BadInputTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Path dir;
  private static Path csv;

  @BeforeAll
  static void writeInput() throws Exception {
    dir = Files.createTempDirectory("df-bad-input");
    csv = Files.writeString(dir.resolve("x.csv"), "a,b\n1,x\n2,y\n");
  }

  @AfterAll
  static void removeFiles() throws Exception {
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  private static DataFrame frame() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofLongs(1, 2, 3, 4));
    cols.put("b", Column.ofDoubles(1.5, Double.NaN, 2.5, 3.5));
    cols.put("c", Column.ofStrings("x", "12", null, "abc"));
    cols.put("t", Column.ofDatetimes(0, 86_400_000_000_000L, DfType.NAT, 5));
    return Md.dataFrame(LocalFrame.of(cols), 2);
  }

  /** Writes a frame (which executes it), then releases it, whether the writing failed or not. */
  private static void written(java.util.function.Consumer<DataFrame> write) {
    DataFrame f = frame();
    try {
      write.accept(f);
    } finally {
      f.release();
    }
  }

  // each case: its error class, value and hint in the message, then nothing held and a right sum
  @TestFactory
  Stream<DynamicTest> frames() {
    DataFrame df = frame();
    List<BadInputs.Case> cases = List.of(
        bad("an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'zz'", "not in [a, b, c, t]", () -> df.col("zz"))
            .with(Map.of("op", "", "column", "zz", "columns", List.of("a", "b", "c", "t"))),
        bad("sort by an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "not in [a, b, c, t]",
            () -> df.sortValues("nope"))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad("an unknown na_position", ErrorClass.INVALID_ARGUMENT, "'middle'", "use \"first\" or \"last\"",
            () -> df.sortValues(new String[] {"a"}, new boolean[] {true}, "middle")),
        bad("group by an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "not in [a, b, c, t]",
            () -> df.groupby("nope"))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad("an unknown aggregation", ErrorClass.INVALID_ARGUMENT, "'foo'", "use one of [sum, mean",
            () -> df.groupby("a").agg("foo")),
        bad("an unknown groupby method", ErrorClass.INVALID_ARGUMENT, "got fast", "must be auto, tree or shuffle",
            () -> df.groupby("a").method("fast")),
        bad("merge on an unknown key", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "left frame's columns [a, b, c, t]",
            () -> df.merge(frame(), "inner", "nope"))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad("an unknown merge how", ErrorClass.INVALID_ARGUMENT, "'sideways'", "must be one of inner, left",
            () -> df.merge(frame(), "sideways", "a")),
        bad("a dtype pandas has but Mars does not", ErrorClass.UNSUPPORTED_DTYPE, "'complex'",
            "use one of int64, float64", () -> df.astype("complex")),
        bad("astype of an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "not in [a, b, c, t]",
            () -> df.astype(Map.of("nope", "int64")))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad("an unknown dropna how", ErrorClass.INVALID_ARGUMENT, "some", "use \"any\" or \"all\"",
            () -> df.dropna("some")),
        bad("fill floats with text", ErrorClass.UNSUPPORTED_DTYPE, "x (String)", "fill with a value of that dtype",
            () -> df.col("b").fillna("x")),
        bad("a rolling window of zero", ErrorClass.INVALID_ARGUMENT, "got 0", "1 or greater",
            () -> df.col("b").rolling(0)),
        bad("the sum of text", ErrorClass.UNSUPPORTED_DTYPE, "dtype object", "select the columns it applies to",
            () -> df.col("c").sum()),
        bad("a mask of integers", ErrorClass.UNSUPPORTED_DTYPE, "got int64 (series 'a')",
            "build one with a comparison", () -> df.filter(df.col("a"))),
        bad("a pivot table of an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "not in [a, b, c, t]",
            () -> df.pivotTable("nope", "a", "c", "sum"))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad(".dt of integers", ErrorClass.UNSUPPORTED_DTYPE, "not int64", "astype(\"datetime64[ns]\") first",
            () -> df.col("a").dt()),
        bad(".str of integers", ErrorClass.UNSUPPORTED_DTYPE, "not int64", "cast with astype(\"str\") first",
            () -> df.col("a").str()),
        bad("a quantile outside [0, 1]", ErrorClass.INVALID_ARGUMENT, "got 1.5", "must be between 0 and 1",
            () -> df.col("b").quantile(1.5)),
        bad("describe with a percentile above 1", ErrorClass.INVALID_ARGUMENT, "1.5", "Try 0.015 instead",
            () -> df.describe(1.5)),
        bad("set_index of an unknown column", ErrorClass.COLUMN_NOT_FOUND, "'nope'", "not in [a, b, c, t]",
            () -> df.setIndex("nope"))
            .with(Map.of("column", "nope", "columns", List.of("a", "b", "c", "t"))),
        bad("nlargest keeping the middle", ErrorClass.UNSUPPORTED_OPERATION, "keep='middle'", "only keep='first'",
            () -> df.nlargest(1, "middle", new String[] {"a"})),
        bad("drop_duplicates keeping the middle", ErrorClass.INVALID_ARGUMENT, "\"middle\"",
            "must be \"first\", \"last\" or \"false\"", () -> df.dropDuplicates("middle")),
        bad("concat along a third axis", ErrorClass.AXIS_OUT_OF_BOUNDS, "got 2", "must be 0 or 1",
            () -> Md.concat(List.of(df, df), 2, false)),
        bad("isin of null", ErrorClass.INVALID_ARGUMENT, "got null", "pass an empty list",
            () -> df.col("a").isin(null)),
        bad("strftime without a format", ErrorClass.INVALID_ARGUMENT, "'date_format'", "must not be null",
            () -> df.col("t").dt().strftime(null)),
        bad("a frame of a 3-d tensor", ErrorClass.INVALID_ARGUMENT, "3-D (2, 3, 4)", "reshape it first",
            () -> Md.fromTensor(Mt.zeros(2, 3, 4))),
        bad("a tensor of a text column", ErrorClass.UNSUPPORTED_DTYPE, "column 'c' has dtype object",
            "select the numeric columns or cast", () -> frame().toTensor()),
        bad("fetch before execute", ErrorClass.NOT_EXECUTED, "Series(name=a", "call execute() first",
            () -> frame().col("a").add(1).fetch()),
        bad("mapChunk returning nothing, found by the task", ErrorClass.UNSUPPORTED_DTYPE, "returned null",
            "it must return a LocalFrame", () -> frame().mapChunk(f -> null).execute(spark.session())),
        bad("integers to a negative power, found by the task", ErrorClass.INVALID_ARGUMENT, "exponent -2",
            "raise a float base instead", () -> frame().col("a").pow(-2L).execute(spark.session())),
        bad("a float column holding NaN cast to int64, found by the task", ErrorClass.INVALID_ARGUMENT,
            "(found nan)", "fill or drop them first", () -> frame().col("b").astype("int64").execute(spark.session())),
        bad("a float column holding infinity cast to int64", ErrorClass.INVALID_ARGUMENT, "(found inf)",
            "fill or drop them first", () -> frame().col("b").fillna(Double.POSITIVE_INFINITY).astype("int64")
                .execute(spark.session())));
    // a name given twice would merge two cases in the reports
    assertEquals(cases.size(), cases.stream().map(BadInputs.Case::name).distinct().count(), "every case named once");
    return BadInputs.tests(cases, spark::session);
  }

  @TestFactory
  Stream<DynamicTest> readingAndWriting() {
    String missing = dir.resolve("missing.csv").toString();
    String parquet = dir.resolve("written.parquet").toString();
    List<BadInputs.Case> cases = List.of(
        bad("readCsv of a file that does not exist", ErrorClass.INVALID_ARGUMENT, missing, "no such file",
            () -> Md.readCsv(missing)),
        bad("readCsv of unknown usecols", ErrorClass.INVALID_ARGUMENT, "['zz']", "(columns are [a, b])",
            () -> Md.readCsv(csv.toString(), CsvOptions.defaults().withUsecols("zz")).execute(spark.session())),
        bad("readCsv with a dtype for an unknown column", ErrorClass.INVALID_ARGUMENT, "'zz'",
            "(columns are [a, b])", () -> Md.readCsv(csv.toString(), CsvOptions.defaults().withDtype("zz", "int64"))
                .execute(spark.session())),
        bad("readCsv with an unknown dtype", ErrorClass.UNSUPPORTED_DTYPE, "'quux'", "use one of int64",
            () -> Md.readCsv(csv.toString(), CsvOptions.defaults().withDtype("b", "quux")).execute(spark.session())),
        bad("readCsv of text as int64, found by the task", ErrorClass.INVALID_ARGUMENT, "holds 'x'",
            "pass the column's dtype", () -> Md.readCsv(csv.toString(), CsvOptions.defaults().withDtype("b", "int64"))
                .execute(spark.session())),
        bad("readCsv in chunks of zero bytes", ErrorClass.BAD_CHUNK_SIZE, "got 0", "must be positive",
            () -> Md.readCsv(csv.toString(), CsvOptions.defaults().withChunkBytes(0))),
        bad("readParquet of a path that does not exist", ErrorClass.INVALID_ARGUMENT, "missing.parquet",
            "no such file or directory", () -> Md.readParquet(dir.resolve("missing.parquet").toString())),
        bad("readParquet of an unknown column", ErrorClass.INVALID_ARGUMENT, "'zz'", "(columns are [a, b, c, t])",
            () -> {
              if (!Files.exists(Path.of(parquet))) {
                written(f -> f.toParquet(parquet));
              }
              Md.readParquet(parquet, List.of("zz"));
            }),
        bad("readFeather of a path that does not exist", ErrorClass.INVALID_ARGUMENT, "missing.feather",
            "no such file or directory", () -> Md.readFeather(dir.resolve("missing.feather").toString())),
        bad("toParquet over an existing directory", ErrorClass.INVALID_ARGUMENT, "already exists",
            "remove it or choose another directory", () -> {
              Path taken = Files.createDirectories(dir.resolve("taken"));
              written(f -> f.toParquet(taken.toString()));
            }),
        bad("toCsv below a file, found by the tasks", ErrorClass.INVALID_ARGUMENT, "x.csv/sub",
            "check that its directory can be created and written to",
            () -> written(f -> f.toCsv(csv.resolve("sub").toString()))),
        bad("toFeather below a file, found by the tasks", ErrorClass.INVALID_ARGUMENT, "x.csv/sub",
            "check that its directory can be created and written to",
            () -> written(f -> f.toFeather(csv.resolve("sub").toString()))),
        bad("fromSpark of a map column", ErrorClass.UNSUPPORTED_DTYPE, "map<int,int>", "Cast it (e.g. to string)",
            () -> Md.fromSpark(spark.session(), spark.session().spark().sql("select map(1, 2) as m"))));
    // a name given twice would merge two cases in the reports
    assertEquals(cases.size(), cases.stream().map(BadInputs.Case::name).distinct().count(), "every case named once");
    return BadInputs.tests(cases, spark::session);
  }
}
