package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.UserFunctions;
import org.marsonspark.dataframe.local.DfFormat;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.dataframe.local.Rows;
import org.marsonspark.dataframe.ops.Agg;
import org.marsonspark.dataframe.ops.Apply;
import org.marsonspark.dataframe.ops.BinOp;
import org.marsonspark.dataframe.ops.Casts;
import org.marsonspark.dataframe.ops.Chunkwise;
import org.marsonspark.dataframe.ops.Describe;
import org.marsonspark.dataframe.ops.Expanding;
import org.marsonspark.dataframe.ops.Explode;
import org.marsonspark.dataframe.ops.LabelLoc;
import org.marsonspark.dataframe.ops.PositionTake;
import org.marsonspark.dataframe.ops.Quantile;
import org.marsonspark.dataframe.ops.Reduce;
import org.marsonspark.dataframe.ops.RowOps;
import org.marsonspark.dataframe.ops.RowSlice;
import org.marsonspark.dataframe.ops.Scan;
import org.marsonspark.dataframe.ops.Shift;
import org.marsonspark.dataframe.ops.SortValues;
import org.marsonspark.dataframe.ops.TensorInterop;
import org.marsonspark.dataframe.ops.TopN;
import org.marsonspark.dataframe.ops.ValueCounts;
import org.marsonspark.dataframe.ops.ValueOps;
import org.marsonspark.dataframe.ops.Windowed;
import org.marsonspark.dataframe.plot.PlotAccessor;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * A pandas-style Series, built lazily (see {@link DataFrame}). Arithmetic and comparisons take
 * another Series, a {@link Scalar} (a reduction result) or a Java constant ({@code Long},
 * {@code Integer}, {@code Double}, {@code Boolean}, {@code String}, {@code LocalDateTime}), with
 * pandas's dtype rules: int with float gives float64, {@code /} gives float64, NaN propagates,
 * comparisons with NA are false (but {@code !=} is true).
 */
public final class Series extends Executable {
  private final SeriesData data;

  Series(SeriesData data) {
    this.data = data;
  }

  /**
   * Wraps the output of an operand from another module (the learn module's row take, say),
   * already bound to that operand; in an eager session it runs right away.
   */
  public static Series ofOutput(SeriesData bound) {
    if (bound.op() == null) {
      throw new IllegalArgumentException("series data " + bound + " is not the output of an operand");
    }
    return DfOp.eager(new Series(bound));
  }

  @Override
  public SeriesData data() {
    return data;
  }

  public String name() {
    return data.name();
  }

  public DfType dtype() {
    return data.dtype();
  }

  /** Rows, or -1 while unknown. */
  public long length() {
    return data.nrows();
  }

  public long[] shape() {
    return data.shape();
  }

  public IndexMeta indexMeta() {
    return data.index();
  }

  public long[][] nsplits() {
    return data.nsplits();
  }

  // ---- element-wise ---------------------------------------------------------------------------

  /** The dtype of a Java constant. */
  static DfType scalarType(Object v) {
    DfType t = DfType.ofValue(v);
    if (t != null) {
      return t;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "value " + v + " of type "
        + (v == null ? "null" : v.getClass().getName())
        + " is not supported: use Long/Integer, Double, Boolean, String, LocalDateTime, a Series or a Scalar");
  }

