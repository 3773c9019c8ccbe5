package org.marsonspark.learn.modelselection;

import java.util.List;
import org.marsonspark.core.TileableHandle;

/** sklearn.model_selection's functions. */
public final class ModelSelection {
  private ModelSelection() {}

  /** {@code train_test_split(*arrays)} with sklearn's defaults; see {@link TrainTestSplit} for the options. */
  public static List<TileableHandle> trainTestSplit(TileableHandle... arrays) {
    return new TrainTestSplit().split(arrays);
  }

  /** {@code train_test_split(*arrays, test_size=testSize, random_state=randomState)}. */
  public static List<TileableHandle> trainTestSplit(double testSize, Integer randomState, TileableHandle... arrays) {
    return new TrainTestSplit().testSize(testSize).randomState(randomState).split(arrays);
  }
}
