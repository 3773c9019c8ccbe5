package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** Parses numpy slice text such as {@code "1:10, ::2, -3:"}. */
final class SliceParser {
  private SliceParser() {}

  static Slice[] parse(String spec) {
    String[] axes = spec.split(",", -1);
    Slice[] out = new Slice[axes.length];
    for (int i = 0; i < axes.length; i++) {
      String s = axes[i].trim();
      String[] parts = s.split(":", -1);
      if (parts.length < 2 || parts.length > 3) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "'" + s + "' is not a slice (start:stop[:step]) in \""
            + spec + "\"; integer indices are not supported here yet");
      }
      out[i] = Slice.of(num(parts[0], spec), num(parts[1], spec), parts.length == 3 ? num(parts[2], spec) : null);
    }
    return out;
  }

  private static Long num(String s, String spec) {
    String t = s.trim();
    if (t.isEmpty()) {
      return null;
    }
    try {
      return Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "'" + t + "' is not an integer in slice \"" + spec + "\"");
    }
  }
}
