package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Slice;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code train_test_split} with its options ({@code testSize}, {@code trainSize} —
 * a fraction or a count —, {@code randomState}, {@code shuffle}, {@code stratify}), immutable
 * with copy-setters; {@link #split} cuts every array it is given (Tensors along the first axis,
 * DataFrames and Series by row) into its training and test rows, returned as sklearn returns
 * them: train then test for each array.
 *
 * <p>Which rows: as sklearn's {@code ShuffleSplit}, a permutation of the rows is drawn and its
 * first {@code nTest} entries are the test rows, the next {@code nTrain} the training rows, each
 * subset in permutation order. The permutation is {@code RandomState(randomState).permutation(n)}
 * — a function of the seed and the global row index only, so the split is the same for every
 * chunking, but not sklearn's (its Mersenne Twister stream differs). Without {@code shuffle}:
 * the first {@code nTrain} rows train, the next {@code nTest} test, exactly as sklearn. With
 * {@code stratify} (sklearn's {@code StratifiedShuffleSplit}): per class the counts of sklearn's
 * {@code _approximate_mode} (ties broken by our generator), the class's rows in random order,
 * each subset then in random order. The positions are computed on the executors and executed
 * once by {@code split}; the arrays' rows are taken lazily.
 */
public final class TrainTestSplit {
  private final Number testSize;
  private final Number trainSize;
  private final Integer randomState;
  private final boolean shuffle;
  private final TileableHandle stratify;

  /** sklearn's defaults: test 25 % (when neither size is given), shuffled, unseeded, not stratified. */
  public TrainTestSplit() {
    this(null, null, null, true, null);
  }

  private TrainTestSplit(Number testSize, Number trainSize, Integer randomState, boolean shuffle,
      TileableHandle stratify) {
    this.testSize = testSize;
    this.trainSize = trainSize;
    this.randomState = randomState;
    this.shuffle = shuffle;
    this.stratify = stratify;
  }

  /** The test set's share of the rows, in (0, 1). */
  public TrainTestSplit testSize(double fraction) {
    return new TrainTestSplit(fraction, trainSize, randomState, shuffle, stratify);
  }

  /** The test set's number of rows. */
  public TrainTestSplit testSize(long rows) {
    return new TrainTestSplit(rows, trainSize, randomState, shuffle, stratify);
  }

  public TrainTestSplit trainSize(double fraction) {
    return new TrainTestSplit(testSize, fraction, randomState, shuffle, stratify);
  }

  public TrainTestSplit trainSize(long rows) {
    return new TrainTestSplit(testSize, rows, randomState, shuffle, stratify);
  }

  public TrainTestSplit randomState(Integer seed) {
    return new TrainTestSplit(testSize, trainSize, seed, shuffle, stratify);
  }

  public TrainTestSplit shuffle(boolean on) {
    return new TrainTestSplit(testSize, trainSize, randomState, on, stratify);
  }

  /** Class labels (a 1-D tensor or a Series) whose proportions both subsets keep. */
  public TrainTestSplit stratify(TileableHandle labels) {
    return new TrainTestSplit(testSize, trainSize, randomState, shuffle, labels);
  }

  /** Every array's training rows then its test rows: {@code [a_train, a_test, b_train, b_test, ...]}. */
  public List<TileableHandle> split(TileableHandle... arrays) {
    if (arrays.length == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "train_test_split: At least one array required as input");
    }
    long n = Rows.count(arrays[0], "train_test_split");
    for (TileableHandle a : arrays) {
      long m = Rows.count(a, "train_test_split");
      if (m != n) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of "
            + "samples: " + java.util.Arrays.stream(arrays).map(x -> Rows.count(x, "train_test_split")).toList());
      }
    }
    Tensor[] idx = indices(n);
    List<TileableHandle> out = new ArrayList<>();
    for (TileableHandle a : arrays) {
      out.add(Rows.take(a, idx[0]));
      out.add(Rows.take(a, idx[1]));
    }
    return out;
  }

  /**
   * The positions of the training and the test rows among {@code n} rows ({@code [train, test]},
   * int64 tensors, executed).
   */
  public Tensor[] indices(long n) {
    long[] sizes = sizes(n);
    long nTrain = sizes[0];
    long nTest = sizes[1];
    Tensor train;
    Tensor test;
    if (!shuffle) {
      if (stratify != null) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "Stratified train/test split is not implemented for "
            + "shuffle=False");
      }
      train = Mt.arange(0, nTrain, 1);
      test = Mt.arange(nTrain, nTrain + nTest, 1);
    } else if (stratify == null) {
      Tensor perm = Rows.random(randomState).permutation(n);
      test = perm.slice(Slice.of(0L, nTest));
      train = perm.slice(Slice.of(nTest, nTest + nTrain));
    } else {
      Tensor[] both = stratified(n, nTrain, nTest);
      train = both[0];
      test = both[1];
    }
    Mt.execute(train, test);
    return new Tensor[] {train, test};
  }

  /** sklearn's {@code _validate_shuffle_split}: {@code [nTrain, nTest]} with its messages. */
  long[] sizes(long n) {
    Number test = testSize == null && trainSize == null ? Double.valueOf(0.25) : testSize;
    checkSize("test_size", test, n);
    checkSize("train_size", trainSize, n);
    if (test instanceof Double t && trainSize instanceof Double r && t + r > 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The sum of test_size and train_size = " + (t + r)
          + ", should be in the (0, 1) range. Reduce test_size and/or train_size.");
    }
    long nTest = test == null ? -1 : test instanceof Double t ? (long) Math.ceil(t * n) : test.longValue();
    long nTrain = trainSize == null ? -1
        : trainSize instanceof Double t ? (long) Math.floor(t * n) : trainSize.longValue();
    if (trainSize == null) {
      nTrain = n - nTest;
    } else if (test == null) {
      nTest = n - nTrain;
    }
    if (nTrain + nTest > n) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The sum of train_size and test_size = " + (nTrain + nTest)
          + ", should be smaller than the number of samples " + n + ". Reduce test_size and/or train_size.");
    }
    if (nTrain == 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "With n_samples=" + n + ", test_size=" + test
          + " and train_size=" + trainSize + ", the resulting train set will be empty. Adjust any of the "
          + "aforementioned parameters.");
    }
    return new long[] {nTrain, nTest};
  }

  private static void checkSize(String name, Number size, long n) {
    if (size == null) {
      return;
    }
    boolean fraction = size instanceof Double;
    double v = size.doubleValue();
    if (fraction ? v <= 0 || v >= 1 : v >= n || v <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name + "=" + size + " should be either positive and "
          + "smaller than the number of samples " + n + " or a float in the (0, 1) range");
    }
  }

  /** sklearn's {@code StratifiedShuffleSplit} (one split), on the executors. */
  private Tensor[] stratified(long n, long nTrain, long nTest) {
    ClassCodes cc = ClassCodes.of(stratify, "train_test_split");
    if (cc.rows() != n) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found input variables with inconsistent numbers of "
          + "samples: [" + n + ", " + cc.rows() + "]");
    }
    int k = cc.size();
    if (java.util.Arrays.stream(cc.counts()).min().orElse(0) < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The least populated class in y has only 1 member, which "
          + "is too few. The minimum number of groups for any class cannot be less than 2.");
    }
    if (nTrain < k) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The train_size = " + nTrain + " should be greater or "
          + "equal to the number of classes = " + k);
    }
    if (nTest < k) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The test_size = " + nTest + " should be greater or "
          + "equal to the number of classes = " + k);
    }
    RandomState rs = Rows.random(randomState);
    long[] nI = ClassCodes.approximateMode(cc.counts(), nTrain, rs);
    long[] rest = new long[k];
    for (int i = 0; i < k; i++) {
      rest[i] = cc.counts()[i] - nI[i];
    }
    long[] tI = ClassCodes.approximateMode(rest, nTest, rs);
    long[] trainEnd = new long[k];
    long[] testEnd = new long[k];
    for (int i = 0; i < k; i++) {
      trainEnd[i] = nI[i];
      testEnd[i] = nI[i] + tI[i];
    }
    // the rows sorted by class, in random order within each class; position - class start = rank in class
    Tensor byClass = Mt.argsort(cc.codes64().mul(1L << 40).add(rs.randint(0, 1L << 40, n)));
    Tensor cls = cc.codes64().take(byClass, 0);
    Tensor rank = Mt.arange(0, n, 1).sub(ClassCodes.perRow(ClassCodes.starts(cc.counts()), cls));
    Tensor inTrain = rank.lt(ClassCodes.perRow(trainEnd, cls));
    Tensor inTest = rank.ge(ClassCodes.perRow(trainEnd, cls)).and(rank.lt(ClassCodes.perRow(testEnd, cls)));
    return new Tensor[] {randomOrder(byClass, inTrain, nTrain, rs), randomOrder(byClass, inTest, nTest, rs)};
  }

  /** The rows {@code rows[p]} where {@code chosen[p]}, in a random order: sorted by a random key, the others last. */
  private static Tensor randomOrder(Tensor rows, Tensor chosen, long count, RandomState rs) {
    long last = 1L << 62;
    Tensor key = Mt.where(chosen, rs.randint(0, last, rows.shape(0)), last);
    return rows.take(Mt.argsort(key).slice(Slice.of(0L, count)), 0);
  }
}
