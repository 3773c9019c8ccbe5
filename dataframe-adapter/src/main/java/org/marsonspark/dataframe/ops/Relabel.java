package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.Errors;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.MultiIndex;

/**
 * Operands that give a frame other row labels, chunk by chunk, without moving rows:
 * {@code set_index(column)} and {@code reset_index(drop)}. The rows and chunks stay; the labels
 * change, so the result gets a new alignment key. {@link #rename} (column names only) keeps the
 * labels and is a plain chunk-wise op.
 */
public final class Relabel extends DfOp {
  private final ChunkOp fn;
  private final boolean needsOffsets;

  private Relabel(DataFrameData in, ChunkOp fn, boolean needsOffsets) {
    super(List.of(in));
    this.fn = fn;
    this.needsOffsets = needsOffsets;
  }

  private static void require(DataFrameData d, String op, String c) {
    if (!d.columns().contains(c)) {
      throw Errors.columnNotFound(op, c, d.columns());
    }
  }

  /** {@code df.set_index(column, drop)}: the column's values become the labels (named after it). */
  public static DataFrameData setIndex(DataFrameData in, String column, boolean drop) {
    require(in, "set_index", column);
    List<String> cols = new ArrayList<>(in.columns());
    List<DfType> dts = new ArrayList<>(in.dtypes());
    if (drop) {
      int at = cols.indexOf(column);
      cols.remove(at);
      dts.remove(at);
    }
    IndexMeta idx = IndexMeta.of(in.dtype(column), column);
    return new Relabel(in, new SetIndex(column, drop), false).newOutput(new DataFrameData(in.nrows(), cols, dts, idx,
        DfData.newAlignKey()));
  }

  /**
   * {@code df.reset_index(drop)}: a new RangeIndex; unless dropped, the old labels become the first
   * column, named after the index ({@code "index"}, or {@code "level_0"} when "index" is taken).
   */
  public static DataFrameData resetIndex(DataFrameData in, boolean drop) {
    List<String> cols = new ArrayList<>(in.columns());
    List<DfType> dts = new ArrayList<>(in.dtypes());
    List<String> names = null;
    if (!drop) {
      IndexMeta im = in.index();
      names = new ArrayList<>();
      if (im.nlevels() == 1) {
        names.add(im.name() != null ? im.name() : cols.contains("index") ? "level_0" : "index");
      } else {
        // pandas: each level becomes a column, an unnamed level i named "level_i"
        for (int j = 0; j < im.nlevels(); j++) {
          names.add(im.names().get(j) != null ? im.names().get(j) : "level_" + j);
        }
      }
      for (int j = 0; j < names.size(); j++) {
        if (cols.contains(names.get(j)) || names.subList(0, j).contains(names.get(j))) {
          throw new MarsException(ErrorClass.INVALID_ARGUMENT, "reset_index: cannot insert " + names.get(j)
              + ", already exists; use drop=true or rename the column first");
        }
      }
      cols.addAll(0, names);
      dts.addAll(0, im.dtypes());
    }
    return new Relabel(in, new ResetIndex(names, 0), true).newOutput(new DataFrameData(in.nrows(), cols, dts,
        IndexMeta.rangeIndex(), DfData.newAlignKey()));
  }

  /** {@code df.rename(columns=mapping)}: names not in the frame are ignored, as pandas does by default. */
  public static DataFrameData rename(DataFrameData in, Map<String, String> mapping) {
    List<String> cols = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String c : in.columns()) {
      String n = mapping.getOrDefault(c, c);
      if (n == null) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rename: the new name of column '" + c + "' is null");
      }
      if (!seen.add(n)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rename: two columns would be named '" + n + "'");
      }
      cols.add(n);
    }
    return Chunkwise.frame(List.of(in), new RenameColumns(cols), true, new DataFrameData(-1, cols, in.dtypes(),
        in.index(), 0));
  }

  @Override
  public String name() {
    return fn.name();
  }

  @Override
  public void tile(TileContext ctx) {
    DfData in = in(0);
    if (needsOffsets) {
      ctx.requireKnownShapes(in);
    }
    long[] splits = in.rowSplits();
    long[] off = needsOffsets ? Shapes.offsets(splits) : null;
    DfData out = out();
    List<Chunk> chunks = new ArrayList<>();
    for (int r = 0; r < splits.length; r++) {
      ChunkOp op = fn instanceof ResetIndex ri ? new ResetIndex(ri.columns(), off[r]) : fn;
      chunks.add(ctx.newChunk(op, List.of(in.chunks().get(r)), rowIndex(out, r), rowShape(out, splits[r]),
          out.chunkMeta()));
    }
    out.setChunks(chunks, nsplitsOf(out, splits));
  }

  record SetIndex(String column, boolean drop) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      LocalIndex idx = LocalIndex.of(f.column(column), column);
      if (!drop) {
        return f.withIndex(idx);
      }
      List<String> keep = new ArrayList<>(f.columnNames());
      keep.remove(column);
      return f.select(keep).withIndex(idx);
    }

    @Override
    public String name() {
      return "set_index";
    }
  }

  /**
   * Labels {@code offset, offset + 1, ...}; the old labels become the leading columns {@code columns}
   * (one per level) unless it is null.
   */
  record ResetIndex(List<String> columns, long offset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      LocalIndex idx = LocalIndex.range(offset, offset + f.nrows(), 1);
      if (columns == null) {
        return f.withIndex(idx);
      }
      int nl = columns.size();
      String[] names = new String[f.ncols() + nl];
      Column[] cols = new Column[f.ncols() + nl];
      for (int j = 0; j < nl; j++) {
        names[j] = columns.get(j);
        cols[j] = f.index() instanceof MultiIndex m ? m.level(j) : f.index().values();
      }
      for (int j = 0; j < f.ncols(); j++) {
        names[j + nl] = f.columnNames().get(j);
        cols[j + nl] = f.column(j);
      }
      return new LocalFrame(idx, names, cols);
    }

    @Override
    public String name() {
      return "reset_index";
    }
  }

  record RenameColumns(List<String> names) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      LocalFrame f = (LocalFrame) inputs[0];
      Column[] cols = new Column[f.ncols()];
      for (int j = 0; j < cols.length; j++) {
        cols[j] = f.column(j);
      }
      return new LocalFrame(f.index(), names.toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "rename";
    }
  }
}
