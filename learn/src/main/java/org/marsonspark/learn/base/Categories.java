package org.marsonspark.learn.base;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DfData;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.dataframe.local.LocalSeries;
import org.marsonspark.learn.kernel.CategoryCodes;
import org.marsonspark.learn.ops.FrameBlocks;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * The categories of categorical columns — class labels of {@code y}, the values one-hot encoding
 * turns into columns — and the codes of values among them. Categories are the sorted distinct
 * values, as sklearn's {@code np.unique}: for numbers numpy's order (one NaN, last), computed by
 * the tensor module's distributed {@code unique}; for strings (object and category columns of a
 * DataFrame or Series) the distinct values of {@code value_counts}, sorted. Only the categories
 * come to the driver. Codes are lazy: one pass over the row blocks with the categories in the op.
 */
public final class Categories {
  private Categories() {}

  /**
   * One column's categories, sorted: numbers (numpy's order) or strings.
   *
   * @param numbers the numeric categories, or null for strings
   * @param strings the string categories, or null for numbers
   * @param integral whether the numbers came from an integer column (they print as integers)
   */
  public record Column(double[] numbers, String[] strings, boolean integral) {
    public int size() {
      return numbers != null ? numbers.length : strings.length;
    }

    public boolean isNumeric() {
      return numbers != null;
    }

    /** Category {@code i} as sklearn holds it: a {@code Long}, {@code Double} or {@code String}. */
    public Object get(int i) {
      if (strings != null) {
        return strings[i];
      }
      return integral ? (Object) (long) numbers[i] : (Object) numbers[i];
    }

    /** The categories as a list of {@link #get} values. */
    public List<Object> values() {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < size(); i++) {
        out.add(get(i));
      }
      return out;
    }

    /** Category {@code i} as Python's {@code str} prints it (feature names). */
    public String label(int i) {
      Object v = get(i);
      return v instanceof Double d ? pythonFloat(d) : String.valueOf(v);
    }

