package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.IndexData;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.Rows;

/**
 * The family of operands that work row chunk by row chunk: column selection and assignment,
 * element-wise arithmetic and comparison, casts, NA handling, boolean filtering. Inputs are
 * aligned by rows ({@link DfOp#alignRows}); scalars (reduction results) go to every chunk. Each
 * member is only its {@link ChunkOp}, which receives the aligned chunks in input order. An op
 * that keeps the rows of each chunk keeps the alignment key of its inputs; one that drops rows
 * (a filter) gives chunks of unknown size and a new key.
 */
public final class Chunkwise extends DfOp {
  private final ChunkOp fn;
  private final boolean keepsRows;

  private Chunkwise(List<? extends TileableData> inputs, ChunkOp fn, boolean keepsRows) {
    super(inputs);
    this.fn = fn;
    this.keepsRows = keepsRows;
  }

  @Override
  public String name() {
    return fn.name();
  }

  /** The alignment key of an output: the inputs' shared key when rows are kept, else a new one. */
  static long keyFor(List<? extends TileableData> inputs, boolean keepsRows) {
    Long key = null;
    for (TileableData t : inputs) {
      if (t instanceof DfData d) {
        if (key != null && key != d.alignKey()) {
          return DfData.newAlignKey();
        }
        key = d.alignKey();
      }
    }
    if (key == null) {
      throw new MarsException(ErrorClass.INTERNAL, "a chunk-wise operand needs a frame, series or index input");
    }
    return keepsRows ? key : DfData.newAlignKey();
  }

  static long rowsOf(List<? extends TileableData> inputs, boolean keepsRows) {
    if (!keepsRows) {
      return -1;
    }
    long rows = -1;
    for (TileableData t : inputs) {
      if (t instanceof DfData d) {
        if (d.nrows() >= 0 && rows >= 0 && d.nrows() != rows) {
          throw DfOp.notAligned("operands", rows, d.nrows());
        }
        rows = Math.max(rows, d.nrows());
      }
    }
    return rows;
  }

  /** A frame from the inputs: {@code like} gives columns, dtypes and index (its rows and key are replaced). */
  public static DataFrameData frame(List<? extends TileableData> inputs, ChunkOp fn, boolean keepsRows,
      DataFrameData like) {
    long key = keyFor(inputs, keepsRows);
    return new Chunkwise(inputs, fn, keepsRows).newOutput(new DataFrameData(rowsOf(inputs, keepsRows), like.columns(),
        like.dtypes(), like.index(), key));
  }

  public static SeriesData series(List<? extends TileableData> inputs, ChunkOp fn, boolean keepsRows,
      SeriesData like) {
    long key = keyFor(inputs, keepsRows);
    return new Chunkwise(inputs, fn, keepsRows).newOutput(new SeriesData(rowsOf(inputs, keepsRows), like.name(),
        like.dtype(), like.index(), key));
  }

  public static IndexData index(List<? extends TileableData> inputs, ChunkOp fn, boolean keepsRows,
      IndexData like) {
    long key = keyFor(inputs, keepsRows);
    return new Chunkwise(inputs, fn, keepsRows).newOutput(new IndexData(rowsOf(inputs, keepsRows), like.index(), key));
  }

  @Override
  public void tile(TileContext ctx) {
    long[][] splits = new long[1][];
    List<List<Chunk>> rows = alignRows(ctx, splits);
    ChunkOp op = needsLabelCheck() ? new LabelChecked(fn) : fn;
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      long n = keepsRows ? splits[0][r] : -1;
      chunks.add(ctx.newChunk(op, rows.get(r), rowIndex(out, r), rowShape(out, n), out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, keepsRows ? splits[0] : unknownSplits(rows.size())));
  }

  /**
   * Runs an op on inputs that were paired by position, after checking that their row labels
   * agree: pandas would align differently labelled rows by label, which is not built yet.
   */
  record LabelChecked(ChunkOp inner) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Object first = null;
      for (Object in : inputs) {
        if (in instanceof org.marsonspark.dataframe.local.ScalarValue) {
          continue;
        }
        if (first == null) {
          first = in;
        } else if (!Rows.index(first).sameLabels(Rows.index(in))) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, inner.name() + ": the operands' row labels "
              + "differ; pandas would align them by label, which Mars on Spark does not do yet (use operands "
              + "derived from the same frame, or give them the same index)");
        }
      }
      return inner.execute(inputs);
    }

    @Override
    public String name() {
      return inner.name();
    }
  }
}
