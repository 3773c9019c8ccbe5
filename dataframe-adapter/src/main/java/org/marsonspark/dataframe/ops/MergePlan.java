package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.MergeOptions;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.dataframe.local.PyOrder;

/**
 * What a merge computes, decided on the driver from the two frames' metadata and checked there
 * (pandas's errors, before anything runs), then shipped with every chunk op: the key of each
 * side (columns, or the index when the list is null), the output columns with their dtypes, and
 * where the result's index comes from. {@link #join} is the local merge of two frames (one chunk
 * and a broadcast side, or one hash bucket of each side).
 *
 * <p>Rules (pandas 1.5): keys given by {@code on} — or left and right key columns of one name —
 * become one output column, taken from the left row where there is one, else from the right;
 * other columns present on both sides get the suffixes. Columns of the side a row may be missing
 * from (right for left merges, left for right merges, both for outer) get pandas's NA dtype
 * (int64 → float64, bool → object) — pandas does so only when a row really is missing, which
 * tiling cannot know. The index: a new RangeIndex when both keys are columns, the key labels
 * for index-on-index, the left index for left_on + right_index (left/inner), the right index for
 * left_index + right_on (right/inner).
 *
 * <p>Row order: left and inner merges follow the left rows, each left row followed by its right
 * matches in right order (pandas 1.5's inner merge groups rows by key instead; pandas 2.2 gives
 * this order); right merges follow the right rows likewise; outer merges give the left merge's
 * rows, then the right rows without a match in right order.
 */
final class MergePlan implements Serializable {
  private static final long serialVersionUID = 1L;

  enum How { INNER, LEFT, RIGHT, OUTER }

  enum IndexFrom { RANGE, KEYS, LEFT_INDEX, RIGHT_INDEX }

  /** An output column: from the left (0), the right (1), or a key merged from both (2). */
  record OutCol(String name, int side, String source, int key, DfType dtype) implements Serializable {}

  final How how;
  /** Key columns of each side, or null for the index. */
  final List<String> leftKeys;
  final List<String> rightKeys;
  final boolean[] asDouble;
  final List<OutCol> out;
  final IndexFrom indexFrom;
  final IndexMeta index;

  private MergePlan(How how, List<String> leftKeys, List<String> rightKeys, boolean[] asDouble, List<OutCol> out,
      IndexFrom indexFrom, IndexMeta index) {
    this.how = how;
    this.leftKeys = leftKeys == null ? null : List.copyOf(leftKeys);
    this.rightKeys = rightKeys == null ? null : List.copyOf(rightKeys);
    this.asDouble = asDouble;
    this.out = List.copyOf(out);
    this.indexFrom = indexFrom;
    this.index = index;
  }

  /** Whether rows follow the right frame (right merges) rather than the left. */
  boolean rightMajor() {
    return how == How.RIGHT;
  }

  List<String> columns() {
    List<String> c = new ArrayList<>();
    out.forEach(o -> c.add(o.name()));
    return c;
  }

  List<DfType> dtypes() {
    List<DfType> d = new ArrayList<>();
    out.forEach(o -> d.add(o.dtype()));
    return d;
  }

  private static MarsException bad(String msg) {
    return new MarsException(ErrorClass.INVALID_ARGUMENT, "merge: " + msg);
  }

