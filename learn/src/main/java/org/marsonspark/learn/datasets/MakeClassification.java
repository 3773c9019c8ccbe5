package org.marsonspark.learn.datasets;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.learn.kernel.ClusterRows;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code make_classification}, by sklearn's construction: {@code nClasses ×
 * nClustersPerClass} Gaussian clusters at distinct vertices of a hypercube of side
 * {@code 2 · classSep} in the {@code nInformative} informative features (randomly scaled without
 * {@code hypercube}), each with its own random covariance ({@code z · A_k}); rows shared among the
 * clusters by {@code weights} exactly as sklearn counts them; {@code nRedundant} random linear
 * combinations of the informative features, {@code nRepeated} copies of informative or redundant
 * ones, the rest standard normal noise; a fraction {@code flipY} of labels replaced by random
 * ones; then {@code shift} and {@code scale} (null: random per feature, as sklearn). With
 * {@code shuffle} the rows come in random order — each row takes the cluster of position
 * {@code permutation[r]}, its own draws independent of it, so no row moves — and the features
 * are permuted. X (float64) and y (int64) are generated on the executors, chunk by chunk; only
 * the small model (centroids, covariance factors) is drawn on the driver.
 */
public final class MakeClassification extends DatasetGenerator<MakeClassification> {
  static final ParamSpec SPEC = ParamSpec.of("make_classification")
      .param("nSamples", 100, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nFeatures", 20, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nInformative", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nRedundant", 2, Constraint.intRange(0L, null, Closed.LEFT))
      .param("nRepeated", 0, Constraint.intRange(0L, null, Closed.LEFT))
      .param("nClasses", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nClustersPerClass", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("weights", null, Constraint.anyOf(Constraint.none(), Constraint.instanceOf(List.class,
          "an array-like of floats")))
      .param("flipY", 0.01, Constraint.realRange(0.0, 1.0, Closed.BOTH))
      .param("classSep", 1.0, Constraint.realRange(null, null, Closed.NEITHER))
      .param("hypercube", true, Constraint.bool())
      .param("shift", 0.0, Constraint.anyOf(Constraint.none(), Constraint.realRange(null, null, Closed.NEITHER)))
      .param("scale", 1.0, Constraint.anyOf(Constraint.none(), Constraint.realRange(null, null, Closed.NEITHER)))
      .param("shuffle", true, Constraint.bool())
      .param("randomState", null, SEED)
      .param("chunkRows", null, ROWS);

  public MakeClassification() {
    this(SPEC.defaults());
  }

  private MakeClassification(Params params) {
    super(params);
  }

  @Override
  MakeClassification copy(Params params) {
    return new MakeClassification(params);
  }

  public MakeClassification nSamples(int n) {
    return with("nSamples", n);
  }

  public MakeClassification nFeatures(int n) {
    return with("nFeatures", n);
  }

  public MakeClassification nInformative(int n) {
    return with("nInformative", n);
  }

  public MakeClassification nRedundant(int n) {
    return with("nRedundant", n);
  }

  public MakeClassification nRepeated(int n) {
    return with("nRepeated", n);
  }

  public MakeClassification nClasses(int n) {
    return with("nClasses", n);
  }

  public MakeClassification nClustersPerClass(int n) {
    return with("nClustersPerClass", n);
  }

  /** The classes' shares of the rows (all of them, or all but the last). */
  public MakeClassification weights(List<Double> w) {
    return with("weights", w == null ? null : List.copyOf(w));
  }

  public MakeClassification flipY(double fraction) {
    return with("flipY", fraction);
  }

  public MakeClassification classSep(double sep) {
    return with("classSep", sep);
  }

  public MakeClassification hypercube(boolean on) {
    return with("hypercube", on);
  }

  /** A shift of every feature; null: random in [-classSep, classSep) per feature. */
  public MakeClassification shift(Double s) {
    return with("shift", s);
  }

  /** A factor of every feature; null: random in [1, 101) per feature. */
  public MakeClassification scale(Double s) {
    return with("scale", s);
  }

  public MakeClassification shuffle(boolean on) {
    return with("shuffle", on);
  }

  /** The rows of each cluster, as sklearn shares them: by weight, the remainder one by one from cluster 0. */
  static long[] perCluster(long n, double[] weights, int perClass) {
    int classes = weights.length;
    long[] out = new long[classes * perClass];
    long given = 0;
    for (int k = 0; k < out.length; k++) {
      out[k] = (long) (n * weights[k % classes] / perClass);
      given += out[k];
    }
    for (long i = 0; i < n - given; i++) {
      out[(int) (i % out.length)]++;
    }
    return out;
  }

  private double[] weights(int classes) {
    List<?> w = param("weights");
    if (w == null) {
      double[] out = new double[classes];
      java.util.Arrays.fill(out, 1.0 / classes);
      return out;
    }
    if (w.size() != classes && w.size() != classes - 1) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Weights specified but incompatible with number "
          + "of classes.");
    }
    double[] out = new double[classes];
    double sum = 0;
    for (int i = 0; i < w.size(); i++) {
      out[i] = ((Number) w.get(i)).doubleValue();
      sum += out[i];
    }
    if (w.size() == classes - 1) {
      out[classes - 1] = 1.0 - sum;
    }
    return out;
  }

  @Override
  Dataset build(RandomState rs) {
    long n = intParam("nSamples");
    int d = intParam("nFeatures");
    int ni = intParam("nInformative");
    int nr = intParam("nRedundant");
    int nrep = intParam("nRepeated");
    int classes = intParam("nClasses");
    int perClass = intParam("nClustersPerClass");
    if (ni + nr + nrep > d) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Number of informative, redundant and repeated "
          + "features must sum to less than the number of total features");
    }
    int clusters = classes * perClass;
    if (ni < Math.log(clusters) / Math.log(2)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_classes(" + classes + ") * n_clusters_per_class("
          + perClass + ") must be smaller or equal 2**n_informative(" + ni + ")=" + Math.pow(2, ni));
    }
    long[] sizes = perCluster(n, weights(classes), perClass);
    double sep = doubleParam("classSep");
    double[] centroids = hypercube(rs, clusters, ni);
    for (int i = 0; i < centroids.length; i++) {
      centroids[i] = centroids[i] * 2 * sep - sep;
    }
    if (!(boolean) param("hypercube")) {
      double[] perCluster = draw(rs.rand(clusters, 1));
      double[] perFeature = draw(rs.rand(1, ni));
      for (int k = 0; k < clusters; k++) {
        for (int j = 0; j < ni; j++) {
          centroids[k * ni + j] *= perCluster[k] * perFeature[j];
        }
      }
    }
    double[] a = draw(rs.uniform(-1, 1, clusters, ni, ni));
    double[] b = nr > 0 ? draw(rs.uniform(-1, 1, ni, nr)) : new double[0];
    int[] repeated = new int[nrep];
    if (nrep > 0) {
      double[] u = draw(rs.rand(nrep));
      for (int i = 0; i < nrep; i++) {
        repeated[i] = (int) ((ni + nr - 1) * u[i] + 0.5);
      }
    }
    Tensor z = rs.normal(0, 1, new long[] {n, ni}, rowChunks(ni));
    Tensor position = param("shuffle") ? rs.permutation(n) : Mt.arange(0, n, 1);
    Tensor cluster = Groups.of(sizes, position);
    List<Tensor> parts = new ArrayList<>();
    parts.add(Blocks.map(List.of(z, cluster), new ClusterRows(ni, nr, a, centroids, b, repeated),
        new long[] {ni + nr + nrep}, DType.FLOAT64));
    int useless = d - ni - nr - nrep;
    if (useless > 0) {
      parts.add(rs.normal(0, 1, new long[] {n, useless}, rowChunks(useless)));
    }
    Tensor x = parts.size() == 1 ? parts.get(0) : Mt.hstack(parts.toArray(new Tensor[0]));
    Tensor y = cluster.mod(classes);
    double flip = doubleParam("flipY");
    if (flip > 0) {
      Tensor flipped = rs.rand(new long[] {n}, rowChunks()).lt(flip);
      y = Mt.where(flipped, rs.randint(0, classes, new long[] {n}, DType.INT64, rowChunks()), y);
    }
    x = x.add(featureVector(rs, "shift", d, sep)).mul(featureVector(rs, "scale", d, sep));
    if (param("shuffle")) {
      x = x.take(SmallResults.fetch(rs.permutation(d))[0].longs(), 1);
    }
    return new Dataset(inRowChunks(x), inRowChunks(y), null);
  }

  /** {@code shift} or {@code scale} per feature: the given number, or sklearn's random one. */
  private Tensor featureVector(RandomState rs, String name, int d, double sep) {
    Number v = param(name);
    if (v != null) {
      double[] out = new double[d];
      java.util.Arrays.fill(out, v.doubleValue());
      return Mt.tensor(NDArray.of(out));
    }
    double[] u = draw(rs.rand(d));
    for (int j = 0; j < d; j++) {
      u[j] = name.equals("shift") ? (2 * u[j] - 1) * sep : 1 + 100 * u[j];
    }
    return Mt.tensor(NDArray.of(u));
  }

  private static double[] draw(Tensor small) {
    return SmallResults.fetch(small)[0].doubles().clone();
  }

  /**
   * {@code clusters} distinct vertices of the unit hypercube in {@code dims} dimensions (0/1
   * coordinates, row-major), as sklearn's {@code _generate_hypercube}: beyond 30 dimensions the
   * extra coordinates are random bits; the last 30 (or fewer) are the bits of distinct random
   * integers — the first distinct values of uniform draws, a uniform random subset.
   */
  static double[] hypercube(RandomState rs, int clusters, int dims) {
    double[] out = new double[clusters * dims];
    int low = Math.min(dims, 30);
    int extra = dims - low;
    if (extra > 0) {
      long[] bits = SmallResults.fetch(rs.randint(0, 2, clusters, extra))[0].longs();
      for (int k = 0; k < clusters; k++) {
        for (int j = 0; j < extra; j++) {
          out[k * dims + j] = bits[k * extra + j];
        }
      }
    }
    Set<Long> vertices = new LinkedHashSet<>();
    while (vertices.size() < clusters) {
      for (long v : SmallResults.fetch(rs.randint(0, 1L << low, 4L * clusters + 16))[0].longs()) {
        if (vertices.size() < clusters) {
          vertices.add(v);
        }
      }
    }
    int k = 0;
    for (long v : vertices) {
      for (int j = 0; j < low; j++) {
        out[k * dims + extra + j] = (v >>> (low - 1 - j)) & 1;
      }
      k++;
    }
    return out;
  }
}
