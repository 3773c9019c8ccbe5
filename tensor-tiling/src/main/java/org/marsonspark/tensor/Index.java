package org.marsonspark.tensor;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.ops.Indexing;
import org.marsonspark.tensor.ops.Manipulation;
import org.marsonspark.tensor.ops.Selection;

/**
 * numpy index expressions beyond plain slices: the markers {@link #NEW_AXIS}
 * ({@code None} / {@code np.newaxis}) and {@link #ELLIPSIS} ({@code ...}), and how a list of
 * index items ({@link Slice}, integers, the markers, one integer array — {@code long[]},
 * {@code int[]} or an integer {@link Tensor}) is carried out: a basic slice, a reshape that
 * drops integer-indexed axes and inserts new ones, then a take along the fancy axis.
 */
public enum Index {
  /** numpy's {@code None} / {@code np.newaxis}: a new axis of length 1. */
  NEW_AXIS,
  /** numpy's {@code ...}: as many full slices as needed. */
  ELLIPSIS;

  /**
   * Parses numpy index text: {@code "1, ..., None"}, {@code "::2, -1"}, {@code "np.newaxis, 1:3"},
   * {@code ":, [2, 0, -1]"} (an integer list is a fancy index).
   */
  static Object[] parse(String spec) {
    if (spec.trim().isEmpty()) {
      return new Object[0];
    }
    String[] parts = splitTopLevel(spec);
    Object[] out = new Object[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String s = parts[i].trim();
      if (s.startsWith("[") && s.endsWith("]")) {
        String body = s.substring(1, s.length() - 1).trim();
        String[] vals = body.isEmpty() ? new String[0] : body.split(",");
        long[] arr = new long[vals.length];
        for (int k = 0; k < vals.length; k++) {
          try {
            arr[k] = Long.parseLong(vals[k].trim());
          } catch (NumberFormatException e) {
            throw new MarsException(ErrorClass.INVALID_ARGUMENT, "index: '" + vals[k].trim() + "' in \"" + spec
                + "\" is not an integer in an index list");
          }
        }
        out[i] = arr;
      } else if (s.equals("...") || s.equals("Ellipsis")) {
        out[i] = ELLIPSIS;
      } else if (s.equals("None") || s.equals("np.newaxis") || s.equals("newaxis")) {
        out[i] = NEW_AXIS;
      } else if (s.contains(":")) {
        out[i] = SliceParser.parse(s)[0];
      } else {
        try {
          out[i] = Long.parseLong(s);
        } catch (NumberFormatException e) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "index: '" + s + "' in \"" + spec
              + "\" is not a slice, an integer, None or ...");
        }
      }
    }
    return out;
  }

  /** Splits at commas outside brackets. */
  private static String[] splitTopLevel(String spec) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < spec.length(); i++) {
      char ch = spec.charAt(i);
      if (ch == '[') {
        depth++;
      } else if (ch == ']') {
        depth--;
      } else if (ch == ',' && depth == 0) {
        parts.add(spec.substring(from, i));
        from = i + 1;
      }
    }
    if (depth != 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "index: unbalanced brackets in \"" + spec + "\"");
    }
    parts.add(spec.substring(from));
    return parts.toArray(new String[0]);
  }

  /** An index resolved against a shape. */
  record Plan(Slice[] slices, long[] sliced, long[] result, boolean basic, int fancyAt, Object fancy, List<Object> more) {}

  static boolean isInteger(Object o) {
    return o instanceof Long || o instanceof Integer || o instanceof Short || o instanceof Byte;
  }

  static boolean isFancy(Object o) {
    return o instanceof long[] || o instanceof int[] || o instanceof Tensor;
  }

  static Plan plan(long[] shape, Object[] items, String op) {
    int nd = shape.length;
    int consumers = 0;
    int ellipses = 0;
    int fancies = 0;
    for (Object o : items) {
      if (o == ELLIPSIS) {
        ellipses++;
      } else if (o == NEW_AXIS) {
        continue;
      } else if (o instanceof Slice || isInteger(o)) {
        consumers++;
      } else if (isFancy(o)) {
        consumers++;
        fancies++;
      } else {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": unsupported index item " + o
            + "; use a Slice, an integer, Index.NEW_AXIS, Index.ELLIPSIS or one integer array");
      }
    }
    if (ellipses > 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": an index can only have a single ellipsis ('...')");
    }
    if (consumers > nd) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": too many indices for tensor: tensor is " + nd
          + "-dimensional, but " + consumers + " were indexed");
    }
    if (fancies > 1) {
      for (Object o : items) {
        if (o instanceof Tensor) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": several integer-array indices are supported"
              + " as long[]/int[] only, not tensors; index twice instead");
        }
      }
    }
    List<Object> full = new ArrayList<>();
    for (Object o : items) {
      if (o == ELLIPSIS) {
        for (int k = 0; k < nd - consumers; k++) {
          full.add(Slice.all());
        }
      } else {
        full.add(o);
      }
    }
    if (ellipses == 0) {
      for (int k = consumers; k < nd; k++) {
        full.add(Slice.all());
      }
    }
    Slice[] slices = new Slice[nd];
    long[] sliced = new long[nd];
    List<Long> result = new ArrayList<>();
    int axis = 0;
    int fancyAt = -1;
    Object fancy = null;
    List<Object> more = new ArrayList<>();
    boolean basic = true;
    int firstAdv = -1;
    boolean gap = false;
    boolean split = false;
    for (int i = 0; i < full.size(); i++) {
      Object o = full.get(i);
      if (o == NEW_AXIS) {
        result.add(1L);
        if (firstAdv >= 0) {
          gap = true;
        }
        continue;
      }
      long dim = shape[axis];
      if (o instanceof Slice s) {
        slices[axis] = s;
        sliced[axis] = s.length(dim);
        result.add(sliced[axis]);
        basic &= s.toString().equals(":");
        if (firstAdv >= 0) {
          gap = true;
        }
      } else if (isInteger(o)) {
        Number n = (Number) o;
        long v = n.longValue();
        long w = Errors.normalizeIndex(op, v, axis, dim);
        slices[axis] = Slice.of(w, w + 1);
        sliced[axis] = 1;
        basic = false;
        if (firstAdv >= 0 && gap) {
          split = true;
        }
        if (firstAdv < 0) {
          firstAdv = i;
        }
      } else {
        slices[axis] = Slice.all();
        sliced[axis] = dim;
        if (fancy == null) {
          fancyAt = result.size();
          fancy = o;
        } else {
          more.add(o);
        }
        result.add(dim);
        if (firstAdv >= 0 && gap) {
          split = true;
        }
        if (firstAdv < 0) {
          firstAdv = i;
        }
      }
      axis++;
    }
    if (fancy != null && split) {
      throw nonAdjacent(op);
    }
    long[] res = result.stream().mapToLong(Long::longValue).toArray();
    return new Plan(slices, sliced, res, basic, fancyAt, fancy, more);
  }

  private static MarsException nonAdjacent(String op) {
    return new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": integer and integer-array indices separated by"
        + " a slice or newaxis (numpy moves their axes first) are not supported; index in two steps");
  }

  /** {@code t[items]}. */
  static Tensor get(Tensor t, Object[] items) {
    if (items.length == 1 && items[0] instanceof Tensor m && m.dtype() == DType.BOOL) {
      return t.get(m);
    }
    boolean onlySlices = items.length > 0;
    for (Object o : items) {
      onlySlices &= o instanceof Slice;
    }
    if (onlySlices) {
      Slice[] s = new Slice[items.length];
      for (int i = 0; i < s.length; i++) {
        s[i] = (Slice) items[i];
      }
      return Tensor.ofOutput(Indexing.SliceOp.of(t.data(), s));
    }
    Plan p = plan(t.shape(), items, "index");
    Tensor r = p.basic() ? t : Tensor.ofOutput(Indexing.SliceOp.of(t.data(), p.slices()));
    r = ManipulationRoutines.reshape(r, p.result());
    if (p.fancy() == null) {
      return r;
    }
    Object f = p.fancy();
    if (!p.more().isEmpty()) {
      return multiFancy(r, p);
    }
    if (f instanceof int[] ia) {
      f = longs(ia);
    }
    if (f instanceof long[] la) {
      return Tensor.ofOutput(Manipulation.TakeKnown.of(r.data(), la, p.fancyAt(), "index"));
    }
    return ManipulationRoutines.takeAlong(r, (Tensor) f, p.fancyAt(), "index");
  }

  private static long[] longs(Object o) {
    if (o instanceof long[] la) {
      return la;
    }
    int[] ia = (int[]) o;
    long[] la = new long[ia.length];
    for (int i = 0; i < ia.length; i++) {
      la[i] = ia[i];
    }
    return la;
  }

  /**
   * Several integer arrays on adjacent axes (after integer indices dropped theirs): the arrays
   * are broadcast, turned into flat indices over the merged axes, and taken from the tensor
   * reshaped so that those axes are one.
   */
  private static Tensor multiFancy(Tensor r, Plan p) {
    List<long[]> arrays = new ArrayList<>();
    arrays.add(longs(p.fancy()));
    for (Object o : p.more()) {
      arrays.add(longs(o));
    }
    int k = arrays.size();
    int at = p.fancyAt();
    long[] shape = r.shape();
    int n = 1;
    for (long[] a : arrays) {
      if (a.length != 1 && n != 1 && a.length != n) {
        throw new MarsException(ErrorClass.BROADCAST_MISMATCH, "index: shape mismatch: indexing arrays could not be"
            + " broadcast together with lengths " + arrays.stream().map(x -> String.valueOf(x.length)).toList());
      }
      n = a.length == 1 ? n : a.length;
    }
    long[] flat = new long[n];
    for (int j = 0; j < k; j++) {
      long dim = shape[at + j];
      long stride = 1;
      for (int m = j + 1; m < k; m++) {
        stride *= shape[at + m];
      }
      long[] a = arrays.get(j);
      for (int i = 0; i < n; i++) {
        long v = a[a.length == 1 ? 0 : i];
        long w = Errors.normalizeIndex("index", v, at + j, dim);
        flat[i] += w * stride;
      }
    }
    long[] merged = new long[shape.length - k + 1];
    long prod = 1;
    for (int j = 0; j < k; j++) {
      prod *= shape[at + j];
    }
    for (int i = 0, o = 0; i < shape.length; i++) {
      if (i < at || i >= at + k) {
        merged[o++] = shape[i];
      } else if (i == at) {
        merged[o++] = prod;
      }
    }
    return Tensor.ofOutput(
        Manipulation.TakeKnown.of(ManipulationRoutines.reshape(r, merged).data(), flat, at, "index"));
  }

  /** {@code t[items] = value}, functionally. */
  static Tensor set(Tensor t, Object[] items, Object value) {
    if (items.length == 1 && items[0] instanceof Tensor m && m.dtype() == DType.BOOL) {
      return setMask(t, m, value);
    }
    Plan p = plan(t.shape(), items, "set");
    if (p.fancy() != null) {
      if (!p.more().isEmpty() || p.fancy() instanceof Tensor) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "set: setitem supports one long[]/int[] integer array"
            + " (not index tensors or several arrays); use slices, integers, None, ... or a boolean mask");
      }
      return setFancy(t, items, p, value);
    }
    Object v = value;
    if (value instanceof Tensor vt) {
      Tensor b = ManipulationRoutines.broadcastTo(vt, p.result());
      v = ManipulationRoutines.reshape(b, p.sliced()).data();
    }
    return Tensor.ofOutput(Selection.SetItem.of(t.data(), p.slices(), v));
  }

  /**
   * setitem with one driver-side integer array: one basic setitem per index, in order (so a
   * repeated index keeps the last value, as in numpy); each touches only the chunks it hits.
   */
  private static Tensor setFancy(Tensor t, Object[] items, Plan p, Object value) {
    long[] idx = longs(p.fancy());
    int pos = -1;
    for (int i = 0; i < items.length; i++) {
      if (items[i] == p.fancy()) {
        pos = i;
      }
    }
    Tensor v = null;
    if (value instanceof Tensor vt) {
      long[] res = p.result().clone();
      res[p.fancyAt()] = idx.length;
      v = ManipulationRoutines.broadcastTo(vt, res);
    }
    Tensor x = t;
    for (int k = 0; k < idx.length; k++) {
      Object[] one = items.clone();
      one[pos] = idx[k];
      Object val = value;
      if (v != null) {
        Object[] pick = new Object[p.fancyAt() + 1];
        java.util.Arrays.fill(pick, Slice.all());
        pick[p.fancyAt()] = (long) k;
        val = get(v, pick);
      }
      x = set(x, one, val);
    }
    return x;
  }

  private static Tensor setMask(Tensor t, Tensor mask, Object value) {
    if (!java.util.Arrays.equals(mask.shape(), t.shape())) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "set: a boolean mask must have the tensor's shape "
          + org.marsonspark.core.Shapes.toString(t.shape()) + ", got " + org.marsonspark.core.Shapes.toString(mask.shape()));
    }
    Object v = value instanceof Tensor vt ? vt.data() : Casting.assigned(value, t.dtype());
    Tensor r = Tensor.ofOutput(Selection.Where.of(mask.data(), v, t.data()));
    return r.dtype() == t.dtype() ? r : r.astype(t.dtype());
  }
}
