package org.marsonspark.learn.kernel;

import org.marsonspark.learn.ops.BlockAggregate;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.CounterRandom;

/**
 * One pass of greedy k-means++ (sklearn's {@code _kmeans_plusplus}) over a row block: with the
 * centres chosen so far and this step's candidate centres, it sums each candidate's potential —
 * {@code Σ min(D²(x), ‖x − candidate‖²)}, D² the squared distance to the nearest chosen centre
 * (sklearn's GEMM form, clamped at 0) — and, for every candidate, already draws the next step's
 * candidates as if that one were chosen: each of {@code trialKeys.length} draws samples a row
 * with probability proportional to its updated D², by an exponential race (the row of least
 * {@code E/D²}, E exponential from the counter-based generator at the row's global index), so
 * the draw depends on the seed and the rows, never on the chunking. The driver keeps the
 * candidate of least potential and takes its draws: one pass per centre.
 *
 * <p>Partial: the potentials of the {@code nCandidates} candidates, then per branch (a candidate,
 * or the chosen centres alone when there are none) and draw a one-row {@link TopRows} list keyed
 * by {@code −E/D²} whose payload is the row's global index and coordinates. With no draws
 * ({@code trialKeys} empty, the last centre) only the potentials.
 */
public record PlusPlusStep(double[] chosen, int nChosen, double[] candidates, int nCandidates, long[] trialKeys,
    int d) implements BlockAggregate.Fn {
  private int branches() {
    return trialKeys.length == 0 ? 0 : Math.max(1, nCandidates);
  }

  private int payload() {
    return d + 1;
  }

  /** The length of the (1-D) partial. */
  public int length() {
    return nCandidates + branches() * trialKeys.length * TopRows.length(1, payload());
  }

  /** Where the list of branch {@code b}, draw {@code t} starts in a partial. */
  private int race(int b, int t) {
    return nCandidates + (b * trialKeys.length + t) * TopRows.length(1, payload());
  }

  /** The global row index drawn for branch {@code b}, draw {@code t} of a merged partial. */
  public long drawnRow(double[] merged, int b, int t) {
    return (long) merged[TopRows.entry(race(b, t), 0, payload()) + 1];
  }

  /** The coordinates of that row. */
  public double[] drawnPoint(double[] merged, int b, int t) {
    int at = TopRows.entry(race(b, t), 0, payload()) + 2;
    return java.util.Arrays.copyOfRange(merged, at, at + d);
  }

  @Override
  public NDArray map(NDArray[] blocks) {
    return map(blocks, 0);
  }

  @Override
  public NDArray map(NDArray[] blocks, long firstRow) {
    double[] x = blocks[0].doubles();
    int rows = (int) blocks[0].shape(0);
    int m = nChosen + nCandidates;
    double[] all = new double[m * d];
    System.arraycopy(chosen, 0, all, 0, nChosen * d);
    System.arraycopy(candidates, 0, all, nChosen * d, nCandidates * d);
    double[] out = new double[length()];
    int branches = branches();
    double[] exponential = new double[trialKeys.length];
    new CentreScores(all, m, d).eachRow(x, rows, (r, dist, at) -> {
      long row = firstRow + r;
      double nearest = Double.POSITIVE_INFINITY;
      for (int j = 0; j < nChosen; j++) {
        nearest = Math.min(nearest, dist[at + j]);
      }
      for (int t = 0; t < trialKeys.length; t++) {
        exponential[t] = -Math.log1p(-CounterRandom.unit(CounterRandom.word(trialKeys[t], row)));
      }
      for (int b = 0; b < Math.max(branches, nCandidates); b++) {
        double weight = nCandidates == 0 ? nearest : Math.min(nearest, dist[at + nChosen + b]);
        if (b < nCandidates) {
          out[b] += weight;
        }
        for (int t = 0; b < branches && t < trialKeys.length; t++) {
          double key = weight > 0 ? -(exponential[t] / weight) : Double.NEGATIVE_INFINITY;
          TopRows.offerRow(out, race(b, t), 1, key, row, x, r * d, d);
        }
      }
    });
    return NDArray.of(out);
  }

  @Override
  public NDArray combine(NDArray[] partials) {
    double[] acc = partials[0].doubles().clone();
    for (int p = 1; p < partials.length; p++) {
      double[] other = partials[p].doubles();
      for (int c = 0; c < nCandidates; c++) {
        acc[c] += other[c];
      }
      for (int b = 0; b < branches(); b++) {
        for (int t = 0; t < trialKeys.length; t++) {
          TopRows.merge(acc, other, race(b, t), 1, payload());
        }
      }
    }
    return NDArray.of(acc);
  }

  @Override
  public String name() {
    return "PlusPlusStep";
  }
}
