package org.marsonspark.learn.cluster;

import java.security.SecureRandom;
import java.util.List;
import java.util.SplittableRandom;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Shapes;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Clusterer;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.learn.kernel.ColumnMoments;
import org.marsonspark.learn.kernel.Inertia;
import org.marsonspark.learn.kernel.NearestCentre;
import org.marsonspark.learn.metrics.pairwise.Pairwise;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * sklearn's {@code KMeans} (1.2): Lloyd's algorithm over the data's chunks. {@code fit} executes
 * the data once — centred on its mean, as sklearn does — and holds it while it runs: the
 * initialisation (a pass per centre for k-means++), then one job per Lloyd iteration that carries
 * the centres to the row blocks and brings back per-cluster sums and weights, merged in a tree.
 * With given initial centres the labels, inertia and {@code nIter_} are sklearn's. {@code predict},
 * {@code transform} and {@code score} are lazy.
 *
 * <p>Parameters (sklearn's, with its 1.2 defaults): {@code nClusters} 8, {@code init}
 * "k-means++", "random", "k-means||" (scalable k-means++, as MLlib's; {@code initSteps} rounds,
 * {@code oversamplingFactor}·k rows sampled per round) or the initial centres (a Tensor or an
 * NDArray of shape (nClusters, nFeatures)), {@code nInit} 10 (sklearn 1.2's default; "auto" is 1
 * for k-means++ and k-means||, 10 for random; given centres run once), {@code maxIter} 300,
 * {@code tol} 1e-4 (relative: scaled by the mean variance of the features), {@code randomState}
 * (an int seed; null draws one) and {@code algorithm} "lloyd" ("elkan" runs Lloyd's iterations,
 * which give the same clustering, with a logged warning; "auto" and "full", deprecated in 1.2, are
 * "lloyd"). Of several runs the one of lowest inertia is kept, as sklearn keeps it.
 *
 * <p>Deviations: float32 X is clustered in float64 (the centres are float64); k-means++ draws
 * with this project's counter-based generator, so with a seed the centres are reproducible and
 * independent of the chunking, but not sklearn's; with more than two clusters empty in one
 * iteration, the farthest points go to them farthest first (sklearn's order comes from
 * {@code argpartition}). {@code verbose} and {@code copy_x} are not parameters (tensors are never
 * changed in place); sparse X is not supported yet.
 */
public final class KMeans extends BaseEstimator<KMeans> implements Clusterer<KMeans>, Transformer<KMeans> {
  private static final Logger LOG = LoggerFactory.getLogger(KMeans.class);

  static final ParamSpec SPEC = ParamSpec.of("KMeans")
      .param("nClusters", 8, Constraint.intRange(1L, null, Closed.LEFT))
      .param("init", "k-means++", Constraint.anyOf(Constraint.options("k-means++", "random", "k-means||"),
          Constraint.instanceOf(Tensor.class, "a Tensor"), Constraint.instanceOf(NDArray.class, "an NDArray")))
      .param("nInit", 10, Constraint.anyOf(Constraint.options("auto"), Constraint.intRange(1L, null, Closed.LEFT)))
      .param("maxIter", 300, Constraint.intRange(1L, null, Closed.LEFT))
      .param("tol", 1e-4, Constraint.realRange(0.0, null, Closed.LEFT))
      .param("randomState", null, Constraint.anyOf(Constraint.intRange(0L, 4294967295L, Closed.BOTH),
          Constraint.none()))
      .param("algorithm", "lloyd", Constraint.options("lloyd", "elkan", "auto", "full"))
      .param("initSteps", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("oversamplingFactor", 2.0, Constraint.realRange(0.0, null, Closed.NEITHER));

  private double[] centres;
  private Tensor labels;
  private double inertia;
  private int nIter;
  private int k;
  private int d;

  public KMeans() {
    this(SPEC.defaults());
  }

  private KMeans(Params params) {
    super(params);
  }

  @Override
  protected KMeans copy(Params params) {
    return new KMeans(params);
  }

  public int nClusters() {
    return param("nClusters");
  }

  public KMeans nClusters(int k) {
    return with("nClusters", k);
  }

  /** "k-means++", "random", "k-means||", or the initial centres (a Tensor or an NDArray). */
  public Object init() {
    return param("init");
  }

  public KMeans init(String method) {
    return with("init", method);
  }

  /** Given initial centres, shape (nClusters, nFeatures); {@code fit} runs once from them. */
  public KMeans init(Tensor centres) {
    return with("init", centres);
  }

  public KMeans init(NDArray centres) {
    return with("init", centres);
  }

  /** An int, or "auto". */
  public Object nInit() {
    return param("nInit");
  }

  public KMeans nInit(int runs) {
    return with("nInit", runs);
  }

  public KMeans nInit(String auto) {
    return with("nInit", auto);
  }

  public int maxIter() {
    return param("maxIter");
  }

  public KMeans maxIter(int n) {
    return with("maxIter", n);
  }

  public double tol() {
    return param("tol");
  }

  public KMeans tol(double t) {
    return with("tol", t);
  }

  /** The seed, or null (sklearn's None: a new seed each fit). */
  public Integer randomState() {
    Number seed = param("randomState");
    return seed == null ? null : seed.intValue();
  }

  public KMeans randomState(Integer seed) {
    return with("randomState", seed);
  }

  public String algorithm() {
    return param("algorithm");
  }

  public KMeans algorithm(String a) {
    return with("algorithm", a);
  }

  /** k-means|| only: the sampling rounds (MLlib's {@code initSteps}, default 2). */
  public int initSteps() {
    return param("initSteps");
  }

  public KMeans initSteps(int rounds) {
    return with("initSteps", rounds);
  }

  /** k-means|| only: rows sampled per round, in multiples of {@code nClusters} (default 2, as MLlib). */
  public double oversamplingFactor() {
    return param("oversamplingFactor");
  }

  public KMeans oversamplingFactor(double l) {
    return with("oversamplingFactor", l);
  }

  @Override
  public KMeans fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    startFit();
    if (labels != null) { // the previous fit's labels_, held until this fit
      labels.release();
      labels = null;
    }
    Features f = Features.of(x, name());
    if (f.x().isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + " on a sparse X is not supported yet: "
          + "call toDense() first");
    }
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), w);
    int clusters = nClusters();
    long n = f.nSamples();
    if (f.nFeatures() == 0 || n == 0) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ": Found array with " + n + " sample(s) and "
          + f.nFeatures() + " feature(s) (shape=" + Shapes.toString(f.x().shape()) + ") while a minimum of 1 is "
          + "required.");
    }
    if (n < clusters) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "n_samples=" + n + " should be >= n_clusters="
          + clusters + ".");
    }
    double[] given = givenCentres(f.nFeatures());
    String algorithm = algorithm();
    if (algorithm.equals("elkan")) {
      LOG.warn("KMeans(algorithm='elkan') runs Lloyd's iterations here; they reach the same clustering");
    } else if (!algorithm.equals("lloyd")) {
      LOG.warn("algorithm='{}' is deprecated, it will be removed in 1.3. Using 'lloyd' instead.", algorithm);
    }
    Tensor x64 = f.x().dtype() == DType.FLOAT64 ? f.x() : f.x().astype(DType.FLOAT64);
    int d = f.nFeatures();
    // one pass: the columns' means, their variances (sklearn's tolerance) and the finiteness check
    double[] moments = Blocks.evaluate(List.of(x64), new ColumnMoments(d, false), 3, d).doubles();
    Inputs.requireFinite(f.x(), moments, d, n, name());
    double[] offset = java.util.Arrays.copyOfRange(moments, d, 2 * d);
    // sklearn's _tolerance: tol times the mean of the features' variances (ddof 0)
    double meanVariance = 0;
    for (int j = 0; j < d; j++) {
      meanVariance += moments[2 * d + j] / n / d;
    }
    double tolerance = tol() * meanVariance;
    // then the data centred on its mean, as sklearn does, held for the fit (with the weights)
    Tensor centred = x64.sub(Mt.tensor(NDArray.of(offset.clone())));
    Tensor nonFiniteWeights = w == null ? null : Inputs.nonFiniteCounts(w);
    try (HeldData held = HeldData.of(centred, w, nonFiniteWeights)) {
      if (w != null) {
        Inputs.requireFinite(nonFiniteWeights.fetch(), w.dtype(), "sample_weight", name(), false);
      }
      fitRuns(centred, w, given, offset, tolerance);
    }
    fitted(f.info());
    return this;
  }

  private void fitRuns(Tensor centred, Tensor w, double[] given, double[] offset, double tolerance) {
    k = nClusters();
    d = offset.length;
    Lloyd lloyd = new Lloyd(centred, w, k);
    Seeding seeding = new Seeding(centred, w, new SplittableRandom(randomState() != null
        ? randomState().longValue() : new SecureRandom().nextLong()));
    Lloyd.Labelled best = null;
    Lloyd.Labelled other = null;
    Lloyd.Run bestRun = null;
    int runs = given != null ? 1 : runs();
    boolean done = false;
    try {
      for (int r = 0; r < runs; r++) {
        double[] init = given != null ? centredCopy(given, offset) : initial(seeding);
        Lloyd.Run run = lloyd.run(init, maxIter(), tolerance);
        other = lloyd.label(run);
        // sklearn keeps a run of lower inertia unless it is the same clustering (rounding)
        if (best == null || (other.inertia() < best.inertia() && !lloyd.sameClustering(other.labels(),
            best.labels()))) {
          Lloyd.Labelled worse = best;
          best = other;
          bestRun = run;
          other = worse;
        }
        if (other != null) {
          other.labels().release();
          other = null;
        }
      }
      done = true;
    } finally { // a failed run leaves no labels held
      if (other != null) {
        other.labels().release();
      }
      if (!done && best != null) {
        best.labels().release();
      }
    }
    centres = bestRun.centres().clone();
    for (int j = 0; j < k; j++) {
      for (int c = 0; c < d; c++) {
        centres[j * d + c] += offset[c];
      }
    }
    labels = best.labels();
    inertia = best.inertia();
    nIter = bestRun.nIter();
    long distinct = java.util.Arrays.stream(best.sizes()).filter(s -> s > 0).count();
    if (distinct < k) {
      LOG.warn("Number of distinct clusters ({}) found smaller than n_clusters ({}). Possibly due to duplicate "
          + "points in X.", distinct, k);
    }
  }

  private int runs() {
    Object runs = nInit();
    if (runs instanceof String) { // "auto": one run of k-means++ (or k-means||), ten of random
      return init().equals("random") ? 10 : 1;
    }
    return ((Number) runs).intValue();
  }

  private double[] initial(Seeding seeding) {
    return switch ((String) init()) {
      case "k-means++" -> seeding.plusPlus(k);
      case "random" -> seeding.random(k);
      default -> seeding.parallel(k, initSteps(), oversamplingFactor());
    };
  }

  /** The given initial centres, checked as sklearn's {@code _validate_center_shape}; null for a method. */
  private double[] givenCentres(int features) {
    Object init = init();
    if (init instanceof String) {
      return null;
    }
    NDArray c = init instanceof Tensor t ? (t.isExecuted() ? t.fetch() : SmallResults.fetch(t)[0]) : (NDArray) init;
    // sklearn's check_array(init) comes first: an unnamed input, "Input contains NaN."
    Inputs.requireFinite(c.astype(DType.FLOAT64).doubles(), c.dtype(), "", name());
    long[] shape = c.shape();
    if (shape.length != 2 || shape[0] != nClusters()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "The shape of the initial centers "
          + Shapes.toString(shape) + " does not match the number of clusters " + nClusters() + ".");
    }
    if (shape[1] != features) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "The shape of the initial centers "
          + Shapes.toString(shape) + " does not match the number of features of the data " + features + ".");
    }
    if (!(nInit() instanceof String) && ((Number) nInit()).intValue() != 1) {
      LOG.warn("Explicit initial center position passed: performing only one init in KMeans instead of n_init={}.",
          nInit());
    }
    return c.astype(DType.FLOAT64).doubles().clone();
  }

  private static double[] centredCopy(double[] centres, double[] offset) {
    double[] out = centres.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] -= offset[i % offset.length];
    }
    return out;
  }

  /** The cluster centres ({@code cluster_centers_}), shape (nClusters, nFeatures). */
  public Tensor clusterCenters_() {
    requireFitted();
    return Mt.tensor(NDArray.of(centres.clone(), k, d));
  }

  /** The cluster of each training row ({@code labels_}, int32), computed in {@code fit} and kept in the executors. */
  @Override
  public Tensor labels_() {
    requireFitted();
    return labels;
  }

  /** The sum of (weighted) squared distances of the training rows to their centres ({@code inertia_}). */
  public double inertia_() {
    requireFitted();
    return inertia;
  }

  /** The Lloyd iterations of the kept run ({@code n_iter_}). */
  public int nIter_() {
    requireFitted();
    return nIter;
  }

  /** The nearest centre of each row of {@code x} (int32), lazily. */
  public Tensor predict(TileableHandle x) {
    return Blocks.map(List.of(wide(checkInput(x, false))), new NearestCentre(centres, k, d), new long[0],
        DType.INT32);
  }

  /** The Euclidean distance of each row of {@code x} to each centre, shape (n, nClusters), lazily. */
  @Override
  public Tensor transform(TileableHandle x) {
    return Pairwise.euclideanDistances(checkInput(x, false), clusterCenters_());
  }

  /** Minus the (weighted) inertia of {@code x} against the centres: sklearn's {@code score}, a lazy 0-d tensor. */
  public Tensor score(TileableHandle x, TileableHandle sampleWeight) {
    Tensor in = wide(checkInput(x, false));
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(in, w);
    Tensor nearest = Blocks.map(List.of(in), new NearestCentre(centres, k, d), new long[0], DType.INT32);
    List<Tensor> inputs = w == null ? List.of(in, nearest) : List.of(in, nearest, w);
    return Blocks.aggregate(inputs, new Inertia(centres, k, d, w != null), new long[] {k + 1}, DType.FLOAT64)
        .index(0L).neg();
  }

  public Tensor score(TileableHandle x) {
    return score(x, null);
  }

  /** {@code fit(x, y, sampleWeight).labels_()} ({@code y} is ignored, as sklearn ignores it). */
  public Tensor fitPredict(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    return fit(x, y, sampleWeight).labels_();
  }

  /** {@code fit(x, y, sampleWeight).transform(x)} ({@code y} is ignored). */
  public Tensor fitTransform(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    return fit(x, y, sampleWeight).transform(x);
  }

  private static Tensor wide(Tensor t) {
    return t.dtype() == DType.FLOAT64 ? t : t.astype(DType.FLOAT64);
  }
}
