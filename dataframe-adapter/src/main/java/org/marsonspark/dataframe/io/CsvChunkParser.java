package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;

/**
 * The executor side of {@code readCsv}: tokenizes the records that start in a byte range of a file
 * straight from a byte buffer into per-column builders, with the same record rules as
 * {@link CsvRecords} (ASCII separator, quotes opening a field only at its start, doubled quotes,
 * {@code \n} or {@code \r\n} line ends, blank lines skipped, the last line without a line end).
 * A quote still open at the end of the file is a {@link CsvProblem}.
 *
 * <p>Where a parse stops is given by {@link Stops}: at the first record start at or after a byte
 * (a chunk's end), or — for a chunk that reads on from a known record start until it meets the
 * records of the chunks after it — at the first record start that some later chunk also found.
 *
 * <p>Why not {@link CsvRecords}: that reader makes a {@code String} of every field and a list per
 * record, which cost most of the time of reading a large numeric file. Here an unquoted int64 or
 * float64 field is parsed from its bytes ({@link #plainLong}, {@link #plainDouble}); only fields
 * that are not plain numbers (NA strings, whitespace, exponents, long mantissas, quoted) become
 * strings and take the general path, and fields of columns not kept are skipped without being decoded.
 */
final class CsvChunkParser implements AutoCloseable {
  /** Receives the kept fields of each record, column by column. */
  interface Sink {
    /** Start of a record at byte {@code at} of the file. */
    void record(long at);

    /**
     * Field of kept column {@code k}: bytes {@code [off, off + len)} of {@code b}; {@code quoted}
     * when it was (its quotes already removed); {@code at} is the file offset of its first byte.
     */
    void field(int k, byte[] b, int off, int len, boolean quoted, long at);

    /** Whether {@link #unkept} wants the fields of the columns not kept (to check they decode). */
    boolean checksUnkept();

    /** Field of a column not kept, as {@link #field} (only when {@link #checksUnkept}). */
    void unkept(byte[] b, int off, int len, long at);

    /** End of the record: {@code fields} fields were seen (kept or not). */
    void endRecord(int fields);

    /** A record at byte {@code at} with {@code fields} fields, more than allowed: none of them is handed. */
    void tooManyFields(long at, int fields);
  }

  /**
   * Where a parse stops: at the first record start {@code p} with {@code p >= starts[m]} and
   * {@code p == firsts[m]} for some m, or with {@code firsts[m] == ANY}; m is checked in order
   * and once passed (a record start at or after {@code starts[m]} that is not {@code firsts[m]})
   * never again. {@code starts} ascend.
   */
  record Stops(long[] starts, long[] firsts) implements java.io.Serializable {
    static final long ANY = -1;

    /** At the first record start at or after {@code end}. */
    static Stops at(long end) {
      return new Stops(new long[] {end}, new long[] {ANY});
    }
  }

  /**
   * What a parse covered: records from {@code first} (the first record start) up to {@code stop}
   * (the record start where it stopped, the file's size at its end), and the index of the
   * {@link Stops} entry that stopped it ({@code starts.length} when the file ended first).
   */
  record Span(long first, long stop, int stoppedBy) {}

  static final int DEFAULT_BUFFER = 1 << 20;

  private final FileChannel ch;
  private final byte sep;
  private final byte quote;
  private byte[] buf;
  private int len; // valid bytes in buf
  private long bufStart; // file position of buf[0]
  private boolean eof;
  private byte[] scratch = new byte[256];
  private int scannedFields; // fields of the record scanEnd last scanned
  private int stopIndex; // the Stops entry to check next
  private boolean handUnkept;
  private long first = -1; // the first record start of the parse, once found

  CsvChunkParser(Path path, long start, char sep, char quote, int bufferBytes) throws IOException {
    this.ch = FileChannel.open(path, StandardOpenOption.READ);
    ch.position(start);
    this.bufStart = start;
    this.buf = new byte[Math.max(4, bufferBytes)];
    this.sep = (byte) sep;
    this.quote = (byte) quote;
  }

  /**
   * Keeps the bytes from {@code from} on (moving them to the start of the buffer, growing it when
   * they fill it) and reads more; false at the end of the file.
   */
  private boolean refill(int from) throws IOException {
    if (eof) {
      return false;
    }
    int keep = len - from;
    if (from > 0) {
      System.arraycopy(buf, from, buf, 0, keep);
      bufStart += from;
    } else if (keep == buf.length) {
      buf = Arrays.copyOf(buf, buf.length * 2);
    }
    len = keep;
    int n = ch.read(ByteBuffer.wrap(buf, len, buf.length - len));
    if (n < 0) {
      eof = true;
      return false;
    }
    len += n;
    return true;
  }

