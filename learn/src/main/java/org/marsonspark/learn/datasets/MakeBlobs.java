package org.marsonspark.learn.datasets;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code make_blobs}: isotropic Gaussian blobs. {@code nSamples} rows (an int shared
 * evenly among the centres, the first {@code n % k} one more; or a list, per centre), around
 * {@code centers} (null: 3; an int: that many; or the centres themselves, a {@code double[][]})
 * drawn uniformly in {@code centerBox}, each with standard deviation {@code clusterStd} (one or
 * per centre). Row r of centre c is {@code centre_c + std_c · N(0, 1)}; with {@code shuffle} the
 * rows come in random order — drawn as labels of a permutation, so no row moves: row r takes the
 * centre of position {@code permutation[r]}, and its noise, drawn at position r, is independent of
 * the label (the same law as sklearn's shuffle). X (float64) and y (int64) are generated on the
 * executors, chunk by chunk.
 */
public final class MakeBlobs extends DatasetGenerator<MakeBlobs> {
  static final ParamSpec SPEC = ParamSpec.of("make_blobs")
      .param("nSamples", 100, Constraint.anyOf(Constraint.intRange(1L, null, Closed.LEFT),
          Constraint.instanceOf(List.class, "an array-like of ints")))
      .param("nFeatures", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("centers", null, Constraint.anyOf(Constraint.none(), Constraint.intRange(1L, null, Closed.LEFT),
          Constraint.instanceOf(double[][].class, "an array-like of shape (n_centers, n_features)")))
      .param("clusterStd", 1.0, Constraint.anyOf(Constraint.realRange(0.0, null, Closed.LEFT),
          Constraint.instanceOf(List.class, "an array-like of floats")))
      .param("centerBox", List.of(-10.0, 10.0), Constraint.instanceOf(List.class, "an instance of 'tuple'"))
      .param("shuffle", true, Constraint.bool())
      .param("randomState", null, SEED)
      .param("returnCenters", false, Constraint.bool())
      .param("chunkRows", null, ROWS);

  public MakeBlobs() {
    this(SPEC.defaults());
  }

  private MakeBlobs(Params params) {
    super(params);
  }

  @Override
  MakeBlobs copy(Params params) {
    return new MakeBlobs(params);
  }

  public MakeBlobs nSamples(int n) {
    return with("nSamples", n);
  }

  /** Rows per centre. */
  public MakeBlobs nSamples(List<Integer> perCenter) {
    return with("nSamples", List.copyOf(perCenter));
  }

  public MakeBlobs nFeatures(int n) {
    return with("nFeatures", n);
  }

  public MakeBlobs centers(int k) {
    return with("centers", k);
  }

  public MakeBlobs centers(double[][] given) {
    return with("centers", given);
  }

  public MakeBlobs clusterStd(double std) {
    return with("clusterStd", std);
  }

  public MakeBlobs clusterStd(List<Double> perCenter) {
    return with("clusterStd", List.copyOf(perCenter));
  }

  public MakeBlobs centerBox(double lo, double hi) {
    return with("centerBox", List.of(lo, hi));
  }

  public MakeBlobs shuffle(boolean on) {
    return with("shuffle", on);
  }

  public MakeBlobs returnCenters(boolean on) {
    return with("returnCenters", on);
  }

  @Override
  Dataset build(RandomState rs) {
    Object ns = param("nSamples");
    Object given = param("centers");
    int d = intParam("nFeatures");
    long[] perCenter;
    double[][] centers;
    if (ns instanceof List<?> counts) {
      int k = counts.size();
      if (given instanceof double[][] c && c.length != k) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Length of `n_samples` not consistent with "
            + "number of centers. Got n_samples = " + counts + " and centers = " + c.length + " centres");
      }
      if (given instanceof Integer) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Parameter `centers` must be array-like. Got "
            + given + " instead");
      }
      perCenter = counts.stream().mapToLong(v -> ((Number) v).longValue()).toArray();
      centers = given instanceof double[][] c ? c : drawCenters(rs, k, d);
    } else {
      centers = given instanceof double[][] c ? c : drawCenters(rs, given == null ? 3 : (Integer) given, d);
      int k = centers.length;
      long n = ((Number) ns).longValue();
      perCenter = new long[k];
      for (int i = 0; i < k; i++) {
        perCenter[i] = n / k + (i < n % k ? 1 : 0);
      }
    }
    int k = centers.length;
    d = centers[0].length;
    double[] stds = stds(k);
    long n = java.util.Arrays.stream(perCenter).sum();
    double[] flat = new double[k * d];
    for (int c = 0; c < k; c++) {
      if (centers[c].length != d) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "make_blobs: every centre needs " + d
            + " coordinates, centre " + c + " has " + centers[c].length);
      }
      System.arraycopy(centers[c], 0, flat, c * d, d);
    }
    Tensor noise = rs.normal(0, 1, new long[] {n, d}, rowChunks(d));
    Tensor position = param("shuffle") ? rs.permutation(n) : Mt.arange(0, n, 1);
    Tensor y = inRowChunks(Groups.of(perCenter, position));
    Tensor centreOf = Mt.tensor(NDArray.of(flat, k, d)).take(y, 0);
    Tensor stdOf = Mt.tensor(NDArray.of(stds)).take(y, 0).reshape(-1, 1);
    Tensor x = inRowChunks(centreOf.add(stdOf.mul(noise)));
    Tensor extra = param("returnCenters") ? Mt.tensor(NDArray.of(flat, k, d)) : null;
    return new Dataset(x, y, extra);
  }

  private double[][] drawCenters(RandomState rs, int k, int d) {
    List<?> box = param("centerBox");
    double lo = ((Number) box.get(0)).doubleValue();
    double hi = ((Number) box.get(1)).doubleValue();
    double[] v = SmallResults.fetch(rs.uniform(lo, hi, k, d))[0].doubles();
    double[][] out = new double[k][d];
    for (int c = 0; c < k; c++) {
      System.arraycopy(v, c * d, out[c], 0, d);
    }
    return out;
  }

  private double[] stds(int k) {
    Object std = param("clusterStd");
    if (std instanceof List<?> l) {
      if (l.size() != k) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Length of `clusters_std` not consistent with "
            + "number of centers. Got centers = " + k + " centres and cluster_std = " + l);
      }
      return l.stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
    }
    double[] out = new double[k];
    java.util.Arrays.fill(out, ((Number) std).doubleValue());
    return out;
  }
}
