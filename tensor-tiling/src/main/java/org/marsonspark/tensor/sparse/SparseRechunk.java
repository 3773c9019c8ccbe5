package org.marsonspark.tensor.sparse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.tensor.CsrMatrix;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.TensorData;

/**
 * Chunk-level rechunking of a sparse tensor: each new block is assembled from the slices of the
 * old blocks it overlaps (the sparse counterpart of the dense {@code Rechunking}).
 */
final class SparseRechunk {
  private SparseRechunk() {}

  /** Blocks of sparse {@code in} re-split as {@code target}, in C order of the new grid. */
  static List<Chunk> rechunk(TileContext ctx, TensorData in, long[][] target) {
    long[][] source = in.nsplits();
    if (Arrays.deepEquals(source, target)) {
      return in.chunks();
    }
    long[] sr = Shapes.offsets(source[0]);
    long[] sc = Shapes.offsets(source[1]);
    long[] tr = Shapes.offsets(target[0]);
    long[] tc = Shapes.offsets(target[1]);
    List<Chunk> out = new ArrayList<>();
    for (int i = 0; i < target[0].length; i++) {
      for (int j = 0; j < target[1].length; j++) {
        long r0 = tr[i];
        long r1 = tr[i + 1];
        long c0 = tc[j];
        long c1 = tc[j + 1];
        List<Chunk> inputs = new ArrayList<>();
        List<int[]> cuts = new ArrayList<>();
        for (int si = first(sr, r0); si < sr.length - 1 && (sr[si] < r1 || si == first(sr, r0)); si++) {
          for (int sj = first(sc, c0); sj < sc.length - 1 && (sc[sj] < c1 || sj == first(sc, c0)); sj++) {
            long fr = Math.max(sr[si], r0);
            long tr1 = Math.min(sr[si + 1], r1);
            long fc = Math.max(sc[sj], c0);
            long tc1 = Math.min(sc[sj + 1], c1);
            inputs.add(in.chunk(si, sj));
            cuts.add(new int[] {(int) (fr - sr[si]), (int) (tr1 - sr[si]), (int) (fc - sc[sj]), (int) (tc1 - sc[sj]),
                (int) (fr - r0), (int) (fc - c0)});
          }
        }
        long[] shape = {r1 - r0, c1 - c0};
        if (inputs.size() == 1 && Arrays.equals(inputs.get(0).shape(), shape)) {
          out.add(inputs.get(0));
          continue;
        }
        out.add(ctx.newChunk(new CsrAssemble((int) shape[0], (int) shape[1], in.dtype(), cuts.toArray(new int[0][])),
            inputs, new int[] {i, j}, shape, in.chunkMeta()));
      }
    }
    return out;
  }

  /** The chunk (by offsets) holding position {@code x}; the last chunk for the end. */
  private static int first(long[] offsets, long x) {
    return SparseCreation.chunkOf(offsets, x);
  }

  /**
   * One block made of slices of others: cut {@code q} is rows [0, 1), columns [2, 3) of input q,
   * placed at row 4, column 5.
   */
  record CsrAssemble(int rows, int cols, DType dtype, int[][] cuts) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      CsrMatrix[] pieces = new CsrMatrix[inputs.length];
      int[] rowAt = new int[inputs.length];
      int[] colAt = new int[inputs.length];
      for (int q = 0; q < inputs.length; q++) {
        int[] c = cuts[q];
        pieces[q] = ((CsrMatrix) inputs[q]).slice(c[0], c[1], c[2], c[3]);
        rowAt[q] = c[4];
        colAt[q] = c[5];
      }
      return CsrMatrix.assemble(dtype, rows, cols, pieces, rowAt, colAt);
    }

    @Override
    public String name() {
      return "rechunk";
    }
  }
}
