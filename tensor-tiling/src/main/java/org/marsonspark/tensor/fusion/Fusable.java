package org.marsonspark.tensor.fusion;

import java.util.List;

/**
 * A chunk op that can be part of a generated fused loop: it describes its computation as an
 * {@link Expr} over its inputs' expressions, or declines (returns null) when the shapes or
 * dtypes at hand are outside what the generated loop handles.
 */
public interface Fusable {
  /**
   * @param args expressions for the op's inputs, in order
   * @param shape the shape of the op's output chunk (fully known)
   */
  Expr fuse(List<Expr> args, long[] shape);

  /** Whether an argument covers {@code shape} element for element, or is one value read for all. */
  static boolean fits(Expr arg, long[] shape) {
    if (java.util.Arrays.equals(arg.shape(), shape)) {
      return true;
    }
    long n = 1;
    for (long d : arg.shape()) {
      n *= d;
    }
    return n == 1 && (arg instanceof Expr.In || arg instanceof Expr.Const);
  }
}
