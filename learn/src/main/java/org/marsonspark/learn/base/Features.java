package org.marsonspark.learn.base;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.Series;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * The {@code X} an estimator receives, as a 2-D tensor of floats, with the feature names when it
 * came as a DataFrame: sklearn's {@code check_array} on what can be checked without running
 * anything (dimensions, dtypes). Integer and boolean inputs become float64; float32 stays float32.
 */
public record Features(Tensor x, List<String> names) {
  /** What {@code fit} saw, for the checks at predict time. */
  public record Info(int nFeatures, List<String> names) {
    /** sklearn's feature-count and feature-name checks. */
    void check(Features f, String estimator) {
      check(f.nFeatures(), f.names(), estimator);
    }

    /** The same checks for an X of {@code n} columns named {@code got} (null for a tensor). */
    void check(int n, List<String> got, String estimator) {
      if (n != nFeatures) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, "X has " + n + " features, but " + estimator
            + " is expecting " + nFeatures + " features as input.");
      }
      if (names != null && got != null && !names.equals(got)) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, "The feature names should match those that were passed "
            + "during fit: fitted with " + names + ", got " + got + ".");
      }
    }
  }

  /** Checks and converts {@code x} for the estimator named {@code estimator}. */
  public static Features of(TileableHandle x, String estimator) {
    if (x == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + " needs X (a 2-D Tensor or a numeric "
          + "DataFrame), got null");
    }
    if (x instanceof DataFrame df) {
      for (String c : df.columns()) {
        DfType t = df.dtypes().get(c);
        if (!t.isNumeric()) {
          throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, estimator + ": column '" + c + "' of X has dtype "
              + t.pandasName() + "; estimators take numeric columns only — encode it (OneHotEncoder, LabelEncoder) "
              + "or drop it first");
        }
      }
      return new Features(asFloat(df.toTensor()), List.copyOf(df.columns()));
    }
    if (x instanceof Tensor t) {
      if (t.ndim() != 2) {
        throw new MarsException(ErrorClass.SHAPE_MISMATCH, estimator + ": expected a 2-D X, got a " + t.ndim()
            + "-D tensor of shape " + org.marsonspark.core.Shapes.toString(t.shape()) + ". Reshape it with "
            + "x.reshape(-1, 1) if it has a single feature, or x.reshape(1, -1) if it is a single sample.");
      }
      return new Features(asFloat(t), null);
    }
    if (x instanceof Series) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, estimator + ": X must be 2-D, got a Series; use "
          + "series.toFrame() for a single feature");
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, estimator + ": X must be a 2-D Tensor or a numeric "
        + "DataFrame, got " + x.getClass().getSimpleName());
  }

  private static Tensor asFloat(Tensor t) {
    return t.dtype().isFloat() ? t : t.astype(DType.FLOAT64);
  }

  public long nSamples() {
    return x.shape(0);
  }

  public int nFeatures() {
    return Math.toIntExact(x.shape(1));
  }

  public Info info() {
    return new Info(nFeatures(), names);
  }
}
