package org.marsonspark.learn.xgboost;

import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;

/**
 * XGBoost's scikit-learn API parameters (in lowerCamelCase) with the values XGBoost runs with by
 * default, and their names in XGBoost's own parameter map (the local {@code XGBoost.train}), which
 * xgboost4j-spark's estimator shares, adding its own ({@code numRound}, {@code numWorkers},
 * {@code missing}). No XGBoost class is referred to here.
 */
final class XgbParams {
  private XgbParams() {}

  /**
   * One parameter that goes to XGBoost unchanged: our name and XGBoost's, which xgboost4j-spark's
   * estimator uses too.
   */
  private record Passed(String name, String nativeName) {}

  private static final Passed[] PASSED = {
      new Passed("maxDepth", "max_depth"),
      new Passed("learningRate", "eta"),
      new Passed("subsample", "subsample"),
      new Passed("colsampleBytree", "colsample_bytree"),
      new Passed("regLambda", "lambda"),
      new Passed("regAlpha", "alpha"),
      new Passed("minChildWeight", "min_child_weight"),
      new Passed("gamma", "gamma"),
      new Passed("maxBin", "max_bin"),
      new Passed("treeMethod", "tree_method"),
      new Passed("nThread", "nthread")};

  /** The parameters of XGBClassifier and XGBRegressor. */
  static ParamSpec spec(String estimator) {
    return ParamSpec.of(estimator)
        .param("nEstimators", 100, Constraint.intRange(1L, null, Closed.LEFT))
        .param("maxDepth", 6, Constraint.intRange(0L, null, Closed.LEFT))
        .param("learningRate", 0.3, Constraint.realRange(0.0, 1.0, Closed.BOTH))
        .param("subsample", 1.0, Constraint.realRange(0.0, 1.0, Closed.RIGHT))
        .param("colsampleBytree", 1.0, Constraint.realRange(0.0, 1.0, Closed.RIGHT))
        .param("regLambda", 1.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("regAlpha", 0.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("minChildWeight", 1.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("gamma", 0.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("maxBin", 256, Constraint.intRange(2L, null, Closed.LEFT))
        .param("treeMethod", "hist", Constraint.options("hist", "approx"))
        .param("objective", null, Constraint.anyOf(Constraint.instanceOf(String.class, "a str"), Constraint.none()))
        .param("randomState", null, Constraint.anyOf(Constraint.intRange(null, null, Closed.BOTH), Constraint.none()))
        .param("missing", Double.NaN, Constraint.instanceOf(Number.class, "a float"))
        .param("nThread", 1, Constraint.intRange(1L, null, Closed.LEFT))
        .param("numWorkers", null, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT), Constraint.none()));
  }

  /** The objective: the one given, else the task's (binary:logistic, multi:softprob, reg:squarederror). */
  static String objective(Params p, int classes) {
    String given = (String) p.get("objective");
    if (given != null) {
      boolean classifying = classes > 0;
      boolean fits = classes > 2 ? given.startsWith("multi:") : classifying ? given.startsWith("binary:")
          : given.startsWith("reg:");
      if (!fits) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "objective='" + given + "' does not fit "
            + (classes > 2 ? classes + " classes: use 'multi:softprob'" : classifying ? "two classes: use "
            + "'binary:logistic'" : "a regression: use 'reg:squarederror' or another 'reg:' objective"));
      }
      return given;
    }
    return classes > 2 ? "multi:softprob" : classes == 2 ? "binary:logistic" : "reg:squarederror";
  }

  /** XGBoost's own parameter map for {@code XGBoost.train}; {@code classes} 0 for a regression. */
  static Map<String, Object> nativeParams(Params p, int classes) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Passed x : PASSED) {
      out.put(x.nativeName(), p.get(x.name()));
    }
    out.put("objective", objective(p, classes));
    out.put("seed", seed(p));
    if (classes > 2) {
      out.put("num_class", classes);
    }
    return out;
  }

  /** xgboost4j-spark's parameters (its names and types) for a distributed fit on {@code workers} workers. */
  static Map<String, Object> sparkParams(Params p, int classes, int workers) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Passed x : PASSED) {
      out.put(x.nativeName(), p.get(x.name()));
    }
    out.put("objective", objective(p, classes));
    out.put("seed", seed(p));
    out.put("numRound", p.get("nEstimators"));
    out.put("missing", missing(p));
    out.put("numWorkers", workers);
    if (classes > 2) {
      out.put("num_class", classes);
    }
    return out;
  }

  /** XGBoost's seed: the randomState, or XGBoost's default 0 (its sklearn API does the same for None). */
  static long seed(Params p) {
    Integer s = (Integer) p.get("randomState");
    return s == null ? 0L : s;
  }

  /** The value that marks a missing entry of X (NaN by default). */
  static float missing(Params p) {
    return ((Number) p.get("missing")).floatValue();
  }
}
