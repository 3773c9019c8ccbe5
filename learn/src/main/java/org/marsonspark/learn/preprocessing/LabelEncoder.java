package org.marsonspark.learn.preprocessing;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
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
public final class LabelEncoder extends LabelTransformer<LabelEncoder> implements InvertibleTransformer<LabelEncoder> {
  static final ParamSpec SPEC = ParamSpec.of("LabelEncoder");

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

  /**
   * Learns the labels of {@code y} (the first argument; the second is ignored and a sample weight
   * refused, as sklearn's {@code fit(y)}).
   */
  @Override
  public LabelEncoder fit(TileableHandle y, TileableHandle ignored, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    fitted(learn(y));
    return this;
  }

  /** The code of each label of {@code y}, lazily (int64). */
  @Override
  public Tensor transform(TileableHandle y) {
    return codes(y, false);
  }

  /** The labels of codes, lazily, as a tensor (numeric labels); string labels: {@link #inverseTransformSeries}. */
  @Override
  public Tensor inverseTransform(TileableHandle codes) {
    requireFitted();
    return classes().tensor(name()).take(Inputs.target(codes, name()).astype(DType.INT64), 0);
  }

  /** The labels of codes as a Series, for any labels (strings too). */
  public Series inverseTransformSeries(TileableHandle codes) {
    requireFitted();
    return decode(Inputs.target(codes, name()));
  }
}
