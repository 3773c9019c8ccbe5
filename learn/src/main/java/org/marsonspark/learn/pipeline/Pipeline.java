package org.marsonspark.learn.pipeline;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.NestedParams;
import org.marsonspark.learn.base.Predictor;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code Pipeline}: named steps, every one but the last a transformer, the last any
 * estimator (or "passthrough", a null estimator). {@code fit} fits each transformer on the output
 * of the ones before ({@code fitTransform}, lazy: the next step's fit runs it) and then the last
 * step; {@code transform}, {@code predict}, {@code predictProba}, {@code score} run the data
 * through the fitted transformers into the last step, lazily. Parameters follow sklearn:
 * {@code getParams(true)} lists {@code steps}, each step by name and its parameters as
 * {@code step__param}; {@code setParams} takes the same names and returns a new, unfitted
 * pipeline. A method the last step lacks is a clear error.
 *
 * <p>Deviation: {@code fit}'s {@code sampleWeight} goes to the last step (sklearn routes fit
 * parameters as {@code laststep__sample_weight}); {@code memory} and {@code verbose} are not
 * supported.
 */
public final class Pipeline implements Transformer<Pipeline>, Predictor<Pipeline>, InvertibleTransformer<Pipeline> {
  /** One named step; a null estimator is sklearn's "passthrough". */
  public record Step(String name, Estimator<?> estimator) {
    @Override
    public String toString() {
      return "('" + name + "', " + (estimator == null ? "'passthrough'" : estimator) + ")";
    }
  }

  private final List<Step> steps;
  private boolean fitted;

  public Pipeline(List<Step> steps) {
    this.steps = List.copyOf(steps);
    validate(this.steps);
  }

