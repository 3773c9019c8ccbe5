package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;

/**
 * sklearn's {@code GridSearchCV}: every combination of {@code paramGrid} (a map from parameter
 * names to lists of values, or a list of such maps; {@link ParameterGrid}'s order) fitted on
 * every fold and scored; see {@link BaseSearchCV} for the parameters, the way the fits run and
 * the fitted attributes.
 *
 * <pre>{@code
 * GridSearchCV search = new GridSearchCV(new LogisticRegression(), Map.of("C", List.of(0.1, 1.0, 10.0)))
 *     .scoring("accuracy").cv(3).fit(x, y);
 * search.bestParams_();  search.cvResults_().execute();
 * }</pre>
 */
public final class GridSearchCV extends BaseSearchCV<GridSearchCV> {
  static final ParamSpec SPEC = common(ParamSpec.of("GridSearchCV")
      .param("estimator", null, Constraint.instanceOf(Estimator.class, "an estimator"))
      .param("paramGrid", null, Constraint.anyOf(Constraint.instanceOf(Map.class, "a dict"),
          Constraint.instanceOf(List.class, "a list"))));

  /** A search over {@code paramGrid}: a {@code Map<String, List<?>>} or a list of them. */
  public GridSearchCV(Estimator<?> estimator, Object paramGrid) {
    this(SPEC.defaults().with("estimator", estimator).with("paramGrid", paramGrid));
  }

  private GridSearchCV(Params params) {
    super(params);
  }

  @Override
  protected GridSearchCV copy(Params params) {
    return new GridSearchCV(params);
  }

  public Object paramGrid() {
    return param("paramGrid");
  }

  public GridSearchCV paramGrid(Object grid) {
    return with("paramGrid", grid);
  }

  @Override
  protected List<Map<String, Object>> candidates() {
    List<Map<String, Object>> out = new ArrayList<>();
    grid(paramGrid(), "paramGrid").forEach(out::add);
    return out;
  }

  /** A map of lists, or a list of them, as a {@link ParameterGrid}; anything else is refused. */
  @SuppressWarnings("unchecked")
  static ParameterGrid grid(Object spec, String what) {
    if (spec instanceof Map<?, ?> m) {
      return new ParameterGrid(lists((Map<String, ?>) m, what));
    }
    List<Map<String, List<?>>> grids = new ArrayList<>();
    for (Object g : (List<?>) spec) {
      if (!(g instanceof Map<?, ?> m)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, what + " must be a map or a list of maps, got a "
            + "list holding " + g);
      }
      grids.add(lists((Map<String, ?>) m, what));
    }
    return new ParameterGrid(grids);
  }

  private static Map<String, List<?>> lists(Map<String, ?> m, String what) {
    Map<String, List<?>> out = new java.util.LinkedHashMap<>();
    m.forEach((name, values) -> {
      if (values != null && !(values instanceof List<?>)) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter grid for parameter '" + name + "' "
            + "needs to be a list or a numpy array, but got " + values + " (of type " + values.getClass().getSimpleName()
            + ") instead. Single values need to be wrapped in a list with one element.");
      }
      out.put(name, (List<?>) values);
    });
    return out;
  }
}
