package org.marsonspark.dataframe.io;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV records from a byte position of a file: fields split on an ASCII separator (safe in
 * the encodings {@link CsvText} accepts, where an ASCII byte is never part of another
 * character), quoted fields with doubled quotes, {@code \n} or {@code \r\n} line ends, blank
 * lines skipped; fields decoded by a {@link CsvText}. Tracks the byte position of each record's
 * start so a reader can stop at the end of its byte range. A quote still open at the end of the
 * file, or bytes the encoding cannot decode under {@code strict}, are a {@link CsvProblem}.
 */
final class CsvRecords implements AutoCloseable {
  private final InputStream in;
  private final byte sep;
  private final byte quote;
  private final CsvText text;
  private long pos;
  private int peeked = -2;

  CsvRecords(Path path, long start, char sep, char quote, CsvText text) throws IOException {
    FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
    ch.position(start);
    this.in = new BufferedInputStream(Channels.newInputStream(ch), 1 << 16);
    this.pos = start;
    this.sep = (byte) sep;
    this.quote = (byte) quote;
    this.text = text;
  }

  long position() {
    return pos;
  }

  private int read() throws IOException {
    if (peeked != -2) {
      int b = peeked;
      peeked = -2;
      if (b >= 0) {
        pos++;
      }
      return b;
    }
    int b = in.read();
    if (b >= 0) {
      pos++;
    }
    return b;
  }

  private int peek() throws IOException {
    if (peeked == -2) {
      peeked = in.read();
    }
    return peeked;
  }

  /** Skips to just after the next line end (or to the end). */
  void skipLine() throws IOException {
    int b;
    while ((b = read()) >= 0 && b != '\n') {
      // skip
    }
  }

  /** Skips a UTF-8 byte order mark (EF BB BF) at the start, before anything was read. */
  void skipBom() throws IOException {
    in.mark(3);
    if (in.read() == 0xEF && in.read() == 0xBB && in.read() == 0xBF) {
      pos += 3;
    } else {
      in.reset();
    }
  }

  /** Skips blank lines; false at the end of the file. {@link #position()} is then where the next record starts. */
  boolean skipBlankLines() throws IOException {
    while (true) {
      int b = peek();
      if (b < 0) {
        return false;
      }
      if (b != '\n' && b != '\r') {
        return true;
      }
      read();
    }
  }

  /** The next record's fields, or null at the end. Blank lines are skipped. */
  List<String> next() throws IOException {
    if (!skipBlankLines()) {
      return null;
    }
    List<String> fields = new ArrayList<>();
    ByteArrayOutputStream field = new ByteArrayOutputStream();
    long fieldAt = pos;
    long open = -1;
    boolean inQuotes = false;
    boolean wasQuoted = false;
    while (true) {
      int b = read();
      if (b < 0) {
        if (inQuotes) {
          throw CsvProblem.unterminatedQuote(open);
        }
        break;
      }
      if (inQuotes) {
        if (b == quote) {
          if (peek() == quote) {
            read();
            field.write(quote);
          } else {
            inQuotes = false;
          }
        } else {
          field.write(b);
        }
        continue;
      }
      if (b == quote && field.size() == 0 && !wasQuoted) {
        inQuotes = true;
        wasQuoted = true;
        open = pos - 1;
        fieldAt = pos;
      } else if (b == sep) {
        fields.add(decode(field, fieldAt));
        field.reset();
        fieldAt = pos;
        wasQuoted = false;
      } else if (b == '\n') {
        break;
      } else if (b == '\r' && peek() == '\n') {
        // \r\n: the \n ends the record next
      } else {
        field.write(b);
      }
    }
    fields.add(decode(field, fieldAt));
    return fields;
  }

  private String decode(ByteArrayOutputStream field, long at) {
    byte[] b = field.toByteArray();
    try {
      return text.decode(b, 0, b.length, at);
    } catch (CsvText.Undecodable u) {
      throw CsvProblem.undecodable(u);
    }
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
