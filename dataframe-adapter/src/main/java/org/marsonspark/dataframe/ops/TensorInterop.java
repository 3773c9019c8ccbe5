package org.marsonspark.dataframe.ops;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableOp;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DataFrameData;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfOp;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.IndexMeta;
import org.marsonspark.dataframe.SeriesData;
import org.marsonspark.dataframe.local.BoolColumn;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DoubleColumn;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.LongColumn;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.TensorData;
import org.marsonspark.tensor.ops.Rechunking;

/**
 * DataFrames and Series to tensors and back, chunk for chunk along rows. {@code toTensor}: row
 * chunk r of the frame becomes block (r, 0) of a 2-D tensor (a series: block r of a 1-D one),
 * with the frame's row splits, so nothing moves. The dtype is float64 when any column is float64,
 * else int64 when any is int64 (bool columns count 1 / 0), else bool; other dtypes are refused.
 * {@code fromTensor}: a 2-D tensor's column blocks are first rechunked into one, then each row
 * block becomes a frame chunk with a RangeIndex continuing the blocks before it.
 */
public final class TensorInterop {
  private TensorInterop() {}

  /** The tensor dtype of numeric columns; a clear error for others. */
  static DType tensorType(List<String> names, List<DfType> dtypes) {
    boolean anyFloat = false;
    boolean anyInt = false;
    for (int i = 0; i < dtypes.size(); i++) {
      switch (dtypes.get(i)) {
        case FLOAT64 -> anyFloat = true;
        case INT64 -> anyInt = true;
        case BOOL -> { }
        default -> throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "toTensor: column '" + names.get(i)
            + "' has dtype " + dtypes.get(i) + "; only int64, float64 and bool columns become a tensor — select "
            + "the numeric columns or cast (astype) first");
      }
    }
    return anyFloat ? DType.FLOAT64 : anyInt ? DType.INT64 : DType.BOOL;
  }

  /** {@code df.to_numpy()} as a tensor with the frame's row chunks. */
  public static Tensor toTensor(DfData in) {
    List<String> names;
    List<DfType> dtypes;
    long[] shape;
    if (in instanceof DataFrameData f) {
      names = f.columns();
      dtypes = f.dtypes();
      shape = new long[] {f.nrows(), f.columns().size()};
    } else {
      SeriesData s = (SeriesData) in;
      names = java.util.Arrays.asList(s.name() == null ? "<series>" : s.name());
      dtypes = List.of(s.dtype());
      shape = new long[] {s.nrows()};
    }
    DType dt = tensorType(names, dtypes);
    ToTensor op = new ToTensor(in, dt);
    return Tensor.ofOutput(op.bind(new TensorData(shape, dt)));
  }

  /** The operand behind {@code toTensor}: one tensor block per row chunk. */
  static final class ToTensor extends TileableOp {
    private final DType dtype;

    ToTensor(DfData in, DType dtype) {
      super(List.of(in));
      this.dtype = dtype;
    }

    TensorData bind(TensorData out) {
      return bindOutput(out);
    }

    @Override
    public String name() {
      return "to_tensor";
    }

    @Override
    public void tile(TileContext ctx) {
      DfData in = (DfData) inputs().get(0);
      TensorData out = (TensorData) output();
      List<Chunk> chunks = new ArrayList<>();
      long[] rows = in.rowSplits().clone();
      for (int r = 0; r < rows.length; r++) {
        Chunk c = in.chunks().get(r);
        long[] shape = out.ndim() == 2 ? new long[] {c.shape(0), out.shape(1)} : new long[] {c.shape(0)};
        int[] index = out.ndim() == 2 ? new int[] {r, 0} : new int[] {r};
        chunks.add(ctx.newChunk(new Block(dtype), List.of(c), index, shape, out.chunkMeta()));
      }
      out.setChunks(chunks, out.ndim() == 2 ? new long[][] {rows, {out.shape(1)}} : new long[][] {rows});
    }
  }

  /** A frame or series chunk as a C-order block of one dtype. */
  record Block(DType dtype) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      Column[] cols;
      int rows;
      boolean twoD = inputs[0] instanceof LocalFrame;
      if (twoD) {
        LocalFrame f = (LocalFrame) inputs[0];
        cols = new Column[f.ncols()];
        for (int i = 0; i < cols.length; i++) {
          cols[i] = f.column(i);
        }
        rows = f.nrows();
      } else {
        LocalSeries s = (LocalSeries) inputs[0];
        cols = new Column[] {s.values()};
        rows = s.size();
      }
      int w = cols.length;
      long[] shape = twoD ? new long[] {rows, w} : new long[] {rows};
      switch (dtype) {
        case FLOAT64 -> {
          double[] out = new double[rows * w];
          for (int c = 0; c < w; c++) {
            for (int r = 0; r < rows; r++) {
              out[r * w + c] = cols[c] instanceof DoubleColumn d ? d.getDouble(r)
                  : cols[c] instanceof LongColumn l ? l.getLong(r) : ((BoolColumn) cols[c]).getBool(r) ? 1 : 0;
            }
          }
          return NDArray.of(out, shape);
        }
        case INT64 -> {
          long[] out = new long[rows * w];
          for (int c = 0; c < w; c++) {
            for (int r = 0; r < rows; r++) {
              out[r * w + c] = cols[c] instanceof LongColumn l ? l.getLong(r) : ((BoolColumn) cols[c]).getBool(r) ? 1 : 0;
            }
          }
          return NDArray.of(out, shape);
        }
        default -> {
          boolean[] out = new boolean[rows * w];
          for (int c = 0; c < w; c++) {
            for (int r = 0; r < rows; r++) {
              out[r * w + c] = ((BoolColumn) cols[c]).getBool(r);
            }
          }
          return NDArray.of(out, shape);
        }
      }
    }

    @Override
    public String name() {
      return "to_tensor";
    }
  }

  /** {@code pd.DataFrame(tensor, columns=...)}: a 2-D tensor as a frame with the tensor's row blocks. */
  public static DataFrame fromTensor(Tensor t, List<String> columns) {
    TensorData in = t.data();
    if (in.ndim() != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromTensor: a DataFrame needs a 2-D tensor, got "
          + in.ndim() + "-D " + Shapes.toString(in.shape()) + "; reshape it first");
    }
    if (in.isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "fromTensor: sparse tensors are not supported; "
          + "call toDense() first");
    }
    if (in.shape(1) < 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromTensor: the tensor's column count is unknown; "
          + "execute it first");
    }
    int w = Math.toIntExact(in.shape(1));
    List<String> names = new ArrayList<>();
    if (columns == null) {
      for (int i = 0; i < w; i++) {
        names.add(Integer.toString(i));
      }
    } else {
      if (columns.size() != w) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "fromTensor: " + columns.size() + " column names for a "
            + "tensor of " + w + " columns");
      }
      if (new HashSet<>(columns).size() != columns.size()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fromTensor: duplicate column names " + columns);
      }
      names.addAll(columns);
    }
    DfType dt = switch (in.dtype()) {
      case FLOAT64, FLOAT32 -> DfType.FLOAT64;
      case INT64, INT32 -> DfType.INT64;
      case BOOL -> DfType.BOOL;
    };
    List<DfType> dts = new ArrayList<>();
    names.forEach(n -> dts.add(dt));
    return FromTensor.of(in, names, dts);
  }

  /** The operand behind {@code fromTensor}. */
  static final class FromTensor extends DfOp {
    private FromTensor(TensorData in) {
      super(List.of(in));
    }

    static DataFrame of(TensorData in, List<String> names, List<DfType> dtypes) {
      return new FromTensor(in).newFrame(new DataFrameData(in.shape(0), names, dtypes, IndexMeta.rangeIndex(),
          DfData.newAlignKey()));
    }

    @Override
    public String name() {
      return "from_tensor";
    }

    @Override
    public void tile(TileContext ctx) {
      TensorData in = (TensorData) inputs().get(0);
      ctx.requireKnownShapes(in);
      long[] rows = in.nsplits()[0];
      List<Chunk> blocks = in.nsplits()[1].length == 1 ? in.chunks()
          : Rechunking.rechunk(ctx, in, new long[][] {rows, {in.shape(1)}});
      DataFrameData out = (DataFrameData) out();
      long[] off = Shapes.offsets(rows);
      List<Chunk> chunks = new ArrayList<>();
      for (int r = 0; r < rows.length; r++) {
        chunks.add(ctx.newChunk(new Frame(out.columns(), out.dtypes().get(0), off[r]), List.of(blocks.get(r)),
            rowIndex(out, r), rowShape(out, rows[r]), out.chunkMeta()));
      }
      out.setChunks(chunks, nsplitsOf(out, rows));
    }
  }

  /** A 2-D block as a frame chunk whose RangeIndex starts at {@code offset}. */
  record Frame(List<String> names, DfType dtype, long offset) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      NDArray a = (NDArray) inputs[0];
      int rows = (int) a.shape(0);
      int w = (int) a.shape(1);
      Column[] cols = new Column[w];
      for (int c = 0; c < w; c++) {
        switch (dtype) {
          case FLOAT64 -> {
            double[] v = new double[rows];
            for (int r = 0; r < rows; r++) {
              v[r] = a.getDouble(r * w + c);
            }
            cols[c] = Column.ofDoubles(v);
          }
          case INT64 -> {
            long[] v = new long[rows];
            for (int r = 0; r < rows; r++) {
              v[r] = a.getLong(r * w + c);
            }
            cols[c] = Column.ofLongs(v);
          }
          default -> {
            boolean[] v = new boolean[rows];
            for (int r = 0; r < rows; r++) {
              v[r] = a.getBool(r * w + c);
            }
            cols[c] = Column.ofBools(v);
          }
        }
      }
      return new LocalFrame(LocalIndex.range(offset, offset + rows, 1), names.toArray(new String[0]), cols);
    }

    @Override
    public String name() {
      return "from_tensor";
    }
  }
}