  /** A pipeline of {@code (name, estimator)} pairs given alternately: {@code "scaler", scaler, "clf", clf}. */
  public static Pipeline of(Object... namesAndEstimators) {
    if (namesAndEstimators.length % 2 != 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Pipeline.of takes (name, estimator) pairs, got "
          + namesAndEstimators.length + " arguments");
    }
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < namesAndEstimators.length; i += 2) {
      if (!(namesAndEstimators[i] instanceof String name)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Pipeline.of: argument " + i + " must be a step name, "
            + "got " + namesAndEstimators[i]);
      }
      steps.add(new Step(name, estimator(namesAndEstimators[i + 1])));
    }
    return new Pipeline(steps);
  }

  private static Estimator<?> estimator(Object o) {
    if (o == null || "passthrough".equals(o)) {
      return null;
    }
    if (o instanceof Estimator<?> e) {
      return e;
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Pipeline: a step must be an estimator or 'passthrough', "
        + "got " + o);
  }

  /** sklearn's {@code _validate_steps} and {@code _validate_names}. */
  private static void validate(List<Step> steps) {
    if (steps.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Pipeline: steps must not be empty");
    }
    Set<String> names = new HashSet<>();
    for (Step s : steps) {
      if (!names.add(s.name())) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Names provided are not unique: "
            + steps.stream().map(Step::name).toList());
      }
      if (s.name().contains("__")) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Estimator names must not contain __: got ['"
            + s.name() + "']");
      }
    }
    for (int i = 0; i < steps.size() - 1; i++) {
      Estimator<?> e = steps.get(i).estimator();
      if (e != null && !(e instanceof Transformer<?>)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "All intermediate steps should be transformers "
            + "and implement fit and transform or be the string 'passthrough' '" + e + "' (type "
            + e.getClass().getSimpleName() + ") doesn't");
      }
    }
  }

  public List<Step> steps() {
    return steps;
  }

  /** The steps by name ({@code named_steps}). */
  public Map<String, Estimator<?>> namedSteps() {
    Map<String, Estimator<?>> out = new LinkedHashMap<>();
    steps.forEach(s -> out.put(s.name(), s.estimator()));
    return out;
  }

  /** The last step's estimator ({@code _final_estimator}); null for "passthrough". */
  public Estimator<?> finalEstimator() {
    return steps.get(steps.size() - 1).estimator();
  }

  @Override
  public String name() {
    return "Pipeline";
  }

  @Override
  public Pipeline fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    fitted = false;
    Estimator<?> last = finalEstimator();
    if (last == null && sampleWeight != null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Pipeline.fit: sampleWeight goes to the last step, "
          + "which is 'passthrough' and takes none; fit without weights");
    }
    TileableHandle xt = fitTransformers(x, y);
    if (last != null) {
      last.fit(xt, y, sampleWeight);
    }
    fitted = true;
    return this;
  }

  /** Fits every step but the last, each on the (lazy) output of those before; returns that output. */
  private TileableHandle fitTransformers(TileableHandle x, TileableHandle y) {
    TileableHandle xt = x;
    for (int i = 0; i < steps.size() - 1; i++) {
      Estimator<?> e = steps.get(i).estimator();
      if (e != null) {
        xt = ((Transformer<?>) e).fitTransform(xt, y);
      }
    }
    return xt;
  }

  /** The data through every fitted step but the last. */
  private TileableHandle throughTransformers(TileableHandle x) {
    requireFitted();
    TileableHandle xt = x;
    for (int i = 0; i < steps.size() - 1; i++) {
      Estimator<?> e = steps.get(i).estimator();
      if (e != null) {
        xt = ((Transformer<?>) e).transform(xt);
      }
    }
    return xt;
  }

  private void requireFitted() {
    if (!fitted) {
      throw new MarsException(ErrorClass.NOT_FITTED, "This Pipeline instance is not fitted yet. Call 'fit' with "
          + "appropriate arguments before using this estimator.");
    }
  }

  private <T> T last(Class<T> kind, String method) {
    Estimator<?> e = finalEstimator();
    if (!kind.isInstance(e)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "This 'Pipeline' has no attribute '" + method
          + "': its last step " + (e == null ? "'passthrough'" : e.name()) + " does not have it");
    }
    return kind.cast(e);
  }

  @Override
  public Tensor transform(TileableHandle x) {
    TileableHandle xt = throughTransformers(x);
    Estimator<?> e = finalEstimator();
    return e == null ? asTensor(xt) : last(Transformer.class, "transform").transform(xt);
  }

  @Override
  public Tensor fitTransform(TileableHandle x, TileableHandle y) {
    fitted = false;
    TileableHandle xt = fitTransformers(x, y);
    Estimator<?> e = finalEstimator();
    Tensor out = e == null ? asTensor(xt) : last(Transformer.class, "fit_transform").fitTransform(xt, y);
    fitted = true;
    return out;
  }

  private static Tensor asTensor(TileableHandle xt) {
    if (xt instanceof Tensor t) {
      return t;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "Pipeline: a pipeline of only 'passthrough' steps "
        + "returns its input, which is not a Tensor here");
  }

  /** The data back through every step in reverse ({@code inverse_transform}); every step must be invertible. */
  @Override
  public Tensor inverseTransform(TileableHandle x) {
    requireFitted();
    TileableHandle xt = x;
    for (int i = steps.size() - 1; i >= 0; i--) {
      Estimator<?> e = steps.get(i).estimator();
      if (e == null) {
        continue;
      }
      if (!(e instanceof InvertibleTransformer<?> inv)) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "This 'Pipeline' has no attribute "
            + "'inverse_transform': step '" + steps.get(i).name() + "' (" + e.name() + ") does not have it");
      }
      xt = inv.inverseTransform(xt);
    }
    return asTensor(xt);
  }

  @Override
  public Tensor predict(TileableHandle x) {
    return last(Predictor.class, "predict").predict(throughTransformers(x));
  }

  /** The last step's {@code predictProba} of the transformed data. */
  public Tensor predictProba(TileableHandle x) {
    return last(Classifier.class, "predict_proba").predictProba(throughTransformers(x));
  }

  /** Fits, then predicts the training data ({@code fit_predict}). */
  public Tensor fitPredict(TileableHandle x, TileableHandle y) {
    return fit(x, y).predict(x);
  }

  @Override
  public Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    return last(Predictor.class, "score").score(throughTransformers(x), y, sampleWeight);
  }

  /** The last step's classes ({@code classes_}). */
  public Tensor classes_() {
    requireFitted();
    return last(Classifier.class, "classes_").classes_();
  }

  @Override
  public Map<String, Object> getParams(boolean deep) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("steps", steps);
    if (deep) {
      Map<String, Object> named = new LinkedHashMap<>();
      steps.forEach(s -> named.put(s.name(), s.estimator()));
      NestedParams.deep(named).forEach(out::put);
    }
    return out;
  }

  @Override
  public Pipeline setParams(Map<String, ?> params) {
    NestedParams.Changes split = NestedParams.split(params);
    List<Step> next = new ArrayList<>(steps);
    for (Map.Entry<String, Object> e : split.own().entrySet()) {
      if (e.getKey().equals("steps")) {
        next = stepsOf(e.getValue());
      } else {
        int at = indexOf(next, e.getKey(), e.getKey());
        next.set(at, new Step(e.getKey(), estimator(e.getValue())));
      }
    }
    for (Map.Entry<String, Map<String, Object>> e : split.nested().entrySet()) {
      int at = indexOf(next, e.getKey(), e.getKey() + "__" + e.getValue().keySet().iterator().next());
      Estimator<?> inner = next.get(at).estimator();
      if (inner == null) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid parameter for step '" + e.getKey()
            + "': it is 'passthrough'");
      }
      next.set(at, new Step(e.getKey(), inner.setParams(e.getValue())));
    }
    return new Pipeline(next);
  }

  private static List<Step> stepsOf(Object value) {
    if (value instanceof List<?> l && l.stream().allMatch(s -> s instanceof Step)) {
      return l.stream().map(s -> (Step) s).toList();
    }
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "The 'steps' parameter of Pipeline must be a list of "
        + "Pipeline.Step, got " + value);
  }

  private int indexOf(List<Step> in, String step, String parameter) {
    for (int i = 0; i < in.size(); i++) {
      if (in.get(i).name().equals(step)) {
        return i;
      }
    }
    List<String> valid = new ArrayList<>(getParams(true).keySet());
    java.util.Collections.sort(valid);
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Invalid parameter '" + parameter + "' for estimator "
        + this + ". Valid parameters are: " + valid + ".");
  }

  /** A new, unfitted pipeline of clones of the steps (sklearn's {@code clone}). */
  @Override
  public Pipeline clone() {
    return new Pipeline(steps.stream().map(s -> new Step(s.name(), s.estimator() == null ? null
        : s.estimator().clone())).toList());
  }

  @Override
  public boolean isFitted() {
    return fitted;
  }

  @Override
  public String toString() {
    return "Pipeline(steps=" + steps + ")";
  }
}
