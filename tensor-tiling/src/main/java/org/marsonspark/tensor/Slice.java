package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * One axis of a basic slice, {@code start:stop:step} with Python's rules: null bounds take
 * their defaults, negative bounds count from the end, out-of-range bounds are clipped.
 */
public final class Slice implements java.io.Serializable {
  private final Long start;
  private final Long stop;
  private final long step;

  private Slice(Long start, Long stop, Long step) {
    if (step != null && step == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "slice step cannot be zero");
    }
    this.start = start;
    this.stop = stop;
    this.step = step == null ? 1 : step;
  }

  /** {@code :} */
  public static Slice all() {
    return new Slice(null, null, null);
  }

  /** {@code start:stop} */
  public static Slice of(Long start, Long stop) {
    return new Slice(start, stop, null);
  }

  /** {@code start:stop:step} */
  public static Slice of(Long start, Long stop, Long step) {
    return new Slice(start, stop, step);
  }

  /** Resolved {start, step, length} for an axis of {@code dim} elements. */
  public long[] resolve(long dim) {
    long s;
    long e;
    if (step > 0) {
      s = start == null ? 0 : clamp(start < 0 ? start + dim : start, 0, dim);
      e = stop == null ? dim : clamp(stop < 0 ? stop + dim : stop, 0, dim);
      return new long[] {s, step, Math.max(0, (e - s + step - 1) / step)};
    }
    s = start == null ? dim - 1 : clamp(start < 0 ? start + dim : start, -1, dim - 1);
    e = stop == null ? -1 : clamp(stop < 0 ? stop + dim : stop, -1, dim - 1);
    long n = -step;
    return new long[] {s, step, Math.max(0, (s - e + n - 1) / n)};
  }

  public long length(long dim) {
    return resolve(dim)[2];
  }

  private static long clamp(long v, long lo, long hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  /**
   * The selection cut by chunks, in output order: {chunk, start in chunk, step, count} per
   * chunk the selection touches.
   */
  public List<long[]> pieces(long[] splits, long dim) {
    long[] r = resolve(dim);
    long s0 = r[0];
    long st = r[1];
    long len = r[2];
    List<long[]> out = new ArrayList<>();
    if (len == 0) {
      return out;
    }
    long[] off = org.marsonspark.core.Shapes.offsets(splits);
    int n = splits.length;
    for (int k = 0; k < n; k++) {
      int c = st > 0 ? k : n - 1 - k;
      long lo = off[c];
      long hi = off[c + 1];
      long first;
      long last;
      if (st > 0) {
        first = Math.max(0, Math.floorDiv(lo - s0 + st - 1, st));
        last = Math.min(len - 1, Math.floorDiv(hi - 1 - s0, st));
      } else {
        long a = -st;
        first = Math.max(0, Math.floorDiv(s0 - hi, a) + 1);
        last = Math.min(len - 1, Math.floorDiv(s0 - lo, a));
      }
      if (last >= first) {
        out.add(new long[] {c, s0 + first * st - lo, st, last - first + 1});
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return (start == null ? "" : start) + ":" + (stop == null ? "" : stop) + (step == 1 ? "" : ":" + step);
  }
}
