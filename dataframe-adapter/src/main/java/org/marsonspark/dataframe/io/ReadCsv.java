package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;

/**
 * pandas's {@code read_csv}, split by byte ranges. The driver reads only the header and the first
 * {@code sampleBytes} (to name the columns and infer dtypes, as Mars does); the chunks then parse
 * the file on the executors. A chunk owns the records that start in its range {@code [start, end)}
 * and reads the last of them to its end, past {@code end}.
 *
 * <p>Where a range's first record starts cannot be told from the range alone: its start may fall
 * inside a quoted field holding a line break. So the chunks run in up to two rounds. Round 1:
 * every range guesses that its first record starts after the first line end at or after its
 * start (the range at the data knows), parses on that guess, and reports where its first record
 * started and where it stopped (the first record start at or after its end). The ranges whose
 * guess met the true stop of the range before are right: the first is, and a right range's stop
 * is the true start of the next. Round 2, only for a range whose guess did not meet (rare): a
 * chunk reads on from the true start the range before gave, through as many ranges as it takes,
 * until one of its record starts is the one a later range guessed (from there that range's own
 * records are right); the round-1 parts it covers are dropped. So every record is read once from
 * its true start, whatever the chunk size, and the chunks' row counts give one continuous
 * RangeIndex.
 *
 * <p>A problem in the content (an unterminated quote, too many fields, undecodable bytes, a value
 * the dtype cannot hold) is kept by the chunk that met it and raised on the driver, naming the
 * line, only when that chunk's records are known to be real. The file must be readable at the
 * same path from the driver and every executor.
 */
public final class ReadCsv extends DfOp {
  private final String path;
  private final CsvOptions options;
  private final long dataStart;
  private final long fileSize;
  private final CsvParse.Reading reading;
  // the rounds, kept across the calls of tile (it resumes after each round has run)
  private CsvPlan plan;
  private Parts guessed;
  private CsvPlan.Rereads rereads;
  private Parts reread;

  private ReadCsv(String path, CsvOptions options, long dataStart, long fileSize, CsvParse.Reading reading) {
    super(List.of());
    this.path = path;
    this.options = options;
    this.dataStart = dataStart;
    this.fileSize = fileSize;
    this.reading = reading;
  }

  @Override
  public String name() {
    return "read_csv";
  }

