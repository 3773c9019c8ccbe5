package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code KFold}: {@code nSplits} consecutive folds of the rows, each the test set once;
 * the first {@code n % nSplits} folds have one row more. Without {@code shuffle} the folds are
 * exactly sklearn's. With {@code shuffle} the rows are first ordered by
 * {@code RandomState(randomState).permutation(n)} (one draw for all folds, as sklearn's one
 * shuffle; a function of seed and row index, so the same for any chunking, but not sklearn's
 * stream). Each split's positions are ascending, as sklearn's.
 */
public final class KFold extends BaseKFold<KFold> {
  /** sklearn's defaults: 5 folds, not shuffled. */
  public KFold() {
    this(5, false, null);
  }

  public KFold(int nSplits, boolean shuffle, Integer randomState) {
    super(nSplits, shuffle, randomState);
  }

  @Override
  KFold copy(int nSplits, boolean shuffle, Integer randomState) {
    return new KFold(nSplits, shuffle, randomState);
  }

  /** The folds of the rows of {@code x} (a Tensor, DataFrame or Series). */
  public List<Split> split(TileableHandle x) {
    long n = Rows.count(x, "KFold");
    Folds.checkRows(nSplits(), n);
    long[] bounds = Folds.bounds(n, nSplits());
    List<Split> out = new ArrayList<>();
    if (!shuffle()) {
      for (int f = 0; f < nSplits(); f++) {
        List<Tensor> train = new ArrayList<>();
        if (bounds[f] > 0) {
          train.add(Mt.arange(0, bounds[f], 1));
        }
        if (bounds[f + 1] < n) {
          train.add(Mt.arange(bounds[f + 1], n, 1));
        }
        out.add(new Split(Mt.concatenate(train, 0), Mt.arange(bounds[f], bounds[f + 1], 1)));
      }
      return out;
    }
    Tensor perm = Rows.random(randomState()).permutation(n).execute();
    for (int f = 0; f < nSplits(); f++) {
      List<Tensor> train = new ArrayList<>();
      if (bounds[f] > 0) {
        train.add(perm.slice(Slice.of(0L, bounds[f])));
      }
      if (bounds[f + 1] < n) {
        train.add(perm.slice(Slice.of(bounds[f + 1], n)));
      }
      Tensor test = perm.slice(Slice.of(bounds[f], bounds[f + 1]));
      out.add(new Split(Mt.sort(Mt.concatenate(train, 0)), Mt.sort(test)));
    }
    return out;
  }
}
