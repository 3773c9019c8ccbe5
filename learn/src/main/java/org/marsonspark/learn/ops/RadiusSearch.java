package org.marsonspark.learn.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileContext.ChunkSpec;
import org.marsonspark.core.TileableOp;
import org.marsonspark.learn.kernel.ItemsWithin;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.ops.Rechunking;

/**
 * The items within a radius of every query row, brute force: two sparse tensors
 * {@code (n_queries, n_items)} — the neighbours' pattern (1.0) and their reduced distances —
 * whose block (i, j) is computed by one task from query block i and item block j
 * ({@link ItemsWithin}); nothing is merged, so no chunk holds more than one pair of blocks'
 * neighbours. Query blocks are cut as in {@link NeighborSearch}.
 */
public final class RadiusSearch extends TileableOp {
  private final ItemsWithin kernel;

  private RadiusSearch(TensorData queries, TensorData items, ItemsWithin kernel) {
    super(queries == items ? List.of(items) : List.of(queries, items));
    this.kernel = kernel;
  }

  /** {@code [connectivity (float64), reduced distances (the inputs' dtype)]}, both sparse. */
  public static List<TensorData> of(TensorData queries, TensorData items, ItemsWithin kernel) {
    long[] shape = {queries.shape(0), items.shape(0)};
    return new RadiusSearch(queries, items, kernel).bindOutputs(List.of(new TensorData(shape, DType.FLOAT64, true),
        new TensorData(shape.clone(), queries.dtype(), true)));
  }

  @Override
  public String name() {
    return "radius_neighbors";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData queries = (TensorData) inputs().get(0);
    TensorData items = (TensorData) inputs().get(inputs().size() - 1);
    ctx.requireKnownShapes(queries, items);
    long d = items.shape(1);
    long[] itemRows = items.nsplits()[0];
    long[] queryRows = NeighborSearch.queryBlocks(queries.nsplits()[0], NeighborSearch.blockRows(itemRows, d));
    List<Chunk> itemBlocks = Rechunking.rechunk(ctx, items, new long[][] {itemRows, {d}});
    List<Chunk> queryBlocks = Rechunking.rechunk(ctx, queries, new long[][] {queryRows, {d}});
    long[] itemOffsets = Shapes.offsets(itemRows);
    long[] queryOffsets = Shapes.offsets(queryRows);
    DType dt = queries.dtype();
    List<Chunk> pattern = new ArrayList<>();
    List<Chunk> dist = new ArrayList<>();
    for (int b = 0; b < queryRows.length; b++) {
      for (int j = 0; j < itemRows.length; j++) {
        long[] shape = {queryRows[b], itemRows[j]};
        int[] index = {b, j};
        List<Chunk> out = ctx.newChunks(new Within(kernel, queryOffsets[b], itemOffsets[j]),
            List.of(queryBlocks.get(b), itemBlocks.get(j)), List.of(
                new ChunkSpec(index, shape, new CsrMatrix.Format(DType.FLOAT64)),
                new ChunkSpec(index.clone(), shape.clone(), new CsrMatrix.Format(dt))));
        pattern.add(out.get(0));
        dist.add(out.get(1));
      }
    }
    ((TensorData) outputs().get(0)).setChunks(pattern, new long[][] {queryRows, itemRows});
    ((TensorData) outputs().get(1)).setChunks(dist, new long[][] {queryRows.clone(), itemRows.clone()});
  }

  /** One query block against one item block: {@code [pattern, distances]}. */
  record Within(ItemsWithin kernel, long queryOffset, long itemOffset) implements ChunkOp {
    @Override
    public int outputCount() {
      return 2;
    }

    @Override
    public Object execute(Object[] inputs) {
      return kernel.block((NDArray) inputs[0], queryOffset, (NDArray) inputs[1], itemOffset);
    }

    @Override
    public String name() {
      return "radius_neighbors.block";
    }
  }
}
