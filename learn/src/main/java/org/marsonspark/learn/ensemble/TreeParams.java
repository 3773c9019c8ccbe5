package org.marsonspark.learn.ensemble;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;

/**
 * sklearn 1.2's tree-ensemble parameters — their declarations (defaults, constraints) and their
 * translation into Spark MLlib's: what MLlib can honour becomes its parameter, what it cannot is
 * refused here, before any job runs, with the parameter, the value and what to use instead.
 */
final class TreeParams {
  /** MLlib's deepest tree ({@code maxDepth} ≤ 30); sklearn's {@code maxDepth=None} grows to it. */
  static final int MLLIB_MAX_DEPTH = 30;

  private TreeParams() {}

  /** A float (not an int) in a range: sklearn's {@code Interval(Real, …)} next to an {@code Interval(Integral, …)}. */
  static Constraint fraction(double lo, double hi, Closed closed) {
    Constraint real = Constraint.realRange(lo, hi, closed);
    return new Constraint(real.description(), v -> (v instanceof Double || v instanceof Float) && real.accepts(v));
  }

  /** The parameters every tree ensemble has, after those the caller declared first. */
  static ParamSpec common(ParamSpec spec, Integer maxDepth, Object maxFeatures) {
    return spec
        .param("maxDepth", maxDepth, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT), Constraint.none()))
        .param("minSamplesSplit", 2, Constraint.anyOf(Constraint.intRange(2L, null, Closed.LEFT),
            fraction(0.0, 1.0, Closed.RIGHT)))
        .param("minSamplesLeaf", 1, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT),
            fraction(0.0, 1.0, Closed.NEITHER)))
        .param("minWeightFractionLeaf", 0.0, Constraint.realRange(0.0, 0.5, Closed.BOTH))
        .param("maxFeatures", maxFeatures, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT),
            fraction(0.0, 1.0, Closed.RIGHT), Constraint.options("auto", "sqrt", "log2"), Constraint.none()))
        .param("maxLeafNodes", null, Constraint.anyOf(Constraint.intRange(2L, null, Closed.LEFT), Constraint.none()))
        .param("minImpurityDecrease", 0.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("randomState", null, Constraint.anyOf(Constraint.intRange(null, null, Closed.BOTH),
            Constraint.none()))
        .param("ccpAlpha", 0.0, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("maxBins", 32, Constraint.intRange(2L, null, Closed.LEFT));
  }

  /**
   * MLlib's parameters for the common ones, for a fit of n rows of d features: the tree shape
   * ({@code maxDepth}, {@code minInstancesPerNode}, {@code minWeightFractionPerNode}), the features
   * tried per split (sklearn's count, given to MLlib as a number), the bins and the seed.
   */
  static void common(Params p, String estimator, boolean classifier, long n, int d, Map<String, Object> out) {
    unsupportedUnlessDefault(p, estimator, "maxLeafNodes", null, "MLlib grows trees level by level to maxDepth");
    unsupportedUnlessDefault(p, estimator, "ccpAlpha", 0.0, "MLlib does not prune trees");
    unsupportedUnlessDefault(p, estimator, "minImpurityDecrease", 0.0, "MLlib's minInfoGain is not weighted by the "
        + "node's share of the samples as sklearn's threshold is");
    out.put("maxDepth", maxDepth(p, estimator));
    int leaf = count(p.get("minSamplesLeaf"), n);
    int split = Math.max(2, count(p.get("minSamplesSplit"), n));
    if (split > 2 * leaf) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + ": minSamplesSplit=" + p.get(
          "minSamplesSplit") + " (" + split + " samples) is not supported: MLlib bounds only the samples of each "
          + "leaf (minSamplesLeaf), which implies minSamplesSplit ≤ 2·minSamplesLeaf = " + 2 * leaf + "; lower "
          + "minSamplesSplit or raise minSamplesLeaf");
    }
    out.put("minInstancesPerNode", leaf);
    out.put("minWeightFractionPerNode", p.get("minWeightFractionLeaf"));
    int features = maxFeatures(p.get("maxFeatures"), classifier, d, estimator);
    out.put("featureSubsetStrategy", features == d ? "all" : Integer.toString(features));
    out.put("maxBins", p.get("maxBins"));
    Integer seed = (Integer) p.get("randomState");
    out.put("seed", seed != null ? (long) seed : ThreadLocalRandom.current().nextLong());
  }

  /** sklearn's {@code maxDepth} as MLlib's: None is MLlib's deepest, 30; deeper is refused. */
  private static int maxDepth(Params p, String estimator) {
    Integer depth = (Integer) p.get("maxDepth");
    if (depth == null) {
      return MLLIB_MAX_DEPTH;
    }
    if (depth > MLLIB_MAX_DEPTH) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + ": maxDepth=" + depth + " is not "
          + "supported: MLlib's trees grow at most " + MLLIB_MAX_DEPTH + " levels; use maxDepth ≤ "
          + MLLIB_MAX_DEPTH + " (or None, which grows to " + MLLIB_MAX_DEPTH + ")");
    }
    return depth;
  }

  /** A sample count given as an int or as a fraction of n (sklearn's {@code ceil(fraction · n)}). */
  static int count(Object value, long n) {
    return value instanceof Integer i ? i : (int) Math.ceil(((Number) value).doubleValue() * n);
  }

  /** sklearn's number of features tried per split ({@code BaseDecisionTree.fit}'s {@code max_features_}). */
  static int maxFeatures(Object value, boolean classifier, int d, String estimator) {
    if (value == null) {
      return d;
    }
    if (value instanceof String s) {
      return switch (s) {
        case "auto" -> classifier ? Math.max(1, (int) Math.sqrt(d)) : d;
        case "sqrt" -> Math.max(1, (int) Math.sqrt(d));
        default -> Math.max(1, (int) (Math.log(d) / Math.log(2)));
      };
    }
    if (value instanceof Integer k) {
      if (k > d) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, estimator + ": max_features must be in (0, "
            + "n_features]; got maxFeatures=" + k + " for " + d + " features");
      }
      return k;
    }
    return Math.max(1, (int) (((Number) value).doubleValue() * d));
  }

  /** A random forest's own parameters, first: sklearn's {@code n_estimators}, {@code criterion}, bagging. */
  static ParamSpec forest(String estimator, String criterion, String... criteria) {
    return ParamSpec.of(estimator)
        .param("nEstimators", 100, Constraint.intRange(1L, null, Closed.LEFT))
        .param("criterion", criterion, Constraint.options(criteria))
        .param("bootstrap", true, Constraint.bool())
        .param("oobScore", false, Constraint.bool())
        .param("maxSamples", null, Constraint.anyOf(Constraint.none(), fraction(0.0, 1.0, Closed.RIGHT),
            Constraint.intRange(1L, null, Closed.LEFT)));
  }

  /** MLlib's parameters for a forest's own: the trees, bagging and its sample rate. */
  static void forest(Params p, String estimator, long n, Map<String, Object> out) {
    unsupportedUnlessDefault(p, estimator, "oobScore", false, "MLlib keeps no out-of-bag predictions");
    out.put("numTrees", p.get("nEstimators"));
    boolean bootstrap = (Boolean) p.get("bootstrap");
    out.put("bootstrap", bootstrap);
    Object maxSamples = p.get("maxSamples");
    if (maxSamples == null) {
      return;
    }
    if (!bootstrap) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, estimator + ": `max_sample` cannot be set if "
          + "`bootstrap=False`. Either switch to `bootstrap=True` or set `max_sample=None`.");
    }
    long samples = maxSamples instanceof Integer k ? k : Math.max(1, Math.round(n * ((Number) maxSamples)
        .doubleValue()));
    if (samples > n) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, estimator + ": `max_samples` must be in range 1 "
          + "to " + n + " but got value " + maxSamples);
    }
    out.put("subsamplingRate", (double) samples / n);
  }

  /** Gradient boosting's own parameters, first: the loss, the steps, the stopping rule. */
  static ParamSpec boosting(String estimator, String loss, String... losses) {
    return ParamSpec.of(estimator)
        .param("loss", loss, Constraint.options(losses))
        .param("learningRate", 0.1, Constraint.realRange(0.0, null, Closed.LEFT))
        .param("nEstimators", 100, Constraint.intRange(1L, null, Closed.LEFT))
        .param("subsample", 1.0, Constraint.realRange(0.0, 1.0, Closed.RIGHT))
        .param("criterion", "friedman_mse", Constraint.options("friedman_mse", "squared_error"))
        .param("init", null, Constraint.anyOf(Constraint.options("zero"), Constraint.none()))
        .param("validationFraction", 0.1, Constraint.realRange(0.0, 1.0, Closed.NEITHER))
        .param("nIterNoChange", null, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT),
            Constraint.none()))
        .param("tol", 1e-4, Constraint.realRange(0.0, null, Closed.LEFT));
  }

  /**
   * MLlib's parameters for boosting's own: the iterations, the step and the subsample. Both of
   * sklearn's criteria are MLlib's variance: Friedman's improvement {@code n_l·n_r/n·(ȳ_l − ȳ_r)²}
   * is the reduction of the squared error, so they choose the same splits.
   */
  static void boosting(Params p, String estimator, Map<String, Object> out) {
    unsupportedUnlessDefault(p, estimator, "init", null, "MLlib's boosting starts from its first tree fitted to "
        + "the target");
    unsupportedUnlessDefault(p, estimator, "nIterNoChange", null, "MLlib's early stopping follows another rule");
    double rate = (Double) p.get("learningRate");
    if (rate == 0 || rate > 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + ": learningRate=" + rate + " is not "
          + "supported: MLlib's step size is in (0, 1]");
    }
    out.put("maxIter", p.get("nEstimators"));
    out.put("stepSize", rate);
    out.put("subsamplingRate", p.get("subsample"));
  }

  /** sklearn's {@code value} of {@code name} as MLlib's (a pair of sklearn value, MLlib value each); others refused. */
  static String translate(Params p, String estimator, String name, String mllibName, String... pairs) {
    Object v = p.get(name);
    StringBuilder supported = new StringBuilder();
    for (int i = 0; i < pairs.length; i += 2) {
      if (pairs[i].equals(v)) {
        return pairs[i + 1];
      }
      supported.append(i == 0 ? "" : ", ").append('\'').append(pairs[i]).append("' (MLlib's ").append(mllibName)
          .append(" '").append(pairs[i + 1]).append("')");
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + ": " + name + "=" + repr(v) + " is not "
        + "supported by MLlib's tree learners; the supported values are " + supported);
  }

  /** A parameter MLlib cannot honour: only its default is accepted. */
  static void unsupportedUnlessDefault(Params p, String estimator, String name, Object allowed, String why) {
    Object v = p.get(name);
    if (!java.util.Objects.equals(v, allowed)) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, estimator + ": " + name + "=" + repr(v) + " is not "
          + "supported (" + why + "); only " + name + "=" + repr(allowed) + " is");
    }
  }

  /** A value as the messages print it: strings quoted, null as None. */
  static String repr(Object v) {
    return v == null ? "None" : v instanceof String s ? "'" + s + "'" : String.valueOf(v);
  }
}