  static How how(String how) {
    if (how == null) {
      throw bad("how must be one of inner, left, right, outer; got null");
    }
    return switch (how) {
      case "inner" -> How.INNER;
      case "left" -> How.LEFT;
      case "right" -> How.RIGHT;
      case "outer" -> How.OUTER;
      case "cross" -> throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION,
          "merge: how='cross' is not supported; use how in inner, left, right, outer");
      default -> throw bad("how must be one of inner, left, right, outer; got '" + how + "'");
    };
  }

  /** The plan of {@code merge(left, right, o)}; throws pandas's errors as MarsException. */
  static MergePlan of(DataFrameData left, DataFrameData right, MergeOptions o) {
    How how = how(o.how());
    boolean anySide = o.leftOnColumns() != null || o.rightOnColumns() != null || o.leftIndex() || o.rightIndex();
    List<String> lk;
    List<String> rk;
    if (o.on() != null) {
      if (anySide) {
        throw bad("can only pass argument \"on\" OR \"left_on\" and \"right_on\" (or left_index / right_index), not a "
            + "combination of both");
      }
      if (o.on().isEmpty()) {
        throw bad("on needs at least one column");
      }
      lk = o.on();
      rk = o.on();
    } else if (!anySide) {
      List<String> common = new ArrayList<>();
      for (String c : left.columns()) {
        if (right.columns().contains(c)) {
          common.add(c);
        }
      }
      if (common.isEmpty()) {
        throw bad("no common columns to perform merge on; pass on, left_on / right_on or left_index / right_index "
            + "(left columns " + left.columns() + ", right columns " + right.columns() + ")");
      }
      lk = common;
      rk = common;
    } else {
      if (o.leftOnColumns() != null && o.leftIndex()) {
        throw bad("pass left_on or left_index=True, not both");
      }
      if (o.rightOnColumns() != null && o.rightIndex()) {
        throw bad("pass right_on or right_index=True, not both");
      }
      if (o.leftOnColumns() == null && !o.leftIndex()) {
        throw bad("right_on / right_index given: must pass left_on or left_index=True");
      }
      if (o.rightOnColumns() == null && !o.rightIndex()) {
        throw bad("left_on / left_index given: must pass right_on or right_index=True");
      }
      lk = o.leftIndex() ? null : o.leftOnColumns();
      rk = o.rightIndex() ? null : o.rightOnColumns();
      int nl = lk == null ? left.index().nlevels() : lk.size();
      int nr = rk == null ? right.index().nlevels() : rk.size();
      if (nl != nr || nl == 0) {
        throw bad(lk != null && rk != null ? "len(right_on) must equal len(left_on): got " + lk + " and " + rk
            : lk != null ? "len(left_on) must equal the number of levels in the index of \"right\" (" + nr + "): got "
            + lk : rk != null ? "len(right_on) must equal the number of levels in the index of \"left\" (" + nl
            + "): got " + rk : "the indexes have " + nl + " and " + nr + " levels");
      }
    }
    if ((lk == null && left.index().nlevels() > 1) || (rk == null && right.index().nlevels() > 1)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "merge on a MultiIndex (left_index / right_index "
          + "with several levels) is not supported: resetIndex() first and merge on the level columns");
    }
    checkColumns(left, lk, "left");
    checkColumns(right, rk, "right");
    int nk = lk == null ? 1 : lk.size();
    boolean[] asDouble = new boolean[nk];
    DfType[] keyType = new DfType[nk];
    for (int i = 0; i < nk; i++) {
      DfType a = lk == null ? left.index().dtype() : left.dtype(lk.get(i));
      DfType b = rk == null ? right.index().dtype() : right.dtype(rk.get(i));
      String an = lk == null ? "the left index" : "left column '" + lk.get(i) + "'";
      String bn = rk == null ? "the right index" : "right column '" + rk.get(i) + "'";
      if (a == DfType.CATEGORY || b == DfType.CATEGORY) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "merge: category keys are not supported (" + an + " is "
            + a + ", " + bn + " is " + b + "); cast the key with astype(\"object\") first");
      }
      boolean numericMix = (a == DfType.INT64 && b == DfType.FLOAT64) || (a == DfType.FLOAT64 && b == DfType.INT64);
      if (a != b && !numericMix) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "merge: You are trying to merge on " + a + " and " + b
            + " columns (" + an + ", " + bn + "); cast one side with astype so both keys have one dtype");
      }
      asDouble[i] = a != b;
      keyType[i] = how == How.INNER || how == How.LEFT ? a : numericMix ? DfType.FLOAT64 : a;
    }
    IndexFrom indexFrom;
    IndexMeta index;
    if (lk != null && rk != null) {
      indexFrom = IndexFrom.RANGE;
      index = IndexMeta.rangeIndex();
    } else if (lk == null && rk == null) {
      indexFrom = IndexFrom.KEYS;
      String ln = left.index().name();
      String rn = right.index().name();
      String name = Objects.equals(ln, rn) ? ln : how == How.LEFT || how == How.INNER ? ln : how == How.RIGHT ? rn
          : null;
      index = IndexMeta.of(keyType[0], name);
    } else if (rk == null) {
      if (how == How.RIGHT || how == How.OUTER) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "merge: left_on with right_index=True supports how "
            + "inner and left only, got how='" + o.how() + "'; merge on a column of the right frame instead "
            + "(resetIndex() turns its index into one)");
      }
      indexFrom = IndexFrom.LEFT_INDEX;
      index = left.index().taken();
    } else {
      if (how == How.LEFT || how == How.OUTER) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "merge: left_index=True with right_on supports how "
            + "inner and right only, got how='" + o.how() + "'; merge on a column of the left frame instead "
            + "(resetIndex() turns its index into one)");
      }
      indexFrom = IndexFrom.RIGHT_INDEX;
      index = right.index().taken();
    }
    // keys that become one output column: both sides columns of one name at one position
    Map<String, Integer> merged = new HashMap<>();
    if (lk != null && rk != null) {
      for (int i = 0; i < nk; i++) {
        if (lk.get(i).equals(rk.get(i))) {
          merged.put(lk.get(i), i);
        }
      }
    }
    Set<String> leftRest = new HashSet<>(left.columns());
    leftRest.removeAll(merged.keySet());
    Set<String> overlap = new HashSet<>(right.columns());
    overlap.removeAll(merged.keySet());
    overlap.retainAll(leftRest);
    String ls = o.leftSuffix();
    String rs = o.rightSuffix();
    if (!overlap.isEmpty() && ls.isEmpty() && rs.isEmpty()) {
      throw bad("columns overlap but no suffix specified: " + sorted(overlap));
    }
    boolean leftMayMiss = how == How.RIGHT || how == How.OUTER;
    boolean rightMayMiss = how == How.LEFT || how == How.OUTER;
    List<OutCol> out = new ArrayList<>();
    for (String c : left.columns()) {
      Integer k = merged.get(c);
      if (k != null) {
        out.add(new OutCol(c, 2, c, k, keyType[k]));
      } else {
        DfType d = left.dtype(c);
        out.add(new OutCol(overlap.contains(c) ? c + ls : c, 0, c, -1, leftMayMiss ? d.withNA() : d));
      }
    }
    for (String c : right.columns()) {
      if (!merged.containsKey(c)) {
        DfType d = right.dtype(c);
        out.add(new OutCol(overlap.contains(c) ? c + rs : c, 1, c, -1, rightMayMiss ? d.withNA() : d));
      }
    }
    Set<String> names = new HashSet<>();
    for (OutCol c : out) {
      if (!names.add(c.name())) {
        throw bad("the suffixes (" + ls + ", " + rs + ") give two columns named '" + c.name()
            + "'; choose other suffixes");
      }
    }
    return new MergePlan(how, lk, rk, asDouble, out, indexFrom, index);
  }

  private static List<String> sorted(Set<String> s) {
    List<String> l = new ArrayList<>(s);
    l.sort(PyOrder.STRINGS);
    return l;
  }

  private static void checkColumns(DataFrameData d, List<String> keys, String side) {
    if (keys == null) {
      return;
    }
    for (String k : keys) {
      if (k == null || !d.columns().contains(k)) {
        throw Errors.columnNotFound("merge", k, d.columns(), "key column", "the " + side + " frame's columns ");
      }
    }
  }

  // ---- the local merge ----------------------------------------------------------------------

  /** Row pairs (left row, right row; -1 where a side has none), in the plan's order. */
  int[][] pairs(LocalFrame left, LocalFrame right) {
    List<Column> lc = RowKeys.columns(left, leftKeys);
    List<Column> rc = RowKeys.columns(right, rightKeys);
    if (lc.size() == 1 && !asDouble[0] && lc.get(0) instanceof LongColumn l && rc.get(0) instanceof LongColumn r) {
      return longPairs(l, r);
    }
    Object[] lk = RowKeys.of(RowKeys.columns(left, leftKeys), asDouble);
    Object[] rk = RowKeys.of(RowKeys.columns(right, rightKeys), asDouble);
    boolean rm = rightMajor();
    Object[] major = rm ? rk : lk;
    Object[] minor = rm ? lk : rk;
    boolean keepMajor = how != How.INNER;
    boolean keepMinor = how == How.OUTER;
    Map<Object, IntList> byKey = new HashMap<>();
    for (int j = 0; j < minor.length; j++) {
      byKey.computeIfAbsent(minor[j], x -> new IntList()).add(j);
    }
    IntList a = new IntList();
    IntList b = new IntList();
    boolean[] matched = new boolean[minor.length];
    for (int i = 0; i < major.length; i++) {
      IntList m = byKey.get(major[i]);
      if (m != null) {
        for (int t = 0; t < m.size; t++) {
          a.add(i);
          b.add(m.v[t]);
          matched[m.v[t]] = true;
        }
      } else if (keepMajor) {
        a.add(i);
        b.add(-1);
      }
    }
    if (keepMinor) {
      for (int j = 0; j < minor.length; j++) {
        if (!matched[j]) {
          a.add(-1);
          b.add(j);
        }
      }
    }
    return rm ? new int[][] {b.toArray(), a.toArray()} : new int[][] {a.toArray(), b.toArray()};
  }

  /**
   * {@link #pairs} for one int64 key on both sides (no NA possible): the same pairs in the same
   * order, from a primitive hash table over the minor side's keys and its rows grouped by key
   * (ascending within a key), without a boxed key per row.
   */
  private int[][] longPairs(LongColumn left, LongColumn right) {
    boolean rm = rightMajor();
    LongColumn major = rm ? right : left;
    LongColumn minor = rm ? left : right;
    boolean keepMajor = how != How.INNER;
    boolean keepMinor = how == How.OUTER;
    int nm = minor.size();
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int j = 0; j < nm; j++) {
      lo = Math.min(lo, minor.getLong(j));
      hi = Math.max(hi, minor.getLong(j));
    }
    // dense keys (ids): a table indexed by key - lo; else open addressing on a hash
    boolean dense = nm > 0 && hi - lo >= 0 && hi - lo < (1L << 26) && hi - lo <= 8L * nm + 1024;
    int cap = dense ? (int) (hi - lo + 1) : Integer.highestOneBit(Math.max(4, nm) * 2 - 1) << 1;
    long[] keys = dense ? null : new long[cap];
    int[] slotOf = new int[cap];
    java.util.Arrays.fill(slotOf, -1);
    int mask = cap - 1;
    // distinct minor keys -> slot, then the minor rows of each slot contiguous (counting sort)
    int[] rowSlot = new int[nm];
    int slots = 0;
    for (int j = 0; j < nm; j++) {
      long k = minor.getLong(j);
      int at;
      if (dense) {
        at = (int) (k - lo);
      } else {
        at = longHash(k) & mask;
        while (slotOf[at] >= 0 && keys[at] != k) {
          at = (at + 1) & mask;
        }
        keys[at] = k;
      }
      if (slotOf[at] < 0) {
        slotOf[at] = slots++;
      }
      rowSlot[j] = slotOf[at];
    }
    int[] start = new int[slots + 1];
    for (int j = 0; j < nm; j++) {
      start[rowSlot[j] + 1]++;
    }
    for (int s = 0; s < slots; s++) {
      start[s + 1] += start[s];
    }
    int[] rows = new int[nm];
    int[] fill = java.util.Arrays.copyOf(start, slots);
    for (int j = 0; j < nm; j++) {
      rows[fill[rowSlot[j]]++] = j;
    }
    int n = major.size();
    IntList a = new IntList(n);
    IntList b = new IntList(n);
    boolean[] matched = keepMinor ? new boolean[nm] : null;
    for (int i = 0; i < n; i++) {
      long k = major.getLong(i);
      int s;
      if (dense) {
        s = k < lo || k > hi ? -1 : slotOf[(int) (k - lo)];
      } else {
        int at = longHash(k) & mask;
        while (slotOf[at] >= 0 && keys[at] != k) {
          at = (at + 1) & mask;
        }
        s = slotOf[at];
      }
      if (s >= 0) {
        for (int t = start[s]; t < start[s + 1]; t++) {
          a.add(i);
          b.add(rows[t]);
          if (matched != null) {
            matched[rows[t]] = true;
          }
        }
      } else if (keepMajor) {
        a.add(i);
        b.add(-1);
      }
    }
    if (keepMinor) {
      for (int j = 0; j < nm; j++) {
        if (!matched[j]) {
          a.add(-1);
          b.add(j);
        }
      }
    }
    return rm ? new int[][] {b.toArray(), a.toArray()} : new int[][] {a.toArray(), b.toArray()};
  }

  private static int longHash(long k) {
    return LongGroups.hash(k);
  }

  /** The merged rows of two frames, for the pairs given: columns, dtypes and index as planned. */
  LocalFrame build(LocalFrame left, LocalFrame right, int[] li, int[] ri) {
    int n = li.length;
    String[] names = new String[out.size()];
    Column[] cols = new Column[out.size()];
    for (int j = 0; j < cols.length; j++) {
      OutCol o = out.get(j);
      names[j] = o.name();
      cols[j] = switch (o.side()) {
        case 0 -> Casts.cast(left.column(o.source()).take(li), o.dtype(), false);
        case 1 -> Casts.cast(right.column(o.source()).take(ri), o.dtype(), false);
        default -> combined(left.column(o.source()), right.column(o.source()), li, ri, o.dtype());
      };
    }
    LocalIndex idx = switch (indexFrom) {
      case RANGE -> LocalIndex.range(n);
      case LEFT_INDEX -> left.index().take(li);
      case RIGHT_INDEX -> right.index().take(ri);
      case KEYS -> LocalIndex.of(combined(left.index().values(), right.index().values(), li, ri, index.dtype()),
          index.name());
    };
    return new LocalFrame(idx, names, cols);
  }

  /** A key's values: the left row's where there is one, else the right row's, as {@code dtype}. */
  private static Column combined(Column l, Column r, int[] li, int[] ri, DfType dtype) {
    boolean allLeft = true;
    for (int i : li) {
      allLeft &= i >= 0;
    }
    if (allLeft) { // inner and left merges: the right key (maybe float with NaN under an int64 key) is not read
      return Casts.cast(l.take(li), dtype, false);
    }
    Column both = Column.concat(List.of(Casts.cast(l, dtype, false), Casts.cast(r, dtype, false)));
    int[] at = new int[li.length];
    for (int i = 0; i < at.length; i++) {
      at[i] = li[i] >= 0 ? li[i] : l.size() + ri[i];
    }
    return both.take(at);
  }

  /** Merges two local frames. */
  LocalFrame join(LocalFrame left, LocalFrame right) {
    int[][] p = pairs(left, right);
    return build(left, right, p[0], p[1]);
  }

  /** A growable int array. */
  static final class IntList {
    int[] v;
    int size;

    IntList() {
      this(4);
    }

    IntList(int capacity) {
      v = new int[Math.max(4, capacity)];
    }

    void add(int x) {
      if (size == v.length) {
        v = java.util.Arrays.copyOf(v, size * 2);
      }
      v[size++] = x;
    }

    int[] toArray() {
      return java.util.Arrays.copyOf(v, size);
    }
  }
}
