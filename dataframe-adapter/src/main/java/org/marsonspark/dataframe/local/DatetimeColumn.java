package org.marsonspark.dataframe.local;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.marsonspark.dataframe.DfType;

/** A datetime64[ns] column: nanoseconds since the epoch (naive, read as UTC); {@link DfType#NAT} is NA. */
public final class DatetimeColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final long[] nanos;

  DatetimeColumn(long[] nanos) {
    this.nanos = nanos;
  }

  /** The backing array; do not modify. */
  public long[] nanos() {
    return nanos;
  }

  public long getNanos(int i) {
    return nanos[i];
  }

  @Override
  public DfType dtype() {
    return DfType.DATETIME;
  }

  @Override
  public int size() {
    return nanos.length;
  }

  @Override
  public boolean isNA(int i) {
    return nanos[i] == DfType.NAT;
  }

  @Override
  public Object get(int i) {
    return nanos[i] == DfType.NAT ? null : toLocal(nanos[i]);
  }

  public static LocalDateTime toLocal(long nanos) {
    return LocalDateTime.ofInstant(Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
        Math.floorMod(nanos, 1_000_000_000L)), ZoneOffset.UTC);
  }

  public static long toNanos(LocalDateTime t) {
    Instant i = t.toInstant(ZoneOffset.UTC);
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000_000L), i.getNano());
  }

  @Override
  public Column take(int[] at) {
    long[] out = new long[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = at[i] < 0 ? DfType.NAT : nanos[at[i]];
    }
    return new DatetimeColumn(out);
  }

  @Override
  public Column slice(int from, int to) {
    return new DatetimeColumn(Arrays.copyOfRange(nanos, from, to));
  }

  @Override
  public long nbytes() {
    return 16L + 8L * nanos.length;
  }
}
