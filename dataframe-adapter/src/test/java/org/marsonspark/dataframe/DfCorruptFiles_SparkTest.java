package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.session.LocalSession;

/**
 * Parquet and Feather files that are not what they claim, or are cut short or damaged, give a
 * MarsException naming the file and what is wrong (not Spark's or Arrow's stack), and the
 * session goes on working: each good file written here, then a copy of it spoiled — garbage
 * bytes, empty, truncated to half, and for Parquet its middle overwritten (its pages are
 * checked), for Feather its last bytes cut off (Arrow IPC has no checksums: overwritten values
 * in a batch's body read as other values, in pyarrow too).
 */
class DfCorruptFiles_SparkTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static DataFrame frame() {
    long[] ids = new long[200];
    double[] x = new double[200];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i;
      x[i] = i * 0.25;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("id", Column.ofLongs(ids));
    cols.put("x", Column.ofDoubles(x));
    return Md.dataFrame(cols, 200);
  }

  /** Copies of {@code good}: garbage, empty, the first half, and {@code last} (named {@code lastName}). */
  private static List<Path> spoiled(Path good, Path dir, String ext, String lastName, byte[] last) throws Exception {
    byte[] b = Files.readAllBytes(good);
    byte[] garbage = new byte[b.length];
    Arrays.fill(garbage, (byte) 7);
    Path g = Files.write(dir.resolve("garbage" + ext), garbage);
    Path e = Files.write(dir.resolve("empty" + ext), new byte[0]);
    Path h = Files.write(dir.resolve("half" + ext), Arrays.copyOf(b, b.length / 2));
    Path l = Files.write(dir.resolve(lastName + ext), last);
    return List.of(g, e, h, l);
  }

  private static void assertClear(String reader, Path file, Executable read) {
    MarsException e = assertThrows(MarsException.class, read, reader + " of " + file);
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT, e.errorClass(), e.getMessage());
    assertTrue(e.getMessage().contains(reader + ": cannot read ") && e.getMessage().contains(file.getFileName()
        .toString()) && e.getMessage().contains("corrupt"), e.getMessage());
  }

  @Test
  void parquet(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("good");
    frame().execute(spark.session()).toParquet(out.toString());
    Path part;
    try (Stream<Path> s = Files.list(out)) {
      part = s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    byte[] middle = Files.readAllBytes(part);
    Arrays.fill(middle, middle.length / 3, 2 * middle.length / 3, (byte) 0x5a);
    for (Path bad : spoiled(part, Files.createDirectories(dir.resolve("bad")), ".parquet", "middle", middle)) {
      assertClear("readParquet", bad, () -> Md.readParquet(bad.toString()).execute(spark.session()).fetch());
    }
    assertEquals(200, Md.readParquet(out.toString()).execute(spark.session()).fetch().nrows(), "the session goes on");
  }

  @Test
  void feather(@TempDir Path dir) throws Exception {
    List<String> files = frame().execute(spark.session()).toFeather(dir.resolve("good").toString());
    Path good = Path.of(files.get(0).replace("file:", ""));
    byte[] b = Files.readAllBytes(good);
    byte[] tail = Arrays.copyOf(b, b.length - 20);
    for (Path bad : spoiled(good, Files.createDirectories(dir.resolve("bad")), ".feather", "tail", tail)) {
      assertClear("readFeather", bad,
          () -> Md.readFeather(spark.session(), bad.toString()).execute(spark.session()).fetch());
    }
    assertEquals(200, Md.readFeather(spark.session(), good.toString()).execute(spark.session()).fetch().nrows());
  }
}
