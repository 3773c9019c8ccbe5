package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Categories;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code LabelEncoder}: target labels as 0 .. n_classes - 1, in the order of the sorted
 * distinct labels ({@code classes_}). Labels are a 1-D tensor (numbers) or a Series (numbers,
 * strings or categories). {@code fit} computes the distinct labels on the executors (only they
 * come to the driver); {@code transform} is lazy and fails on a label not seen in fit, as
 * sklearn does. Unlike the other transformers it takes {@code y}: {@code fit(y)}, {@code transform(y)}.
 */
public final class LabelEncoder extends BaseEstimator<LabelEncoder> implements InvertibleTransformer<LabelEncoder> {
  static final ParamSpec SPEC = ParamSpec.of("LabelEncoder");

  private Categories.Column classes;

  public LabelEncoder() {
    this(SPEC.defaults());
  }

  private LabelEncoder(Params params) {
    super(params);
  }

  @Override
  protected LabelEncoder copy(Params params) {
    return new LabelEncoder(params);
  }

  /** Learns the labels of {@code y} (the first argument; the others are ignored, as sklearn's {@code fit(y)}). */
  @Override
  public LabelEncoder fit(TileableHandle y, TileableHandle ignored, TileableHandle sampleWeight) {
    startFit();
    classes = Categories.fitLabels(y, name());
    fitted(new Features.Info(1, null));
    return this;
  }

  /** The sorted distinct labels ({@code classes_}) as a tensor; string labels: {@link #classesList_()}. */
  public Tensor classes_() {
    requireFitted();
    return classes.tensor(name());
  }

  /** The sorted distinct labels as Java values ({@code Long}, {@code Double} or {@code String}). */
  public List<Object> classesList_() {
    requireFitted();
    return classes.values();
  }

  /** The code of each label of {@code y}, lazily (int64). */
  @Override
  public Tensor transform(TileableHandle y) {
    requireFitted();
    TileableHandle labels = y instanceof Series ? y : Inputs.target(y, name());
    return Categories.codes(labels, List.of(classes), false, true);
  }

  /** The labels of codes, lazily, as a tensor (numeric labels); string labels: {@link #inverseTransformSeries}. */
  @Override
  public Tensor inverseTransform(TileableHandle codes) {
    requireFitted();
    return classes.tensor(name()).take(Inputs.target(codes, name()).astype(DType.INT64), 0);
  }

  /** The labels of codes as a Series, for any labels (strings too). */
  public Series inverseTransformSeries(TileableHandle codes) {
    requireFitted();
    return Categories.decode(Inputs.target(codes, name()), classes, null);
  }
}
