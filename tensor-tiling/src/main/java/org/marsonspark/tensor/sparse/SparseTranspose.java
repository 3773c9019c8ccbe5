package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.TensorOp;

/** The transpose of a sparse tensor, sparse again: block (j, i) is the transpose of block (i, j). */
public final class SparseTranspose extends TensorOp {
  private SparseTranspose(TensorData in) {
    super(List.of(in));
  }

  public static TensorData of(TensorData in) {
    return new SparseTranspose(in).newSparseOutput(new long[] {in.shape(1), in.shape(0)}, in.dtype());
  }

  @Override
  protected boolean acceptsSparse() {
    return true;
  }

  @Override
  public String name() {
    return "sparse_transpose";
  }

  @Override
  public void tile(TileContext ctx) {
    TensorData in = input(0);
    long[][] s = in.nsplits();
    int[] grid = in.chunkGrid();
    List<Chunk> chunks = new ArrayList<>();
    for (int j = 0; j < grid[1]; j++) {
      for (int i = 0; i < grid[0]; i++) {
        chunks.add(ctx.newChunk(new TransposeBlock(), List.of(in.chunk(i, j)), new int[] {j, i},
            new long[] {s[1][j], s[0][i]}, out().chunkMeta()));
      }
    }
    out().setChunks(chunks, new long[][] {s[1], s[0]});
  }

  record TransposeBlock() implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      return ((CsrMatrix) inputs[0]).transpose();
    }

    @Override
    public String name() {
      return "csr_transpose";
    }
  }
}
