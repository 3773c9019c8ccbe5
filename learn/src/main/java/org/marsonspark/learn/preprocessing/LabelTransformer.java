package org.marsonspark.learn.preprocessing;

import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Categories;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.Tensor;

/**
 * What the label transformers share: the sorted classes learnt from {@code y} (a 1-D tensor or a
 * Series of numbers, strings or categories), as a tensor or as Java values, and the codes of
 * labels among them.
 */
abstract class LabelTransformer<E extends LabelTransformer<E>> extends BaseEstimator<E> {
  private Categories.Column classes;

  LabelTransformer(Params params) {
    super(params);
  }

  /** Learns the classes of {@code y} (on the executors; only they come to the driver). */
  final Categories.Column learn(TileableHandle y) {
    return Categories.fitLabels(y, name());
  }

  /** Records the classes; from now on the estimator is fitted. */
  final void fitted(Categories.Column learnt) {
    classes = learnt;
    fitted(new Features.Info(1, null));
  }

  final Categories.Column classes() {
    return classes;
  }

  /** The sorted classes ({@code classes_}) as a tensor; string labels: {@link #classesList_()}. */
  public Tensor classes_() {
    requireFitted();
    return classes.tensor(name());
  }

  /** The sorted classes as Java values ({@code Long}, {@code Double} or {@code String}). */
  public List<Object> classesList_() {
    requireFitted();
    return classes.values();
  }

  /** Each label's position among the classes, lazily (int64); an unknown label is -1 or fails the run. */
  final Tensor codes(TileableHandle y, boolean ignoreUnknown) {
    requireFitted();
    TileableHandle labels = y instanceof Series ? y : Inputs.target(y, name());
    return Categories.codes(labels, List.of(classes), ignoreUnknown, true);
  }

  /** Codes back to the classes, as a Series (any classes, strings too). */
  final Series decode(Tensor codes) {
    return Categories.decode(codes, classes, null);
  }
}
