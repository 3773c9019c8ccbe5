package org.marsonspark.learn.cluster;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.kernel.ClassCounts;
import org.marsonspark.learn.kernel.FarthestPoints;
import org.marsonspark.learn.kernel.Inertia;
import org.marsonspark.learn.kernel.LabelChanges;
import org.marsonspark.learn.kernel.LloydStep;
import org.marsonspark.learn.kernel.NearestCentre;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * One k-means run by Lloyd's iterations over held data, as sklearn 1.2's
 * {@code _kmeans_single_lloyd}: each iteration is one {@link LloydStep} evaluation (the centres
 * travel in it, per-cluster sums and weights come back), empty clusters take the farthest points
 * (sklearn's relocation, one more evaluation in that iteration), and the run stops as sklearn's
 * does: strictly when the labels no longer change, else when the total squared centre shift is
 * at most {@code tol}, else after {@code maxIter} iterations.
 *
 * <p>The labels are never held between iterations: when they do not change, neither do the
 * sums, so the new centres equal the old ones bit for bit (the step is deterministic) — except
 * where an empty cluster was relocated, and only then does an extra {@link LabelChanges} pass
 * compare the two labellings. Either way the stop and what follows are sklearn's.
 */
final class Lloyd {
  private final Tensor x;
  private final Tensor weights;
  private final int k;
  private final int d;

  /** The result of the iterations: the centres, the centres the final labels come from, the iterations run. */
  record Run(double[] centres, double[] labelCentres, int nIter) {}

  /** The labels of a finished run (an executed tensor), its inertia and the size of each cluster. */
  record Labelled(Tensor labels, double inertia, double[] sizes) {}

  /** @param x the (centred) data, executed; @param weights the sample weights, executed, or null */
  Lloyd(Tensor x, Tensor weights, int k) {
    this.x = x;
    this.weights = weights;
    this.k = k;
    this.d = Math.toIntExact(x.shape(1));
  }

  private List<Tensor> inputs() {
    return weights == null ? List.of(x) : List.of(x, weights);
  }

  Run run(double[] init, int maxIter, double tol) {
    double[] centres = init.clone();
    double[] previous = null;
    for (int i = 0; i < maxIter; i++) {
      double[] sums = Blocks.evaluate(inputs(), new LloydStep(centres, k, d, weights != null), k, d + 1).doubles();
      boolean relocated = relocateEmpty(centres, sums);
      double[] next = average(sums);
      if (Arrays.equals(next, centres)) {
        // labels unchanged (strict convergence) or a zero shift: sklearn stops either way
        return new Run(next, centres, i + 1);
      }
      if (relocated && previous != null && labelChanges(previous, centres) == 0) {
        return new Run(next, centres, i + 1);
      }
      if (shift(centres, next) <= tol) {
        return new Run(next, next, i + 1);
      }
      previous = centres;
      centres = next;
    }
    return new Run(centres, centres, maxIter);
  }

  /** sklearn's {@code _relocate_empty_clusters_dense} on the step's sums: empty clusters take the farthest points. */
  private boolean relocateEmpty(double[] centres, double[] sums) {
    int width = d + 1;
    List<Integer> empty = new ArrayList<>();
    for (int j = 0; j < k; j++) {
      if (sums[j * width + d] == 0) {
        empty.add(j);
      }
    }
    if (empty.isEmpty()) {
      return false;
    }
    FarthestPoints fn = new FarthestPoints(centres, k, d, weights != null, empty.size());
    double[] far = Blocks.evaluate(inputs(), fn, fn.length()).doubles();
    int available = Math.min(empty.size(), FarthestPoints.size(far));
    for (int e = 0; e < available; e++) {
      int p = fn.at(e);
      double w = far[p];
      int from = (int) far[p + 1];
      int to = empty.get(e);
      for (int c = 0; c < d; c++) {
        double v = far[p + 2 + c];
        sums[from * width + c] -= v * w;
        sums[to * width + c] = v * w;
      }
      sums[to * width + d] = w;
      sums[from * width + d] -= w;
    }
    return true;
  }

  /** sklearn's {@code _average_centers}: sums scaled by the reciprocal weight; a weightless cluster keeps its sum. */
  private double[] average(double[] sums) {
    int width = d + 1;
    double[] out = new double[k * d];
    for (int j = 0; j < k; j++) {
      double w = sums[j * width + d];
      double alpha = w > 0 ? 1.0 / w : 1.0;
      for (int c = 0; c < d; c++) {
        out[j * d + c] = w > 0 ? sums[j * width + c] * alpha : sums[j * width + c];
      }
    }
    return out;
  }

  /** sklearn's {@code (center_shift ** 2).sum()}, the shift being each centre's Euclidean distance moved. */
  private double shift(double[] a, double[] b) {
    double total = 0;
    for (int j = 0; j < k; j++) {
      double s = 0;
      for (int c = 0; c < d; c++) {
        double diff = b[j * d + c] - a[j * d + c];
        s += diff * diff;
      }
      double dist = Math.sqrt(s);
      total += dist * dist;
    }
    return total;
  }

  private long labelChanges(double[] before, double[] after) {
    return (long) Blocks.evaluate(List.of(x), new LabelChanges(before, after, k, d), 1).getDouble(0);
  }

  /**
   * The final E-step: each row's label from {@code run.labelCentres()} (an executed int32 tensor,
   * kept) and the inertia against {@code run.centres()}, in one execution.
   */
  Labelled label(Run run) {
    Tensor labels = Blocks.map(List.of(x), new NearestCentre(run.labelCentres(), k, d), new long[0], DType.INT32);
    List<Tensor> in = new ArrayList<>(List.of(x, labels));
    if (weights != null) {
      in.add(weights);
    }
    Tensor inertia = Blocks.aggregate(in, new Inertia(run.centres(), k, d, weights != null), new long[] {k + 1},
        DType.FLOAT64);
    Mt.execute(labels, inertia);
    double[] v;
    try {
      v = inertia.fetch().doubles();
    } finally {
      inertia.release();
    }
    return new Labelled(labels, v[0], Arrays.copyOfRange(v, 1, k + 1));
  }

  /** sklearn's {@code _is_same_clustering}: each label of {@code a} meets a single label of {@code b}. */
  boolean sameClustering(Tensor a, Tensor b) {
    double[] pairs = Blocks.evaluate(List.of(a, b), new ClassCounts(rangeLabels(k), false, true), k, k).doubles();
    for (int i = 0; i < k; i++) {
      int seen = 0;
      for (int j = 0; j < k; j++) {
        seen += pairs[i * k + j] > 0 ? 1 : 0;
      }
      if (seen > 1) {
        return false;
      }
    }
    return true;
  }

  private static double[] rangeLabels(int k) {
    double[] v = new double[k];
    for (int i = 0; i < k; i++) {
      v[i] = i;
    }
    return v;
  }
}
