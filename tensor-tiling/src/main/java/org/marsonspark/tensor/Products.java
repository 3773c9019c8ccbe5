package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.ops.Dot;
import org.marsonspark.tensor.ops.ExpandDims;

/**
 * N-d products with numpy's semantics: {@code dot}, {@code matmul} (batched, broadcasting the
 * leading axes), {@code tensordot}, {@code inner}, {@code outer}, {@code vdot} and
 * {@code einsum}. A contraction of two matrices (after transposing) is the blocked BLAS
 * {@link Dot}; any other contraction is tiled as a broadcast element-wise product of the
 * operands, each laid out over the union of the index letters, summed over the contracted ones
 * (chunked along every axis, so tiled for real, but it materializes the product per chunk).
 */
final class Products {
  private Products() {}

  private static DType resultType(Tensor a, Tensor b) {
    return DType.promote(a.dtype(), b.dtype());
  }

  /** numpy's {@code dot}: 1-D/2-D through the blocked product, N-d as the sum over a's last and b's second-to-last axis. */
  public static Tensor dot(Tensor a, Tensor b) {
    if (a.ndim() == 0 || b.ndim() == 0) {
      return a.mul(b);
    }
    if ((a.ndim() <= 2 && b.ndim() <= 2) || a.isSparse() || b.isSparse()) {
      return Tensor.ofOutput(Dot.of(a.data(), b.data(), "dot"));
    }
    int bc = b.ndim() == 1 ? 0 : b.ndim() - 2;
    checkAligned("dot", a, a.ndim() - 1, b, bc);
    return tensordot(a, b, new int[] {a.ndim() - 1}, new int[] {bc});
  }