    /** The numeric categories as a small tensor (int64 for an integer column); an error for strings. */
    public Tensor tensor(String estimator) {
      if (numbers == null) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, estimator + ": the classes are strings, which a tensor "
            + "cannot hold; use classesList_() (and the Series methods) instead");
      }
      NDArray a = NDArray.of(numbers.clone());
      return Mt.tensor(integral ? a.astype(DType.INT64) : a);
    }
  }

  /** The categories of each column of X: a 2-D tensor of any numeric dtype or a DataFrame. */
  public static List<Column> fit(TileableHandle x, String estimator) {
    if (x instanceof Tensor t) {
      requireMatrix(t, estimator);
      List<Tensor> cols = new ArrayList<>();
      for (long j = 0; j < t.shape(1); j++) {
        cols.add(t.index(Slice.all(), j));
      }
      return numeric(cols, t.dtype().isInteger() || t.dtype() == DType.BOOL);
    }
    if (x instanceof DataFrame df) {
      return ofFrame(df, estimator, true);
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + ": X must be a 2-D Tensor or a DataFrame, got "
        + (x == null ? "null" : x.getClass().getSimpleName()));
  }

  /**
   * The class labels of {@code y}: a 1-D tensor, a column vector or a Series. NaN is a label (last,
   * as {@code np.unique}); NA among strings is not (sklearn's {@code LabelEncoder}).
   */
  public static Column fitLabels(TileableHandle y, String estimator) {
    return labels(y, estimator, true);
  }

  /**
   * The classes of a classification target, which sklearn checks as finite first
   * ({@code check_array} on y): NaN, NA or infinity among them is refused with sklearn's
   * "Input y contains NaN." (or infinity). The check costs no pass: it reads the classes found.
   */
  public static Column fitClasses(TileableHandle y, String estimator) {
    Column c = labels(y, estimator, false);
    if (c.isNumeric()) {
      DType dtype = y instanceof Tensor t ? t.dtype() : DType.FLOAT64;
      Inputs.requireFinite(c.numbers(), dtype, "y", estimator);
    }
    return c;
  }

  private static Column labels(TileableHandle y, String estimator, boolean dropNA) {
    if (y instanceof Series s) {
      return ofFrame(s.toFrame(), estimator, dropNA).get(0);
    }
    Tensor t = Inputs.target(y, estimator);
    return numeric(List.of(t), t.dtype().isInteger() || t.dtype() == DType.BOOL).get(0);
  }

  private static void requireMatrix(Tensor t, String estimator) {
    if (t.ndim() != 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, estimator + ": expected a 2-D X, got a " + t.ndim()
          + "-D tensor of shape " + Shapes.toString(t.shape()) + ". Reshape it with x.reshape(-1, 1) if it has a "
          + "single feature.");
    }
    if (t.isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + " on a sparse X is not supported yet: "
          + "call toDense() first");
    }
  }

  private static List<Column> numeric(List<Tensor> cols, boolean integral) {
    Tensor[] uniques = cols.stream().map(Mt::unique).toArray(Tensor[]::new);
    List<Column> out = new ArrayList<>();
    for (NDArray u : SmallResults.fetch(uniques)) {
      out.add(new Column(u.astype(DType.FLOAT64).doubles().clone(), null, integral));
    }
    return out;
  }

  /** The categories of each column; NA among strings is dropped ({@code dropNA}) or refused as NaN. */
  private static List<Column> ofFrame(DataFrame df, String estimator, boolean dropNA) {
    List<String> names = df.columns();
    Column[] out = new Column[names.size()];
    List<Integer> numericAt = new ArrayList<>();
    List<Tensor> numericCols = new ArrayList<>();
    List<Integer> stringAt = new ArrayList<>();
    List<Series> counts = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      Series s = df.col(names.get(i));
      DfType t = s.dtype();
      if (t.isNumeric()) {
        numericAt.add(i);
        numericCols.add(Mt.unique(s.toTensor()));
      } else if (t == DfType.OBJECT || t == DfType.CATEGORY) {
        stringAt.add(i);
        counts.add((t == DfType.CATEGORY ? s.astype(DfType.OBJECT) : s).valueCounts(false, false, dropNA));
      } else {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, estimator + ": column '" + names.get(i) + "' has dtype "
            + t.pandasName() + "; categorical columns are int64, float64, bool, object (strings) or category");
      }
    }
    if (!numericCols.isEmpty()) {
      NDArray[] u = SmallResults.fetch(numericCols.toArray(new Tensor[0]));
      for (int k = 0; k < u.length; k++) {
        int i = numericAt.get(k);
        boolean integral = df.dtypes().get(names.get(i)) != DfType.FLOAT64;
        out[i] = new Column(u[k].astype(DType.FLOAT64).doubles().clone(), null, integral);
      }
    }
    if (!counts.isEmpty()) {
      LocalSeries[] vc = SmallResults.fetch(counts.toArray(new Series[0]));
      for (int k = 0; k < vc.length; k++) {
        out[stringAt.get(k)] = strings(vc[k], estimator, names.get(stringAt.get(k)));
      }
    }
    return Arrays.asList(out);
  }

  private static Column strings(LocalSeries valueCounts, String estimator, String column) {
    List<String> values = new ArrayList<>();
    for (int r = 0; r < valueCounts.size(); r++) {
      Object label = valueCounts.index().label(r);
      if (label == null || label instanceof Double d && d.isNaN()) { // NA, kept only for a target's classes
        Inputs.requireFinite(new double[] {Double.NaN}, DType.FLOAT64, "y", estimator);
      }
      if (!(label instanceof String s)) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, estimator + ": column '" + column + "' holds "
            + (label == null ? "None" : label.getClass().getSimpleName() + " " + label) + "; object columns must hold "
            + "strings only (sklearn cannot sort mixed types either)");
      }
      if (((Number) valueCounts.get(r)).longValue() > 0) {
        values.add(s);
      }
    }
    String[] sorted = values.toArray(new String[0]);
    Arrays.sort(sorted);
    return new Column(null, sorted, false);
  }

  /**
   * sklearn's {@code type_of_target} as far as labels go: "continuous" for float labels that are
   * not all integral (one reduction, run now), else "binary" (at most two classes) or
   * "multiclass"; "multiclass-multioutput" for a 2-D {@code y} of several columns.
   */
  public static String typeOfTarget(TileableHandle y, Column classes) {
    if (y instanceof Tensor t && t.ndim() == 2 && t.shape(1) > 1) {
      return "multiclass-multioutput";
    }
    Tensor values = y instanceof Series s ? (s.dtype() == DfType.FLOAT64 ? s.toTensor() : null)
        : Inputs.target(y, "type_of_target");
    if (values != null && values.dtype().isFloat()) {
      Tensor fractional = values.ne(Mt.floor(values)).and(Mt.isfinite(values)).sum();
      if (SmallResults.fetch(fractional)[0].getLong(0) > 0) {
        return "continuous";
      }
    }
    return classes.size() <= 2 ? "binary" : "multiclass";
  }

  /**
   * The codes of {@code x}'s values among {@code categories} (one per column), lazily: int64 of
   * shape {@code (rows, columns)}, or 1-D with {@code flat} (labels). A value not among them gets
   * -1 with {@code ignoreUnknown}; otherwise the run fails with sklearn's message.
   */
  public static Tensor codes(TileableHandle x, List<Column> categories, boolean ignoreUnknown, boolean flat) {
    double[][] numbers = new double[categories.size()][];
    Object[][] strings = new Object[categories.size()][];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = categories.get(i).numbers();
      strings[i] = categories.get(i).strings();
    }
    CategoryCodes fn = new CategoryCodes(numbers, strings, ignoreUnknown, flat);
    long[] trailing = flat ? new long[0] : new long[] {categories.size()};
    if (x instanceof DataFrame || x instanceof Series) {
      DfData data = (DfData) x.data();
      return Tensor.ofOutput(FrameBlocks.of(data, fn, trailing, DType.INT64));
    }
    Tensor t = (Tensor) x;
    if (!flat) {
      requireMatrix(t, "encode");
    }
    for (Column c : categories) {
      if (!c.isNumeric()) {
        throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "categories fitted on strings cannot encode a numeric "
            + "tensor: pass a DataFrame or Series");
      }
    }
    return Blocks.map(List.of(t), fn, trailing, DType.INT64);
  }

  /**
   * Codes back to labels as a Series ({@code inverse_transform} for string classes, or any): the
   * codes' values mapped through the categories; a code outside them gives NA.
   */
  public static Series decode(Tensor codes, Column categories, String name) {
    java.util.Map<Long, Object> mapping = new java.util.HashMap<>();
    for (int i = 0; i < categories.size(); i++) {
      mapping.put((long) i, categories.get(i));
    }
    Series s = Md.fromTensor(codes.reshape(-1, 1).astype(DType.INT64), List.of(name == null ? "0" : name))
        .col(name == null ? "0" : name);
    return s.map(mapping);
  }

  /** A double as Python's {@code str} prints it: {@code 1.0}, {@code 0.25}, {@code 1e-05}, {@code nan}. */
  static String pythonFloat(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == 0) {
      return 1 / v < 0 ? "-0.0" : "0.0";
    }
    BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
    int exponent = d.precision() - d.scale() - 1;
    if (exponent < -4 || exponent >= 16) {
      String digits = d.unscaledValue().abs().toString();
      String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      return (v < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
    }
    String plain = d.toPlainString();
    return plain.contains(".") ? plain : plain + ".0";
  }
}
