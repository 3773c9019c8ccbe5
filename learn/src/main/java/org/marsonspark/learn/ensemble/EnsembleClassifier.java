package org.marsonspark.learn.ensemble;

import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.linearmodel.ClassLabels;
import org.marsonspark.learn.linearmodel.LabelClassifier;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * A tree-ensemble classifier: MLlib trains on the position of each row's class among the sorted
 * classes ({@code classes_}), and its predictions are mapped back to the labels. Labels may be
 * numbers (a tensor or a numeric Series) or anything else in a Series ({@link #classLabels_},
 * {@link #predictLabels}).
 */
public abstract class EnsembleClassifier<E extends EnsembleClassifier<E>> extends TreeEnsemble<E>
    implements LabelClassifier<E> {
  private ClassLabels classes;

  EnsembleClassifier(Params params) {
    super(params);
  }

  @Override
  final boolean classifier() {
    return true;
  }

  /** Checks the classes found (binary-only learners refuse more). */
  void checkClasses(ClassLabels labels) {}

  /** The weight of each class (sklearn's {@code class_weight}), or null for none. */
  double[] classWeights(ClassLabels labels) {
    return null;
  }

  @Override
  final Target target(TileableHandle y) {
    ClassLabels labels = ClassLabels.of(y, name());
    checkClasses(labels);
    classes = labels;
    double[] cw = classWeights(labels);
    Tensor weight = cw == null ? null : Mt.take(Mt.tensor(NDArray.of(cw)), labels.encoded().astype(DType.INT64), 0);
    return new Target(labels.encoded(), weight);
  }

  @Override
  public ClassLabels fittedLabels() {
    requireFitted();
    return classes;
  }

  /** The position of each row's predicted class (MLlib's prediction), lazily. */
  @Override
  public Tensor predictedIndex(TileableHandle x) {
    return engineOutput(x).astype(DType.INT64);
  }

  /** Per row, the probability of each class in {@code classes_} order (MLlib's), lazily. */
  @Override
  public Tensor predictProba(TileableHandle x) {
    return engineProbabilities(x, nClasses_());
  }

  /** The log of {@link #predictProba}. */
  public Tensor predictLogProba(TileableHandle x) {
    return Mt.log(predictProba(x));
  }
}