  private static void checkAligned(String op, Tensor a, int ax, Tensor b, int bx) {
    if (a.shape(ax) != b.shape(bx)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, op + ": shapes " + Shapes.toString(a.shape()) + " and "
          + Shapes.toString(b.shape()) + " not aligned: " + a.shape(ax) + " (dim " + ax + ") != " + b.shape(bx)
          + " (dim " + bx + ")");
    }
  }

  /** numpy's {@code matmul}: stacks of matrices in the last two axes, leading axes broadcast. */
  public static Tensor matmul(Tensor a, Tensor b) {
    if (a.ndim() == 0 || b.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT,
          "matmul: Input operand does not have enough dimensions (scalars are not allowed, use multiply)");
    }
    if ((a.ndim() <= 2 && b.ndim() <= 2) || a.isSparse() || b.isSparse()) {
      return Tensor.ofOutput(Dot.of(a.data(), b.data(), "matmul"));
    }
    boolean aVec = a.ndim() == 1;
    boolean bVec = b.ndim() == 1;
    Tensor x = aVec ? expandDims(a, 0) : a;
    Tensor y = bVec ? expandDims(b, 1) : b;
    if (x.shape(-1) != y.shape(-2)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "matmul: Input operand 1 has a mismatch in its core dimension 0,"
          + " with gufunc signature (n?,k),(k,m?)->(n?,m?) (size " + y.shape(-2) + " is different from " + x.shape(-1)
          + ") for shapes " + Shapes.toString(a.shape()) + " and " + Shapes.toString(b.shape()));
    }
    long[] bx = Arrays.copyOf(x.shape(), x.ndim() - 2);
    long[] by = Arrays.copyOf(y.shape(), y.ndim() - 2);
    broadcastShape("matmul", bx, by);
    // (..., m, k, 1) * (..., 1, k, n) summed over k
    Tensor p = expandDims(x, x.ndim()).mul(expandDims(y, y.ndim() - 2));
    Tensor r = p.sum(new int[] {p.ndim() - 2}, false).astype(resultType(a, b));
    if (aVec) {
      r = squeezeAxis(r, r.ndim() - 2);
    }
    if (bVec) {
      r = squeezeAxis(r, r.ndim() - 1);
    }
    return r;
  }

  private static long[] broadcastShape(String op, long[] x, long[] y) {
    int n = Math.max(x.length, y.length);
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      long dx = i - (n - x.length) >= 0 ? x[i - (n - x.length)] : 1;
      long dy = i - (n - y.length) >= 0 ? y[i - (n - y.length)] : 1;
      if (dx != dy && dx != 1 && dy != 1) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, op + ": operands could not be broadcast together with"
            + " batch shapes " + Shapes.toString(x) + " and " + Shapes.toString(y));
      }
      out[i] = Math.max(dx, dy);
    }
    return out;
  }

  /** numpy's {@code tensordot(a, b, axes=n)}: the last n axes of a with the first n of b. */
  public static Tensor tensordot(Tensor a, Tensor b, int n) {
    if (n < 0 || n > a.ndim() || n > b.ndim()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "tensordot: axes=" + n + " out of range for shapes "
          + Shapes.toString(a.shape()) + " and " + Shapes.toString(b.shape()));
    }
    int[] ax = new int[n];
    int[] bx = new int[n];
    for (int i = 0; i < n; i++) {
      ax[i] = a.ndim() - n + i;
      bx[i] = i;
    }
    return tensordot(a, b, ax, bx);
  }

  /** numpy's {@code tensordot(a, b, axes=(aAxes, bAxes))}: the result has a's free axes, then b's. */
  public static Tensor tensordot(Tensor a, Tensor b, int[] aAxes, int[] bAxes) {
    if (aAxes.length != bAxes.length) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "tensordot: shape-mismatch for sum: " + aAxes.length
          + " axes of a and " + bAxes.length + " of b");
    }
    int k = aAxes.length;
    int[] ac = normalize("tensordot", aAxes, a.ndim());
    int[] bc = normalize("tensordot", bAxes, b.ndim());
    for (int i = 0; i < k; i++) {
      if (a.shape(ac[i]) != b.shape(bc[i])) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "tensordot: shape-mismatch for sum: axis " + ac[i] + " of "
            + Shapes.toString(a.shape()) + " has " + a.shape(ac[i]) + ", axis " + bc[i] + " of "
            + Shapes.toString(b.shape()) + " has " + b.shape(bc[i]));
      }
    }
    int[] af = free(ac, a.ndim());
    int[] bf = free(bc, b.ndim());
    int[] aPerm = concat(af, ac);
    int[] bPerm = concat(bc, bf);
    Tensor x = permute(a, aPerm);
    Tensor y = permute(b, bPerm);
    DType dt = resultType(a, b);
    if (k == 1 && af.length <= 1 && bf.length <= 1) {
      return Tensor.ofOutput(Dot.of(x.data(), y.data(), "tensordot"));
    }
    // (Fa, K, 1..) * (1.., K, Fb) summed over K
    for (int i = 0; i < bf.length; i++) {
      x = expandDims(x, x.ndim());
    }
    for (int i = 0; i < af.length; i++) {
      y = expandDims(y, 0);
    }
    Tensor p = x.mul(y);
    if (k == 0) {
      return p.astype(dt);
    }
    int[] sumAxes = new int[k];
    for (int i = 0; i < k; i++) {
      sumAxes[i] = af.length + i;
    }
    return p.sum(sumAxes, false).astype(dt);
  }

  /** numpy's {@code inner}: the sum over the last axes of both. */
  public static Tensor inner(Tensor a, Tensor b) {
    if (a.ndim() == 0 || b.ndim() == 0) {
      return a.mul(b);
    }
    checkAligned("inner", a, a.ndim() - 1, b, b.ndim() - 1);
    return tensordot(a, b, new int[] {a.ndim() - 1}, new int[] {b.ndim() - 1});
  }

  /** numpy's {@code outer} of two vectors (N-d inputs would be flattened first: not supported yet, no reshape). */
  public static Tensor outer(Tensor a, Tensor b) {
    Tensor x = a.ndim() == 0 ? expandDims(a, 0) : a.ndim() == 1 ? a : a.ravel();
    Tensor y = b.ndim() == 0 ? expandDims(b, 0) : b.ndim() == 1 ? b : b.ravel();
    return expandDims(x, 1).mul(expandDims(y, 0)).astype(resultType(a, b));
  }

  /** numpy's {@code vdot} (real): the sum of the element-wise product of the flattened tensors. */
  public static Tensor vdot(Tensor a, Tensor b) {
    if (a.size() != b.size()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "vdot: cannot reshape " + Shapes.toString(a.shape())
          + " and " + Shapes.toString(b.shape()) + ": vectors have different lengths " + a.size() + " and " + b.size());
    }
    Tensor p = Arrays.equals(a.shape(), b.shape()) ? a.mul(b) : a.ravel().mul(b.ravel());
    if (p.ndim() == 0) {
      return p.astype(resultType(a, b));
    }
    return p.sum(allAxes(p.ndim()), false).astype(resultType(a, b));
  }

  /**
   * numpy's {@code einsum} for explicit ("ij,jk->ik") and implicit ("ij,jk") subscripts over
   * any number of operands: repeated letters in one operand take a diagonal ("ii->i", "ii" =
   * trace); letters missing from the output are summed. Ellipsis ("...") is not supported.
   */
  public static Tensor einsum(String subscripts, Tensor... operands) {
    String spec = subscripts.replace(" ", "");
    if (spec.contains(".")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "einsum '" + subscripts
          + "': ellipsis ('...') is not supported yet; name every axis with a letter");
    }
    String lhs = spec;
    String out = null;
    int arrow = spec.indexOf("->");
    if (arrow >= 0) {
      lhs = spec.substring(0, arrow);
      out = spec.substring(arrow + 2);
    }
    String[] ins = lhs.split(",", -1);
    if (ins.length != operands.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "einsum '" + subscripts + "': " + ins.length
          + " operand subscripts for " + operands.length + " operands");
    }
    Map<Character, Long> sizes = new LinkedHashMap<>();
    Map<Character, Integer> counts = new LinkedHashMap<>();
    for (int i = 0; i < ins.length; i++) {
      String s = ins[i];
      if (s.length() != operands[i].ndim()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "einsum '" + subscripts + "': operand " + i + " has "
            + operands[i].ndim() + " dimensions but subscripts '" + s + "' name " + s.length());
      }
      for (int j = 0; j < s.length(); j++) {
        char c = s.charAt(j);
        if (!Character.isLetter(c)) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "einsum '" + subscripts + "': invalid subscript '" + c + "'");
        }
        long d = operands[i].shape(j);
        Long prev = sizes.get(c);
        if (prev != null && prev != d) {
          throw new MarsException(ErrorClass.SHAPE_MISMATCH, "einsum '" + subscripts + "': size of label '" + c
              + "' for operand " + i + " (" + d + ") does not match previous terms (" + prev + ")");
        }
        sizes.put(c, d);
        counts.merge(c, 1, Integer::sum);
      }
    }
    if (out == null) {
      StringBuilder sb = new StringBuilder();
      counts.keySet().stream().filter(c -> counts.get(c) == 1).sorted().forEach(sb::append);
      out = sb.toString();
    }
    for (int j = 0; j < out.length(); j++) {
      char c = out.charAt(j);
      if (!sizes.containsKey(c) || out.indexOf(c) != j) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "einsum '" + subscripts + "': output subscript '" + c
            + "' does not appear in the inputs or appears twice");
      }
    }
    // the letters: output first, then the summed ones
    StringBuilder all = new StringBuilder(out);
    for (char c : sizes.keySet()) {
      if (out.indexOf(c) < 0) {
        all.append(c);
      }
    }
    String letters = all.toString();
    DType dt = operands[0].dtype();
    for (Tensor t : operands) {
      dt = DType.promote(dt, t.dtype());
    }
    Tensor product = null;
    for (int i = 0; i < operands.length; i++) {
      Tensor t = operands[i];
      String s = ins[i];
      // diagonals of repeated letters
      while (true) {
        int p = -1;
        int q = -1;
        for (int j = 0; j < s.length() && p < 0; j++) {
          int r = s.indexOf(s.charAt(j), j + 1);
          if (r > 0) {
            p = j;
            q = r;
          }
        }
        if (p < 0) {
          break;
        }
        t = diagonalOf(t, p, q);
        s = s.substring(0, q) + s.substring(q + 1);
      }
      // order of this operand's letters as in `letters`, then size-1 axes for the others
      List<Integer> perm = new ArrayList<>();
      for (int j = 0; j < letters.length(); j++) {
        int at = s.indexOf(letters.charAt(j));
        if (at >= 0) {
          perm.add(at);
        }
      }
      t = permute(t, perm.stream().mapToInt(Integer::intValue).toArray());
      for (int j = 0; j < letters.length(); j++) {
        if (s.indexOf(letters.charAt(j)) < 0) {
          t = expandDims(t, j);
        }
      }
      product = product == null ? t : product.mul(t);
    }
    int summed = letters.length() - out.length();
    if (summed > 0) {
      int[] axes = new int[summed];
      for (int i = 0; i < summed; i++) {
        axes[i] = out.length() + i;
      }
      product = product.sum(axes, false);
    }
    return product.dtype() == dt ? product : product.astype(dt);
  }

  /** {@code t} with axes p < q (equal sizes) replaced by their diagonal at p: a mask by eye, summed over q. */
  private static Tensor diagonalOf(Tensor t, int p, int q) {
    long n = t.shape(p);
    Tensor eye = Mt.eye(n, n, 0, t.dtype() == DType.BOOL ? DType.BOOL : t.dtype(), ChunkSize.auto());
    for (int j = 0; j < t.ndim(); j++) {
      if (j != p && j != q) {
        eye = expandDims(eye, j);
      }
    }
    Tensor masked = t.mul(eye);
    Tensor d = masked.sum(new int[] {q}, false);
    return d.dtype() == t.dtype() ? d : d.astype(t.dtype());
  }

  // ---- axis helpers -------------------------------------------------------------------------

  private static int[] normalize(String op, int[] axes, int nd) {
    int[] out = new int[axes.length];
    boolean[] seen = new boolean[nd];
    for (int i = 0; i < axes.length; i++) {
      int a = Errors.normalizeAxis(op, axes[i], nd);
      if (seen[a]) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": repeated axis " + axes[i]);
      }
      seen[a] = true;
      out[i] = a;
    }
    return out;
  }

  private static int[] free(int[] used, int nd) {
    List<Integer> f = new ArrayList<>();
    for (int i = 0; i < nd; i++) {
      final int ax = i;
      if (Arrays.stream(used).noneMatch(u -> u == ax)) {
        f.add(i);
      }
    }
    return f.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int[] concat(int[] x, int[] y) {
    int[] r = Arrays.copyOf(x, x.length + y.length);
    System.arraycopy(y, 0, r, x.length, y.length);
    return r;
  }

  static int[] allAxes(int nd) {
    int[] all = new int[nd];
    for (int i = 0; i < nd; i++) {
      all[i] = i;
    }
    return all;
  }

  private static Tensor permute(Tensor t, int[] perm) {
    for (int i = 0; i < perm.length; i++) {
      if (perm[i] != i) {
        return t.transpose(perm);
      }
    }
    return t;
  }

  /** Removes a size-1 axis (a sum over it, which only reshapes). */
  static Tensor squeezeAxis(Tensor t, int axis) {
    DType dt = t.dtype();
    Tensor r = t.sum(new int[] {axis}, false);
    return r.dtype() == dt ? r : r.astype(dt);
  }

  /** {@code t} with a size-1 axis inserted at {@code axis} (0..ndim). */
  static Tensor expandDims(Tensor t, int axis) {
    return Tensor.ofOutput(ExpandDims.of(t.data(), axis));
  }
}
