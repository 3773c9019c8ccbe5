package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.dataframe.local.Rows;

/**
 * Base of DataFrame / Series / Index operands: binds typed outputs, and holds the tiling shared
 * by the family — row alignment of several inputs and row rechunking.
 */
public abstract class DfOp extends TileableOp {
  protected DfOp(List<? extends TileableData> inputs) {
    super(inputs);
  }

  // Binding an output and wrapping it for the user is the one place every DataFrame, Series, Index
  // and Scalar is made: in an eager session (MarsSession.eagerDefault()) it runs right away here.
  // Call these last, once the operand is fully built.

  /**
   * Binds one output and returns its data, for the facade to wrap ({@link DataFrame#ofOutput},
   * {@link Series#ofOutput}, {@link Scalar#ofOutput}), where an eager session runs it: what an
   * operator under the dependency rule returns.
   */
  protected <T extends TileableData> T newOutput(T d) {
    return bindOutput(d);
  }

  protected DataFrame newFrame(DataFrameData d) {
    return eager(new DataFrame(bindOutput(d)));
  }

  protected Series newSeries(SeriesData d) {
    return eager(new Series(bindOutput(d)));
  }

  protected Index newIndex(IndexData d) {
    return eager(new Index(bindOutput(d)));
  }

  protected Scalar newScalar(ScalarData d) {
    return eager(new Scalar(bindOutput(d)));
  }

  /** Runs a newly created object at once when the default session is eager; returns it. */
  static <T extends Executable> T eager(T created) {
    org.marsonspark.session.MarsSession s = org.marsonspark.session.MarsSession.eagerDefault();
    if (s != null) {
      Md.execute(s, created);
    }
    return created;
  }

  protected DfData in(int i) {
    return (DfData) inputs().get(i);
  }

  protected DfData out() {
    return (DfData) output();
  }

  /**
   * Input chunks by output row chunk: entry r holds, for every input, the chunk covering output
   * rows chunk r (a scalar input gives its only chunk to every row chunk). Inputs sharing one
   * alignment key pair chunk for chunk, even with unknown sizes; otherwise sizes are made known
   * and every input is rechunked to the union of the row boundaries. {@code splits[0]} receives
   * the output's row splits.
   */
  protected List<List<Chunk>> alignRows(TileContext ctx, long[][] splits) {
    List<DfData> rowInputs = new ArrayList<>();
    for (TileableData t : inputs()) {
      if (t instanceof DfData d) {
        rowInputs.add(d);
      }
    }
    if (rowInputs.isEmpty()) {
      throw new MarsException(ErrorClass.INTERNAL, name() + " has no row input");
    }
    DfData first = rowInputs.get(0);
    boolean sameKey = true;
    for (DfData d : rowInputs) {
      sameKey &= d.alignKey() == first.alignKey() && d.chunks().size() == first.chunks().size();
    }
    List<List<Chunk>> perInput = new ArrayList<>();
    long[] target;
    if (sameKey) {
      target = first.rowSplits();
      for (TileableData t : inputs()) {
        perInput.add(t instanceof DfData d ? d.chunks() : null);
      }
    } else {
      ctx.requireKnownShapes(rowInputs.toArray(new TileableData[0]));
      for (DfData d : rowInputs) {
        if (d.nrows() != first.nrows()) {
          throw notAligned(name() + ": inputs", first.nrows(), d.nrows());
        }
      }
      target = unionSplits(rowInputs);
      for (TileableData t : inputs()) {
        perInput.add(t instanceof DfData d ? rechunkRows(ctx, d, target) : null);
      }
    }
    splits[0] = target;
    List<List<Chunk>> out = new ArrayList<>();
    for (int r = 0; r < target.length; r++) {
      List<Chunk> row = new ArrayList<>();
      for (int i = 0; i < inputs().size(); i++) {
        TileableData t = inputs().get(i);
        row.add(t instanceof DfData ? perInput.get(i).get(r) : t.chunks().get(0));
      }
      out.add(row);
    }
    return out;
  }

  /**
   * Operands of different lengths: pandas would align them by label (an outer join of the
   * indexes), which is not built — {@code UNSUPPORTED_OPERATION}, as for equal lengths with
   * other labels.
   */
  public static MarsException notAligned(String what, long rows, long otherRows) {
    return new MarsException(ErrorClass.UNSUPPORTED_OPERATION, what + " have " + rows + " and " + otherRows
        + " rows: pandas would align them by label, which is not supported yet; give operands the same rows "
        + "(the same frame, or equal labels)");
  }

