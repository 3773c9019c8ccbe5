package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.ops.Casts;

/**
 * The chunk side of {@code readCsv}: {@link Parse} tokenizes a run of records into a
 * {@link Part} (the frame, and where the records started and stopped); {@link Info} gives the
 * driver a part's {@link PartInfo} alone; {@link Frame} gives the frame, with its place in the
 * frame's RangeIndex.
 */
final class CsvParse {
  private CsvParse() {}

  /** At most this many lines dropped by onBadLines "warn" are remembered per part (all are counted). */
  static final int MAX_WARNED = 1000;

  /** How every chunk of one read turns records into columns. */
  record Reading(String path, char sep, char quote, int fileColumns, int[] keep, String[] names, DfType[] dtypes,
      String[] naValues, String encoding, String encodingErrors, String onBadLines) implements Serializable {}

  /**
   * Parses the records from byte {@code open} ({@code skipPartialLine}: from after the first line
   * end at or after it) until {@code stops} says. A problem in the content ends the parse and is
   * kept in the part, not raised: the driver raises it once it knows the records were real.
   */
  record Parse(Reading reading, long open, boolean skipPartialLine, CsvChunkParser.Stops stops) implements ChunkOp {
    /** The bytes up to the first stop: the range (a reread usually meets the next range's records within it). */
    @Override
    public long externalBytes() {
      return Math.max(0, stops.starts()[0] - open);
    }

    @Override
    public Object execute(Object[] inputs) {
      Reading rd = reading;
      Set<String> na = new HashSet<>(Arrays.asList(rd.naValues()));
      int[] keepSlot = new int[rd.fileColumns()];
      Arrays.fill(keepSlot, -1);
      for (int k = 0; k < rd.keep().length; k++) {
        keepSlot[rd.keep()[k]] = k;
      }
      // rows are unknown: start from a guess of 16 bytes per record over one range (a reread
      // usually meets the next range's records within its first), arrays grow by doubling
      long[] at = stops.starts();
      long guess = at[Math.min(1, at.length - 1)] - open;
      Fields sink = new Fields(rd, na, (int) Math.max(1024, Math.min(1 << 24, guess / 16)));
      try (CsvChunkParser p = new CsvChunkParser(Path.of(rd.path()), open, rd.sep(), rd.quote(),
          CsvChunkParser.DEFAULT_BUFFER)) {
        CsvChunkParser.Span span;
        try {
          span = p.parse(stops, skipPartialLine, keepSlot, rd.fileColumns(), sink);
        } catch (CsvProblem problem) {
          return new Part(null, PartInfo.failed(p.firstRecord(), problem, sink));
        }
        try {
          LocalFrame frame = sink.frame(na);
          return new Part(frame, new PartInfo(span, frame.nrows(), null, sink));
        } catch (CsvProblem problem) {
          return new Part(null, PartInfo.failed(span.first(), problem, sink));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("readCsv: cannot read " + rd.path(), e);
      }
    }

    @Override
    public String name() {
      return "read_csv";
    }
  }

  /**
   * What the driver learns of a part: records from {@code first} to {@code stop} (the record
   * start it stopped at), stopped by entry {@code stoppedBy} of its stops; or the problem that
   * ended it; and the records onBadLines dropped ({@code warnedAt} / {@code warnedFields}: the
   * first {@link #MAX_WARNED} of them, for "warn"). A plain class, as Kryo wants.
   */
  static final class PartInfo implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    private final long first;
    private final long stop;
    private final int stoppedBy;
    private final long rows;
    private final CsvProblem.Kind problemKind;
    private final long problemAt;
    private final String problemDetail;
    private final String problemFix;
    private final long[] warnedAt;
    private final int[] warnedFields;
    private final long dropped;

    PartInfo(CsvChunkParser.Span span, long rows, CsvProblem problem, Fields sink) {
      this.first = span.first();
      this.stop = span.stop();
      this.stoppedBy = span.stoppedBy();
      this.rows = rows;
      this.problemKind = problem == null ? null : problem.kind;
      this.problemAt = problem == null ? -1 : problem.at;
      this.problemDetail = problem == null ? null : problem.detail;
      this.problemFix = problem == null ? null : problem.fix;
      this.warnedAt = sink.warned();
      this.warnedFields = sink.warnedFields();
      this.dropped = sink.dropped;
    }

    /** A parse that {@code problem} ended after its first record start {@code first}. */
    static PartInfo failed(long first, CsvProblem problem, Fields sink) {
      return new PartInfo(new CsvChunkParser.Span(first, -1, -1), 0, problem, sink);
    }

    long first() {
      return first;
    }

    long stop() {
      return stop;
    }