  private Series binary(BinOp op, Object other, boolean reversed) {
    List<TileableData> ins = new ArrayList<>(List.of(data));
    DfType otherType;
    String name = data.name();
    Object constant = null;
    if (other instanceof Series s) {
      ins.add(s.data);
      otherType = s.dtype();
      name = Objects.equals(data.name(), s.name()) ? data.name() : null;
    } else if (other instanceof Scalar sc) {
      ins.add(sc.data());
      otherType = sc.dtype();
    } else if (other instanceof DataFrame) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Series " + op.symbol() + " DataFrame is not supported");
    } else {
      otherType = scalarType(other);
      constant = other;
    }
    DfType out = reversed ? op.resultType(otherType, dtype()) : op.resultType(dtype(), otherType);
    RowOps.Binary fn = RowOps.binary(op, constant, reversed, name);
    return Series.ofOutput(Chunkwise.series(ins, fn, true, new SeriesData(-1, name, out, data.index(), 0)));
  }

  public Series add(Object o) {
    return binary(BinOp.ADD, o, false);
  }

  public Series sub(Object o) {
    return binary(BinOp.SUB, o, false);
  }

  public Series mul(Object o) {
    return binary(BinOp.MUL, o, false);
  }

  /** True division: int operands give float64. */
  public Series div(Object o) {
    return binary(BinOp.DIV, o, false);
  }

  public Series floordiv(Object o) {
    return binary(BinOp.FLOORDIV, o, false);
  }

  public Series mod(Object o) {
    return binary(BinOp.MOD, o, false);
  }

  public Series pow(Object o) {
    return binary(BinOp.POW, o, false);
  }

  /** {@code other + this} (pandas {@code radd}). */
  public Series radd(Object o) {
    return binary(BinOp.ADD, o, true);
  }

  public Series rsub(Object o) {
    return binary(BinOp.SUB, o, true);
  }

  public Series rmul(Object o) {
    return binary(BinOp.MUL, o, true);
  }

  public Series rdiv(Object o) {
    return binary(BinOp.DIV, o, true);
  }

  public Series eq(Object o) {
    return binary(BinOp.EQ, o, false);
  }

  public Series ne(Object o) {
    return binary(BinOp.NE, o, false);
  }

  public Series lt(Object o) {
    return binary(BinOp.LT, o, false);
  }

  public Series le(Object o) {
    return binary(BinOp.LE, o, false);
  }

  public Series gt(Object o) {
    return binary(BinOp.GT, o, false);
  }

  public Series ge(Object o) {
    return binary(BinOp.GE, o, false);
  }

  /** {@code a & b} of bool series. */
  public Series and(Object o) {
    return binary(BinOp.AND, o, false);
  }

  public Series or(Object o) {
    return binary(BinOp.OR, o, false);
  }

  public Series xor(Object o) {
    return binary(BinOp.XOR, o, false);
  }

  private Series unary(RowOps.UnaryKind kind) {
    boolean ok = kind == RowOps.UnaryKind.NOT ? dtype() == DfType.BOOL
        : dtype() == DfType.INT64 || dtype() == DfType.FLOAT64;
    if (!ok) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, kind.name().toLowerCase() + " is not supported for dtype "
          + dtype());
    }
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.Unary(kind), true, data));
  }

  /** {@code ~s} of a bool series. */
  public Series not() {
    return unary(RowOps.UnaryKind.NOT);
  }

  public Series neg() {
    return unary(RowOps.UnaryKind.NEG);
  }

  public Series abs() {
    return unary(RowOps.UnaryKind.ABS);
  }

  /** {@code s.isin(values)}: bool, true where the value is one of {@code values} (Python equality: 1 == 1.0 == True). */
  public Series isin(Collection<?> values) {
    ValueOps.checkIsIn(dtype(), values, "a series");
    return Series.ofOutput(Chunkwise.series(List.of(data), ValueOps.IsIn.of(values), true,
        new SeriesData(-1, data.name(), DfType.BOOL, data.index(), 0)));
  }

  /** {@code s.clip(lower, upper)}; null for no bound. int64 stays int64 with integral bounds, else float64. */
  public Series clip(Double lower, Double upper) {
    DfType t = ValueOps.clipType(dtype(), lower, upper, "a series");
    return Series.ofOutput(Chunkwise.series(List.of(data), ValueOps.Clip.of(lower, upper), true,
        new SeriesData(-1, data.name(), t, data.index(), 0)));
  }

  /** {@code s.round(decimals)}: halves to even as numpy; int64 changes only for negative decimals. */
  public Series round(int decimals) {
    if (dtype() != DfType.INT64 && dtype() != DfType.FLOAT64) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "round is not supported for dtype " + dtype());
    }
    return Series.ofOutput(Chunkwise.series(List.of(data), new ValueOps.Round(decimals), true, data));
  }

  public Series round() {
    return round(0);
  }

  /** {@code s.where(cond)}: the values where the bool series {@code cond} is true, NA elsewhere. */
  public Series where(Series cond) {
    return where(cond, null, false);
  }

  /**
   * {@code s.where(cond, other)}: the values where {@code cond} is true, {@code other} elsewhere
   * (a constant, null for NA, or a series of the same rows).
   */
  public Series where(Series cond, Object other) {
    return where(cond, other, false);
  }

  /** {@code s.mask(cond)}: NA where {@code cond} is true. */
  public Series mask(Series cond) {
    return where(cond, null, true);
  }

  /** {@code s.mask(cond, other)}: {@code other} where {@code cond} is true. */
  public Series mask(Series cond, Object other) {
    return where(cond, other, true);
  }

  private Series where(Series cond, Object other, boolean mask) {
    String fn = mask ? "mask" : "where";
    if (cond.dtype() != DfType.BOOL) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, fn + ": the condition must have dtype bool, got "
          + cond.dtype());
    }
    List<TileableData> ins = new ArrayList<>(List.of(data, cond.data));
    DfType otherType = null;
    Object constant = null;
    if (other instanceof Series o) {
      ins.add(o.data);
      otherType = o.dtype();
    } else if (other != null && !(other instanceof Double d && d.isNaN())) {
      otherType = scalarType(other);
      constant = other;
    }
    DfType out = ValueOps.whereType(dtype(), otherType, fn);
    return Series.ofOutput(Chunkwise.series(ins, new ValueOps.Where(mask, constant, out), true,
        new SeriesData(-1, data.name(), out, data.index(), 0)));
  }

  /** {@code s.between(left, right, inclusive)}: {@code inclusive} "both" (pandas's default), "neither", "left" or "right". */
  public Series between(double left, double right, String inclusive) {
    boolean[] in = ValueOps.inclusive(dtype(), inclusive);
    return Series.ofOutput(Chunkwise.series(List.of(data), new ValueOps.Between(left, right, in[0], in[1]), true,
        new SeriesData(-1, data.name(), DfType.BOOL, data.index(), 0)));
  }

  public Series between(double left, double right) {
    return between(left, right, "both");
  }

  // ---- NA handling, casts, selection ------------------------------------------------------------

  public Series isna() {
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.IsNa(false), true,
        new SeriesData(-1, data.name(), DfType.BOOL, data.index(), 0)));
  }

  public Series notna() {
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.IsNa(true), true,
        new SeriesData(-1, data.name(), DfType.BOOL, data.index(), 0)));
  }

  public Series fillna(Object value) {
    if (dtype().holdsNA()) {
      RowOps.checkFill(dtype(), value, "series");
    }
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.FillNa(null, value), true, data));
  }

  /** {@code s.ffill()} (pandas 1.5's {@code fillna(method="ffill")}): NA takes the last valid value before it. */
  public Series ffill() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.FFILL));
  }

  /** {@code s.bfill()} ({@code fillna(method="bfill")}): NA takes the next valid value after it. */
  public Series bfill() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.BFILL));
  }

  /** Running sum (NA stays NA and is skipped); int64, float64 and bool (as int64). */
  public Series cumsum() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.CUMSUM));
  }

  /** Running product (NA stays NA and is skipped). */
  public Series cumprod() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.CUMPROD));
  }

  /** Running maximum (NA stays NA and is skipped). */
  public Series cummax() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.CUMMAX));
  }

  /** Running minimum (NA stays NA and is skipped). */
  public Series cummin() {
    return Series.ofOutput(Scan.series(data, Scan.Kind.CUMMIN));
  }

  /**
   * {@code s.shift(periods)}: values move {@code periods} rows down (up when negative), labels
   * stay; the rows left empty are NA (int64 becomes float64, bool object).
   */
  public Series shift(long periods) {
    return Series.ofOutput(Shift.series(data, periods, false));
  }

  public Series shift() {
    return shift(1);
  }

  /** {@code s.diff(periods)}: {@code s - s.shift(periods)} as float64; int64 and float64 only. */
  public Series diff(long periods) {
    return Series.ofOutput(Shift.series(data, periods, true));
  }

  public Series diff() {
    return diff(1);
  }

  /**
   * {@code s.pct_change(periods)} as pandas 1.5: NA is first filled forward, then
   * {@code s / s.shift(periods) - 1} (float64; x / 0 is inf); int64 and float64 only.
   */
  public Series pctChange(long periods) {
    Shift.series(data, periods, true);
    Series filled = ffill();
    return filled.div(filled.shift(periods)).sub(1L);
  }

  public Series pctChange() {
    return pctChange(1);
  }

  /**
   * {@code s.rolling(window)}: trailing windows of {@code window} rows, at least {@code window}
   * valid values each (pandas's default {@code min_periods}).
   */
  public Window<Series> rolling(long window) {
    return rolling(window, null);
  }

  /** {@code s.rolling(window, min_periods=minPeriods)}; null for the default (the window). */
  public Window<Series> rolling(long window, Long minPeriods) {
    int mp = Windowed.check(window, minPeriods);
    return new Window<>(fn -> Series.ofOutput(Windowed.series(data, (int) window, mp, fn)));
  }

  /** {@code s.expanding()}: windows from the first row to each row, at least one valid value. */
  public Window<Series> expanding() {
    return expanding(null);
  }

  /** {@code s.expanding(min_periods=minPeriods)}; null for the default (1). */
  public Window<Series> expanding(Long minPeriods) {
    int mp = Expanding.check(minPeriods);
    return new Window<>(fn -> Series.ofOutput(Expanding.series(data, mp, fn)));
  }

  public Series dropna() {
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.DropNa(false, null), false,
        new SeriesData(-1, data.name(), data.dtype(), data.index().taken(), 0)));
  }

  /** Cast to a dtype by pandas name; {@code "str"} gives Python strings (NA included, as 'nan'). */
  public Series astype(String dtype) {
    boolean str = dtype.equals("str");
    DfType to = DfType.of(dtype);
    Casts.check(dtype(), to, str);
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.AsType(null, to, str), true,
        new SeriesData(-1, data.name(), to, data.index(), 0)));
  }

  public Series astype(DfType to) {
    return astype(to.pandasName());
  }

  public Series rename(String newName) {
    return Series.ofOutput(Chunkwise.series(List.of(data), new RowOps.Rename(newName), true,
        new SeriesData(-1, newName, data.dtype(), data.index(), 0)));
  }

  public DataFrame toFrame() {
    return DataFrame.ofOutput(Chunkwise.frame(List.of(data), new RowOps.ToFrame(), true, new DataFrameData(-1,
        List.of(data.name() == null ? "0" : data.name()), List.of(data.dtype()), data.index(), 0)));
  }

  /** Checks that a series can select rows: it must be boolean. */
  static void requireMask(Series mask) {
    if (mask.dtype() != DfType.BOOL) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "a boolean mask must have dtype bool, got " + mask.dtype()
          + (mask.name() == null ? "" : " (series '" + mask.name() + "')") + "; build one with a comparison such as s.gt(0), or s.astype(\"bool\")");
    }
  }

  /** {@code s[mask]}: the rows where a bool series is true; labels are kept. */
  public Series filter(Series mask) {
    requireMask(mask);
    return Series.ofOutput(Chunkwise.series(List.of(data, mask.data), new RowOps.Filter(), false,
        new SeriesData(-1, data.name(), data.dtype(), data.index().taken(), 0)));
  }

  public Series loc(Series mask) {
    return filter(mask);
  }

  public Series iloc(Long start, Long stop) {
    return Series.ofOutput(RowSlice.series(data, Slice.of(start, stop)));
  }

  public Series iloc(Long start, Long stop, Long step) {
    if (step != null && step == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "iloc: slice step cannot be zero");
    }
    return Series.ofOutput(RowSlice.series(data, Slice.of(start, stop, step)));
  }

  public Series head(long n) {
    return iloc(0L, n);
  }

  public Series head() {
    return head(5);
  }

  public Series tail(long n) {
    return n == 0 ? iloc(0L, 0L) : iloc(-n, null);
  }

  public Series tail() {
    return tail(5);
  }

  public Index index() {
    return Index.ofOutput(Chunkwise.index(List.of(data), new RowOps.IndexOf(), true, new IndexData(-1, data.index(), 0)));
  }

  // ---- reductions ---------------------------------------------------------------------

  /** A reduction by function ({@link Agg}); NA is skipped. */
  public Scalar agg(Agg fn) {
    return Scalar.ofOutput(Reduce.of(data, fn));
  }

  public Scalar sum() {
    return agg(Agg.SUM);
  }

  public Scalar mean() {
    return agg(Agg.MEAN);
  }

  public Scalar min() {
    return agg(Agg.MIN);
  }

  public Scalar max() {
    return agg(Agg.MAX);
  }

  /** Values that are not NA. */
  public Scalar count() {
    return agg(Agg.COUNT);
  }

  /** Sample variance (ddof = 1). */
  public Scalar var() {
    return agg(Agg.VAR);
  }

  /** {@code s.var(ddof=ddof)}: the squared deviations divided by n - ddof (NaN where n <= ddof). */
  public Scalar var(int ddof) {
    return Scalar.ofOutput(Reduce.of(data, Agg.VAR, ddof));
  }

  /** Sample standard deviation (ddof = 1). */
  public Scalar std() {
    return agg(Agg.STD);
  }

  /** {@code s.std(ddof=ddof)}: the square root of {@link #var(int)}. */
  public Scalar std(int ddof) {
    return Scalar.ofOutput(Reduce.of(data, Agg.STD, ddof));
  }

  /** {@code s.median()}: exact, NA skipped (the valid values are sorted in parallel first); float64. */
  public Scalar median() {
    return Quantile.of(this, 0.5, true);
  }

  /** {@code s.quantile(q)} with linear interpolation, as numpy; NA skipped; float64. */
  public Scalar quantile(double q) {
    return Quantile.of(this, q, false);
  }

  public Scalar nunique() {
    return agg(Agg.NUNIQUE);
  }

  // ---- IO and interop --------------------------------------------------------------------------

  /** {@code s.to_numpy()} as a 1-D tensor with this series's row chunks (int64, float64 or bool). */
  public Tensor toTensor() {
    return TensorInterop.toTensor(data);
  }


  // ==== accessors and user functions: str / dt, apply / map, explode, describe ===================

  /** pandas's {@code s.str}: string methods of an object (or category) series. */
  public StringMethods str() {
    return new StringMethods(this);
  }

  /** pandas's {@code s.dt}: fields and formatting of a datetime64[ns] series. */
  public DatetimeMethods dt() {
    return new DatetimeMethods(this);
  }

  /**
   * {@code s.apply(fn)}: {@code fn} of every value ({@code Long}, {@code Double} — NaN for NA —,
   * {@code Boolean}, the object or null, {@code LocalDateTime} or null, the category string),
   * run on the executors chunk by chunk. The result dtype is inferred by running {@code fn} on
   * the first rows in a tiny job (see {@link Apply}).
   */
  public Series apply(SerializableFunction<Object, Object> fn) {
    return applyValues(fn, null, false, "Series.apply");
  }

  /** {@code s.apply(fn)} with the result dtype given (no inference job). */
  public Series apply(SerializableFunction<Object, Object> fn, String dtype) {
    return applyValues(fn, dtype, false, "Series.apply");
  }

  /** {@code s.map(fn)}: as {@link #apply(SerializableFunction)}. */
  public Series map(SerializableFunction<Object, Object> fn) {
    return applyValues(fn, null, false, "Series.map");
  }

  /**
   * {@code s.map(fn, na_action)}: {@code "ignore"} keeps NA without calling {@code fn}; null
   * calls it on NA too. {@code dtype} null infers the result dtype.
   */
  public Series map(SerializableFunction<Object, Object> fn, String naAction, String dtype) {
    if (naAction != null && !naAction.equals("ignore")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Series.map: na_action must either be 'ignore' or None, "
          + "got '" + naAction + "'");
    }
    return applyValues(fn, dtype, naAction != null, "Series.map");
  }

  private Series applyValues(SerializableFunction<Object, Object> fn, String dtype, boolean naIgnore, String op) {
    fn = UserFunctions.prepare(fn, op);
    DfType out = dtype != null ? Apply.resultDtype(op, DfType.of(dtype))
        : (DfType) Apply.sample(data,
            new Apply.MapValues(fn, DfType.OBJECT, naIgnore), false, op);
    return Series.ofOutput(Chunkwise.series(List.of(data), new Apply.MapValues(fn, out, naIgnore), true,
        new SeriesData(-1, data.name(), out, data.index(), 0)));
  }

  /**
   * {@code s.map(dict)}: each value looked up in {@code mapping} (Integer keys match int64
   * values, as Long); values not found, and NA, give NA. The dtype comes from the map's values
   * with room for NA: numbers float64, bools and strings object, datetimes datetime64[ns] (pandas
   * gives int64 / bool when every value happens to be found).
   */
  public Series map(Map<?, ?> mapping) {
    if (mapping == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Series.map: the mapping must not be null");
    }
    HashMap<Object, Object> m = Apply.normalizedKeys(mapping);
    List<Object> values = new ArrayList<>(m.values());
    values.add(null);
    DfType out = Apply.infer(values);
    return Series.ofOutput(Chunkwise.series(List.of(data), new Apply.MapDict(m, out), true,
        new SeriesData(-1, data.name(), out, data.index(), 0)));
  }

  /**
   * {@code s.explode()}: list values (from {@code str.split}) become one row each, labels
   * repeating; an empty list gives NA. Rows become unknown until it runs. A series that is not
   * object stays as it is, as in pandas.
   */
  public Series explode() {
    if (dtype() != DfType.OBJECT) {
      return this;
    }
    return Series.ofOutput(Chunkwise.series(List.of(data), new Explode(null), false,
        new SeriesData(-1, data.name(), DfType.OBJECT, data.index().taken(), 0)));
  }

  /** {@code s.describe()} of an int64 / float64 series: count, mean, std, min, 25%, 50%, 75%, max. */
  public Series describe() {
    return Describe.series(data, null);
  }

  /** {@code s.describe(percentiles=[...])} (0.5 is always added). */
  public Series describe(double... percentiles) {
    return Describe.series(data, percentiles);
  }

  // ==== end of accessors and user functions ======================================================
  // ---- sorting, counting and top-k ------------------------------------------------------------

  /**
   * {@code s.sort_values(ascending, na_position, kind="mergesort")}: values in order, NA
   * {@code "first"} or {@code "last"}; equal values keep their input order; labels travel along.
   */
  public Series sortValues(boolean ascending, String naPosition) {
    return SortValues.series(data, new SortValues.Spec(SortValues.Source.VALUES, new String[0],
        new boolean[] {ascending}, SortValues.naFirst(naPosition)));
  }

  public Series sortValues(boolean ascending) {
    return sortValues(ascending, "last");
  }

  public Series sortValues() {
    return sortValues(true, "last");
  }

  /** {@code s.sort_index(ascending, na_position)}. */
  public Series sortIndex(boolean ascending, String naPosition) {
    if (data.index().nlevels() > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "sort_index on a MultiIndex is not supported "
          + "(results of groupby are already sorted): resetIndex() and sortValues(levels) instead");
    }
    return SortValues.series(data, new SortValues.Spec(SortValues.Source.INDEX, new String[0],
        new boolean[] {ascending}, SortValues.naFirst(naPosition)));
  }

  public Series sortIndex() {
    return sortIndex(true, "last");
  }

  /**
   * {@code s.value_counts(normalize, sort=True, ascending, dropna)}: how often each value occurs,
   * most frequent first ({@code ascending}: least first). Equal counts are ordered by value
   * (NA last) — pandas leaves their order unspecified. {@code normalize} gives fractions
   * (float64). Category series: not supported (astype("str") first).
   */
  public Series valueCounts(boolean normalize, boolean ascending, boolean dropna) {
    return ValueCounts.of(data, normalize, ascending, dropna);
  }

  public Series valueCounts() {
    return valueCounts(false, false, true);
  }

  private Series topN(String op, long n, String keep, boolean ascending) {
    if (!"first".equals(keep)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, op + ": keep='" + keep + "' is not supported "
          + "(only keep='first')");
    }
    TopN.checkDtype(op, data.name(), dtype());
    return TopN.series(data, new SortValues.Spec(SortValues.Source.VALUES, new String[0], new boolean[] {ascending},
        false), n);
  }

  /** {@code s.nlargest(n)} (keep='first'): the n largest values, descending, NaN last. */
  public Series nlargest(long n) {
    return topN("nlargest", n, "first", false);
  }

  public Series nlargest(long n, String keep) {
    return topN("nlargest", n, keep, false);
  }

  /** {@code s.nsmallest(n)} (keep='first'). */
  public Series nsmallest(long n) {
    return topN("nsmallest", n, "first", true);
  }

  public Series nsmallest(long n, String keep) {
    return topN("nsmallest", n, keep, true);
  }

  // ---- end of sorting, counting and top-k -----------------------------------------------------

  // ==== label loc and positional take ==============================================================
  // (the operands live in ops.LabelLoc and ops.PositionTake)

  /**
   * {@code s.loc[label]} as a {@link Scalar}: the label must occur exactly once — a missing label
   * is pandas's KeyError, a repeated one an error naming the count (pandas would give a Series
   * then: use {@link #loc(List)} with the one label). Both are raised when it runs.
   */
  public Scalar loc(Object label) {
    if (label instanceof Series || label instanceof List) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Series.loc(Object) takes one label; a "
          + (label instanceof Series ? "mask needs loc(Series)" : "list of labels needs loc(List)")
          + " with the argument typed as such");
    }
    return LabelLoc.scalar(data, label);
  }

  /** {@code s.loc[[labels]]}: in list order, every value per label; any missing label is a KeyError. */
  public Series loc(List<?> labels) {
    return LabelLoc.take(data, labels);
  }

  /** {@code s.loc[start:stop]}, both ends included (see {@link DataFrame#loc(Object, Object)}). */
  public Series loc(Object start, Object stop) {
    return LabelLoc.slice(data, start, stop);
  }

  /** {@code s.iloc[i]}: the value at position i (negative: from the end); out of range: IndexError. */
  public Scalar iloc(long i) {
    return PositionTake.scalar(data, i);
  }

  /** {@code s.iloc[[i, j, ...]]}: values by position, any order, repeats allowed. */
  public Series iloc(long[] positions) {
    return PositionTake.series(data, positions);
  }

  /** {@code s.at[label]}: as {@link #loc(Object)}. */
  public Scalar at(Object label) {
    return loc(label);
  }

  /** {@code s.iat[i]}: as {@link #iloc(long)}. */
  public Scalar iat(long i) {
    return iloc(i);
  }

  // ==== end of label loc and positional take ======================================================

  // ---- execution ----------------------------------------------------------------------

  @Override
  public Series execute() {
    super.execute();
    return this;
  }

  @Override
  public Series execute(MarsSession s) {
    super.execute(s);
    return this;
  }

  /**
   * pandas's {@code s.plot}: line, bar, barh, hist, box, kde, area and pie plots
   * computed on the executors ({@link PlotAccessor}), drawn where
   * the notebooks module is on the class path.
   */
  public PlotAccessor plot() {
    return PlotAccessor.of(this, executedSession());
  }

  public LocalSeries fetch() {
    return (LocalSeries) Rows.concat(Arrays.asList(fetchChunks()));
  }

  @Override
  public String toString() {
    if (isExecuted()) {
      long n = length();
      if (n <= 60) {
        return fetch().toString();
      }
      // a long series shows its first and last 5 values: only those leave the executors
      Series first = head(5);
      Series last = tail(5);
      Md.execute(executedSession(), first, last);
      try {
        return DfFormat.series(LocalSeries.concat(List.of(first.fetch(), last.fetch())), 60, n);
      } finally {
        first.release();
        last.release();
      }
    }
    return "Series(name=" + name() + ", dtype=" + dtype() + ", length=" + Shapes.toString(data.shape())
        + ", index=" + data.index().kind() + ", not executed)";
  }
}