  /** pandas's mangling of duplicate column names: a, a.1, a.2. */
  static List<String> dedupe(List<String> names) {
    List<String> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String n : names) {
      String m = n;
      int k = 1;
      while (seen.contains(m)) {
        m = n + "." + k++;
      }
      seen.add(m);
      out.add(m);
    }
    return out;
  }

  /** pandas's {@code read_csv(path, ...)} with the options {@code o}. */
  public static DataFrame of(String path, CsvOptions o) {
    ReadCsv op = open(path, o);
    return op.newFrame(new DataFrameData(-1, List.of(op.reading.names()), List.of(op.reading.dtypes()),
        IndexMeta.rangeIndex(), DfData.newAlignKey()));
  }

  /** The driver's part of a read: the header and the sample read, the columns and dtypes decided. */
  static ReadCsv open(String path, CsvOptions o) {
    Path p = Path.of(path);
    if (!Files.isRegularFile(p)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: no such file: " + path);
    }
    try {
      long size = Files.size(p);
      List<String> fileNames;
      long dataStart;
      List<List<String>> sample = new ArrayList<>();
      CsvText text = new CsvText(o.encoding(), o.encodingErrors());
      try (CsvRecords r = new CsvRecords(p, 0, o.sep(), o.quoteChar(), text)) {
        if (text.isUtf8()) {
          r.skipBom();
        }
        List<String> first = o.header() ? r.next() : null;
        if (o.header() && first == null) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: No columns to parse from file " + path);
        }
        dataStart = o.header() ? r.position() : 0;
        if (!o.header()) {
          r.skipBlankLines();
          dataStart = r.position();
        }
        List<String> rec;
        while (r.position() < Math.min(size, dataStart + o.sampleBytes()) && (rec = r.next()) != null) {
          sample.add(rec);
        }
        int width = first != null ? first.size() : sample.isEmpty() ? 0 : sample.get(0).size();
        if (first != null && !sample.isEmpty() && sample.get(0).size() == width + 1) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "readCsv: the first record of " + path + " has "
              + (width + 1) + " fields, one more than the header: pandas would take the first column as the index "
              + "(an implicit index_col), which readCsv does not do; give the first column a name in the header");
        }
        if (o.names() != null) {
          if (o.names().size() != width) {
            throw new MarsException(ErrorClass.SHAPE_MISMATCH, "readCsv: " + o.names().size() + " names given for "
                + width + " columns in " + path);
          }
          fileNames = o.names();
        } else if (first != null) {
          fileNames = dedupe(first);
        } else {
          fileNames = new ArrayList<>();
          for (int i = 0; i < width; i++) {
            fileNames.add(Integer.toString(i));
          }
        }
      }
      if (new HashSet<>(fileNames).size() != fileNames.size()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: duplicate names " + fileNames);
      }
      List<Integer> keepList = new ArrayList<>();
      if (o.usecols() != null) {
        for (String u : o.usecols()) {
          if (!fileNames.contains(u)) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: Usecols do not match columns, columns "
                + "expected but not found: ['" + u + "'] (columns are " + fileNames + ")");
          }
        }
        for (int i = 0; i < fileNames.size(); i++) {
          if (o.usecols().contains(fileNames.get(i))) {
            keepList.add(i);
          }
        }
      } else {
        for (int i = 0; i < fileNames.size(); i++) {
          keepList.add(i);
        }
      }
      for (String c : o.dtype().keySet()) {
        if (!fileNames.contains(c)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: dtype given for unknown column '" + c
              + "' (columns are " + fileNames + ")");
        }
      }
      for (String c : o.parseDates()) {
        if (!fileNames.contains(c)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: Missing column provided to 'parse_dates': '"
              + c + "'");
        }
      }
      Set<String> na = o.allNaValues();
      List<String> names = new ArrayList<>();
      List<DfType> dtypes = new ArrayList<>();
      for (int i : keepList) {
        String n = fileNames.get(i);
        names.add(n);
        DfType dt;
        if (o.dtype().containsKey(n)) {
          dt = DfType.of(o.dtype().get(n));
        } else if (o.parseDates().contains(n)) {
          dt = DfType.DATETIME;
        } else {
          dt = infer(sample, i, na);
        }
        dtypes.add(dt);
      }
      int[] keep = keepList.stream().mapToInt(Integer::intValue).toArray();
      CsvParse.Reading reading = new CsvParse.Reading(path, o.sep(), o.quoteChar(), fileNames.size(), keep,
          names.toArray(new String[0]), dtypes.toArray(new DfType[0]), o.allNaValues().toArray(new String[0]),
          o.encoding(), o.encodingErrors(), o.onBadLines());
      return new ReadCsv(path, o, dataStart, size, reading);
    } catch (CsvProblem problem) {
      throw problem.toMarsException(path, CsvLines.lineOf(p, problem.at));
    } catch (IOException e) {
      throw new UncheckedIOException("readCsv: cannot read " + path, e);
    }
  }

  /** pandas's inference over the sampled values: int64, float64 (ints with NA too), bool, else object. */
  static DfType infer(List<List<String>> sample, int col, Set<String> na) {
    boolean allInt = true;
    boolean allFloat = true;
    boolean allBool = true;
    boolean anyNa = false;
    boolean anyValue = false;
    for (List<String> rec : sample) {
      String v = col < rec.size() ? rec.get(col) : "";
      if (na.contains(v)) {
        anyNa = true;
        continue;
      }
      anyValue = true;
      String t = v.trim();
      allInt &= parseLong(t) != null;
      allFloat &= parseDouble(t) != null;
      allBool &= parseBool(t) != null;
    }
    if (!anyValue) {
      return DfType.FLOAT64;
    }
    if (allInt) {
      return anyNa ? DfType.FLOAT64 : DfType.INT64;
    }
    if (allFloat) {
      return DfType.FLOAT64;
    }
    if (allBool && !anyNa) {
      return DfType.BOOL;
    }
    return DfType.OBJECT;
  }

  static Long parseLong(String t) {
    if (t.isEmpty() || t.length() > 20) {
      return null;
    }
    int i = t.charAt(0) == '-' || t.charAt(0) == '+' ? 1 : 0;
    if (i == t.length()) {
      return null;
    }
    for (int k = i; k < t.length(); k++) {
      if (t.charAt(k) < '0' || t.charAt(k) > '9') {
        return null;
      }
    }
    try {
      return Long.parseLong(t.charAt(0) == '+' ? t.substring(1) : t);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Double parseDouble(String t) {
    switch (t.toLowerCase()) {
      case "inf", "+inf", "infinity", "+infinity" -> {
        return Double.POSITIVE_INFINITY;
      }
      case "-inf", "-infinity" -> {
        return Double.NEGATIVE_INFINITY;
      }
      default -> { }
    }
    if (t.isEmpty()) {
      return null;
    }
    for (int k = 0; k < t.length(); k++) {
      char c = t.charAt(k);
      if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) {
        return null;
      }
    }
    try {
      return Double.parseDouble(t);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Boolean parseBool(String t) {
    return switch (t) {
      case "True", "TRUE", "true" -> true;
      case "False", "FALSE", "false" -> false;
      default -> null;
    };
  }

  @Override
  public void tile(TileContext ctx) {
    DataFrameData out = (DataFrameData) output();
    if (guessed == null) {
      plan = plan();
      guessed = new Parts(ctx, plan.guesses());
    }
    CsvParse.PartInfo[] guess = guessed.infos(ctx);
    if (reread == null) {
      rereads = plan.rereads(guess);
      reread = new Parts(ctx, rereads.parses());
    }
    CsvParse.PartInfo[] again = rereads.parses().isEmpty() ? new CsvParse.PartInfo[0] : reread.infos(ctx);
    List<Chunk> parts = new ArrayList<>();
    List<CsvParse.PartInfo> infos = new ArrayList<>();
    for (CsvPlan.PartRef ref : plan.parts(guess, rereads, again)) {
      Parts round = ref.round() == 1 ? guessed : reread;
      parts.add(round.chunks().get(ref.index()));
      infos.add((ref.round() == 1 ? guess : again)[ref.index()]);
    }
    CsvLines.report(path, infos, reading.fileColumns());
    // one chunk per part that holds rows (one at least), counting one RangeIndex on
    List<Chunk> chunks = new ArrayList<>();
    List<Long> rows = new ArrayList<>();
    long offset = 0;
    for (int k = 0; k < parts.size(); k++) {
      long r = infos.get(k).rows();
      if (r > 0 || (k == parts.size() - 1 && chunks.isEmpty())) {
        chunks.add(ctx.newChunk(new CsvParse.Frame(offset), List.of(parts.get(k)), new int[] {chunks.size(), 0},
            new long[] {r, out.columns().size()}, out.chunkMeta()));
        rows.add(r);
        offset += r;
      }
    }
    out.setChunks(chunks, new long[][] {rows.stream().mapToLong(Long::longValue).toArray(), {out.columns().size()}});
  }

  /** The byte ranges and rounds of this read. */
  CsvPlan plan() {
    return CsvPlan.of(reading, dataStart, fileSize, options.chunkBytes());
  }

  /** The parts of one round: run and held, and their infos read to the driver. */
  private static final class Parts extends TileableData {
    private Meta meta;

    Parts(TileContext ctx, List<CsvParse.Parse> parses) {
      super(new long[] {Shapes.UNKNOWN});
      List<Chunk> chunks = new ArrayList<>();
      for (int i = 0; i < parses.size(); i++) {
        chunks.add(ctx.newChunk(parses.get(i), List.of(), new int[] {i}, new long[] {Shapes.UNKNOWN}, null));
      }
      setChunks(chunks, new long[][] {unknownSplits(chunks.size())});
    }

    CsvParse.PartInfo[] infos(TileContext ctx) {
      ctx.requireExecuted(this);
      if (meta == null) {
        List<Chunk> chunks = new ArrayList<>();
        for (Chunk c : chunks()) {
          chunks.add(ctx.newChunk(new CsvParse.Info(), List.of(c), new int[] {c.index(0)}, new long[] {1}, null));
        }
        meta = new Meta(chunks);
      }
      Object[] values = ctx.requireValues(meta);
      return Arrays.copyOf(values, values.length, CsvParse.PartInfo[].class);
    }
  }

  private static final class Meta extends TileableData {
    Meta(List<Chunk> chunks) {
      super(new long[] {Shapes.UNKNOWN});
      setChunks(chunks, new long[][] {unknownSplits(chunks.size())});
    }
  }
}
