package org.marsonspark.learn.neighbors;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.kernel.ItemsWithin;
import org.marsonspark.learn.ops.RadiusSearch;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;

/**
 * sklearn's {@code NearestNeighbors}, brute force on Spark: {@code fit} holds X in the executors;
 * {@link #kneighbors}, {@link #kneighborsGraph}, {@link #radiusNeighbors} and
 * {@link #radiusNeighborsGraph} are lazy, tiled as query blocks × item blocks (see
 * {@link Neighbors}). Metrics: "minkowski" (with {@code p} ≥ 1), "euclidean", "sqeuclidean",
 * "cosine", "manhattan" ("l1", "cityblock"), "chebyshev".
 *
 * <p>Deviations: sklearn's {@code leaf_size} (trees only), {@code metric_params} and
 * {@code n_jobs} (the tasks run in parallel on the cluster) are not parameters here. In
 * {@code kneighbors(null)} each sample's own index is skipped; sklearn, when duplicates crowd the
 * sample itself out of its k + 1 nearest, drops the first neighbour instead.
 */
public final class NearestNeighbors extends Neighbors<NearestNeighbors> {
  static final ParamSpec SPEC = spec("NearestNeighbors")
      .param("radius", 1.0, Constraint.realRange(0.0, null, Constraint.Closed.BOTH));

  public NearestNeighbors() {
    this(SPEC.defaults());
  }

  private NearestNeighbors(Params params) {
    super(params);
  }

  @Override
  protected NearestNeighbors copy(Params params) {
    return new NearestNeighbors(params);
  }

  public double radius() {
    return ((Number) param("radius")).doubleValue();
  }

  public NearestNeighbors radius(double r) {
    return with("radius", r);
  }

  /** Holds X for the searches (unsupervised: {@code y} is ignored as in sklearn; no sample weights). */
  @Override
  public NearestNeighbors fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    fitItems(x);
    return this;
  }

  /**
   * sklearn's {@code radius_neighbors}: the fitted samples within {@code radius} (null: the
   * estimator's) of each row of {@code x} ({@code x} null: of each fitted sample, itself
   * excluded), lazily, as a {@link RadiusNeighbors} whose {@code fetch()} gives the ragged arrays
   * ({@code sortResults}: each row by distance).
   */
  public RadiusNeighbors radiusNeighbors(TileableHandle x, Double radius, boolean sortResults) {
    requireFitted();
    double r = radius == null ? radius() : radius;
    if (!(r >= 0)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ".radius_neighbors: radius must be >= 0, got " + r);
    }
    Tensor[] pair = operands(x);
    Distance dist = distance();
    Tensor[] graphs = Tensor.ofOutputs(RadiusSearch.of(pair[0].data(), pair[1].data(),
        new ItemsWithin(dist.kernel(), dist.reduce(r), x == null)));
    return new RadiusNeighbors(graphs[0], dist.finish(graphs[1]), sortResults);
  }

  /** {@code radiusNeighbors(x, null, false)}. */
  public RadiusNeighbors radiusNeighbors(TileableHandle x) {
    return radiusNeighbors(x, null, false);
  }

  /**
   * sklearn's {@code radius_neighbors_graph}: a sparse CSR tensor {@code (n_queries,
   * n_samples_fit)} with 1.0 at each neighbour within {@code radius} ({@code mode}
   * "connectivity") or its distance ("distance"; a distance of 0 is not stored), lazily.
   */
  public Tensor radiusNeighborsGraph(TileableHandle x, Double radius, String mode) {
    boolean distance = graphMode(mode);
    RadiusNeighbors r = radiusNeighbors(x, radius, false);
    return distance ? r.distances() : r.connectivity();
  }
}
