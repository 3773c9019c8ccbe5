package org.marsonspark.learn.xgboost;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.linearmodel.ClassLabels;
import org.marsonspark.learn.linearmodel.LabelClassifier;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * XGBoost's {@code XGBClassifier} ({@link XGBModel}: distributed through xgboost4j-spark, or
 * inside one task): objective 'binary:logistic' for two classes, 'multi:softprob' for more.
 * XGBoost trains on the position of each row's class among the sorted classes, so labels may be
 * any numbers (a tensor or a numeric Series) or, in the distributed fit, anything in a Series
 * ({@link #classLabels_}, {@link #predictLabels}). {@code predictProba} is XGBoost's; the
 * prediction is its most probable class.
 */
public final class XGBClassifier extends XGBModel<XGBClassifier> implements LabelClassifier<XGBClassifier> {
  static final ParamSpec SPEC = XgbParams.spec("XGBClassifier");

  private ClassLabels classes;

  public XGBClassifier() {
    this(SPEC.defaults());
  }

  private XGBClassifier(Params params) {
    super(params);
  }

  @Override
  protected XGBClassifier copy(Params params) {
    return new XGBClassifier(params);
  }

  @Override
  Target target(TileableHandle y) {
    ClassLabels labels = ClassLabels.of(y, name());
    requireTwo(labels.size(), labels.labels());
    classes = labels;
    return new Target(labels.encoded(), labels.size());
  }

  private void requireTwo(int k, List<Object> labels) {
    if (k < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": y has one class " + labels + "; a classifier "
          + "needs samples of at least 2 classes");
    }
  }

  @Override
  double[] localClasses(double[] y) {
    double[] sorted = Arrays.stream(y).distinct().sorted().toArray();
    for (double c : sorted) {
      if (c != Math.rint(c)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": Unknown label type: 'continuous' (y has the "
            + "non-integer value " + c + "); use XGBRegressor for a continuous target");
      }
    }
    requireTwo(sorted.length, Arrays.stream(sorted).boxed().map(Object.class::cast).toList());
    return sorted;
  }

  @Override
  void adoptClasses(double[] local) {
    if (local == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "XGBClassifier.fromLocal: the model is a regression's; "
          + "use XGBRegressor.fromLocal");
    }
    List<Object> labels = new ArrayList<>();
    for (double c : local) {
      labels.add(c);
    }
    classes = new ClassLabels(labels, Mt.tensor(NDArray.of(local.clone())), null, null);
  }

  @Override
  int fittedClasses() {
    return classes.size();
  }

  @Override
  public ClassLabels fittedLabels() {
    requireFitted();
    return classes;
  }

  /** The position of each row's most probable class, lazily. */
  @Override
  public Tensor predictedIndex(TileableHandle x) {
    requireFitted();
    return boosterOutput(x, XgbRows.Output.CLASS).astype(DType.INT64);
  }

  /** Per row, the probability of each class in {@code classes_} order, lazily. */
  @Override
  public Tensor predictProba(TileableHandle x) {
    requireFitted();
    return boosterOutput(x, XgbRows.Output.PROBABILITIES);
  }
}
