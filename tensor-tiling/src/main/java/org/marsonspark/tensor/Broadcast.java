package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;

/** numpy broadcasting of shapes (unknown dimensions broadcast like known ones &gt; 1). */
public final class Broadcast {
  private Broadcast() {}

  public static long[] shape(long[]... shapes) {
    int nd = 0;
    for (long[] s : shapes) {
      nd = Math.max(nd, s.length);
    }
    long[] out = new long[nd];
    java.util.Arrays.fill(out, 1);
    for (long[] s : shapes) {
      int lead = nd - s.length;
      for (int i = 0; i < s.length; i++) {
        long d = s[i];
        long o = out[lead + i];
        if (d == 1) {
          continue;
        }
        if (o == 1) {
          out[lead + i] = d;
        } else if (o != d) {
          if (o == Shapes.UNKNOWN || d == Shapes.UNKNOWN) {
            out[lead + i] = Shapes.UNKNOWN;
            continue;
          }
          StringBuilder sb = new StringBuilder();
          for (long[] x : shapes) {
            sb.append(' ').append(Shapes.toString(x));
          }
          throw new MarsException(ErrorClass.BROADCAST_MISMATCH,
              "operands could not be broadcast together with shapes" + sb + "; " + RULE);
        }
      }
    }
    return out;
  }

  /** What broadcasting needs, for its errors. */
  static final String RULE = "aligned from the last axis, each axis must have equal sizes or size 1 "
      + "(reshape, slice or expand_dims an operand to match)";
}
