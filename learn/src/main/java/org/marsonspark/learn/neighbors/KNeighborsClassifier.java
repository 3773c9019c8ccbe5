package org.marsonspark.learn.neighbors;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.kernel.NeighborVotes;
import org.marsonspark.learn.linearmodel.ClassLabels;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code KNeighborsClassifier}, brute force on Spark: {@code fit} holds X and the
 * class codes of y in the executors; {@link #predictProba} is the (uniform or 1/distance)
 * weighted vote of each query row's {@code nNeighbors} nearest samples, {@link #predict} its most
 * voted class (the smallest on a tie, as sklearn), all lazy. The search is {@link Neighbors}'.
 *
 * <p>Deviations: as {@link NearestNeighbors} ({@code leaf_size}, {@code metric_params},
 * {@code n_jobs} are not parameters); y is one column of labels (numbers, or a Series of any
 * labels for {@link #predictLabels}).
 */
public final class KNeighborsClassifier extends Neighbors<KNeighborsClassifier>
    implements Classifier<KNeighborsClassifier> {
  static final ParamSpec SPEC = spec("KNeighborsClassifier")
      .param("weights", "uniform", Constraint.options("uniform", "distance"));

  private ClassLabels labels;
  private Tensor codes;

  public KNeighborsClassifier() {
    this(SPEC.defaults());
  }

  private KNeighborsClassifier(Params params) {
    super(params);
  }

  @Override
  protected KNeighborsClassifier copy(Params params) {
    return new KNeighborsClassifier(params);
  }

  public String weights() {
    return param("weights");
  }

  /** "uniform" (every neighbour one vote) or "distance" (a vote of 1/distance). */
  public KNeighborsClassifier weights(String w) {
    return with("weights", w);
  }

  @Override
  public KNeighborsClassifier fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    ClassLabels found = ClassLabels.of(y, name());
    Inputs.consistentLength(org.marsonspark.learn.base.Features.of(x, name()).x(), found.encoded());
    fitItems(x);
    labels = found;
    codes = found.encoded().astype(DType.INT64).execute();
    return this;
  }

  @Override
  public Tensor classes_() {
    requireFitted();
    return labels.requireNumeric();
  }

  @Override
  public Tensor predictProba(TileableHandle x) {
    requireFitted();
    Tensor[] r = search(x, null);
    Tensor neighbourCodes = Mt.take(codes, r[1], 0);
    return Blocks.map(List.of(neighbourCodes, r[0]), new NeighborVotes(labels.size(), weights().equals("distance")),
        new long[] {labels.size()}, DType.FLOAT64);
  }

  @Override
  public Tensor predict(TileableHandle x) {
    return labels.take(predictProba(x).argmax(1));
  }

  /** The predicted labels as a Series (for labels that are not numbers, say strings). */
  public org.marsonspark.dataframe.Series predictLabels(TileableHandle x) {
    return labels.takeLabels(predictProba(x).argmax(1));
  }
}
