package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.ops.Agg;
import org.marsonspark.dataframe.ops.GroupByAgg;

/**
 * {@code df.groupby(keys)}: aggregations per group, groups sorted by key, rows with an NA key
 * dropped (pandas's defaults). With one key the result is indexed by it ({@code asIndex}, the
 * default); with several keys use {@code asIndex(false)} (keys become columns) until a
 * MultiIndex exists. {@link #method} forces the tree or the shuffle combination (default: chosen
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
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "groupby: KeyError: '" + k + "' not in " + df.columns());
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
    if (asIndex && keys.size() > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "groupby with " + keys.size() + " keys needs a "
          + "MultiIndex, which is not built yet: use asIndex(false)");
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
}