  /** Whether {@link #alignRows} pairs chunks of different alignment keys (whose labels must then be checked). */
  protected boolean needsLabelCheck() {
    Long key = null;
    for (TileableData t : inputs()) {
      if (t instanceof DfData d) {
        if (key != null && key != d.alignKey()) {
          return true;
        }
        key = d.alignKey();
      }
    }
    return false;
  }

  static long[] unionSplits(List<DfData> inputs) {
    java.util.TreeSet<Long> cuts = new java.util.TreeSet<>();
    long total = inputs.get(0).nrows();
    for (DfData d : inputs) {
      long[] off = Shapes.offsets(d.rowSplits());
      for (long o : off) {
        cuts.add(o);
      }
    }
    cuts.add(0L);
    cuts.add(total);
    List<Long> c = new ArrayList<>(cuts);
    if (c.size() == 1) {
      return new long[] {0};
    }
    long[] out = new long[c.size() - 1];
    for (int i = 0; i < out.length; i++) {
      out[i] = c.get(i + 1) - c.get(i);
    }
    return out;
  }

  /** The chunks of {@code d} rechunked along rows to {@code target} (same chunks when they already match). */
  public static List<Chunk> rechunkRows(TileContext ctx, DfData d, long[] target) {
    long[] have = d.rowSplits();
    if (Arrays.equals(have, target)) {
      return d.chunks();
    }
    long[] inOff = Shapes.offsets(have);
    long[] outOff = Shapes.offsets(target);
    List<Chunk> out = new ArrayList<>();
    for (int r = 0; r < target.length; r++) {
      long lo = outOff[r];
      long hi = outOff[r + 1];
      List<Chunk> parts = new ArrayList<>();
      List<int[]> ranges = new ArrayList<>();
      for (int c = 0; c < have.length; c++) {
        long s = Math.max(lo, inOff[c]);
        long e = Math.min(hi, inOff[c + 1]);
        if (s < e || (lo == hi && c == 0 && parts.isEmpty())) {
          parts.add(d.chunks().get(c));
          ranges.add(new int[] {(int) (s - inOff[c]), (int) (Math.max(s, e) - inOff[c])});
        }
      }
      if (parts.size() == 1 && ranges.get(0)[0] == 0 && ranges.get(0)[1] == have[indexOf(d, parts.get(0))]) {
        out.add(parts.get(0));
        continue;
      }
      int[] from = new int[parts.size()];
      int[] to = new int[parts.size()];
      for (int i = 0; i < from.length; i++) {
        from[i] = ranges.get(i)[0];
        to[i] = ranges.get(i)[1];
      }
      out.add(ctx.newChunk(new RowRanges(from, to), parts, rowIndex(d, r), rowShape(d, hi - lo), d.chunkMeta()));
    }
    return out;
  }

  private static int indexOf(DfData d, Chunk c) {
    return c.index(0);
  }

  /** The grid index of row chunk r of a tileable like {@code d}. */
  public static int[] rowIndex(TileableData d, int r) {
    return d.ndim() == 2 ? new int[] {r, 0} : new int[] {r};
  }

  /** The shape of a chunk of {@code rows} rows of a tileable like {@code d}. */
  public static long[] rowShape(TileableData d, long rows) {
    return d.ndim() == 2 ? new long[] {rows, d.shape(1)} : new long[] {rows};
  }

  /** The nsplits of a tileable like {@code d} with these row splits. */
  public static long[][] nsplitsOf(TileableData d, long[] rowSplits) {
    return d.ndim() == 2 ? new long[][] {rowSplits, {d.shape(1)}} : new long[][] {rowSplits};
  }

  /** Splits of {@code n} chunks of unknown size. */
  public static long[] unknownSplits(int n) {
    long[] s = new long[n];
    Arrays.fill(s, Shapes.UNKNOWN);
    return s;
  }

  /** Concatenates row ranges of several chunks (row rechunking). */
  public record RowRanges(int[] from, int[] to) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      List<Object> parts = new ArrayList<>();
      for (int i = 0; i < inputs.length; i++) {
        parts.add(Rows.slice(inputs[i], from[i], to[i]));
      }
      return Rows.concat(parts);
    }

    @Override
    public String name() {
      return "rechunk_rows";
    }
  }
}
