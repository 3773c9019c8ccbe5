package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Exchange;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;

/**
 * pandas's {@code drop_duplicates(subset, keep)}: rows whose subset values (NA equal to NA) occur
 * before ({@code first}), after ({@code last}) or anywhere else ({@code false}) are dropped; the
 * rest keep their order and labels. Tiled in three steps, only keys and positions moving:
 * every chunk drops its own duplicates and splits what is left — the key columns, the row's
 * position and (for {@code false}) how often the key occurred in the chunk — into P buckets by
 * the key's hash; each bucket decides which position survives for each of its keys and sends the
 * survivors back to their chunks; each chunk keeps its surviving rows. Both moves are
 * {@linkplain Exchange exchanges} on Spark's shuffle: the graph grows with n + P, not n × P.
 */
public final class DropDuplicates extends DfOp {
  /** Which occurrence survives. */
  enum Keep { FIRST, LAST, NONE }

  private static final String COUNT = "__mars_count";

  private final List<String> subset;
  private final Keep keep;

  private DropDuplicates(DataFrameData in, List<String> subset, Keep keep) {
    super(List.of(in));
    this.subset = List.copyOf(subset);
    this.keep = keep;
  }

  /** {@code df.drop_duplicates(subset, keep)}; keep is "first", "last" or "false"; no subset: all columns. */
  public static DataFrameData of(DataFrameData in, String keep, List<String> subset) {
    Keep k = switch (keep == null ? "" : keep) {
      case "first" -> Keep.FIRST;
      case "last" -> Keep.LAST;
      case "false" -> Keep.NONE;
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "drop_duplicates: keep must be \"first\", "
          + "\"last\" or \"false\", got " + (keep == null ? "null" : "\"" + keep + "\""));
    };
    List<String> cols = subset.isEmpty() ? in.columns() : subset;
    for (String c : cols) {
      if (!in.columns().contains(c)) {
        throw Errors.columnNotFound("drop_duplicates", c, in.columns());
      }
    }
    if (cols.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "drop_duplicates: the frame has no columns");
    }
    return new DropDuplicates(in, cols, k).newOutput(new DataFrameData(-1, in.columns(), in.dtypes(),
        in.index().taken(), DfData.newAlignKey()));
  }

  @Override
  public String name() {
    return "drop_duplicates";
  }

  @Override
  public void tile(TileContext ctx) {
    DataFrameData in = (DataFrameData) in(0);
    DataFrameData out = (DataFrameData) out();
    int n = in.chunks().size();
    List<Chunk> chunks = new ArrayList<>();
    if (n == 1) {
      chunks.add(ctx.newChunk(new Local(subset, keep), in.chunks(), rowIndex(out, 0), rowShape(out, -1),
          out.chunkMeta()));
      out.setChunks(chunks, nsplitsOf(out, unknownSplits(1)));
      return;
    }
    int p = n;
    List<Chunk> split = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      split.add(ctx.newChunk(new KeySplit(subset, keep, i, p), List.of(in.chunks().get(i)), new int[] {i},
          new long[] {p}, Exchange.PIECES));
    }
    List<Chunk> buckets = ctx.newExchange("drop_duplicates.keys", split, p);
    List<Chunk> decided = new ArrayList<>();
    for (int j = 0; j < p; j++) {
      decided.add(ctx.newChunk(new Decide(subset.size(), keep, n), List.of(buckets.get(j)), new int[] {j},
          new long[] {n}, Exchange.PIECES));
    }
    List<Chunk> survivors = ctx.newExchange("drop_duplicates.survivors", decided, n);
    for (int d = 0; d < n; d++) {
      chunks.add(ctx.newChunk(new KeepRows(), List.of(in.chunks().get(d), survivors.get(d)), rowIndex(out, d),
          rowShape(out, -1), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, unknownSplits(n)));
  }

  /**
   * For each distinct key (in first-seen order) the rows it occurs at, as indexes into {@code keys}.
   */
  static Map<Object, MergePlan.IntList> groups(Object[] keys) {
    Map<Object, MergePlan.IntList> g = new LinkedHashMap<>();
    for (int i = 0; i < keys.length; i++) {
      g.computeIfAbsent(keys[i], x -> new MergePlan.IntList()).add(i);
    }
    return g;
  }

  static Object[] keysOf(LocalFrame f, List<String> cols) {
    List<Column> kc = RowKeys.columns(f, cols);
    return RowKeys.of(kc, new boolean[kc.size()]);
  }

  /** One chunk, deduplicated alone. */
  record Local(List<String> subset, Keep keep) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      boolean[] k = new boolean[f.nrows()];
      for (MergePlan.IntList rows : groups(keysOf(f, subset)).values()) {
        if (keep == Keep.FIRST) {
          k[rows.v[0]] = true;
        } else if (keep == Keep.LAST) {
          k[rows.v[rows.size - 1]] = true;
        } else if (rows.size == 1) {
          k[rows.v[0]] = true;
        }
      }
      return f.filter(k);
    }

    @Override
    public String name() {
      return "drop_duplicates";
    }
  }

  /** A chunk's distinct keys (first or last occurrence, with counts) split into p buckets. */
  record KeySplit(List<String> subset, Keep keep, int chunk, int p) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      Object[] keys = keysOf(f, subset);
      int[][] rowCount = new int[0][];
      List<int[]> rc = new ArrayList<>();
      for (MergePlan.IntList rows : groups(keys).values()) {
        rc.add(new int[] {keep == Keep.LAST ? rows.v[rows.size - 1] : rows.v[0], rows.size});
      }
      rowCount = rc.toArray(rowCount);
      java.util.Arrays.sort(rowCount, java.util.Comparator.comparingInt(x -> x[0])); // position order
      int[] at = new int[rowCount.length];
      long[] pos = new long[at.length];
      long[] cnt = new long[at.length];
      Object[] ks = new Object[at.length];
      for (int i = 0; i < at.length; i++) {
        at[i] = rowCount[i][0];
        pos[i] = RowKeys.pos(chunk, at[i]);
        cnt[i] = rowCount[i][1];
        ks[i] = keys[at[i]];
      }
      LocalFrame picked = f.select(subset).take(at).withColumn(RowKeys.POS, Column.ofLongs(pos))
          .withColumn(COUNT, Column.ofLongs(cnt));
      return new Exchange.Pieces(RowKeys.split(picked, ks, p));
    }

    @Override
    public String name() {
      return "drop_duplicates.split";
    }
  }

  /** One bucket: the surviving position of each key, sent to the chunk it came from. */
  record Decide(int nkeys, Keep keep, int chunks) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<LocalFrame> parts = ((Exchange.Bucket) inputs[0]).as(LocalFrame.class);
      LocalFrame all = LocalFrame.concat(parts); // chunk order, so position order
      long[] pos = RowKeys.longs(all, RowKeys.POS);
      long[] cnt = RowKeys.longs(all, COUNT);
      Object[] keys = keysOf(all, all.columnNames().subList(0, nkeys));
      List<Long> survivors = new ArrayList<>();
      for (MergePlan.IntList rows : groups(keys).values()) {
        if (keep == Keep.FIRST) {
          survivors.add(pos[rows.v[0]]);
        } else if (keep == Keep.LAST) {
          survivors.add(pos[rows.v[rows.size - 1]]);
        } else {
          long total = 0;
          for (int i = 0; i < rows.size; i++) {
            total += cnt[rows.v[i]];
          }
          if (total == 1) {
            survivors.add(pos[rows.v[0]]);
          }
        }
      }
      long[] s = survivors.stream().mapToLong(Long::longValue).toArray();
      int[] dest = new int[s.length];
      int[] counts = new int[chunks];
      for (int i = 0; i < s.length; i++) {
        dest[i] = RowKeys.chunkOf(s[i]);
        counts[dest[i]]++;
      }
      LocalFrame f = LocalFrame.of(java.util.Map.of(RowKeys.POS, Column.ofLongs(s)));
      return new Exchange.Pieces(RowKeys.scatter(f, dest, counts));
    }

    @Override
    public String name() {
      return "drop_duplicates.decide";
    }
  }

  /** A chunk's rows whose positions some bucket kept, in their order. */
  record KeepRows() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      boolean[] k = new boolean[f.nrows()];
      for (LocalFrame kept : ((Exchange.Bucket) inputs[1]).as(LocalFrame.class)) {
        for (long p : RowKeys.longs(kept, RowKeys.POS)) {
          k[(int) p] = true;
        }
      }
      return f.filter(k);
    }

    @Override
    public String name() {
      return "drop_duplicates.keep";
    }
  }
}
