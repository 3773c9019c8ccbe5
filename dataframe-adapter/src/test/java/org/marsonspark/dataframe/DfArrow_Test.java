package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.io.ArrowFrames;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.session.LocalSession;

/**
 * Frame chunks to and from Arrow (pyarrow's conventions: pandas's NA markers as nulls, nulls in
 * integer columns read as float64), and Feather files written and read on the executors.
 */
class DfArrow_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static final long DAY = 86_400_000_000_000L;

  /** Every dtype, with NA where the dtype can hold it. */
  private static LocalFrame sample(LocalIndex index) {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("i", Column.ofLongs(3, -7, 0, Long.MAX_VALUE));
    cols.put("f", Column.ofDoubles(1.5, Double.NaN, -0.0, 1e300));
    cols.put("b", Column.ofBools(true, false, false, true));
    cols.put("s", Column.ofStrings("a", null, "", "ünïcode ✓"));
    cols.put("t", Column.ofDatetimes(0, DfType.NAT, 19_000 * DAY + 123, -DAY));
    return LocalFrame.of(index, cols);
  }

  private static void assertSameFrame(LocalFrame e, LocalFrame a, String context) {
    assertEquals(e.columnNames(), a.columnNames(), context + ": columns");
    assertEquals(e.dtypes(), a.dtypes(), context + ": dtypes");
    DfAssert.assertSameColumn(e.index().values(), a.index().values(), context + ": index");
    for (int c = 0; c < e.ncols(); c++) {
      DfAssert.assertSameColumn(e.column(c), a.column(c), context + ": column " + e.columnNames().get(c));
    }
  }

  @Test
  void everyDtypeRoundTripsThroughArrow() {
    try (BufferAllocator alloc = new RootAllocator()) {
      for (LocalIndex idx : List.of(LocalIndex.range(4), LocalIndex.of(Column.ofStrings("w", "x", "y", "z"), null))) {
        LocalFrame f = sample(idx);
        try (VectorSchemaRoot root = ArrowFrames.toArrow(f, alloc)) {
          assertEquals(4, root.getRowCount());
          assertTrue(root.getVector("f").isNull(1), "NaN becomes an Arrow null");
          assertTrue(root.getVector("s").isNull(1) && root.getVector("t").isNull(1));
          assertEquals(idx.size() == 4 && !(idx instanceof org.marsonspark.dataframe.local.RangeIndex),
              root.getSchema().getFields().stream().anyMatch(fl -> fl.getName().equals(ArrowFrames.INDEX_COLUMN)),
              "only a non-range index is stored");
          assertSameFrame(f, ArrowFrames.fromArrow(root, null, 0), "round trip with " + idx.kind());
        }
      }
    }
  }

  @Test
  void arrowTypesReadAsPandasWould() {
    try (BufferAllocator alloc = new RootAllocator();
        IntVector ints = new IntVector("ints", alloc);
        IntVector full = new IntVector("full", alloc);
        BitVector bits = new BitVector("bits", alloc);
        Float4Vector floats = new Float4Vector("floats", alloc);
        TimeStampMilliVector millis = new TimeStampMilliVector("millis", alloc);
        DateDayVector days = new DateDayVector("days", alloc)) {
      ints.allocateNew(3);
      ints.set(0, 5);
      ints.setNull(1);
      ints.set(2, -2);
      full.allocateNew(3);
      full.set(0, 1);
      full.set(1, 2);
      full.set(2, 3);
      bits.allocateNew(3);
      bits.set(0, 1);
      bits.setNull(1);
      bits.set(2, 0);
      floats.allocateNew(3);
      floats.set(0, 0.5f);
      floats.set(1, -1.25f);
      floats.setNull(2);
      millis.allocateNew(3);
      millis.set(0, 1_000);
      millis.set(1, -1);
      millis.setNull(2);
      days.allocateNew(3);
      days.set(0, 1);
      days.set(1, 0);
      days.set(2, 19_000);
      for (var v : List.of(ints, full, bits, floats, millis, days)) {
        v.setValueCount(3);
      }
      try (VectorSchemaRoot root = VectorSchemaRoot.of(ints, full, bits, floats, millis, days)) {
        LocalFrame f = ArrowFrames.fromArrow(root, null, 10);
        assertEquals(List.of(DfType.FLOAT64, DfType.INT64, DfType.OBJECT, DfType.FLOAT64, DfType.DATETIME,
            DfType.DATETIME), f.dtypes(), "an int column with nulls is float64, a bool one object, as pandas");
        DfAssert.assertSameColumn(Column.ofDoubles(5, Double.NaN, -2), f.column("ints"), "ints");
        DfAssert.assertSameColumn(Column.ofLongs(1, 2, 3), f.column("full"), "full");
        DfAssert.assertSameColumn(Column.ofObjects(true, null, false), f.column("bits"), "bits");
        DfAssert.assertSameColumn(Column.ofDoubles(0.5, -1.25, Double.NaN), f.column("floats"), "floats");
        DfAssert.assertSameColumn(Column.ofDatetimes(1_000_000_000L, -1_000_000L, DfType.NAT), f.column("millis"), "ms");
        DfAssert.assertSameColumn(Column.ofDatetimes(DAY, 0, 19_000 * DAY), f.column("days"), "days");
        assertEquals(10L, f.index().label(0), "the RangeIndex starts where asked");
      }
    }
  }

  @Test
  void unsupportedValuesAndTypesAreClearErrors() {
    try (BufferAllocator alloc = new RootAllocator();
        DecimalVector dec = new DecimalVector("price", alloc, 10, 2)) {
      dec.allocateNew(1);
      dec.set(0, 12345L);
      dec.setValueCount(1);
      try (VectorSchemaRoot root = VectorSchemaRoot.of(dec)) {
        MarsException e = assertThrows(MarsException.class, () -> ArrowFrames.fromArrow(root, null, 0));
        assertEquals(MarsException.ErrorClass.UNSUPPORTED_DTYPE, e.errorClass());
        assertTrue(e.getMessage().contains("price"), e.getMessage());
      }
      LocalFrame lists = LocalFrame.of(Map.of("l", Column.ofObjects(List.of("a"), "b")));
      MarsException e = assertThrows(MarsException.class, () -> ArrowFrames.toArrow(lists, alloc));
      assertTrue(e.getMessage().contains("'l'") && e.getMessage().contains("row 0"), e.getMessage());
    }
  }

  @Test
  void featherFilesWrittenAndReadOnTheExecutors(@TempDir Path dir) throws Exception {
    // 10 rows in chunks of 3: four files; the int column has a NaN in one chunk only
    long[] ids = new long[10];
    double[] score = new double[10];
    String[] name = new String[10];
    for (int i = 0; i < 10; i++) {
      ids[i] = 100 + i;
      score[i] = i == 7 ? Double.NaN : i * 0.5;
      name[i] = i % 4 == 0 ? null : "n" + i;
    }
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("id", Column.ofLongs(ids));
    cols.put("score", Column.ofDoubles(score));
    cols.put("name", Column.ofStrings(name));
    DataFrame df = Md.dataFrame(cols, 3).execute(spark.session());
    String out = dir.resolve("frames").toString();
    List<String> files = df.toFeather(out);
    assertEquals(4, files.size());
    for (String f : files) {
      assertTrue(Files.size(Path.of(f.replace("file:", ""))) > 0, f);
    }
    DataFrame back = Md.readFeather(spark.session(), out);
    assertEquals(10, back.length(), "row counts come from the planning job");
    assertEquals(List.of(DfType.INT64, DfType.FLOAT64, DfType.OBJECT), List.copyOf(back.dtypes().values()));
    LocalFrame read = back.execute(spark.session()).fetch();
    assertSameFrame(df.fetch(), read, "feather round trip");
    // an int64 column with a null in one file only (written here with Arrow itself, as pyarrow
    // would write a nullable integer column) reads as float64 in every chunk
    Path holes = Files.createDirectories(dir.resolve("holes"));
    writeIds(holes.resolve("a.feather"), 1L, 2L);
    writeIds(holes.resolve("b.feather"), 3L, null, 5L);
    DataFrame mixed = Md.readFeather(spark.session(), holes.toString());
    assertEquals(DfType.FLOAT64, mixed.dtypes().get("id"));
    DfAssert.assertSameColumn(Column.ofDoubles(1, 2, 3, Double.NaN, 5),
        mixed.execute(spark.session()).fetch().column("id"), "ids over two files");
    // a filter after the read runs on the read chunks
    Series big = back.col("id").filter(back.col("id").gt(105)).execute(spark.session());
    assertEquals(4, big.fetch().size());
  }

  private static void writeIds(Path file, Long... ids) throws Exception {
    try (BufferAllocator alloc = new RootAllocator();
        BigIntVector v = new BigIntVector("id", alloc)) {
      v.allocateNew(ids.length);
      for (int i = 0; i < ids.length; i++) {
        if (ids[i] == null) {
          v.setNull(i);
        } else {
          v.set(i, ids[i]);
        }
      }
      v.setValueCount(ids.length);
      try (VectorSchemaRoot root = VectorSchemaRoot.of(v);
          java.io.FileOutputStream out = new java.io.FileOutputStream(file.toFile());
          ArrowFileWriter w = new ArrowFileWriter(root, null, out.getChannel())) {
        w.start();
        w.writeBatch();
        w.end();
      }
    }
  }

  @Test
  void missingPathsAreClearErrors(@TempDir Path dir) {
    MarsException e = assertThrows(MarsException.class,
        () -> Md.readFeather(spark.session(), dir.resolve("nothing").toString()));
    assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    assertThrows(MarsException.class, () -> Md.readFeather(spark.session(), dir.toString()));
  }
}
