package org.marsonspark.dataframe.ops;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * {@code s.str.split(pat, n, expand=True)}: a frame with one object column per piece, as many
 * as the value with the most pieces has. That width depends on the data, so tiling runs a
 * pre-pass first (iterative tiling): every input chunk counts its most pieces and reports the
 * count as the length of a tiny chunk value ({@link Width}) — the runtime sends chunk shapes,
 * never data, back to the driver — then tiling resumes, names the columns "0" .. "k-1" and
 * builds one split chunk per input chunk. Rows and labels are the input's.
 */
public final class SplitExpand extends DfOp {
  private final StrOps.Split split;
  private Probe probe;

  private SplitExpand(SeriesData in, StrOps.Split split) {
    super(List.of(in));
    this.split = split;
  }

  public static DataFrameData of(SeriesData in, StrOps.Split split) {
    SplitExpand op = new SplitExpand(in, split);
    return op.newOutput(DataFrameData.columnsDecidedAtTile(in.nrows(), in.index(), in.alignKey(),
        "str.split(expand=True)"));
  }

  @Override
  public String name() {
    return "str.split";
  }

  @Override
  public void tile(TileContext ctx) {
    SeriesData in = (SeriesData) in(0);
    if (probe == null) {
      List<Chunk> counts = new ArrayList<>();
      for (Chunk c : in.chunks()) {
        counts.add(ctx.newChunk(new CountPieces(split), List.of(c), new int[] {c.index(0)},
            new long[] {Shapes.UNKNOWN}, null));
      }
      probe = new Probe();
      probe.setChunks(counts, new long[][] {unknownSplits(counts.size())});
    }
    ctx.requireKnownShapes(probe);
    int width = 0;
    for (Chunk c : probe.chunks()) {
      width = (int) Math.max(width, c.shape(0));
    }
    List<String> names = new ArrayList<>();
    List<DfType> types = new ArrayList<>();
    for (int j = 0; j < width; j++) {
      names.add(Integer.toString(j));
      types.add(DfType.OBJECT);
    }
    DataFrameData out = (DataFrameData) out();
    out.resolveColumns(names, types);
    List<Chunk> chunks = new ArrayList<>();
    long[] rows = in.rowSplits();
    for (int r = 0; r < in.chunks().size(); r++) {
      chunks.add(ctx.newChunk(new StrOps.SplitExpandChunk(split, width), List.of(in.chunks().get(r)),
          new int[] {r, 0}, new long[] {rows[r], width}, out.chunkMeta()));
    }
    out.setChunks(chunks, new long[][] {rows, {width}});
  }

  /** The pre-pass's tileable: one {@link Width} per input chunk (never seen by users). */
  static final class Probe extends TileableData {
    Probe() {
      super(new long[] {Shapes.UNKNOWN});
    }
  }

  /** The most pieces a value of the chunk splits into, reported as the length of a {@link Width}. */
  record CountPieces(StrOps.Split split) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      int most = 0;
      for (int i = 0; i < s.size(); i++) {
        if (!s.values().isNA(i) && s.get(i) instanceof String str) {
          most = Math.max(most, split.split(str).size());
        }
      }
      // pandas gives one column when rows exist but none has a piece (all NA), none without rows
      return new Width(s.size() > 0 ? Math.max(1, most) : 0);
    }

    @Override
    public String name() {
      return "str.split.width";
    }
  }

  /** A count reported through its shape: the only thing of a chunk the driver receives while tiling. */
  public static final class Width implements ChunkValue, Serializable {
    private static final long serialVersionUID = 1L;
    private final long n;

    // a class, not a record: Kryo 4 (Spark's) cannot set the fields of records
    public Width(long n) {
      this.n = n;
    }

    @Override
    public long[] shape() {
      return new long[] {n};
    }

    @Override
    public long nbytes() {
      return 16;
    }

    @Override
    public String kind() {
      return "width";
    }
  }
}
