package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.tensor.ops.Indexing;
import org.marsonspark.tensor.ops.Manipulation;
import org.marsonspark.tensor.ops.Selection;

/**
 * numpy's array manipulation routines (ravel, swapaxes, moveaxis, squeeze, stack, split, tile,
 * repeat, flip, roll, diff, ...) and the selection ones (take, compress, argwhere, nonzero),
 * written as compositions of operands (the {@link Manipulation} operands, slice, transpose,
 * where); {@link Tensor} and {@link Mt} delegate here.
 */
final class ManipulationRoutines {
  private ManipulationRoutines() {}

  // ---- shape ----------------------------------------------------------------------------------

  static Tensor reshape(Tensor t, long... shape) {
    if (Arrays.equals(shape, t.shape()) && !t.data().hasUnknownShape()) {
      return t;
    }
    TensorData r = Manipulation.Reshape.of(t.data(), shape);
    return r == null ? t : Tensor.ofOutput(r);
  }

  static Tensor ravel(Tensor t) {
    return reshape(t, -1);
  }

  static Tensor swapaxes(Tensor t, int a, int b) {
    int nd = t.ndim();
    int x = Errors.normalizeAxis("swapaxes", a, nd);
    int y = Errors.normalizeAxis("swapaxes", b, nd);
    if (x == y) {
      return t;
    }
    int[] perm = new int[nd];
    for (int i = 0; i < nd; i++) {
      perm[i] = i;
    }
    perm[x] = y;
    perm[y] = x;
    return t.transpose(perm);
  }

