package org.marsonspark.learn.datasets;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.learn.kernel.LinearRows;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code make_regression}: X standard normal ({@code nSamples × nFeatures}), a linear
 * model whose {@code nInformative} non-zero coefficients are uniform on [0, 100) ({@code nTargets}
 * columns), {@code y = X · coef + bias} plus Gaussian noise of standard deviation {@code noise}.
 * {@code shuffle} puts the informative features at random positions; shuffling the rows or the
 * features of an i.i.d. standard normal X does not change its law, so X is drawn in place and only
 * the coefficients move (the same law as sklearn's). With {@code coef}, the coefficients come back
 * ({@link Dataset#extra}); with {@code noise} 0, {@code y} is exactly {@code X · coef + bias},
 * summed left to right. X and y are generated on the executors, chunk by chunk.
 *
 * <p>Not yet: {@code effectiveRank} (a low-rank X needs orthogonal factors, which a TSQR would
 * give differently for each chunking).
 */
public final class MakeRegression extends DatasetGenerator<MakeRegression> {
  static final ParamSpec SPEC = ParamSpec.of("make_regression")
      .param("nSamples", 100, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nFeatures", 100, Constraint.intRange(1L, null, Closed.LEFT))
      .param("nInformative", 10, Constraint.intRange(0L, null, Closed.LEFT))
      .param("nTargets", 1, Constraint.intRange(1L, null, Closed.LEFT))
      .param("bias", 0.0, Constraint.realRange(null, null, Closed.NEITHER))
      .param("effectiveRank", null, Constraint.anyOf(Constraint.none(), Constraint.intRange(1L, null, Closed.LEFT)))
      .param("tailStrength", 0.5, Constraint.realRange(0.0, 1.0, Closed.BOTH))
      .param("noise", 0.0, Constraint.realRange(0.0, null, Closed.LEFT))
      .param("shuffle", true, Constraint.bool())
      .param("coef", false, Constraint.bool())
      .param("randomState", null, SEED)
      .param("chunkRows", null, ROWS);

  public MakeRegression() {
    this(SPEC.defaults());
  }

  private MakeRegression(Params params) {
    super(params);
  }

  @Override
  MakeRegression copy(Params params) {
    return new MakeRegression(params);
  }

  public MakeRegression nSamples(int n) {
    return with("nSamples", n);
  }

  public MakeRegression nFeatures(int n) {
    return with("nFeatures", n);
  }

  public MakeRegression nInformative(int n) {
    return with("nInformative", n);
  }

  public MakeRegression nTargets(int n) {
    return with("nTargets", n);
  }

  public MakeRegression bias(double b) {
    return with("bias", b);
  }

  public MakeRegression effectiveRank(Integer rank) {
    return with("effectiveRank", rank);
  }

  public MakeRegression tailStrength(double t) {
    return with("tailStrength", t);
  }

  public MakeRegression noise(double sd) {
    return with("noise", sd);
  }

  public MakeRegression shuffle(boolean on) {
    return with("shuffle", on);
  }

  public MakeRegression coef(boolean on) {
    return with("coef", on);
  }

  @Override
  Dataset build(RandomState rs) {
    if (param("effectiveRank") != null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "make_regression: effective_rank is not supported yet "
          + "(a low-rank X would not be the same for every chunking); leave it None");
    }
    long n = intParam("nSamples");
    int d = intParam("nFeatures");
    int t = intParam("nTargets");
    int informative = Math.min(d, intParam("nInformative"));
    Tensor x = rs.normal(0, 1, new long[] {n, d}, rowChunks(d));
    double[] truth = SmallResults.fetch(rs.uniform(0, 100, informative, t))[0].doubles();
    long[] order = param("shuffle") ? SmallResults.fetch(rs.permutation(d))[0].longs() : null;
    double[] coef = new double[d * t];
    for (int j = 0; j < d; j++) {
      int source = order == null ? j : (int) order[j];
      if (source < informative) {
        System.arraycopy(truth, source * t, coef, j * t, t);
      }
    }
    long[] trailing = t == 1 ? new long[0] : new long[] {t};
    Tensor y = Blocks.map(java.util.List.of(x), new LinearRows(coef, d, t, doubleParam("bias")), trailing,
        DType.FLOAT64);
    double noise = doubleParam("noise");
    if (noise > 0) {
      y = y.add(rs.normal(0, noise, y.shape(), rowChunks(trailing)));
    }
    Tensor extra = param("coef") ? Mt.tensor(t == 1 ? NDArray.of(coef) : NDArray.of(coef, d, t)) : null;
    return new Dataset(x, inRowChunks(y), extra);
  }
}
