package org.marsonspark.learn.neighbors;

import java.util.List;
import java.util.Locale;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.kernel.NearestItems;
import org.marsonspark.learn.kernel.NeighborGraphRows;
import org.marsonspark.learn.kernel.PairDistances;
import org.marsonspark.learn.kernel.PairDistances.Metric;
import org.marsonspark.learn.ops.NeighborSearch;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * What the neighbour estimators share (sklearn's {@code NeighborsBase} and {@code KNeighborsMixin}):
 * the fitted items held in the executors, the metric, and the brute-force search
 * ({@link NeighborSearch}: query blocks × item blocks, a matrix product per tile for the
 * Euclidean and cosine metrics, a bounded selection per query row, candidates merged in a tree).
 * Results are lazy tensors.
 */
public abstract class Neighbors<E extends Neighbors<E>> extends BaseEstimator<E> {
  /** The metrics sklearn's brute force knows that this one computes. */
  static final List<String> METRICS = List.of("minkowski", "euclidean", "sqeuclidean", "cosine", "manhattan", "l1",
      "cityblock", "chebyshev");

  /** The parameters every neighbour estimator has, with sklearn 1.2's defaults. */
  static ParamSpec spec(String estimator) {
    return ParamSpec.of(estimator)
        .param("nNeighbors", 5, Constraint.intRange(1L, null, Constraint.Closed.LEFT))
        .param("algorithm", "auto", Constraint.options("auto", "ball_tree", "kd_tree", "brute"))
        .param("metric", "minkowski", Constraint.options(METRICS.toArray(new String[0])))
        .param("p", 2, Constraint.realRange(0.0, null, Constraint.Closed.RIGHT));
  }

  private Tensor fitX;
  private long nSamplesFit;

  protected Neighbors(Params params) {
    super(params);
  }

  public int nNeighbors() {
    return param("nNeighbors");
  }

  public E nNeighbors(int n) {
    return with("nNeighbors", n);
  }

  public String algorithm() {
    return param("algorithm");
  }

  /** "auto" or "brute" (both brute force); "ball_tree" and "kd_tree" are refused at fit. */
  public E algorithm(String a) {
    return with("algorithm", a);
  }

  public String metric() {
    return param("metric");
  }

  public E metric(String m) {
    return with("metric", m);
  }

  public double p() {
    return ((Number) param("p")).doubleValue();
  }

  /** The Minkowski power (metric "minkowski"): 1 is Manhattan, 2 Euclidean, infinity Chebyshev; at least 1. */
  public E p(double p) {
    return with("p", p);
  }

  /** Checks the parameters and holds X (executed once, in the executors); what every fit starts with. */
  protected final Features fitItems(TileableHandle x) {
    startFit();
    if (!algorithm().equals("auto") && !algorithm().equals("brute")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": algorithm='" + algorithm() + "' is not "
          + "supported: the search is brute force (blocked matrix products over Spark tasks); use algorithm='auto' "
          + "or 'brute'");
    }
    if (metric().equals("minkowski") && p() < 1) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": p=" + p() + " is not supported: "
          + "the Minkowski metric needs p >= 1 here (p < 1 is not a metric)");
    }
    Features f = Features.of(x, name());
    if (f.x().isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + " of a sparse X is not supported yet: "
          + "call toDense() first");
    }
    Tensor items = f.x();
    if (!items.isExecuted()) {
      items.execute();
    }
    Inputs.requireFinite(items, "X", name(), false);
    fitX = items;
    nSamplesFit = items.shape(0);
    fitted(f.info());
    return f;
  }

  /** The number of samples in the fitted data ({@code n_samples_fit_}). */
  public long nSamplesFit_() {
    requireFitted();
    return nSamplesFit;
  }

  /** The metric used ({@code effective_metric_}): "minkowski" with p 1, 2 or infinity is "manhattan", "euclidean" or "chebyshev". */
  public String effectiveMetric_() {
    requireFitted();
    String m = metric();
    if (!m.equals("minkowski")) {
      return m;
    }
    return p() == 1 ? "manhattan" : p() == 2 ? "euclidean" : p() == Double.POSITIVE_INFINITY ? "chebyshev" : m;
  }

  /**
   * The {@code nNeighbors} nearest fitted samples of each row of {@code x} ({@code x} null: of each
   * fitted sample, itself excluded, as sklearn's {@code kneighbors(X=None)}): {@code {distances,
   * indices}} ({@code returnDistance}) or {@code {indices}}, each {@code (n_queries, nNeighbors)},
   * nearest first, equal distances by the lower index; indices int64. {@code nNeighbors} null: the
   * estimator's.
   */
  public Tensor[] kneighbors(TileableHandle x, Integer nNeighbors, boolean returnDistance) {
    Tensor[] r = search(x, nNeighbors);
    return returnDistance ? r : new Tensor[] {r[1]};
  }

  /** {@code kneighbors(x, null, true)}. */
  public Tensor[] kneighbors(TileableHandle x) {
    return kneighbors(x, null, true);
  }

  /**
   * sklearn's {@code kneighbors_graph}: a sparse CSR tensor {@code (n_queries, n_samples_fit)}
   * with, per row, 1.0 at its neighbours ({@code mode} "connectivity") or their distances
   * ("distance"; a distance of 0 is not stored, CSR tensors here hold no zeros).
   */
  public Tensor kneighborsGraph(TileableHandle x, Integer nNeighbors, String mode) {
    boolean distance = graphMode(mode);
    Tensor[] r = search(x, nNeighbors);
    DType dt = distance ? r[0].dtype() : DType.FLOAT64;
    return Blocks.mapSparse(List.of(r[0], r[1]), new NeighborGraphRows(distance, nSamplesFit), nSamplesFit, dt);
  }

  /** {@code kneighborsGraph(x, null, "connectivity")}. */
  public Tensor kneighborsGraph(TileableHandle x) {
    return kneighborsGraph(x, null, "connectivity");
  }

  static boolean graphMode(String mode) {
    if (!"connectivity".equals(mode) && !"distance".equals(mode)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Unsupported mode, must be one of \"connectivity\","
          + " or \"distance\" but got \"" + mode + "\" instead");
    }
    return mode.equals("distance");
  }

  /** {distances, indices} of the search: the work of kneighbors. */
  final Tensor[] search(TileableHandle x, Integer nNeighbors) {
    requireFitted();
    int k = nNeighbors == null ? nNeighbors() : nNeighbors;
    if (k <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors > 0. Got " + k);
    }
    boolean self = x == null;
    long needed = self ? k + 1L : k;
    if (needed > nSamplesFit) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Expected n_neighbors <= n_samples,  but n_samples = "
          + nSamplesFit + ", n_neighbors = " + needed);
    }
    Tensor[] pair = operands(x);
    Distance dist = distance();
    Tensor[] r = Tensor.ofOutputs(NeighborSearch.of(pair[0].data(), pair[1].data(),
        new NearestItems(dist.kernel(), k, self)));
    return new Tensor[] {dist.finish(r[0]), r[1]};
  }

  /** {queries, items} of one float dtype: the fitted items themselves for x null. */
  final Tensor[] operands(TileableHandle x) {
    if (x == null) {
      return new Tensor[] {fitX, fitX};
    }
    Tensor q = checkInput(x, false);
    if (q.isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + " of a sparse X is not supported yet: "
          + "call toDense() first");
    }
    if (q.dtype() == fitX.dtype()) {
      return new Tensor[] {q, fitX};
    }
    return new Tensor[] {q.astype(DType.FLOAT64), fitX.astype(DType.FLOAT64)};
  }

  /** The fitted samples (executed), for subclasses that look up their targets. */
  final Tensor fitX() {
    return fitX;
  }

  /** How the metric's distances are computed and turned from sklearn's reduced distances into distances. */
  record Distance(PairDistances kernel, double root) {
    /** The distances from reduced ones: the square root (Euclidean), the p-th root (Minkowski), or as they are. */
    Tensor finish(Tensor reduced) {
      return root == 2 ? Mt.sqrt(reduced) : root == 1 ? reduced : Mt.power(reduced, 1.0 / root);
    }

    /** A radius in reduced units. */
    double reduce(double radius) {
      return root == 1 ? radius : Math.pow(radius, root);
    }
  }

  final Distance distance() {
    String m = effectiveMetric_().toLowerCase(Locale.ROOT);
    return switch (m) {
      case "euclidean" -> new Distance(new PairDistances(Metric.SQUARED_EUCLIDEAN, 2), 2);
      case "sqeuclidean" -> new Distance(new PairDistances(Metric.SQUARED_EUCLIDEAN, 2), 1);
      case "cosine" -> new Distance(new PairDistances(Metric.COSINE, 1), 1);
      case "manhattan", "l1", "cityblock" -> new Distance(new PairDistances(Metric.MINKOWSKI, 1), 1);
      case "chebyshev" -> new Distance(new PairDistances(Metric.MINKOWSKI, Double.POSITIVE_INFINITY), 1);
      default -> new Distance(new PairDistances(Metric.MINKOWSKI, p()), p());
    };
  }
}
