package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.UserFunctions;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.ops.Agg;
import org.marsonspark.dataframe.ops.GroupApply;
import org.marsonspark.dataframe.ops.GroupByAgg;
import org.marsonspark.dataframe.ops.GroupTransform;

/**
 * {@code df.groupby(keys)}: aggregations per group, groups sorted by key, rows with an NA key
 * dropped (pandas's defaults). With one key the result is indexed by it ({@code asIndex}, the
 * default); with several keys by a MultiIndex of them (one level per key, sorted as pandas sorts);
 * {@code asIndex(false)} makes the keys columns. {@link #method} forces the tree or the shuffle combination (default: chosen
 * from the measured partial sizes, see {@link GroupByAgg}).
 */
public final class GroupBy {
  private final DataFrame df;
  private final List<String> keys;
  private final boolean asIndex;
  private final GroupByAgg.Method method;

  GroupBy(DataFrame df, List<String> keys, boolean asIndex, GroupByAgg.Method method) {
    this.df = df;
    this.keys = keys;
    this.asIndex = asIndex;
    this.method = method;
    if (keys.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby needs at least one key");
    }
    for (String k : keys) {
      if (!df.columns().contains(k)) {
        throw Errors.columnNotFound("groupby", k, df.columns(), "", "");
      }
      if (df.dtypes().get(k) == DfType.CATEGORY) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "groupby on a category column ('" + k + "') would "
            + "list unobserved categories (pandas observed=False), which is not built: astype(\"str\") it first");
      }
    }
  }

  /** pandas's {@code as_index}. */
  public GroupBy asIndex(boolean on) {
    return new GroupBy(df, keys, on, method);
  }

  /** "auto" (default), "tree" or "shuffle". */
  public GroupBy method(String m) {
    GroupByAgg.Method mm = switch (m) {
      case "auto" -> GroupByAgg.Method.AUTO;
      case "tree" -> GroupByAgg.Method.TREE;
      case "shuffle" -> GroupByAgg.Method.SHUFFLE;
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby method must be auto, tree or shuffle, got "
          + m);
    };
    return new GroupBy(df, keys, asIndex, mm);
  }

  /** pandas's named aggregation: {@code agg(total=("b", "sum"))} is {@code named("total", "b", "sum")}. */
  public record NamedAgg(String name, String column, String fn) {}

  public static NamedAgg named(String name, String column, String fn) {
    return new NamedAgg(name, column, fn);
  }

  /** Named aggregations, one output column each, in order. */
  public DataFrame agg(NamedAgg... aggs) {
    if (aggs.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "agg needs at least one aggregation");
    }
    String[] out = new String[aggs.length];
    String[] cols = new String[aggs.length];
    Agg[] fns = new Agg[aggs.length];
    DfType[] in = new DfType[aggs.length];
    for (int i = 0; i < aggs.length; i++) {
      NamedAgg a = aggs[i];
      if (!df.columns().contains(a.column())) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "agg: Column(s) ['" + a.column() + "'] do not exist");
      }
      out[i] = a.name();
      cols[i] = a.column();
      fns[i] = Agg.of(a.fn());
      in[i] = df.dtypes().get(a.column());
      fns[i].resultType(in[i]);
    }
    List<String> all = new ArrayList<>(asIndex ? List.of() : keys);
    all.addAll(Arrays.asList(out));
    if (new HashSet<>(all).size() != all.size()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "agg: duplicate output column names " + all);
    }
    DfType[] keyTypes = new DfType[keys.size()];
    for (int i = 0; i < keyTypes.length; i++) {
      keyTypes[i] = df.dtypes().get(keys.get(i));
    }
    GroupByAgg.Spec spec = new GroupByAgg.Spec(keys.toArray(new String[0]), out, cols, fns, in, keyTypes, asIndex);
    return GroupByAgg.of(df.data(), spec, method);
  }

  /** One function per column ({@code agg({"b": "sum", "c": "count"})}); output columns keep the names. */
  public DataFrame agg(Map<String, String> perColumn) {
    List<NamedAgg> l = new ArrayList<>();
    perColumn.forEach((c, f) -> l.add(named(c, c, f)));
    return agg(l.toArray(new NamedAgg[0]));
  }

  /** One function over every non-key column. */
  public DataFrame agg(String fn) {
    List<NamedAgg> l = new ArrayList<>();
    for (String c : df.columns()) {
      if (!keys.contains(c)) {
        l.add(named(c, c, fn));
      }
    }
    return agg(l.toArray(new NamedAgg[0]));
  }

  /** Rows per group (pandas {@code size()}), as a series without a name. */
  public Series size() {
    if (!asIndex) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "size() with asIndex(false): use agg(named(\"size\", "
          + "key, \"size\"))");
    }
    return agg(named("size", keys.get(0), "size")).col("size").rename(null);
  }

  // ---- transform and apply ---------------------------------------------------------------------

  /**
   * {@code df.groupby(keys).transform(fn)} with an aggregation by name ({@code "sum"},
   * {@code "mean"}, ... as {@link #agg(String)}): every row gets its group's aggregate, aligned with
   * the frame (same labels and row chunks, so the result can be assigned back). {@code columns}
   * picks the columns ({@code df.groupby(k)[cols].transform(fn)}); none means every non-key column.
   * Rows with an NA key get NA; a key dtype that can hold NA makes int64 results float64.
   */
  public DataFrame transform(String fn, String... columns) {
    Agg agg = Agg.of(fn);
    if (agg == Agg.SIZE) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "transform('size') gives a Series in pandas, which "
          + "is not built: use transform(\"count\", column) on a column without NA");
    }
    String[] cols = valueColumns("transform", columns);
    for (String c : cols) {
      agg.resultType(df.dtypes().get(c));
    }
    return GroupTransform.of(df.data(), keys.toArray(new String[0]), cols, agg,
        method);
  }

  private String[] valueColumns(String op, String[] columns) {
    if (columns.length == 0) {
      List<String> l = new ArrayList<>(df.columns());
      l.removeAll(keys);
      return l.toArray(new String[0]);
    }
    for (String c : columns) {
      if (!df.columns().contains(c)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": Column(s) ['" + c + "'] do not exist");
      }
      if (keys.contains(c)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": '" + c + "' is a groupby key; pick non-key "
            + "columns");
      }
    }
    return columns.clone();
  }

  /** An empty frame with some of the frame's columns and its index dtype (to infer a function's output). */
  private LocalFrame emptyGroup(List<String> cols) {
    Column[] c = new Column[cols.size()];
    for (int i = 0; i < c.length; i++) {
      c[i] = Column.empty(df.dtypes().get(cols.get(i)));
    }
    IndexMeta im = df.indexMeta();
    return new LocalFrame(LocalIndex.of(
        Column.empty(im.dtype()), im.name()), cols.toArray(new String[0]), c);
  }

  private static void checkDtypes(String op, Map<String, DfType> dtypes) {
    if (dtypes.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the output needs at least one column");
    }
  }

  /**
   * {@code df.groupby(keys).transform(fn)} with a Java function: {@code fn} gets each group's
   * non-key columns (rows in order, with their labels) and returns a frame of as many rows; row i
   * of its output goes to the place of row i of the group. The output columns and dtypes are
   * inferred by calling {@code fn} on an empty group (use {@link #transform(GroupFunction, Map)}
   * when it cannot handle one). The result is aligned with the frame, as for an aggregation.
   */
  public DataFrame transform(GroupFunction fn) {
    fn = UserFunctions.prepare(fn, "groupby.transform");
    List<String> cols = List.of(valueColumns("transform", new String[0]));
    LocalFrame r = GroupApply.emptyResult(fn,
        emptyGroup(cols), "transform");
    return DataFrame.ofOutput(GroupApply.of(df.data(), keys.toArray(new String[0]), fn, true,
        r.columnNames(), r.dtypes(), df.indexMeta()));
  }

  /** As {@link #transform(GroupFunction)} with the output columns and dtypes given (in map order). */
  public DataFrame transform(GroupFunction fn, Map<String, DfType> dtypes) {
    fn = UserFunctions.prepare(fn, "groupby.transform");
    checkDtypes("transform", dtypes);
    return DataFrame.ofOutput(GroupApply.of(df.data(), keys.toArray(new String[0]), fn, true,
        new ArrayList<>(dtypes.keySet()), new ArrayList<>(dtypes.values()), df.indexMeta()));
  }

  /**
   * {@code df.groupby(keys, group_keys=False).apply(fn)} with a Java function from each group's
   * frame (every column, rows in order, with their labels) to a frame: the outputs concatenated
   * in group-key order (rows with an NA key dropped). Groups are brought together by a shuffle of
   * key ranges, so a group never needs to fit with others. Output columns, dtypes and index dtype
   * are inferred by calling {@code fn} on an empty group, or given ({@link #apply(GroupFunction, Map)});
   * every group's output must have them.
   */
  public DataFrame apply(GroupFunction fn) {
    fn = UserFunctions.prepare(fn, "groupby.apply");
    LocalFrame r = GroupApply.emptyResult(fn,
        emptyGroup(df.columns()), "apply");
    IndexMeta idx = IndexMeta.of(r.index().dtype(), r.index().name());
    return DataFrame.ofOutput(GroupApply.of(df.data(), keys.toArray(new String[0]), fn, false,
        r.columnNames(), r.dtypes(), idx));
  }

  /** As {@link #apply(GroupFunction)} with the output columns and dtypes given (the index: the frame's labels). */
  public DataFrame apply(GroupFunction fn, Map<String, DfType> dtypes) {
    fn = UserFunctions.prepare(fn, "groupby.apply");
    checkDtypes("apply", dtypes);
    return DataFrame.ofOutput(GroupApply.of(df.data(), keys.toArray(new String[0]), fn, false,
        new ArrayList<>(dtypes.keySet()), new ArrayList<>(dtypes.values()), df.indexMeta().taken()));
  }

  // ---- end of transform and apply --------------------------------------------------------------
}
