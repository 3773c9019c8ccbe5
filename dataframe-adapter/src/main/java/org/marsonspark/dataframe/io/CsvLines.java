package org.marsonspark.dataframe.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lines of a CSV file for messages, found on the driver only when there is something to say: a
 * problem to raise, or lines onBadLines "warn" dropped. A line is counted as an editor counts
 * it (every {@code \n} ends one, also inside a quoted field), so it is found by counting the
 * {@code \n} bytes before an offset — one read of the file up to there.
 */
final class CsvLines {
  private static final Logger LOG = LoggerFactory.getLogger(ReadCsv.class);

  private CsvLines() {}

  /** The 1-based line holding byte {@code offset} of the file. */
  static long lineOf(Path file, long offset) {
    return linesOf(file, new long[] {offset})[0];
  }

  /** The 1-based lines holding the bytes at {@code offsets} (ascending), in one read. */
  static long[] linesOf(Path file, long[] offsets) {
    long[] out = new long[offsets.length];
    byte[] buf = new byte[1 << 16];
    long line = 1;
    long pos = 0;
    int k = 0;
    try (InputStream in = Files.newInputStream(file)) {
      while (k < offsets.length) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, Math.max(1, offsets[offsets.length - 1] - pos)));
        if (n < 0) {
          break;
        }
        for (int i = 0; i < n; i++, pos++) {
          while (k < offsets.length && offsets[k] == pos) {
            out[k++] = line;
          }
          if (buf[i] == '\n') {
            line++;
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("readCsv: cannot read " + file, e);
    }
    while (k < offsets.length) {
      out[k++] = line;
    }
    return out;
  }

  /**
   * Raises the problem of the last part, if it has one, and logs the lines the parts dropped
   * for onBadLines "warn" (as pandas writes "Skipping line N: expected X fields, saw Y").
   */
  static void report(String path, List<CsvParse.PartInfo> parts, int expected) {
    CsvParse.PartInfo last = parts.get(parts.size() - 1);
    if (last.problem() != null) {
      throw last.problem().toMarsException(path, lineOf(Path.of(path), last.problem().at));
    }
    List<Long> at = new ArrayList<>();
    List<Integer> saw = new ArrayList<>();
    long dropped = 0;
    for (CsvParse.PartInfo p : parts) {
      for (int i = 0; i < p.warnedAt().length; i++) {
        at.add(p.warnedAt()[i]);
        saw.add(p.warnedFields()[i]);
      }
      dropped += p.dropped();
    }
    if (at.isEmpty()) {
      return;
    }
    long[] lines = linesOf(Path.of(path), at.stream().mapToLong(Long::longValue).toArray());
    for (int i = 0; i < lines.length; i++) {
      LOG.warn("readCsv {}: Skipping line {}: expected {} fields, saw {}", path, lines[i], expected, saw.get(i));
    }
    if (dropped > lines.length) {
      LOG.warn("readCsv {}: skipped {} more lines with too many fields", path, dropped - lines.length);
    }
  }
}
