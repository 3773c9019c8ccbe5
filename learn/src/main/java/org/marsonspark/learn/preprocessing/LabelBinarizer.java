package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Categories;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.kernel.OneHot;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code LabelBinarizer}: labels (a 1-D tensor or a Series) as one-vs-all indicator
 * columns of int64, {@code posLabel} where the row has the class and {@code negLabel} elsewhere —
 * one column per class, or a single column (the second class) for two classes; a single class
 * gives one column of {@code negLabel}. Unknown labels give a row of {@code negLabel}. Dense by
 * default, CSR with {@code sparseOutput} (then {@code negLabel} must be 0). {@code fit} finds the
 * classes on the executors; transforms are lazy.
 *
 * <p>Deviation: the output layout follows the classes seen in fit, where sklearn looks at the
 * type of the {@code y} given to transform. Multilabel targets are not supported yet.
 */
public final class LabelBinarizer extends LabelTransformer<LabelBinarizer>
    implements InvertibleTransformer<LabelBinarizer> {
  static final ParamSpec SPEC = ParamSpec.of("LabelBinarizer")
      .param("negLabel", 0, Constraint.intRange(null, null, Closed.NEITHER))
      .param("posLabel", 1, Constraint.intRange(null, null, Closed.NEITHER))
      .param("sparseOutput", false, Constraint.bool());

  private String yType;

  public LabelBinarizer() {
    this(SPEC.defaults());
  }

  private LabelBinarizer(Params params) {
    super(params);
  }

  @Override
  protected LabelBinarizer copy(Params params) {
    return new LabelBinarizer(params);
  }

  public long negLabel() {
    return ((Number) param("negLabel")).longValue();
  }

  public LabelBinarizer negLabel(long v) {
    return with("negLabel", v);
  }

  public long posLabel() {
    return ((Number) param("posLabel")).longValue();
  }

  public LabelBinarizer posLabel(long v) {
    return with("posLabel", v);
  }

  public boolean sparseOutput() {
    return param("sparseOutput");
  }

  public LabelBinarizer sparseOutput(boolean on) {
    return with("sparseOutput", on);
  }

  /** Learns the classes of {@code y} (the first argument, as sklearn's {@code fit(y)}). */
  @Override
  public LabelBinarizer fit(TileableHandle y, TileableHandle ignored, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    long neg = negLabel();
    long pos = posLabel();
    if (neg >= pos) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "neg_label=" + neg + " must be strictly less than "
          + "pos_label=" + pos + ".");
    }
    if (sparseOutput() && (pos == 0 || neg != 0)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Sparse binarization is only supported with non "
          + "zero pos_label and zero neg_label, got pos_label=" + pos + " and neg_label=" + neg);
    }
    if (y instanceof Tensor t && t.ndim() == 2 && t.shape(1) > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": multilabel or multioutput targets are "
          + "not supported yet (y of shape " + org.marsonspark.core.Shapes.toString(t.shape()) + ")");
    }
    Categories.Column cats = Categories.fitClasses(y, name());
    String type = Categories.typeOfTarget(y, cats);
    if (type.equals("continuous")) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": Unknown label type: continuous");
    }
    yType = type;
    fitted(cats);
    return this;
  }

  /** "binary" (at most two classes) or "multiclass" ({@code y_type_}). */
  public String yType_() {
    requireFitted();
    return yType;
  }

  /** The indicator columns of {@code y}, lazily (int64; CSR with {@code sparseOutput}). */
  @Override
  public Tensor transform(TileableHandle y) {
    Tensor codes = codes(y, true);
    int k = classes().size();
    int width = k <= 2 ? 1 : k;
    // two classes: the column of the second; one class: no code has a column (all negLabel)
    int[] drop = {k <= 2 ? 0 : -1};
    OneHot hot = new OneHot(new int[] {0}, drop, width, posLabel(), negLabel(), DType.INT64);
    if (sparseOutput()) {
      return Blocks.mapSparse(List.of(codes), hot, width, DType.INT64);
    }
    return Blocks.map(List.of(codes), hot.dense(), new long[] {width}, DType.INT64);
  }

  /**
   * The labels of indicator rows (sklearn's {@code inverse_transform}), lazily, as a tensor
   * (numeric classes): the class of the largest column, or for one column the second class where
   * the value exceeds {@code threshold} (null: halfway between the labels).
   */
  public Tensor inverseTransform(TileableHandle indicators, Double threshold) {
    return classes().tensor(name()).take(codesOf(indicators, threshold), 0);
  }

  @Override
  public Tensor inverseTransform(TileableHandle indicators) {
    return inverseTransform(indicators, null);
  }

  /** {@link #inverseTransform(TileableHandle, Double)} as a Series, for any classes (strings too). */
  public Series inverseTransformSeries(TileableHandle indicators, Double threshold) {
    return decode(codesOf(indicators, threshold));
  }

  private Tensor codesOf(TileableHandle indicators, Double threshold) {
    requireFitted();
    if (!(indicators instanceof Tensor t) || t.ndim() != 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ": inverse_transform takes the 2-D indicator "
          + "tensor transform gives");
    }
    Tensor y = t.isSparse() ? t.toDense() : t;
    if (yType.equals("multiclass")) {
      return y.argmax(1);
    }
    if (y.shape(1) > 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "output_type='binary', but y.shape = ("
          + y.shape(0) + ", " + y.shape(1) + ")");
    }
    if (classes().size() == 1) {
      return Mt.zerosLike(y.index(org.marsonspark.tensor.Slice.all(), 0L)).astype(DType.INT64);
    }
    double cut = threshold != null ? threshold : (posLabel() + negLabel()) / 2.0;
    return y.index(org.marsonspark.tensor.Slice.all(), -1L).gt(cut).astype(DType.INT64);
  }
}
