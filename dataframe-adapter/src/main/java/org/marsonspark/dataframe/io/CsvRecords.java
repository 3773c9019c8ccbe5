package org.marsonspark.dataframe.io;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads CSV records from a byte position of a file: fields split on an ASCII separator (safe in
 * UTF-8, whose multi-byte characters never contain ASCII bytes), quoted fields with doubled
 * quotes, {@code \n} or {@code \r\n} line ends, blank lines skipped. Tracks the byte position of
 * each record's start so a reader can stop at the end of its byte range.
 */
final class CsvRecords implements AutoCloseable {
  private final InputStream in;
  private final byte sep;
  private final byte quote;
  private long pos;
  private int peeked = -2;

  CsvRecords(Path path, long start, char sep, char quote) throws IOException {
    FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
    ch.position(start);
    this.in = new BufferedInputStream(Channels.newInputStream(ch), 1 << 16);
    this.pos = start;
    this.sep = (byte) sep;
    this.quote = (byte) quote;
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

  /** Skips a UTF-8 byte order mark at the current position. */
  void skipBom() throws IOException {
    if (peek() == 0xEF) {
      read();
      read();
      read();
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

  /**
   * The next record's fields, or null at the end. {@code quoted[i]} says whether field i was
   * quoted. Blank lines are skipped.
   */
  List<String> next(List<Boolean> quotedOut) throws IOException {
    if (!skipBlankLines()) {
      return null;
    }
    List<String> fields = new ArrayList<>();
    if (quotedOut != null) {
      quotedOut.clear();
    }
    java.io.ByteArrayOutputStream field = new java.io.ByteArrayOutputStream();
    boolean inQuotes = false;
    boolean wasQuoted = false;
    while (true) {
      int b = read();
      if (b < 0) {
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
      } else if (b == sep) {
        fields.add(field.toString(StandardCharsets.UTF_8));
        if (quotedOut != null) {
          quotedOut.add(wasQuoted);
        }
        field.reset();
        wasQuoted = false;
      } else if (b == '\n') {
        break;
      } else if (b == '\r' && peek() == '\n') {
        // \r\n: the \n ends the record next
      } else {
        field.write(b);
      }
    }
    fields.add(field.toString(StandardCharsets.UTF_8));
    if (quotedOut != null) {
      quotedOut.add(wasQuoted);
    }
    return fields;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
