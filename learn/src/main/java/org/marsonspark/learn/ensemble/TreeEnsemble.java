package org.marsonspark.learn.ensemble;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.MllibTrees;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * A tree ensemble trained by one of Spark MLlib's distributed tree learners: sklearn's parameters
 * are translated into MLlib's ({@link TreeParams}; what MLlib cannot honour is refused before any
 * job), X (checked finite) and the target are held in the executors as a Dataset of vectors, one
 * partition per row chunk ({@link SparkML#hold}), and MLlib fits on it — the features never come
 * to the driver (MLlib itself samples a few rows for its bin boundaries). The fitted model travels
 * to the executors inside the lazy predictions, one row block at a time.
 *
 * <p>The common parameters are sklearn's; {@code maxBins} (MLlib's number of bins per feature,
 * 32) is an extension: MLlib tries splits between quantile bins where sklearn tries every
 * threshold.
 */
public abstract class TreeEnsemble<E extends TreeEnsemble<E>> extends BaseEstimator<E> {
  private MllibTrees.Model model;

  TreeEnsemble(Params params) {
    super(params);
  }

  /** The MLlib learner that trains this ensemble. */
  abstract MllibTrees.Learner learner();

  /** Whether it classifies (sklearn's {@code max_features='auto'} differs). */
  abstract boolean classifier();

  /** The label column to train on and per-row weights to multiply the sample weights by (null for none). */
  abstract Target target(TileableHandle y);

  /** MLlib's parameters for this learner's own sklearn parameters, for n rows. */
  abstract void learnerParams(long n, Map<String, Object> out);

  /** What the learner trains on: a float64 label per row and optional weights. */
  record Target(Tensor label, Tensor weight) {}

  // ---- the parameters every tree ensemble has ----

  public int nEstimators() {
    return param("nEstimators");
  }

  public E nEstimators(int n) {
    return with("nEstimators", n);
  }

  public String criterion() {
    return param("criterion");
  }

  public E criterion(String c) {
    return with("criterion", c);
  }

  /** The deepest a tree grows; null grows to MLlib's limit of 30 levels. */
  public Integer maxDepth() {
    return param("maxDepth");
  }

  public E maxDepth(Integer depth) {
    return with("maxDepth", depth);
  }

  /** An int, or a float fraction of the samples. */
  public Number minSamplesSplit() {
    return param("minSamplesSplit");
  }

  public E minSamplesSplit(Number n) {
    return with("minSamplesSplit", n);
  }

  /** An int, or a float fraction of the samples. */
  public Number minSamplesLeaf() {
    return param("minSamplesLeaf");
  }

  public E minSamplesLeaf(Number n) {
    return with("minSamplesLeaf", n);
  }

  public double minWeightFractionLeaf() {
    return param("minWeightFractionLeaf");
  }

  public E minWeightFractionLeaf(double f) {
    return with("minWeightFractionLeaf", f);
  }

  /** "sqrt", "log2", "auto", an int, a float fraction or null (all features). */
  public Object maxFeatures() {
    return param("maxFeatures");
  }

  public E maxFeatures(Object m) {
    return with("maxFeatures", m);
  }

  public Integer maxLeafNodes() {
    return param("maxLeafNodes");
  }

  public E maxLeafNodes(Integer n) {
    return with("maxLeafNodes", n);
  }

  public double minImpurityDecrease() {
    return param("minImpurityDecrease");
  }

  public E minImpurityDecrease(double d) {
    return with("minImpurityDecrease", d);
  }

  /** The seed (null: a new one each fit). */
  public Integer randomState() {
    return param("randomState");
  }

  public E randomState(Integer seed) {
    return with("randomState", seed);
  }

  public double ccpAlpha() {
    return param("ccpAlpha");
  }

  public E ccpAlpha(double a) {
    return with("ccpAlpha", a);
  }

  /** MLlib's bins per feature (an extension; 32). */
  public int maxBins() {
    return param("maxBins");
  }

  public E maxBins(int bins) {
    return with("maxBins", bins);
  }

  // ---- fit ----

  /**
   * The MLlib parameters a fit of {@code n} rows of {@code d} features would train with — what
   * {@link #fit} gives MLlib, for running MLlib on the same data directly.
   */
  public Map<String, Object> mllibParams(long n, int d) {
    Map<String, Object> out = new LinkedHashMap<>();
    TreeParams.common(params(), name(), classifier(), n, d, out);
    learnerParams(n, out);
    return out;
  }

  @Override
  @SuppressWarnings("unchecked")
  public E fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    startFit();
    model = null;
    Features f = Features.of(x, name());
    Map<String, Object> engine = mllibParams(f.nSamples(), f.nFeatures());
    Target t = target(y);
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), t.label(), w);
    if (w != null) {
      Inputs.requireFinite(w, "sample_weight", name(), false);
    }
    Tensor weight = t.weight() == null ? w : w == null ? t.weight() : t.weight().mul(w);
    if (weight != null) {
      engine.put("weightCol", "weight");
    }
    try (SparkML.Held data = SparkML.hold(MarsSession.getDefault(), Blocks.finite(f.x(), name(), false), t.label(),
        weight, "features", "label", "weight")) {
      model = MllibTrees.fit(learner(), engine, data);
    }
    fitted(f.info());
    return (E) this;
  }

  // ---- fitted attributes and predictions ----

  /** The impurity-based importance of each feature, summing to 1 ({@code feature_importances_}, MLlib's). */
  public Tensor featureImportances_() {
    requireFitted();
    return Mt.tensor(NDArray.of(model.featureImportances()));
  }

  /** The number of trees trained. */
  final int trainedTrees() {
    requireFitted();
    return model.trees();
  }

  /** The MLlib model fitted (to use with Spark ML directly). */
  public org.apache.spark.ml.PredictionModel<org.apache.spark.ml.linalg.Vector, ?> mllibModel_() {
    requireFitted();
    return model.mllib();
  }

  /** MLlib's prediction of each row of X (a class index or a value), lazily: 1-D float64. */
  final Tensor engineOutput(TileableHandle x) {
    Tensor checked = checkInput(x, false);
    return Blocks.map(List.of(checked), model.predictions(), new long[0], DType.FLOAT64);
  }

  /** MLlib's class probabilities of each row of X, lazily: {@code (n, classes)} float64. */
  final Tensor engineProbabilities(TileableHandle x, int classes) {
    Tensor checked = checkInput(x, false);
    return Blocks.map(List.of(checked), model.probabilities(), new long[] {classes}, DType.FLOAT64);
  }
}
