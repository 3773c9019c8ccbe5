package org.marsonspark.dataframe.local;

import java.util.List;
import org.marsonspark.dataframe.DfType;

/** pandas's RangeIndex: the labels start, start + step, ... below stop (above it for a negative step). */
public final class RangeIndex extends LocalIndex {
  private static final long serialVersionUID = 1L;
  private final long start;
  private final long stop;
  private final long step;
  private final String name;

  RangeIndex(long start, long stop, long step, String name) {
    if (step == 0) {
      throw new IllegalArgumentException("RangeIndex step must not be 0");
    }
    this.start = start;
    this.stop = stop;
    this.step = step;
    this.name = name;
  }

  public long start() {
    return start;
  }

  public long stop() {
    return stop;
  }

  public long step() {
    return step;
  }

  @Override
  public int size() {
    long n = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
    return (int) Math.max(0, n);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public RangeIndex withName(String n) {
    return new RangeIndex(start, stop, step, n);
  }

  @Override
  public DfType dtype() {
    return DfType.INT64;
  }

  @Override
  public String kind() {
    return "RangeIndex";
  }

  @Override
  public Object label(int i) {
    return start + i * step;
  }

  @Override
  public Column values() {
    long[] v = new long[size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = start + i * step;
    }
    return new LongColumn(v);
  }

  @Override
  public RangeIndex slice(int from, int to) {
    return new RangeIndex(start + from * step, start + to * step, step, name);
  }

  /** A step slice of this range stays a range. */
  public RangeIndex slice(int from, int count, int stride) {
    long s = start + from * step;
    return new RangeIndex(s, s + (long) count * stride * step, stride * step, name);
  }

  @Override
  public long nbytes() {
    return 48;
  }

  /** The ranges as one range when each starts where the one before stopped (same step), else null. */
  static RangeIndex mergeConsecutive(List<LocalIndex> parts) {
    java.util.ArrayList<RangeIndex> nonEmpty = new java.util.ArrayList<>();
    for (LocalIndex p : parts) {
      if (!(p instanceof RangeIndex r)) {
        return null;
      }
      if (r.size() > 0) {
        nonEmpty.add(r);
      }
    }
    if (nonEmpty.isEmpty()) {
      RangeIndex r0 = (RangeIndex) parts.get(0);
      return new RangeIndex(r0.start, r0.start, r0.step, null);
    }
    Long step = null;
    for (RangeIndex r : nonEmpty) {
      if (r.size() > 1) {
        if (step != null && step != r.step) {
          return null;
        }
        step = r.step;
      }
    }
    if (step == null) {
      step = nonEmpty.size() > 1 ? nonEmpty.get(1).start - nonEmpty.get(0).start : nonEmpty.get(0).step;
      if (step == 0) {
        return null;
      }
    }
    long next = nonEmpty.get(0).start;
    for (RangeIndex r : nonEmpty) {
      if (r.start != next) {
        return null;
      }
      next = r.start + (long) r.size() * step;
    }
    return new RangeIndex(nonEmpty.get(0).start, next, step, null);
  }
}
