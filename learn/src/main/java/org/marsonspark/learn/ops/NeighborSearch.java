package org.marsonspark.learn.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.core.TileableOp;
import org.marsonspark.learn.kernel.NearestItems;
import org.marsonspark.learn.kernel.PairDistances;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.ops.Rechunking;
import org.marsonspark.tensor.ops.TopK;

/**
 * The k nearest items of every query row, brute force: query row blocks × item row blocks, one
 * task per pair computing that pair's candidates ({@link NearestItems}: a matrix product per tile
 * and a bounded selection per query row), and per query block the candidates of its item blocks
 * merged {@code combineSize} at a time ({@link TopK#mergeTree}), so no chunk ever holds more than
 * {@code combineSize · k} candidates of a query row. When all items fit in one chunk
 * ({@link #broadcastLimit}) they are one block that every query block's task reads
 * ("kneighbors.broadcast" in the plan, no merge); otherwise the items keep their row chunks
 * ("kneighbors.block" then "topk.merge").
 *
 * <p>Query blocks are the queries' row chunks, cut further so that one task computes at most
 * {@link #WORK_PER_TASK} multiply-adds (but keeps at least a tile of 256 query rows). Outputs: the reduced distances ({@code rows × k}, the
 * blocks' dtype) and the item indices (int64), nearest first, equal distances by lower index.
 */
public final class NeighborSearch extends TileableOp {
  /**
   * Multiply-adds (query rows × items × features) one task computes at most: 2³⁴, about 0.7 s of
   * sgemm and selection on one core here. At 2³¹ W6's query chunks were cut into 64 blocks of
   * 80 ms tasks — a separate stage of 64 slicing tasks, then Spark's few milliseconds per task
   * on each — and it ran 1.46× the hand-written loop; now its 8 query chunks are 8 tasks.
   */
  public static final long WORK_PER_TASK = 1L << 34;

  private final NearestItems kernel;

  private NeighborSearch(TensorData queries, TensorData items, NearestItems kernel) {
    super(queries == items ? List.of(items) : List.of(queries, items));
    this.kernel = kernel;
  }

  /**
   * {@code [distances, indices]} of the {@code kernel.k()} nearest of {@code items} for each row of
   * {@code queries} (the same tensor, with the kernel's {@code excludeSelf}, for the fitted items
   * themselves). Both are 2-D floats of one dtype with as many columns.
   */
  public static List<TensorData> of(TensorData queries, TensorData items, NearestItems kernel) {
    long[] shape = {queries.shape(0), kernel.k()};
    return new NeighborSearch(queries, items, kernel).bindOutputs(List.of(new TensorData(shape, queries.dtype()),
        new TensorData(shape.clone(), DType.INT64)));
  }

  /** Items of at most this many bytes are one block read by every query block: half a chunk's limit. */
  public static long broadcastLimit(TileContext ctx) {
    return ctx.options().chunkStoreLimit() / 2;
  }

  @Override
  public String name() {
    return "kneighbors";
  }

  private TensorData queries() {
    return (TensorData) inputs().get(0);
  }

  private TensorData items() {
    return (TensorData) inputs().get(inputs().size() - 1);
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData queries = queries();
    TensorData items = items();
    ctx.requireKnownShapes(queries, items);
    long d = items.shape(1);
    long n = items.shape(0);
    long itemBytes = n * d * items.dtype().itemSize();
    boolean broadcast = itemBytes <= broadcastLimit(ctx) || items.nsplits()[0].length == 1;
    long[] itemRows = broadcast ? new long[] {n} : items.nsplits()[0];
    long[] queryRows = queryBlocks(queries.nsplits()[0], blockRows(itemRows, d));
    List<Chunk> itemBlocks = Rechunking.rechunk(ctx, items, new long[][] {itemRows, {d}});
    List<Chunk> queryBlocks = Rechunking.rechunk(ctx, queries, new long[][] {queryRows, {d}});
    long[] itemOffsets = Shapes.offsets(itemRows);
    long[] queryOffsets = Shapes.offsets(queryRows);
    int k = kernel.k();
    DType dt = queries.dtype();
    List<Chunk> dist = new ArrayList<>();
    List<Chunk> idx = new ArrayList<>();
    for (int b = 0; b < queryRows.length; b++) {
      List<List<Chunk>> pairs = new ArrayList<>();
      for (int j = 0; j < itemRows.length; j++) {
        long[] shape = {queryRows[b], Math.min(k, itemRows[j])};
        int[] index = {b, broadcast ? 0 : j};
        pairs.add(ctx.newChunks(new Candidates(kernel, queryOffsets[b], itemOffsets[j], broadcast),
            List.of(queryBlocks.get(b), itemBlocks.get(j)), List.of(new ChunkSpec(index, shape, dt),
                new ChunkSpec(index.clone(), shape.clone(), DType.INT64))));
      }
      List<Chunk> root = broadcast ? pairs.get(0)
          : TopK.mergeTree(ctx, pairs, 1, k, false, false, new int[] {b, 0});
      dist.add(root.get(0));
      idx.add(root.get(1));
    }
    long[][] splits = {queryRows, {k}};
    ((TensorData) outputs().get(0)).setChunks(dist, splits);
    ((TensorData) outputs().get(1)).setChunks(idx, new long[][] {queryRows.clone(), {k}});
  }

  /**
   * The most query rows of a block: {@link #WORK_PER_TASK} over the largest item block's work per
   * query row, but at least one tile of queries ({@link PairDistances#QUERY_TILE}).
   */
  static long blockRows(long[] itemRows, long d) {
    long widest = java.util.Arrays.stream(itemRows).max().orElse(1);
    return Math.max(PairDistances.QUERY_TILE, WORK_PER_TASK / Math.max(1, widest * d));
  }

  /** The row splits cut so that no block has more than {@code most} rows. */
  static long[] queryBlocks(long[] rows, long most) {
    List<Long> out = new ArrayList<>();
    for (long r : rows) {
      long parts = Math.max(1, (r + most - 1) / most);
      for (long p = 0; p < parts; p++) {
        out.add(r / parts + (p < r % parts ? 1 : 0));
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /** The candidates of one query block among one item block: {@code [distances, indices]}. */
  record Candidates(NearestItems kernel, long queryOffset, long itemOffset, boolean broadcast) implements ChunkOp {
    @Override
    public int outputCount() {
      return 2;
    }

    @Override
    public Object execute(Object[] inputs) {
      return (Object[]) kernel.candidates((NDArray) inputs[0], queryOffset, (NDArray) inputs[1], itemOffset);
    }

    @Override
    public String name() {
      return broadcast ? "kneighbors.broadcast" : "kneighbors.block";
    }
  }
}