    int stoppedBy() {
      return stoppedBy;
    }

    long rows() {
      return rows;
    }

    /** The problem that ended the parse, or null. */
    CsvProblem problem() {
      return problemKind == null ? null : new CsvProblem(problemKind, problemAt, problemDetail, problemFix);
    }

    long[] warnedAt() {
      return warnedAt;
    }

    int[] warnedFields() {
      return warnedFields;
    }

    long dropped() {
      return dropped;
    }

    @Override
    public long[] shape() {
      return new long[] {1};
    }

    @Override
    public long nbytes() {
      return 64 + 12L * warnedAt.length;
    }

    @Override
    public String kind() {
      return "csv_part_info";
    }
  }

  /** A parsed run of records: the frame (null when a problem ended the parse) and its info. */
  static final class Part implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    private final LocalFrame frame;
    private final PartInfo info;

    Part(LocalFrame frame, PartInfo info) {
      this.frame = frame;
      this.info = info;
    }

    LocalFrame frame() {
      return frame;
    }

    PartInfo info() {
      return info;
    }

    @Override
    public long[] shape() {
      return new long[] {info.rows()};
    }

    @Override
    public long nbytes() {
      return (frame == null ? 0 : frame.nbytes()) + info.nbytes();
    }

    @Override
    public String kind() {
      return "csv_part";
    }
  }

  /** A part's info. */
  record Info() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((Part) inputs[0]).info();
    }

    @Override
    public String name() {
      return "read_csv_info";
    }
  }

  /** A part's frame, its RangeIndex starting at {@code offset}. */
  record Frame(long offset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = ((Part) inputs[0]).frame();
      return f.withIndex(LocalIndex.range(offset, offset + f.nrows(), 1));
    }

    @Override
    public String name() {
      return "read_csv";
    }
  }

  /**
   * The kept columns as they are parsed: int64 and float64 straight into primitive arrays (plain
   * numbers from their bytes, anything else through the same string rules as the rest), other
   * dtypes as strings for {@link #convert}.
   */
  static final class Fields implements CsvChunkParser.Sink {
    static final int LONGS = 0;
    static final int DOUBLES = 1;
    static final int STRINGS = 2;

    private final Reading rd;
    private final Set<String> na;
    private final CsvText text;
    private final boolean fastNumbers;
    final int[] kind;
    final long[][] longs;
    final double[][] doubles;
    final String[][] strings;
    long[] offsets;
    int rows;
    private final long[] warnedAt;
    private final int[] warnedFields;
    long dropped;

    Fields(Reading rd, Set<String> na, int capacity) {
      this.rd = rd;
      this.na = na;
      this.text = new CsvText(rd.encoding(), rd.encodingErrors());
      this.fastNumbers = !CsvChunkParser.anyPlainNumber(na);
      int m = rd.keep().length;
      kind = new int[m];
      longs = new long[m][];
      doubles = new double[m][];
      strings = new String[m][];
      offsets = new long[capacity];
      boolean warn = rd.onBadLines().equals("warn");
      warnedAt = new long[warn ? MAX_WARNED : 0];
      warnedFields = new int[warnedAt.length];
      for (int k = 0; k < m; k++) {
        kind[k] = rd.dtypes()[k] == DfType.INT64 ? LONGS : rd.dtypes()[k] == DfType.FLOAT64 ? DOUBLES : STRINGS;
        switch (kind[k]) {
          case LONGS -> longs[k] = new long[capacity];
          case DOUBLES -> doubles[k] = new double[capacity];
          default -> strings[k] = new String[capacity];
        }
      }
    }

    long[] warned() {
      return Arrays.copyOf(warnedAt, (int) Math.min(dropped, warnedAt.length));
    }

    int[] warnedFields() {
      return Arrays.copyOf(warnedFields, (int) Math.min(dropped, warnedFields.length));
    }

    @Override
    public void record(long at) {
      if (rows == offsets.length) {
        int cap = rows * 2;
        offsets = Arrays.copyOf(offsets, cap);
        for (int k = 0; k < kind.length; k++) {
          switch (kind[k]) {
            case LONGS -> longs[k] = Arrays.copyOf(longs[k], cap);
            case DOUBLES -> doubles[k] = Arrays.copyOf(doubles[k], cap);
            default -> strings[k] = Arrays.copyOf(strings[k], cap);
          }
        }
      }
      offsets[rows] = at;
    }

    private String decode(byte[] b, int off, int len, long at) {
      try {
        return text.decode(b, off, len, at);
      } catch (CsvText.Undecodable u) {
        throw CsvProblem.undecodable(u);
      }
    }

    @Override
    public void field(int k, byte[] b, int off, int len, boolean quoted, long at) {
      switch (kind[k]) {
        case LONGS -> {
          long v = fastNumbers && !quoted ? CsvChunkParser.plainLong(b, off, len) : CsvChunkParser.NOT_PLAIN;
          longs[k][rows] = v != CsvChunkParser.NOT_PLAIN ? v : longValue(decode(b, off, len, at), k, offsets[rows]);
        }
        case DOUBLES -> {
          double v = fastNumbers && !quoted ? CsvChunkParser.plainDouble(b, off, len) : Double.NaN;
          doubles[k][rows] = !Double.isNaN(v) ? v : doubleValue(decode(b, off, len, at), k, offsets[rows]);
        }
        default -> strings[k][rows] = decode(b, off, len, at);
      }
    }

    @Override
    public boolean checksUnkept() {
      return text.mayFail() && rd.keep().length < rd.fileColumns();
    }

    @Override
    public void unkept(byte[] b, int off, int len, long at) {
      decode(b, off, len, at);
    }

    @Override
    public void endRecord(int fields) {
      for (int k = 0; k < kind.length; k++) {
        if (rd.keep()[k] >= fields) { // a short record: the missing fields are NA
          switch (kind[k]) {
            case LONGS -> longs[k][rows] = longValue(null, k, offsets[rows]);
            case DOUBLES -> doubles[k][rows] = Double.NaN;
            default -> strings[k][rows] = null;
          }
        }
      }
      rows++;
    }

    @Override
    public void tooManyFields(long at, int fields) {
      if (rd.onBadLines().equals("error")) {
        throw CsvProblem.tooManyFields(at, rd.fileColumns(), fields);
      }
      if (dropped < warnedAt.length) {
        warnedAt[(int) dropped] = at;
        warnedFields[(int) dropped] = fields;
      }
      dropped++;
    }

    /** An int64 field that is not a plain number (or NA, null when missing): parsed as the sample was, or a problem. */
    long longValue(String s, int k, long at) {
      Long x = s == null || na.contains(s) ? null : ReadCsv.parseLong(s.trim());
      if (x == null) {
        throw bad(k, s, at, s == null || na.contains(s)
            ? "it is NA, which int64 cannot hold: pass dtype float64 for this column"
            : "pass the column's dtype (float64 or str)");
      }
      return x;
    }

    /** A float64 field that is not a plain number: NA, another form of number, or a problem. */
    double doubleValue(String s, int k, long at) {
      if (s == null || na.contains(s)) {
        return Double.NaN;
      }
      Double x = ReadCsv.parseDouble(s.trim());
      if (x == null) {
        throw bad(k, s, at, "pass dtype str for this column");
      }
      return x;
    }

    private CsvProblem bad(int k, String value, long at, String fix) {
      return new CsvProblem(CsvProblem.Kind.VALUE, at, "column '" + rd.names()[k] + "' has dtype " + rd.dtypes()[k]
          + " (given, or inferred from the first bytes of the file) but holds '" + value + "'", fix);
    }

    private long datetime(String s, int k, long at) {
      try {
        return Casts.parseDatetime(s);
      } catch (MarsException e) {
        throw bad(k, s, at, e.getMessage());
      }
    }

    /** The parsed records as a frame with a RangeIndex from 0. */
    LocalFrame frame(Set<String> na) {
      int n = rows;
      Map<String, Column> out = new LinkedHashMap<>();
      for (int k = 0; k < kind.length; k++) {
        Column c = switch (kind[k]) {
          case LONGS -> Column.ofLongs(Arrays.copyOf(longs[k], n));
          case DOUBLES -> Column.ofDoubles(Arrays.copyOf(doubles[k], n));
          default -> convert(Arrays.asList(strings[k]).subList(0, n), k, na);
        };
        out.put(rd.names()[k], c);
      }
      return LocalFrame.of(LocalIndex.range(n), out);
    }

    /** A column of another dtype than int64 and float64 from its strings (null: missing). */
    private Column convert(List<String> raw, int k, Set<String> na) {
      int n = raw.size();
      switch (rd.dtypes()[k]) {
        case BOOL -> {
          boolean[] v = new boolean[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            Boolean x = s == null || na.contains(s) ? null : ReadCsv.parseBool(s.trim());
            if (x == null) {
              throw bad(k, s, offsets[i], "pass dtype str for this column");
            }
            v[i] = x;
          }
          return Column.ofBools(v);
        }
        case DATETIME -> {
          long[] v = new long[n];
          for (int i = 0; i < n; i++) {
            String s = raw.get(i);
            v[i] = s == null || na.contains(s) ? DfType.NAT : datetime(s, k, offsets[i]);
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
  }
}
