package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;

/**
 * The exact area under the ROC curve of rows sorted by decreasing score, as a tree: it is the
 * Mann–Whitney statistic {@code U / (P·N)}, U summing over (positive, negative) pairs the product
 * of their weights, in full where the positive scores higher and half where they tie — what the
 * trapezoids between sklearn's thresholds add up to. A block's partial holds its totals, its own U
 * and the runs of equal scores at its two ends, so that adjacent blocks merge exactly even when a
 * run of ties spans them. Inputs: the sorted scores, whether each row is positive, and, when
 * {@code weighted}, the weights (a zero weight adds nothing, as sklearn drops such rows).
 *
 * <p>Partial {@code (11)}: P, N, U, head score, head P, head N, tail score, tail P, tail N,
 * whether the block is one run, whether it is empty.
 */
public record RocAuc(boolean weighted) implements BlockAggregate.Fn {
  private static final int P = 0;
  private static final int N = 1;
  private static final int U = 2;
  private static final int HEAD = 3;
  private static final int TAIL = 6;
  private static final int SINGLE = 9;
  private static final int EMPTY = 10;

  @Override
  public long[] partialShape(long[] resultShape) {
    return new long[] {11};
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    double[] s = blocks[0].doubles();
    NDArray y = blocks[1];
    double[] w = weighted ? blocks[2].doubles() : null;
    double[] out = new double[11];
    if (s.length == 0) {
      out[EMPTY] = 1;
      return NDArray.of(out, 11);
    }
    int runs = 0;
    int i = 0;
    while (i < s.length) {
      double score = s[i];
      double pos = 0;
      double neg = 0;
      for (; i < s.length && s[i] == score; i++) {
        double wi = w == null ? 1.0 : w[i];
        if (y.getDouble(i) != 0) {
          pos += wi;
        } else {
          neg += wi;
        }
      }
      out[U] += neg * (out[P] + pos / 2);
      out[P] += pos;
      out[N] += neg;
      if (runs++ == 0) {
        set(out, HEAD, score, pos, neg);
      }
      set(out, TAIL, score, pos, neg);
    }
    out[SINGLE] = runs == 1 ? 1 : 0;
    return NDArray.of(out, 11);
  }

  private static void set(double[] out, int at, double score, double pos, double neg) {
    out[at] = score;
    out[at + 1] = pos;
    out[at + 2] = neg;
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      acc = merge(acc, partials[p].doubles());
    }
    return NDArray.of(acc, 11);
  }

  /** {@code a} then {@code b} (lower scores). */
  private static double[] merge(double[] a, double[] b) {
    if (a[EMPTY] == 1) {
      return b.clone();
    }
    if (b[EMPTY] == 1) {
      return a;
    }
    double[] out = a.clone();
    boolean tie = a[TAIL] == b[HEAD];
    // every positive of a outscores every negative of b, but for the tied run: half
    out[U] = a[U] + b[U] + a[P] * b[N];
    if (tie) {
      out[U] += 0.5 * (b[HEAD + 1] * a[TAIL + 2] - a[TAIL + 1] * b[HEAD + 2]);
    }
    out[P] = a[P] + b[P];
    out[N] = a[N] + b[N];
    if (a[SINGLE] == 1 && tie) {
      set(out, HEAD, a[HEAD], a[P] + b[HEAD + 1], a[N] + b[HEAD + 2]);
    }
    if (b[SINGLE] == 1 && tie) {
      set(out, TAIL, b[TAIL], a[TAIL + 1] + b[P], a[TAIL + 2] + b[N]);
    } else {
      System.arraycopy(b, TAIL, out, TAIL, 3);
    }
    out[SINGLE] = a[SINGLE] == 1 && b[SINGLE] == 1 && tie ? 1 : 0;
    return out;
  }

  @Override
  public NDArray finish(NDArray merged) {
    double[] v = merged.doubles();
    return NDArray.scalar(org.marsonspark.tensor.DType.FLOAT64, v[U] / (v[P] * v[N]));
  }

  @Override
  public String name() {
    return "RocAuc";
  }
}
