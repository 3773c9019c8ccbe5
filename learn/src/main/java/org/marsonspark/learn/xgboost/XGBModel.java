package org.marsonspark.learn.xgboost;

import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.interop.SparkML;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * XGBoost through its scikit-learn API's parameters, two ways:
 *
 * <ul>
 *   <li>{@link #fit}: distributed, by xgboost4j-spark in barrier mode — X (NaN allowed: XGBoost's
 *       missing values) and the target held in the executors as a Dataset of vectors, one
 *       partition per row chunk, repartitioned by xgboost4j-spark to {@code numWorkers} workers
 *       (null: the Spark context's default parallelism; that many task slots must be free at
 *       once); nothing comes to the driver but the trained model;</li>
 *   <li>{@link #fitLocal}: inside one task (a spawned call, a model-search candidate), XGBoost's
 *       {@code XGBoost.train} on rows held there, with {@code nThread} threads; the result
 *       ({@link XGBLocalModel}) predicts rows there, and {@link #fromLocal} makes it a fitted
 *       estimator again on the driver.</li>
 * </ul>
 *
 * Either way predictions are lazy tensors: the model's bytes travel inside a row-block map to the
 * executors. XGBoost is an optional dependency ({@code ml.dmlc:xgboost4j-spark_2.13:3.1.1}); its
 * absence is a clear error when a fit starts.
 *
 * <p>Defaults are the values XGBoost runs with (its sklearn API shows None for them):
 * {@code nEstimators} 100, {@code maxDepth} 6, {@code learningRate} 0.3, {@code subsample},
 * {@code colsampleBytree} and {@code regLambda} 1, {@code regAlpha}, {@code gamma} 0,
 * {@code minChildWeight} 1, {@code maxBin} 256, {@code treeMethod} 'hist' ('approx' too; 'exact'
 * does not distribute), {@code objective} by the task, {@code randomState} XGBoost's seed (None is
 * XGBoost's 0), {@code missing} NaN, {@code nThread} 1 per worker.
 */
public abstract class XGBModel<E extends XGBModel<E>> extends BaseEstimator<E> implements LocalFit {
  private XgbBooster booster;

  XGBModel(Params params) {
    super(params);
  }

  /** What XGBoost trains on: a float label per row and, for a classifier, the number of classes (0 for a regression). */
  record Target(Tensor label, int classes) {}

  /** The distributed fit's target (a classifier finds and encodes its classes). */
  abstract Target target(TileableHandle y);

  /** The number of classes the fitted model predicts (0 for a regression). */
  abstract int fittedClasses();

  // ---- parameters ----

  public int nEstimators() {
    return param("nEstimators");
  }

  public E nEstimators(int n) {
    return with("nEstimators", n);
  }

  public int maxDepth() {
    return param("maxDepth");
  }

  public E maxDepth(int d) {
    return with("maxDepth", d);
  }

  public double learningRate() {
    return param("learningRate");
  }

  public E learningRate(double eta) {
    return with("learningRate", eta);
  }

  public double subsample() {
    return param("subsample");
  }

  public E subsample(double f) {
    return with("subsample", f);
  }

  public double colsampleBytree() {
    return param("colsampleBytree");
  }

  public E colsampleBytree(double f) {
    return with("colsampleBytree", f);
  }

  public double regLambda() {
    return param("regLambda");
  }

  public E regLambda(double l) {
    return with("regLambda", l);
  }

  public double regAlpha() {
    return param("regAlpha");
  }

  public E regAlpha(double a) {
    return with("regAlpha", a);
  }

  public double minChildWeight() {
    return param("minChildWeight");
  }

  public E minChildWeight(double w) {
    return with("minChildWeight", w);
  }

  public double gamma() {
    return param("gamma");
  }

  public E gamma(double g) {
    return with("gamma", g);
  }

  public int maxBin() {
    return param("maxBin");
  }

  public E maxBin(int bins) {
    return with("maxBin", bins);
  }

  public String treeMethod() {
    return param("treeMethod");
  }

  public E treeMethod(String m) {
    return with("treeMethod", m);
  }

  /** XGBoost's objective; null: by the task (binary:logistic, multi:softprob, reg:squarederror). */
  public String objective() {
    return param("objective");
  }

  public E objective(String o) {
    return with("objective", o);
  }

  public Integer randomState() {
    return param("randomState");
  }

  public E randomState(Integer seed) {
    return with("randomState", seed);
  }

  /** The value of X that marks a missing entry (NaN). */
  public double missing() {
    return ((Number) param("missing")).doubleValue();
  }

  public E missing(double m) {
    return with("missing", m);
  }

  /** XGBoost's threads per worker (and in {@link #fitLocal}). */
  public int nThread() {
    return param("nThread");
  }

  public E nThread(int n) {
    return with("nThread", n);
  }

  /** The workers of the distributed fit; null: the Spark context's default parallelism. */
  public Integer numWorkers() {
    return param("numWorkers");
  }

  public E numWorkers(Integer n) {
    return with("numWorkers", n);
  }

  // ---- the distributed fit ----

  /**
   * xgboost4j-spark's parameters (its names and types) a distributed fit of {@code classes}
   * classes (0 for a regression) would train with — for running it directly on the same data.
   */
  public Map<String, Object> sparkParams(int classes) {
    MarsSession s = MarsSession.getDefault();
    Integer workers = numWorkers();
    return XgbParams.sparkParams(params(), classes, workers != null ? workers : s.sparkContext().defaultParallelism());
  }

  @Override
  @SuppressWarnings("unchecked")
  public E fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    XgbRuntime.require(name());
    startFit();
    booster = null;
    Features f = Features.of(x, name());
    Target t = target(y);
    Map<String, Object> engine = sparkParams(t.classes());
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), t.label(), w);
    if (w != null) {
      Inputs.requireFinite(w, "sample_weight", name(), false);
      engine.put("weightCol", "weight");
    }
    try (SparkML.Held data = SparkML.hold(MarsSession.getDefault(), Blocks.finite(f.x(), name(), true), t.label(), w,
        "features", "label", "weight")) {
      booster = XgbSpark.fit(t.classes() > 0, engine, data, XgbParams.missing(params()));
    }
    fitted(f.info());
    return (E) this;
  }

  // ---- the fit inside one task ----

  /**
   * XGBoost's local {@code XGBoost.train} on rows held by the caller — inside a spawned task, a
   * model-search candidate — with these parameters ({@code numWorkers} does not apply;
   * {@code nThread} threads). X is {@code n × d} (any float or integer dtype; NaN marks missing
   * values), y and the optional sample weights have n entries. This estimator is left as it was.
   */
  @Override
  public XGBLocalModel fitLocal(NDArray x, NDArray y, NDArray sampleWeight) {
    XgbRuntime.require(name());
    params().validate();
    if (x.ndim() != 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ".fitLocal: expected a 2-D X, got shape "
          + java.util.Arrays.toString(x.shape()));
    }
    int n = (int) x.shape(0);
    int d = (int) x.shape(1);
    double[] yv = y.astype(DType.FLOAT64).doubles();
    if (yv.length != n || sampleWeight != null && sampleWeight.size() != n) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of "
          + "samples: [" + n + ", " + yv.length + (sampleWeight != null ? ", " + sampleWeight.size() : "") + "]");
    }
    Inputs.requireFinite(yv, y.dtype(), "y", name());
    float[] xv = x.astype(DType.FLOAT32).floats();
    for (float v : xv) {
      if (Float.isInfinite(v)) {
        Inputs.requireFinite(new double[] {v}, x.dtype(), "X", name());
      }
    }
    double[] classes = localClasses(yv);
    float[] label = new float[n];
    for (int i = 0; i < n; i++) {
      label[i] = (float) (classes == null ? yv[i] : java.util.Arrays.binarySearch(classes, yv[i]));
    }
    float[] weight = sampleWeight == null ? null : sampleWeight.astype(DType.FLOAT32).floats();
    int k = classes == null ? 0 : classes.length;
    XgbBooster trained = XgbBooster.train(xv, n, d, label, weight, XgbParams.nativeParams(params(), k),
        nEstimators(), XgbParams.missing(params()));
    return new XGBLocalModel(trained, classes, d);
  }

  /** A classifier's sorted classes of y (checked as a classifier's), or null for a regression. */
  abstract double[] localClasses(double[] y);

  /** A fitted copy of this estimator (its parameters) holding a model that {@link #fitLocal} trained. */
  @SuppressWarnings("unchecked")
  public E fromLocal(XGBLocalModel local) {
    XGBModel<E> e = copy(params());
    e.booster = local.booster();
    e.adoptClasses(local.classes());
    e.fitted(new Features.Info(local.nFeatures(), null));
    return (E) e;
  }

  /** Takes the classes of a model fitted by {@link #fitLocal} (null for a regression). */
  abstract void adoptClasses(double[] classes);

  // ---- fitted attributes and predictions ----

  /** The mean gain of each feature's splits, normalised to sum 1 ({@code feature_importances_}, importance type "gain"). */
  public Tensor featureImportances_() {
    requireFitted();
    return Mt.tensor(NDArray.of(booster.featureImportances(nFeaturesIn_())));
  }

  /** XGBoost's output of each row of X, lazily: values, class positions or class probabilities. */
  final Tensor boosterOutput(TileableHandle x, XgbRows.Output output) {
    Tensor checked = checkInput(x, true);
    int k = fittedClasses();
    long[] trailing = output == XgbRows.Output.PROBABILITIES ? new long[] {k} : new long[0];
    return Blocks.map(List.of(checked), new XgbRows(booster, output, k), trailing, DType.FLOAT64);
  }
}
