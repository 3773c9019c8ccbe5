package org.marsonspark.learn.preprocessing;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Features;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/** sklearn.preprocessing's functions. */
public final class Preprocessing {
  private Preprocessing() {}

  /** {@link #normalize(TileableHandle, String, int)} of each row to unit l2 norm. */
  public static Tensor normalize(TileableHandle x) {
    return normalize(x, "l2", 1);
  }

  /**
   * sklearn's {@code normalize}: each row ({@code axis} 1) or column ({@code axis} 0) divided by
   * its {@code norm} — "l1" (sum of absolute values), "l2" (Euclidean) or "max" (largest absolute
   * value); a norm within ten epsilons of zero leaves it as it is. Lazy: two row (or column)
   * reductions and a division, which fuse.
   */
  public static Tensor normalize(TileableHandle x, String norm, int axis) {
    return normalizeWithNorms(x, norm, axis)[0];
  }

  /** sklearn's {@code normalize(..., return_norm=True)}: the normalised data and the norms used (zeros as one). */
  public static Tensor[] normalizeWithNorms(TileableHandle x, String norm, int axis) {
    if (axis != 0 && axis != 1) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "normalize: '" + axis + "' is not a supported axis");
    }
    Features f = Features.of(x, "normalize");
    Scaling.requireDense(f, "normalize");
    Tensor t = f.x();
    int along = axis;
    Tensor norms = switch (norm) {
      case "l1" -> t.abs().sum(along);
      case "l2" -> Mt.sqrt(t.mul(t).sum(along));
      case "max" -> t.abs().max(along);
      default -> throw new MarsException(ErrorClass.INVALID_ARGUMENT, "normalize: '" + norm + "' is not a supported "
          + "norm: use 'l1', 'l2' or 'max'");
    };
    double eps = t.dtype() == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    norms = Mt.where(norms.lt(10 * eps), 1.0, norms).astype(t.dtype());
    Tensor divisor = axis == 1 ? norms.reshape(-1, 1) : norms.reshape(1, -1);
    return new Tensor[] {t.div(divisor), norms};
  }
}