  /**
   * Parses the records from the start (or, with {@code skipPartialLine}, from after the first
   * line end) until {@code stops} says, handing them to {@code sink}. {@code keepSlot[c]} is the
   * kept column index of file column c, or -1; a record of more than {@code maxFields} fields
   * goes to {@link Sink#tooManyFields}.
   */
  Span parse(Stops stops, boolean skipPartialLine, int[] keepSlot, int maxFields, Sink sink) throws IOException {
    handUnkept = sink.checksUnkept();
    int p = 0;
    if (skipPartialLine) {
      while (true) {
        while (p < len && buf[p] != '\n') {
          p++;
        }
        if (p < len) {
          p++;
          break;
        }
        if (!refill(p)) {
          return stopped(stops, -1, bufStart + len);
        }
        p = 0;
      }
    }
    first = -1;
    while (true) {
      // skip blank lines (any run of \n and \r at a record's start)
      while (true) {
        while (p < len && (buf[p] == '\n' || buf[p] == '\r')) {
          p++;
        }
        if (p < len) {
          break;
        }
        if (!refill(p)) {
          return stopped(stops, first, bufStart + len);
        }
        p = 0;
      }
      long at = bufStart + p;
      first = first < 0 ? at : first;
      Span stop = stopAt(stops, first, at);
      if (stop != null) {
        return stop;
      }
      int next = record(p, keepSlot, maxFields, sink, eof);
      while (next < 0) { // the record runs past the buffer (and the file goes on): keep it, read more, again
        refill(p);
        p = 0;
        next = record(p, keepSlot, maxFields, sink, eof);
      }
      p = next;
    }
  }

  /** The first record start the parse found (-1 before it found one): known even when a problem ended it. */
  long firstRecord() {
    return first;
  }

  private Span stopAt(Stops stops, long first, long at) {
    for (; stopIndex < stops.starts().length && at >= stops.starts()[stopIndex]; stopIndex++) {
      long want = stops.firsts()[stopIndex];
      if (want == Stops.ANY || want == at) {
        return new Span(first, at, stopIndex);
      }
    }
    return null;
  }

  private Span stopped(Stops stops, long first, long size) {
    Span s = stopAt(stops, first < 0 ? size : first, size);
    return s != null ? s : new Span(first < 0 ? size : first, size, stops.starts().length);
  }

  /**
   * Tokenizes one record starting at {@code p}; returns the position after it, or -1 when the
   * buffer ends first and more of the file may follow ({@code atEof} false): nothing is handed to
   * the sink then.
   */
  private int record(int p, int[] keepSlot, int maxFields, Sink sink, boolean atEof) {
    // first pass: find the record's end and check it is complete in the buffer
    int end = scanEnd(p, atEof);
    if (end < 0) {
      return -1;
    }
    if (scannedFields > maxFields) {
      sink.tooManyFields(bufStart + p, scannedFields);
      return end < len ? end + 1 : end;
    }
    sink.record(bufStart + p);
    int field = 0;
    int i = p;
    while (true) {
      int slot = field < keepSlot.length ? keepSlot[field] : -1;
      if (i < end && buf[i] == quote) {
        // quoted: unescape into scratch; after the closing quote the field goes on unquoted
        int s = 0;
        i++;
        long at = bufStart + i;
        boolean inQuotes = true;
        while (i < end) {
          byte b = buf[i];
          if (inQuotes) {
            if (b == quote) {
              if (i + 1 < len && buf[i + 1] == quote) {
                s = put(s, quote);
                i += 2;
                continue;
              }
              inQuotes = false;
              i++;
              continue;
            }
            s = put(s, b);
            i++;
            continue;
          }
          if (b == sep || b == '\n') {
            break;
          }
          if (!(b == '\r' && i + 1 < len && buf[i + 1] == '\n')) {
            s = put(s, b);
          }
          i++;
        }
        if (slot >= 0) {
          sink.field(slot, scratch, 0, s, true, at);
        } else if (handUnkept) {
          sink.unkept(scratch, 0, s, at);
        }
      } else {
        int f = i;
        while (i < end && buf[i] != sep && buf[i] != '\n') {
          i++;
        }
        int e = i;
        if (e > f && buf[e - 1] == '\r' && e < len && buf[e] == '\n') {
          e--; // \r\n
        }
        if (slot >= 0) {
          sink.field(slot, buf, f, e - f, false, bufStart + f);
        } else if (handUnkept) {
          sink.unkept(buf, f, e - f, bufStart + f);
        }
      }
      field++;
      if (i < end && buf[i] == sep) {
        i++;
        continue;
      }
      break;
    }
    sink.endRecord(field);
    return end < len ? end + 1 : end; // past the \n
  }

