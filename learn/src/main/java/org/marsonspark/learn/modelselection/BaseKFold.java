package org.marsonspark.learn.modelselection;

/**
 * What KFold and StratifiedKFold share (sklearn's {@code _BaseKFold}): the number of folds,
 * whether the rows are shuffled first and the seed, checked as sklearn checks them, with
 * copy-setters.
 */
abstract class BaseKFold<K extends BaseKFold<K>> {
  private final int nSplits;
  private final boolean shuffle;
  private final Integer randomState;

  BaseKFold(int nSplits, boolean shuffle, Integer randomState) {
    Folds.check(nSplits, shuffle, randomState);
    this.nSplits = nSplits;
    this.shuffle = shuffle;
    this.randomState = randomState;
  }

  abstract K copy(int nSplits, boolean shuffle, Integer randomState);

  public int nSplits() {
    return nSplits;
  }

  public K nSplits(int n) {
    return copy(n, shuffle, randomState);
  }

  public boolean shuffle() {
    return shuffle;
  }

  /** Shuffles (or not) the rows first; turning it off forgets the seed, which then has no effect. */
  public K shuffle(boolean on) {
    return copy(nSplits, on, on ? randomState : null);
  }

  public Integer randomState() {
    return randomState;
  }

  public K randomState(Integer seed) {
    return copy(nSplits, shuffle, seed);
  }

  /** {@code get_n_splits}. */
  public int getNSplits() {
    return nSplits;
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "(n_splits=" + nSplits + ", random_state="
        + (randomState == null ? "None" : randomState) + ", shuffle=" + (shuffle ? "True" : "False") + ")";
  }
}
