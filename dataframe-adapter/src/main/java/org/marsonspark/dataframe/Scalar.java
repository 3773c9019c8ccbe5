package org.marsonspark.dataframe;

import org.marsonspark.dataframe.local.ScalarValue;
import org.marsonspark.session.MarsSession;

/**
 * A lazy scalar: the result of a series reduction. It can be an operand of Series arithmetic and
 * of {@code assign} before it runs ({@code s.sub(s.mean())}). {@link #fetch()} gives
 * {@code Long}, {@code Double} (NaN where pandas gives NaN), {@code Boolean}, {@code String},
 * {@code LocalDateTime} or null.
 */
public final class Scalar extends Executable {
  private final ScalarData data;

  /** Wraps the output of an operand, already bound to it; in an eager session it runs right away. */
  public static Scalar ofOutput(ScalarData bound) {
    if (bound.op() == null) {
      throw new IllegalArgumentException("scalar data " + bound + " is not the output of an operand");
    }
    return DfOp.eager(new Scalar(bound));
  }

  Scalar(ScalarData data) {
    this.data = data;
  }

  @Override
  public ScalarData data() {
    return data;
  }

  /** The dtype pandas gives the result (an empty int64 min is NaN all the same, as in pandas). */
  public DfType dtype() {
    return data.dtype();
  }

  @Override
  public Scalar execute() {
    super.execute();
    return this;
  }

  @Override
  public Scalar execute(MarsSession s) {
    super.execute(s);
    return this;
  }

  public Object fetch() {
    return ((ScalarValue) fetchChunks()[0]).value();
  }

  /** The value as a double (NaN for NA). */
  public double fetchDouble() {
    Object v = fetch();
    return v == null ? Double.NaN : v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
  }

  @Override
  public String toString() {
    return isExecuted() ? String.valueOf(fetch()) : "Scalar(" + data.op().name() + ", dtype=" + dtype() + ", not executed)";
  }
}
