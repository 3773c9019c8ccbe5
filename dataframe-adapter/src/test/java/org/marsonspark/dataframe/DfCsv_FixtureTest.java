package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.io.CsvInPlace;
import org.marsonspark.dataframe.io.CsvOptions;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.CaseWatchdog;

/**
 * readCsv against pandas's read_csv on the same files (header, quoting with separators and
 * doubled quotes inside, empty and NA strings, usecols, dtype, names, na_values,
 * keep_default_na, parse_dates, another separator with CRLF and blank lines, no header; and the
 * nasty ones: quoted line breaks (LF, CRLF, blank lines inside), text after a closing quote,
 * multi-byte UTF-8 up to emoji, Latin-1 read as Latin-1 or as UTF-8 under each error handler,
 * invalid UTF-8, ragged records under each onBadLines, unterminated quotes), each read through
 * Spark in byte ranges of 1, 3, 7, 16, 50 bytes and whole, and in place (the same plan without
 * Spark, {@link CsvInPlace}) at every chunk size from 1 byte to the file's size — boundaries
 * fall inside records, quoted line breaks and characters — always giving pandas's rows (or its
 * error, as a MarsException naming the line or byte pandas names) and one continuous RangeIndex.
 */
class DfCsv_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static final List<Long> CHUNK_BYTES = List.of(1L, 3L, 7L, 16L, 50L, 1L << 20);

  static String path(String file) {
    try {
      return Path.of(DfCsv_FixtureTest.class.getResource("/csv/" + file).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static List<String> strings(JsonNode list) {
    List<String> out = new ArrayList<>();
    list.forEach(x -> out.add(x.asText()));
    return out;
  }

  static CsvOptions options(JsonNode p, long chunkBytes) {
    CsvOptions o = CsvOptions.defaults().withChunkBytes(chunkBytes);
    if (p.has("usecols")) {
      o = o.withUsecols(strings(p.get("usecols")).toArray(new String[0]));
    }
    if (p.has("dtype")) {
      Map<String, String> d = new LinkedHashMap<>();
      p.get("dtype").fields().forEachRemaining(e -> d.put(e.getKey(), e.getValue().asText()));
      o = o.withDtype(d);
    }
    if (p.has("names")) {
      o = o.withNames(strings(p.get("names")).toArray(new String[0]));
    }
    if (p.has("na_values")) {
      o = o.withNaValues(strings(p.get("na_values")).toArray(new String[0]));
    }
    if (p.has("keep_default_na")) {
      o = o.withKeepDefaultNa(p.get("keep_default_na").asBoolean());
    }
    if (p.has("parse_dates")) {
      o = o.withParseDates(strings(p.get("parse_dates")).toArray(new String[0]));
    }
    if (p.has("sep")) {
      o = o.withSep(p.get("sep").asText().charAt(0));
    }
    if (p.has("header")) {
      o = o.withHeader(p.get("header").asBoolean());
    }
    if (p.has("encoding")) {
      o = o.withEncoding(p.get("encoding").asText());
    }
    if (p.has("encoding_errors")) {
      o = o.withEncodingErrors(p.get("encoding_errors").asText());
    }
    if (p.has("on_bad_lines")) {
      o = o.withOnBadLines(p.get("on_bad_lines").asText());
    }
    return o;
  }

  /** Checks a read against the case: pandas's frame, or a MarsException saying what pandas's error says. */
  static void check(DfFixtures.Case c, Supplier<Object> read, String context) {
    JsonNode expected = c.expected();
    if (!expected.get("kind").asText().equals("error")) {
      DfAssert.assertMatches(expected, read.get(), context);
      return;
    }
    MarsException e = assertThrows(MarsException.class, read::get, context + ": pandas raises "
        + expected.get("error").asText() + " (" + expected.get("message").asText() + ")");
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT, e.errorClass(), context);
    for (JsonNode want : expected.get("contains")) {
      assertTrue(e.getMessage().contains(want.asText()), context + ": '" + want.asText() + "' in " + e.getMessage());
    }
    assertTrue(e.getMessage().contains(c.str("file")), context + ": the file named in " + e.getMessage());
  }

  // each case x chunkBytes is checked by DfAssert.assertMatches (values, NA, dtypes, RangeIndex)
  @TestFactory
  Stream<DynamicNode> pandas() {
    return DfFixtures.load("csv").stream().map(c -> dynamicContainer(c.name() + ": " + c.expr(),
        CHUNK_BYTES.stream().map(bytes -> dynamicTest("chunkBytes=" + bytes, () -> CaseWatchdog.call(c
            + " with chunkBytes=" + bytes, spark.session(), () -> {
              check(c, () -> DfFixtures.compute(Md.readCsv(path(c.str("file")), options(c.params(), bytes)),
                  spark.session()), c + " with chunkBytes=" + bytes);
              return null;
            })))));
  }

  // each case read in place at every chunk size from 1 byte to one past the file's size
  @TestFactory
  Stream<DynamicNode> everyChunkSize() {
    return DfFixtures.load("csv").stream().map(c -> dynamicTest(c.name() + ": " + c.expr(), () -> {
      String file = path(c.str("file"));
      long size = Files.size(Path.of(file));
      for (long bytes = 1; bytes <= size + 1; bytes++) {
        CsvOptions o = options(c.params(), bytes);
        check(c, () -> CsvInPlace.read(file, o), c + " in place with chunkBytes=" + bytes);
      }
    }));
  }

  @Test
  void manyChunksThenFilterAndIloc(@TempDir Path dir) throws Exception {
    StringBuilder sb = new StringBuilder("x,y\n");
    for (int i = 0; i < 1000; i++) {
      sb.append(i).append(',').append(i % 7 == 0 ? "" : Double.toString(i * 0.5)).append('\n');
    }
    Path f = dir.resolve("big.csv");
    Files.writeString(f, sb.toString());
    DataFrame df = Md.readCsv(f.toString(), CsvOptions.defaults().withChunkBytes(500));
    DataFrame picked = df.filter(df.col("y").isna()).iloc(10L, 13L).execute(spark.session());
    LocalFrame got = picked.fetch();
    assertEquals(List.of(70L, 77L, 84L), List.of(got.column("x").get(0), got.column("x").get(1), got.column("x").get(2)));
    assertEquals("Int64Index", got.index().kind());
    assertEquals(70L, got.index().label(0));
    assertTrue(df.nsplits()[0].length > 10, "a 500-byte chunk size gives many chunks");
    assertEquals(1000L, df.length());
    assertEquals(143L, df.col("y").isna().sum().execute(spark.session()).fetch());
  }

  @Test
  void badInput(@TempDir Path dir) throws Exception {
    String basic = path("basic.csv");
    MarsException e = org.junit.jupiter.api.Assertions.assertThrows(MarsException.class,
        () -> Md.readCsv(basic, CsvOptions.defaults().withUsecols("id", "nope")));
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT, e.errorClass());
    assertTrue(e.getMessage().contains("nope"), e.getMessage());
    e = org.junit.jupiter.api.Assertions.assertThrows(MarsException.class,
        () -> Md.readCsv(dir.resolve("missing.csv").toString()));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    // a value later in the file that the dtype inferred from the first bytes cannot hold
    Path f = dir.resolve("late.csv");
    Files.writeString(f, "a\n1\n2\n3\n4.5\n");
    DataFrame df = Md.readCsv(f.toString(), CsvOptions.defaults().withSampleBytes(4).withChunkBytes(4));
    assertEquals(DfType.INT64, df.dtypes().get("a"));
    MarsException late = org.junit.jupiter.api.Assertions.assertThrows(MarsException.class,
        () -> df.execute(spark.session()));
    assertTrue(late.getMessage().contains("'4.5'") && late.getMessage().contains("dtype"), late.getMessage());
    DataFrame fixed = Md.readCsv(f.toString(), CsvOptions.defaults().withSampleBytes(4).withDtype("a", "float64"));
    assertEquals(4.5, fixed.execute(spark.session()).fetch().column("a").get(3));
  }

  @Test
  void badOptionsAndLinesNamedAsAnEditorCountsThem(@TempDir Path dir) throws Exception {
    MarsException e = assertThrows(MarsException.class, () -> CsvOptions.defaults().withEncoding("utf-16"));
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    assertTrue(e.getMessage().contains("utf-16") && e.getMessage().contains("UTF-8"), e.getMessage());
    e = assertThrows(MarsException.class, () -> CsvOptions.defaults().withEncoding("klingon"));
    assertTrue(e.getMessage().contains("unknown encoding 'klingon'"), e.getMessage());
    e = assertThrows(MarsException.class, () -> CsvOptions.defaults().withEncodingErrors("surrogateescape"));
    assertTrue(e.getMessage().contains("'surrogateescape'"), e.getMessage());
    e = assertThrows(MarsException.class, () -> CsvOptions.defaults().withOnBadLines("drop"));
    assertTrue(e.getMessage().contains("'drop'"), e.getMessage());
    // another single-byte set through java.nio: cp1252's 0x80 is the euro sign, 0x81 is undefined
    Path euro = Files.write(dir.resolve("euro.csv"), new byte[] {'a', '\n', (byte) 0x80, '\n', (byte) 0x81, '\n'});
    DataFrame cp = Md.readCsv(euro.toString(), CsvOptions.defaults().withEncoding("cp1252").withSampleBytes(2));
    e = assertThrows(MarsException.class, () -> cp.execute(spark.session()));
    assertTrue(e.getMessage().contains("byte 0x81") && e.getMessage().contains("line 3 (byte 4)"), e.getMessage());
    DataFrame replaced = Md.readCsv(euro.toString(), CsvOptions.defaults().withEncoding("cp1252")
        .withEncodingErrors("replace"));
    assertEquals(List.of("\u20ac", "\ufffd"), strings(replaced.execute(spark.session()).fetch().column("a")));
    // pandas would take the first column as an index: refused, not read shifted
    Path wide = Files.writeString(dir.resolve("wide.csv"), "a,b\n1,2,3\n4,5,6\n");
    e = assertThrows(MarsException.class, () -> Md.readCsv(wide.toString()));
    assertEquals(MarsException.ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
    assertTrue(e.getMessage().contains("index_col"), e.getMessage());
    // lines count every line end, inside quotes too (pandas counts records there): the bad
    // record is on line 5 of the file, byte 18
    Path f = Files.writeString(dir.resolve("lines.csv"), "a,b\n1,\"x\ny\"\n2,\"z\"\n3,4,5\n");
    for (long bytes : List.of(1L, 5L, 1L << 20)) {
      DataFrame df = Md.readCsv(f.toString(), CsvOptions.defaults().withChunkBytes(bytes));
      e = assertThrows(MarsException.class, () -> df.execute(spark.session()));
      assertTrue(e.getMessage().contains("expected 2 fields in line 5 (byte 18)"), e.getMessage());
      DataFrame skipped = Md.readCsv(f.toString(), CsvOptions.defaults().withChunkBytes(bytes).withOnBadLines("skip"));
      assertEquals(List.of("x\ny", "z"), strings(skipped.execute(spark.session()).fetch().column("b")));
    }
  }

  private static List<Object> strings(org.marsonspark.dataframe.local.Column c) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < c.size(); i++) {
      out.add(c.get(i));
    }
    return out;
  }
}
