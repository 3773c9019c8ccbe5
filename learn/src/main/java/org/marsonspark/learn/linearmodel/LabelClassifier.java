package org.marsonspark.learn.linearmodel;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.tensor.Tensor;

/**
 * A classifier that predicts the position of each row's class among its sorted
 * {@link ClassLabels}: the labels' attributes and predictions follow from the two methods it
 * implements. Labels may be numbers ({@code classes_}, {@code predict}: tensors) or anything in a
 * Series ({@code classLabels_}, {@code predictLabels}).
 */
public interface LabelClassifier<E extends LabelClassifier<E>> extends Classifier<E> {
  /** The classes seen in fit; NOT_FITTED before. */
  ClassLabels fittedLabels();

  /** The position of each row's predicted class in {@code classes_}, lazily (int64). */
  Tensor predictedIndex(TileableHandle x);

  /** The classes, sorted ({@code classes_}), as a tensor: for numeric labels. */
  @Override
  default Tensor classes_() {
    return fittedLabels().requireNumeric();
  }

  /** The classes, sorted, whatever their type: Double for numeric labels, else the Series' values. */
  default List<Object> classLabels_() {
    return List.copyOf(fittedLabels().labels());
  }

  /** The number of classes ({@code n_classes_}). */
  default int nClasses_() {
    return fittedLabels().size();
  }

  /** The class of each row, lazily, as a tensor of the numeric classes. */
  @Override
  default Tensor predict(TileableHandle x) {
    return fittedLabels().take(predictedIndex(x));
  }

  /** The class of each row as a Series of the labels (any label type). */
  default Series predictLabels(TileableHandle x) {
    return fittedLabels().takeLabels(predictedIndex(x));
  }
}
