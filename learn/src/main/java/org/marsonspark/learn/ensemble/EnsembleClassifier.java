package org.marsonspark.learn.ensemble;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.linearmodel.ClassLabels;
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
    implements Classifier<E> {
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

  /** The classes, sorted ({@code classes_}), as a tensor: for numeric labels. */
  @Override
  public Tensor classes_() {
    requireFitted();
    return classes.requireNumeric();
  }

  /** The classes, sorted, whatever their type: Double for numeric labels, else the Series' values. */
  public List<Object> classLabels_() {
    requireFitted();
    return List.copyOf(classes.labels());
  }

  /** The number of classes ({@code n_classes_}). */
  public int nClasses_() {
    requireFitted();
    return classes.size();
  }

  /** The class of each row, lazily, as a tensor of the numeric classes. */
  @Override
  public Tensor predict(TileableHandle x) {
    requireFitted();
    return classes.take(predictedIndex(x));
  }

  /** The class of each row as a Series of the labels (any label type). */
  public Series predictLabels(TileableHandle x) {
    requireFitted();
    return classes.takeLabels(predictedIndex(x));
  }

  private Tensor predictedIndex(TileableHandle x) {
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
