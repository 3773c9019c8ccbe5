package org.marsonspark.dataframe.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which parses a {@code readCsv} runs and which of their parts hold the file's records (see
 * {@link ReadCsv} for why there are two rounds). Pure decisions on byte positions: the operand
 * runs the parses as chunks, a test can run them in place.
 *
 * @param reading how records become columns
 * @param starts where the byte ranges start (the first at the data), ascending
 * @param fileSize the end of the last range
 */
record CsvPlan(CsvParse.Reading reading, long[] starts, long fileSize) {
  /** Ranges of {@code chunkBytes} from {@code dataStart} to the end of the file (one at least). */
  static CsvPlan of(CsvParse.Reading reading, long dataStart, long fileSize, long chunkBytes) {
    List<Long> s = new ArrayList<>();
    for (long x = dataStart; x < fileSize || s.isEmpty(); x += chunkBytes) {
      s.add(x);
    }
    return new CsvPlan(reading, s.stream().mapToLong(Long::longValue).toArray(), fileSize);
  }

  int ranges() {
    return starts.length;
  }

  /**
   * Round 1: range i parsed on its guess: its first record starts after the first line end at
   * or after its start (the first range knows: it starts at the data); it stops at the first
   * record start at or after its end.
   */
  List<CsvParse.Parse> guesses() {
    List<CsvParse.Parse> out = new ArrayList<>();
    for (int i = 0; i < starts.length; i++) {
      long end = i + 1 < starts.length ? starts[i + 1] : fileSize;
      out.add(new CsvParse.Parse(reading, i == 0 ? starts[0] : starts[i] - 1, i > 0, CsvChunkParser.Stops.at(end)));
    }
    return out;
  }

  /**
   * Round 2: where range i's guess did not find the record start at which range i - 1 stopped,
   * a parse from there that goes on until one of its record starts is the first record start
   * a later range guessed (that range is right from there). {@code from[i]} is its index in
   * {@code parses}, or -1. A range that met a problem has no true stop to read on from; none is
   * needed, since its problem is raised if its records are real.
   */
  record Rereads(List<CsvParse.Parse> parses, int[] from) {}

  Rereads rereads(CsvParse.PartInfo[] guess) {
    int n = starts.length;
    List<CsvParse.Parse> parses = new ArrayList<>();
    int[] from = new int[n];
    Arrays.fill(from, -1);
    for (int i = 1; i < n; i++) {
      CsvParse.PartInfo before = guess[i - 1];
      if (before.problem() == null && before.stop() != guess[i].first()) {
        long[] firsts = new long[n - i];
        for (int m = i; m < n; m++) {
          firsts[m - i] = guess[m].first();
        }
        from[i] = parses.size();
        parses.add(new CsvParse.Parse(reading, before.stop(), false,
            new CsvChunkParser.Stops(Arrays.copyOfRange(starts, i, n), firsts)));
      }
    }
    return new Rereads(parses, from);
  }

  /** A part of a round: {@code round} 1 (the guesses) or 2 (the rereads), and its index there. */
  record PartRef(int round, int index) {}

  /**
   * The parts whose records are the file's, in order: range 0's guess, then for each range
   * either its guess (when it found where the range before stopped) or the reread from there,
   * which covers the ranges up to the one it met. Ends at the first part with a problem (to be
   * raised) or at the end of the file.
   */
  List<PartRef> parts(CsvParse.PartInfo[] guess, Rereads rereads, CsvParse.PartInfo[] again) {
    List<PartRef> out = new ArrayList<>();
    int n = starts.length;
    int i = 0;
    while (true) {
      out.add(new PartRef(1, i));
      if (guess[i].problem() != null || i + 1 == n) {
        return out;
      }
      if (guess[i].stop() == guess[i + 1].first()) {
        i++;
        continue;
      }
      int g = rereads.from()[i + 1];
      out.add(new PartRef(2, g));
      if (again[g].problem() != null) {
        return out;
      }
      i += 1 + again[g].stoppedBy();
      if (i >= n) {
        return out;
      }
    }
  }
}
