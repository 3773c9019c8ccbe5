package org.marsonspark.tensor.fusion;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.CounterRandom;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.UnaryFn;

/**
 * The expression a fused kernel evaluates per element: a tree of the chunk ops it replaces.
 * Every node knows its dtype and the shape of the chunk it stands for; constants are kept out
 * of the generated source (they travel as parameters), so one compiled kernel serves every
 * chunk and seed of the same shape of computation.
 */
public sealed interface Expr extends Serializable {
  DType dtype();

  long[] shape();

  List<Expr> children();

  /** An input chunk (slot {@code slot} of the fused op); a one-element input is read as a scalar. */
  record In(int slot, DType dtype, long[] shape) implements Expr {
    public boolean scalar() {
      return Arrays.stream(shape).reduce(1, (a, b) -> a * b) == 1;
    }

    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** A constant of {@code dtype} (a scalar operand, or a filled chunk). */
  record Const(DType dtype, Object value, long[] shape) implements Expr {
    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  /** Random values drawn at global positions {@code base + index} (see {@link CounterRandom}). */
  record Random(CounterRandom.Distribution dist, double a, double b, long key, long base, DType dtype, long[] shape)
      implements Expr {
    @Override
    public List<Expr> children() {
      return List.of();
    }
  }

  record Unary(UnaryFn fn, DType compute, DType dtype, Expr x) implements Expr {
    @Override
    public long[] shape() {
      return x.shape();
    }

    @Override
    public List<Expr> children() {
      return List.of(x);
    }
  }

  record Binary(BinaryFn fn, DType compute, DType dtype, Expr x, Expr y, long[] shape) implements Expr {
    @Override
    public List<Expr> children() {
      return List.of(x, y);
    }
  }

  record Cast(DType dtype, Expr x) implements Expr {
    @Override
    public long[] shape() {
      return x.shape();
    }

    @Override
    public List<Expr> children() {
      return List.of(x);
    }
  }

  /**
   * A reduction's map step over the trailing {@code axes} of {@code x} (all axes when
   * {@code axes.length == x.shape().length}); its value is the partial, in the accumulating dtype.
   */
  record Reduce(ReductionFn fn, int[] axes, Expr x, long[] shape) implements Expr {
    @Override
    public DType dtype() {
      return ReduceCode.accumulator(fn, x.dtype());
    }

    @Override
    public List<Expr> children() {
      return List.of(x);
    }

    public int inner() {
      long n = 1;
      for (int a : axes) {
        n *= x.shape()[a];
      }
      return (int) n;
    }

    public boolean all() {
      return axes.length == x.shape().length;
    }
  }

  /** The reduction's aggregate step on a single partial: the result in {@code dtype}. */
  record Finish(ReductionFn fn, DType dtype, Reduce x, long[] shape) implements Expr {
    @Override
    public List<Expr> children() {
      return List.of(x);
    }
  }
}
