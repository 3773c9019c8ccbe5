package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code StratifiedKFold}: folds that keep each class's share. As sklearn, classes are
 * numbered in order of first appearance, each fold's share of every class comes from dealing the
 * class-sorted labels round robin, and a class's rows fill its folds in row order — so without
 * {@code shuffle} the folds are exactly sklearn's. With {@code shuffle}, a class's rows fill them
 * in a random order (ours: by a random key per row, where sklearn shuffles each class's fold
 * labels; the same law, another stream), the same for any chunking. The fold of every row is
 * computed on the executors (two parallel sorts) and executed once; only the class counts and
 * first rows come to the driver.
 */
public final class StratifiedKFold extends BaseKFold<StratifiedKFold> {
  /** sklearn's defaults: 5 folds, not shuffled. */
  public StratifiedKFold() {
    this(5, false, null);
  }

  public StratifiedKFold(int nSplits, boolean shuffle, Integer randomState) {
    super(nSplits, shuffle, randomState);
  }

  @Override
  StratifiedKFold copy(int nSplits, boolean shuffle, Integer randomState) {
    return new StratifiedKFold(nSplits, shuffle, randomState);
  }

  /** The folds of the rows of {@code x}, stratified by the class labels {@code y} (a 1-D tensor or a Series). */
  public List<Split> split(TileableHandle x, TileableHandle y) {
    long n = Rows.count(x, "StratifiedKFold");
    Tensor folds = testFolds(y, n);
    List<Split> out = new ArrayList<>();
    for (int f = 0; f < nSplits(); f++) {
      out.add(new Split(Mt.nonzero(folds.ne(f))[0], Mt.nonzero(folds.eq(f))[0]));
    }
    return out;
  }

  /** Each row's test fold (sklearn's {@code _make_test_folds}), executed. */
  Tensor testFolds(TileableHandle y, long n) {
    ClassCodes cc = ClassCodes.of(y, "StratifiedKFold");
    if (cc.rows() != n) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of "
          + "samples: [" + n + ", " + cc.rows() + "]");
    }
    ClassCodes.requireClasses(y, cc.classes(), "StratifiedKFold");
    int k = cc.size();
    // classes renumbered by first appearance
    Integer[] byFirst = new Integer[k];
    for (int i = 0; i < k; i++) {
      byFirst[i] = i;
    }
    java.util.Arrays.sort(byFirst, (a, b) -> Long.compare(cc.firstRow()[a], cc.firstRow()[b]));
    long[] encode = new long[k];
    long[] counts = new long[k];
    for (int e = 0; e < k; e++) {
      encode[byFirst[e]] = e;
      counts[e] = cc.counts()[byFirst[e]];
    }
    if (java.util.Arrays.stream(counts).allMatch(c -> nSplits() > c)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "n_splits=" + nSplits() + " cannot be greater than the "
          + "number of members in each class.");
    }
    Tensor enc = ClassCodes.perRow(encode, cc.codes64());
    long[][] ends = foldEnds(counts);
    // each row's rank within its class: in row order (a stable sort), or by a random key
    Tensor key = enc;
    if (shuffle()) {
      RandomState rs = Rows.random(randomState());
      key = enc.mul(1L << 40).add(rs.randint(0, 1L << 40, n));
    }
    Tensor position = Mt.argsort(Mt.argsort(key));
    Tensor rank = position.sub(ClassCodes.perRow(ClassCodes.starts(counts), enc));
    Tensor fold = Mt.zerosLike(rank);
    for (int f = 0; f < nSplits() - 1; f++) {
      fold = fold.add(rank.ge(ClassCodes.perRow(ends[f], enc)).astype(org.marsonspark.tensor.DType.INT64));
    }
    return fold.execute();
  }

  /**
   * Per fold and class, where the class's members of the fold end (cumulated): fold f takes the
   * members ranked {@code [ends[f-1][c], ends[f][c])}. Fold f's share of class c is how many of the
   * class-sorted labels at positions {@code f, f + k, f + 2k, ...} are c (sklearn's allocation).
   */
  private long[][] foldEnds(long[] counts) {
    int k = counts.length;
    long[] start = ClassCodes.starts(counts);
    long[][] ends = new long[nSplits()][k];
    for (int c = 0; c < k; c++) {
      long acc = 0;
      for (int f = 0; f < nSplits(); f++) {
        acc += countCongruent(start[c], start[c] + counts[c], f, nSplits());
        ends[f][c] = acc;
      }
    }
    return ends;
  }

  /** How many p in [lo, hi) have p % m == r. */
  private static long countCongruent(long lo, long hi, long r, long m) {
    return below(hi, r, m) - below(lo, r, m);
  }

  /** How many p in [0, x) have p % m == r (0 <= r < m). */
  private static long below(long x, long r, long m) {
    return x <= r ? 0 : (x - r - 1) / m + 1;
  }
}
