package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.ops.Casts;
import org.marsonspark.dataframe.ops.ContinuousIndex;

/**
 * pandas's {@code read_csv}, split by byte ranges. The driver reads only the header and the first
 * {@code sampleBytes} (to name the columns and infer dtypes, as Mars does); every chunk then parses
 * its own range {@code [start, end)} on an executor: it skips the partial line it starts in (the
 * chunk before reads that line to its end) and parses every record that starts before
 * {@code end}. Chunk row counts are known only after parsing, so a second operand
 * ({@link ContinuousIndex}) runs the parse first (iterative tiling) and then gives the chunks one
 * continuous RangeIndex.
 *
 * <p>Not supported: a quoted field holding a line break that straddles a chunk boundary (the
 * chunk after it would start inside the quotes); use a {@code chunkBytes} above the file's size
 * for such files. The file must be readable at the same path from the driver and every executor.
 */
public final class ReadCsv extends DfOp {
  private final String path;
  private final CsvOptions options;
  private final long dataStart;
  private final long fileSize;
  private final int[] keep;
  private final int fileColumns;

  private ReadCsv(String path, CsvOptions options, long dataStart, long fileSize, int[] keep, int fileColumns) {
    super(List.of());
    this.path = path;
    this.options = options;
    this.dataStart = dataStart;
    this.fileSize = fileSize;
    this.keep = keep;
    this.fileColumns = fileColumns;
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

  public static DataFrame of(String path, CsvOptions o) {
    Path p = Path.of(path);
    if (!Files.isRegularFile(p)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: no such file: " + path);
    }
    try {
      long size = Files.size(p);
      List<String> fileNames;
      long dataStart;
      List<List<String>> sample = new ArrayList<>();
      try (CsvRecords r = new CsvRecords(p, 0, o.sep(), o.quoteChar())) {
        r.skipBom();
        List<String> first = o.header() ? r.next(null) : null;
        if (o.header() && first == null) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: No columns to parse from file " + path);
        }
        dataStart = o.header() ? r.position() : 0;
        if (!o.header()) {
          r.skipBlankLines();
          dataStart = r.position();
        }
        List<String> rec;
        while (r.position() < Math.min(size, dataStart + o.sampleBytes()) && (rec = r.next(null)) != null) {
          sample.add(rec);
        }
        int width = first != null ? first.size() : sample.isEmpty() ? 0 : sample.get(0).size();
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
      ReadCsv op = new ReadCsv(path, o, dataStart, size, keep, fileNames.size());
      DataFrame raw = op.newFrame(new DataFrameData(-1, names, dtypes, IndexMeta.rangeIndex(), DfData.newAlignKey()));
      return ContinuousIndex.of(raw.data());
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
    List<Chunk> chunks = new ArrayList<>();
    long step = options.chunkBytes();
    int r = 0;
    String[] na = options.allNaValues().toArray(new String[0]);
    for (long s = dataStart; s < fileSize || r == 0; s += step) {
      long e = Math.min(fileSize, s + step);
      ParseChunk op = new ParseChunk(path, s, e, s == dataStart, options.sep(), options.quoteChar(), fileColumns, keep,
          out.columns().toArray(new String[0]), out.dtypes().toArray(new DfType[0]), na);
      chunks.add(ctx.newChunk(op, List.of(), new int[] {r, 0}, new long[] {-1, out.columns().size()}, out.chunkMeta()));
      r++;
    }
    out.setChunks(chunks, new long[][] {unknownSplits(chunks.size()), {out.columns().size()}});
  }

  /** Parses the records starting in {@code [start, end)} into a frame with a RangeIndex from 0. */
  record ParseChunk(String path, long start, long end, boolean atDataStart, char sep, char quote, int fileColumns,
      int[] keep, String[] names, DfType[] dtypes, String[] naValues) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Set<String> na = new HashSet<>(Arrays.asList(naValues));
      List<List<String>> cols = new ArrayList<>();
      for (int k = 0; k < keep.length; k++) {
        cols.add(new ArrayList<>());
      }
      List<Long> offsets = new ArrayList<>();
      try (CsvRecords r = new CsvRecords(Path.of(path), atDataStart ? start : start - 1, sep, quote)) {
        if (!atDataStart) {
          r.skipLine();
        }
        while (r.skipBlankLines() && r.position() < end) {
          long at = r.position();
          List<String> rec = r.next(null);
          if (rec.size() > fileColumns) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: Error tokenizing data: expected "
                + fileColumns + " fields in the record at byte " + at + " of " + path + ", saw " + rec.size());
          }
          offsets.add(at);
          for (int k = 0; k < keep.length; k++) {
            cols.get(k).add(keep[k] < rec.size() ? rec.get(keep[k]) : null);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("readCsv: cannot read " + path, e);
      }
      int n = offsets.size();
      Map<String, Column> out = new LinkedHashMap<>();
      for (int k = 0; k < keep.length; k++) {
        out.put(names[k], convert(cols.get(k), dtypes[k], na, names[k], offsets));
      }
      return LocalFrame.of(LocalIndex.range(n), out);
    }

    private Column convert(List<String> raw, DfType dt, Set<String> na, String column, List<Long> offsets) {
      int n = raw.size();
      switch (dt) {
        case INT64 -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            Long x = s == null || na.contains(s) ? null : parseLong(s.trim());
            if (x == null) {
              throw bad(column, s, dt, offsets.get(i), s == null || na.contains(s)
                  ? "it is NA, which int64 cannot hold: pass dtype float64 for this column"
                  : "pass the column's dtype (float64 or str)");
            }
            v[i] = x;
          }
          return Column.ofLongs(v);
        }
        case FLOAT64 -> {
          double[] v = new double[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            if (s == null || na.contains(s)) {
              v[i] = Double.NaN;
              continue;
            }
            Double x = parseDouble(s.trim());
            if (x == null) {
              throw bad(column, s, dt, offsets.get(i), "pass dtype str for this column");
            }
            v[i] = x;
          }
          return Column.ofDoubles(v);
        }
        case BOOL -> {
          boolean[] v = new boolean[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            Boolean x = s == null || na.contains(s) ? null : parseBool(s.trim());
            if (x == null) {
              throw bad(column, s, dt, offsets.get(i), "pass dtype str for this column");
            }
            v[i] = x;
          }
          return Column.ofBools(v);
        }
        case DATETIME -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            v[i] = s == null || na.contains(s) ? DfType.NAT : Casts.parseDatetime(s);
          }
          return Column.ofDatetimes(v);
        }
        case CATEGORY -> {
          String[] v = new String[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            v[i] = s == null || na.contains(s) ? null : s;
          }
          return Column.categoricalOf(v);
        }
        default -> {
          Object[] v = new Object[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            v[i] = s == null || na.contains(s) ? null : s;
          }
          return Column.ofObjects(v);
        }
      }
    }

    private MarsException bad(String column, String value, DfType dt, long at, String fix) {
      return new MarsException(ErrorClass.INVALID_ARGUMENT, "readCsv: column '" + column + "' has dtype " + dt
          + " (given, or inferred from the first bytes of the file) but the record at byte " + at + " of " + path
          + " holds '" + value + "'; " + fix);
    }

    @Override
    public String name() {
      return "read_csv";
    }
  }
}