  static Tensor moveaxis(Tensor t, int[] source, int[] destination) {
    int nd = t.ndim();
    if (source.length != destination.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "moveaxis: source and destination must have the same number"
          + " of elements, got " + source.length + " and " + destination.length);
    }
    int[] src = normalizeAxes("moveaxis", "source", source, nd);
    int[] dst = normalizeAxes("moveaxis", "destination", destination, nd);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < nd; i++) {
      final int ax = i;
      if (Arrays.stream(src).noneMatch(s -> s == ax)) {
        order.add(i);
      }
    }
    Integer[] pairs = new Integer[src.length];
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = i;
    }
    Arrays.sort(pairs, (p, q) -> dst[p] != dst[q] ? Integer.compare(dst[p], dst[q]) : Integer.compare(src[p], src[q]));
    for (int k : pairs) {
      order.add(dst[k], src[k]);
    }
    int[] perm = order.stream().mapToInt(Integer::intValue).toArray();
    boolean identity = true;
    for (int i = 0; i < nd; i++) {
      identity &= perm[i] == i;
    }
    return identity ? t : t.transpose(perm);
  }

  static int[] normalizeAxes(String op, String param, int[] axes, int nd) {
    int[] out = new int[axes.length];
    boolean[] seen = new boolean[nd];
    for (int i = 0; i < axes.length; i++) {
      int a = Errors.normalizeAxis(op, param.equals("axis") ? param : param + " axis", axes[i], nd);
      if (seen[a]) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": repeated axis in " + param + ": "
            + Arrays.toString(axes));
      }
      seen[a] = true;
      out[i] = a;
    }
    return out;
  }

  static Tensor expandDims(Tensor t, int... axes) {
    int nd = t.ndim() + axes.length;
    int[] ax = normalizeAxes("expand_dims", "axis", axes, nd);
    long[] shape = new long[nd];
    boolean[] isNew = new boolean[nd];
    for (int a : ax) {
      isNew[a] = true;
    }
    int k = 0;
    for (int i = 0; i < nd; i++) {
      shape[i] = isNew[i] ? 1 : t.shape()[k++];
    }
    return reshape(t, shape);
  }

  static Tensor squeeze(Tensor t, int... axes) {
    int nd = t.ndim();
    boolean[] drop = new boolean[nd];
    if (axes == null || axes.length == 0) {
      for (int i = 0; i < nd; i++) {
        drop[i] = t.shape()[i] == 1;
      }
    } else {
      for (int a : normalizeAxes("squeeze", "axis", axes, nd)) {
        if (t.shape()[a] != 1) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "squeeze: cannot select an axis to squeeze out which has"
              + " size not equal to one (axis " + a + " has size " + t.shape()[a] + ")");
        }
        drop[a] = true;
      }
    }
    List<Long> shape = new ArrayList<>();
    for (int i = 0; i < nd; i++) {
      if (!drop[i]) {
        shape.add(t.shape()[i]);
      }
    }
    return reshape(t, shape.stream().mapToLong(Long::longValue).toArray());
  }

  static Tensor broadcastTo(Tensor t, long... shape) {
    TensorData r = Manipulation.BroadcastTo.of(t.data(), shape);
    return r == null ? t : Tensor.ofOutput(r);
  }

  static Tensor atleast(Tensor t, int n) {
    long[] s = t.shape();
    if (s.length >= n) {
      return t;
    }
    return switch (n) {
      case 1 -> reshape(t, 1);
      case 2 -> s.length == 0 ? reshape(t, 1, 1) : reshape(t, 1, s[0]);
      default -> s.length == 0 ? reshape(t, 1, 1, 1) : s.length == 1 ? reshape(t, 1, s[0], 1) : reshape(t, s[0], s[1], 1);
    };
  }

  // ---- joining --------------------------------------------------------------------------------

  static List<org.marsonspark.tensor.TensorData> datas(List<Tensor> ts) {
    List<TensorData> out = new ArrayList<>();
    for (Tensor t : ts) {
      out.add(t.data());
    }
    return out;
  }

  static Tensor concatenate(List<Tensor> ts, Integer axis, String op) {
    if (ts.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": need at least one tensor to concatenate");
    }
    List<Tensor> in = ts;
    int ax;
    if (axis == null) {
      in = ts.stream().map(ManipulationRoutines::ravel).toList();
      ax = 0;
    } else {
      ax = axis;
    }
    TensorData r = Manipulation.Concatenate.of(datas(in), ax, op);
    return r == null ? in.get(0) : Tensor.ofOutput(r);
  }

  static Tensor stack(List<Tensor> ts, int axis) {
    if (ts.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "stack: need at least one tensor to stack");
    }
    long[] shape = ts.get(0).shape();
    for (int k = 1; k < ts.size(); k++) {
      if (!Arrays.equals(shape, ts.get(k).shape())) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "stack: all input tensors must have the same shape, tensor 0"
            + " has " + Shapes.toString(shape) + " and tensor " + k + " has " + Shapes.toString(ts.get(k).shape()));
      }
    }
    int ax = Errors.normalizeAxis("stack", axis, shape.length + 1);
    List<Tensor> expanded = ts.stream().map(t -> expandDims(t, ax)).toList();
    return concatenate(expanded, ax, "stack");
  }

  static Tensor vstack(List<Tensor> ts) {
    return concatenate(ts.stream().map(t -> atleast(t, 2)).toList(), 0, "vstack");
  }

  static Tensor hstack(List<Tensor> ts) {
    List<Tensor> a = ts.stream().map(t -> atleast(t, 1)).toList();
    return concatenate(a, !a.isEmpty() && a.get(0).ndim() == 1 ? 0 : 1, "hstack");
  }

  static Tensor dstack(List<Tensor> ts) {
    return concatenate(ts.stream().map(t -> atleast(t, 3)).toList(), 2, "dstack");
  }

  // ---- splitting ------------------------------------------------------------------------------

  static Tensor sliceAxis(Tensor t, int axis, Slice s) {
    Slice[] slices = new Slice[axis + 1];
    Arrays.fill(slices, Slice.all());
    slices[axis] = s;
    return t.slice(slices);
  }

  static Tensor[] splitAt(Tensor t, long[] indices, int axis, String op) {
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": a 0-d tensor cannot be split");
    }
    int ax = Errors.normalizeAxis(op, axis, t.ndim());
    Tensor[] out = new Tensor[indices.length + 1];
    long prev = 0;
    for (int i = 0; i <= indices.length; i++) {
      Long stop = i < indices.length ? indices[i] : null;
      out[i] = sliceAxis(t, ax, Slice.of(prev, stop));
      if (stop != null) {
        prev = stop;
      }
    }
    return out;
  }

  static Tensor[] arraySplit(Tensor t, long sections, int axis, boolean equal, String op) {
    if (sections <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": number of sections must be larger than 0, got "
          + sections);
    }
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": a 0-d tensor cannot be split");
    }
    int ax = Errors.normalizeAxis(op, axis, t.ndim());
    long n = t.shape(ax);
    if (equal && n % sections != 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": array split does not result in an equal division ("
          + n + " along axis " + ax + " into " + sections + " sections); use array_split for sections of unequal size");
    }
    long each = n / sections;
    long extras = n % sections;
    long[] idx = new long[(int) sections - 1];
    long pos = 0;
    for (int i = 0; i < idx.length; i++) {
      pos += each + (i < extras ? 1 : 0);
      idx[i] = pos;
    }
    return splitAt(t, idx, ax, op);
  }

  // ---- repetition and rearrangement -----------------------------------------------------------

  static Tensor tile(Tensor t, long... reps) {
    for (long r : reps) {
      if (r < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "tile: negative repetition " + r + " in "
            + Arrays.toString(reps));
      }
    }
    int nd = Math.max(reps.length, t.ndim());
    long[] r = new long[nd];
    Arrays.fill(r, 1);
    System.arraycopy(reps, 0, r, nd - reps.length, reps.length);
    long[] shape = new long[nd];
    Arrays.fill(shape, 1);
    System.arraycopy(t.shape(), 0, shape, nd - t.ndim(), t.ndim());
    Tensor x = reshape(t, shape);
    for (int a = 0; a < nd; a++) {
      if (r[a] == 1) {
        continue;
      }
      if (r[a] == 0) {
        x = sliceAxis(x, a, Slice.of(0L, 0L));
        continue;
      }
      List<Tensor> copies = new ArrayList<>();
      for (long k = 0; k < r[a]; k++) {
        copies.add(x);
      }
      x = concatenate(copies, a, "tile");
    }
    return x;
  }

  static Tensor repeat(Tensor t, long[] repeats, Integer axis) {
    Tensor x = axis == null ? ravel(t) : t;
    int ax = axis == null ? 0 : Errors.normalizeAxis("repeat", axis, x.ndim());
    long n = x.shape(ax);
    if (repeats.length != 1 && repeats.length != n) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "repeat: repeats of length " + repeats.length
          + " cannot be broadcast to the " + n + " entries along axis " + ax);
    }
    List<Long> idx = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      long r = repeats.length == 1 ? repeats[0] : repeats[(int) i];
      if (r < 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "repeat: repeats may not contain negative values, got " + r);
      }
      for (long k = 0; k < r; k++) {
        idx.add(i);
      }
    }
    long[] positions = idx.stream().mapToLong(Long::longValue).toArray();
    return Tensor.ofOutput(Manipulation.TakeKnown.of(x.data(), positions, ax, "repeat"));
  }

  static Tensor flip(Tensor t, int... axes) {
    int nd = t.ndim();
    Slice[] s = new Slice[nd];
    Arrays.fill(s, Slice.all());
    if (axes == null || axes.length == 0) {
      Arrays.fill(s, Slice.of(null, null, -1L));
    } else {
      for (int a : normalizeAxes("flip", "axis", axes, nd)) {
        s[a] = Slice.of(null, null, -1L);
      }
    }
    return nd == 0 ? t : t.slice(s);
  }

  static Tensor roll(Tensor t, long[] shifts, int[] axes) {
    if (axes == null) {
      if (shifts.length != 1) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "roll: one shift is needed when no axis is given, got "
            + shifts.length);
      }
      return reshape(roll(ravel(t), shifts, new int[] {0}), t.shape());
    }
    if (shifts.length != axes.length && shifts.length != 1) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "roll: shift and axis must have the same length, got "
          + shifts.length + " and " + axes.length);
    }
    Tensor x = t;
    for (int i = 0; i < axes.length; i++) {
      int ax = Errors.normalizeAxis("roll", axes[i], t.ndim());
      long n = x.shape(ax);
      if (n == 0) {
        continue;
      }
      long s = Math.floorMod(shifts.length == 1 ? shifts[0] : shifts[i], n);
      if (s == 0) {
        continue;
      }
      x = concatenate(List.of(sliceAxis(x, ax, Slice.of(n - s, null)), sliceAxis(x, ax, Slice.of(null, n - s))), ax,
          "roll");
    }
    return x;
  }

  static Tensor diff(Tensor t, int n, int axis) {
    if (n < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "diff: order must be non-negative but got " + n);
    }
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "diff: diff requires input that is at least one dimensional");
    }
    int ax = Errors.normalizeAxis("diff", axis, t.ndim());
    Tensor x = t;
    for (int k = 0; k < n; k++) {
      Tensor hi = sliceAxis(x, ax, Slice.of(1L, null));
      Tensor lo = sliceAxis(x, ax, Slice.of(null, -1L));
      x = x.dtype() == DType.BOOL ? hi.ne(lo) : hi.sub(lo);
    }
    return x;
  }

  /** diff with values put before / after along the axis (scalars are broadcast to one slot). */
  static Tensor diff(Tensor t, int n, int axis, Object prepend, Object append) {
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "diff: diff requires input that is at least one dimensional");
    }
    int ax = Errors.normalizeAxis("diff", axis, t.ndim());
    List<Tensor> parts = new ArrayList<>();
    if (prepend != null) {
      parts.add(edge(t, ax, prepend, "prepend"));
    }
    parts.add(t);
    if (append != null) {
      parts.add(edge(t, ax, append, "append"));
    }
    return diff(parts.size() == 1 ? t : concatenate(parts, ax, "diff"), n, ax);
  }

  private static Tensor edge(Tensor t, int ax, Object v, String param) {
    if (v instanceof Tensor e) {
      if (e.ndim() == 0) {
        long[] shape = t.shape().clone();
        shape[ax] = 1;
        return broadcastTo(e, shape);
      }
      return e;
    }
    long[] shape = t.shape().clone();
    shape[ax] = 1;
    return Mt.full(shape, v, DType.scalarKind(v), ChunkSize.auto());
  }

  // ---- selection ------------------------------------------------------------------------------

  static Tensor take(Tensor t, long[] indices, Integer axis) {
    Tensor x = axis == null ? ravel(t) : t;
    return Tensor.ofOutput(Manipulation.TakeKnown.of(x.data(), indices, axis == null ? 0 : axis, "take"));
  }

  static Tensor take(Tensor t, Tensor indices, Integer axis) {
    Tensor x = axis == null ? ravel(t) : t;
    int ax = axis == null ? 0 : Errors.normalizeAxis("take", axis, x.ndim());
    return takeAlong(x, indices, ax, "take");
  }

  /** take with an N-d index tensor: flattened, taken, and the index's shape put in place of the axis. */
  static Tensor takeAlong(Tensor x, Tensor indices, int ax, String op) {
    if (indices.ndim() == 1) {
      return Tensor.ofOutput(Manipulation.TakeTensor.of(x.data(), indices.data(), ax, op));
    }
    if (indices.data().hasUnknownShape()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": N-d indices of unknown shape; execute() them first");
    }
    Tensor r = Tensor.ofOutput(Manipulation.TakeTensor.of(x.data(), ravel(indices).data(), ax, op));
    long[] shape = new long[x.ndim() - 1 + indices.ndim()];
    int k = 0;
    for (int i = 0; i < x.ndim(); i++) {
      if (i == ax) {
        for (long d : indices.shape()) {
          shape[k++] = d;
        }
      } else {
        shape[k++] = x.shape(i);
      }
    }
    return reshape(r, shape);
  }

  static Tensor compress(boolean[] condition, Tensor t, Integer axis) {
    List<Long> idx = new ArrayList<>();
    for (int i = 0; i < condition.length; i++) {
      if (condition[i]) {
        idx.add((long) i);
      }
    }
    Tensor x = axis == null ? ravel(t) : t;
    int ax = axis == null ? 0 : Errors.normalizeAxis("compress", axis, x.ndim());
    long n = x.shape(ax);
    for (long i : idx) {
      if (i >= n) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "compress: condition is true at " + i
            + ", out of bounds for axis " + ax + " with size " + n);
      }
    }
    long[] positions = idx.stream().mapToLong(Long::longValue).toArray();
    return Tensor.ofOutput(Manipulation.TakeKnown.of(x.data(), positions, ax, "compress"));
  }

  static Tensor compress(Tensor condition, Tensor t, Integer axis) {
    if (condition.dtype() != DType.BOOL || condition.ndim() != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "compress: condition must be a 1-d bool tensor, got "
          + condition.dtype() + " " + Shapes.toString(condition.shape()));
    }
    Tensor x = axis == null ? ravel(t) : t;
    int ax = axis == null ? 0 : Errors.normalizeAxis("compress", axis, x.ndim());
    if (condition.shape(0) != x.shape(ax)) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "compress: a condition tensor must have the length of axis "
          + ax + " (" + x.shape(ax) + "), got " + condition.shape(0));
    }
    Tensor front = moveaxis(x, new int[] {ax}, new int[] {0});
    Tensor picked = Tensor.ofOutput(Indexing.BoolMask.of(front.data(), condition.data()));
    return moveaxis(picked, new int[] {0}, new int[] {ax});
  }

  static Tensor argwhere(Tensor t) {
    return Tensor.ofOutput(Selection.Argwhere.of(t.data(), "argwhere"));
  }

  static Tensor[] nonzero(Tensor t) {
    if (t.ndim() == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "nonzero: a 0-d tensor has no axes; use atleast1d first");
    }
    TensorData w = Selection.Argwhere.of(t.data(), "nonzero");
    List<TensorData> columns = new ArrayList<>();
    for (int i = 0; i < t.ndim(); i++) {
      columns.add(Selection.Column.of(w, i));
    }
    return Tensor.ofOutputs(columns);
  }
}