  /**
   * The position of the \n ending the record at {@code p} (quotes respected), len at the end of
   * the file, or -1; counts the record's fields into {@link #scannedFields}. A quote still open
   * at the end of the file is a {@link CsvProblem}.
   */
  private int scanEnd(int p, boolean atEof) {
    int i = p;
    int fields = 1;
    boolean fieldStart = true;
    while (i < len) {
      byte b = buf[i];
      if (b == '\n') {
        scannedFields = fields;
        return i;
      }
      if (b == quote && fieldStart) {
        // a quoted part: to the closing quote (a doubled quote stays inside)
        int open = i++;
        while (true) {
          if (i >= len) {
            if (atEof) {
              throw CsvProblem.unterminatedQuote(bufStart + open);
            }
            return -1;
          }
          if (buf[i] == quote) {
            if (i + 1 >= len && !atEof) {
              return -1; // cannot tell a closing quote from a doubled one yet
            }
            if (i + 1 < len && buf[i + 1] == quote) {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
        fieldStart = false;
        continue;
      }
      fieldStart = b == sep;
      fields += fieldStart ? 1 : 0;
      i++;
    }
    scannedFields = fields;
    return atEof ? len : -1;
  }

  private int put(int s, byte b) {
    if (s == scratch.length) {
      scratch = Arrays.copyOf(scratch, s * 2);
    }
    scratch[s] = b;
    return s + 1;
  }

  @Override
  public void close() throws IOException {
    ch.close();
  }

  // ---- numbers from bytes ------------------------------------------------------------------

  private static final double[] POW10 = new double[23];

  static {
    double v = 1;
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = v;
      v *= 10;
    }
  }

  /** Marker: the bytes are not a plain number; take the general (string) path. */
  static final long NOT_PLAIN = Long.MIN_VALUE;

  /** {@code [+-]digits} of at most 18 digits, or {@link #NOT_PLAIN}. */
  static long plainLong(byte[] b, int off, int n) {
    if (n == 0) {
      return NOT_PLAIN;
    }
    int i = off;
    int end = off + n;
    boolean neg = false;
    if (b[i] == '-' || b[i] == '+') {
      neg = b[i] == '-';
      i++;
    }
    if (i == end || end - i > 18) {
      return NOT_PLAIN;
    }
    long v = 0;
    for (; i < end; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_PLAIN;
      }
      v = v * 10 + d;
    }
    return neg ? -v : v;
  }

  /**
   * {@code [+-]digits[.digits]} with at most 15 digits in all, as the correctly rounded double
   * (an exact mantissa divided by an exact power of ten rounds once, as Double.parseDouble does);
   * NaN when the bytes are not such a number.
   */
  static double plainDouble(byte[] b, int off, int n) {
    if (n == 0) {
      return Double.NaN;
    }
    int i = off;
    int end = off + n;
    boolean neg = false;
    if (b[i] == '-' || b[i] == '+') {
      neg = b[i] == '-';
      i++;
    }
    long m = 0;
    int digits = 0;
    int frac = -1;
    for (; i < end; i++) {
      byte c = b[i];
      if (c >= '0' && c <= '9') {
        m = m * 10 + (c - '0');
        digits++;
        if (frac >= 0) {
          frac++;
        }
      } else if (c == '.' && frac < 0) {
        frac = 0;
      } else {
        return Double.NaN;
      }
    }
    if (digits == 0 || digits > 15) {
      return Double.NaN;
    }
    double v = frac > 0 ? m / POW10[frac] : m;
    return neg ? -v : v;
  }

  /** Whether any of the NA strings would also read as a plain number (then the fast paths are off). */
  static boolean anyPlainNumber(Set<String> na) {
    for (String s : na) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      if (plainLong(b, 0, b.length) != NOT_PLAIN || !Double.isNaN(plainDouble(b, 0, b.length))) {
        return true;
      }
    }
    return false;
  }
}
