package org.marsonspark.learn.decomposition;

import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.InvertibleTransformer;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.kernel.ColumnMoments;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code TruncatedSVD} (latent semantic analysis): the leading singular vectors of X
 * itself, not centred, by sklearn's {@code randomized_svd} ({@link RandomizedSvd}; 5 power
 * iterations by default), signs by {@code svd_flip}. {@code explained_variance_} is the variance
 * of the columns of {@code X·components_ᵀ}, {@code explained_variance_ratio_} its share of X's
 * total variance — both from the same passes. {@code transform} ({@code X·components_ᵀ}) and
 * {@code inverseTransform} are lazy.
 *
 * <p>Deviations: not bit-equal to sklearn's (another random generator); {@code algorithm='arpack'}
 * is not supported (raises) and its {@code tol} is left out; sklearn 1.2 spells the QR normaliser
 * {@code 'OR'} in its parameter check, which then normalises nothing: here it is {@code 'QR'}.
 * A sparse (CSR) X works too: its passes are the tensor module's sparse products (a job or two
 * each), and the total variance comes from its sums of values and of squares.
 */
public final class TruncatedSVD extends BaseEstimator<TruncatedSVD> implements InvertibleTransformer<TruncatedSVD> {
  static final ParamSpec SPEC = ParamSpec.of("TruncatedSVD")
      .param("nComponents", 2, Constraint.intRange(1L, null, Closed.LEFT))
      .param("algorithm", "randomized", Constraint.options("arpack", "randomized"))
      .param("nIter", 5, Constraint.intRange(0L, null, Closed.LEFT))
      .param("nOversamples", 10, Constraint.intRange(1L, null, Closed.LEFT))
      .param("powerIterationNormalizer", "auto", Constraint.options("auto", "QR", "LU", "none"))
      .param("randomState", null, Constraint.anyOf(Constraint.intRange(0L, 4294967295L, Closed.BOTH),
          Constraint.none()));

  private double[] components;
  private double[] singular;
  private double[] variance;
  private double totalVariance;

  public TruncatedSVD() {
    this(SPEC.defaults());
  }

  private TruncatedSVD(Params params) {
    super(params);
  }

  @Override
  protected TruncatedSVD copy(Params params) {
    return new TruncatedSVD(params);
  }

  public int nComponents() {
    return param("nComponents");
  }

  public TruncatedSVD nComponents(int n) {
    return with("nComponents", n);
  }

  public String algorithm() {
    return param("algorithm");
  }

  public TruncatedSVD algorithm(String a) {
    return with("algorithm", a);
  }

  public int nIter() {
    return param("nIter");
  }

  public TruncatedSVD nIter(int n) {
    return with("nIter", n);
  }

  public int nOversamples() {
    return param("nOversamples");
  }

  public TruncatedSVD nOversamples(int n) {
    return with("nOversamples", n);
  }

  public String powerIterationNormalizer() {
    return param("powerIterationNormalizer");
  }

  public TruncatedSVD powerIterationNormalizer(String s) {
    return with("powerIterationNormalizer", s);
  }

  public Integer randomState() {
    return param("randomState");
  }

  public TruncatedSVD randomState(Integer seed) {
    return with("randomState", seed);
  }

  @Override
  public TruncatedSVD fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    if (algorithm().equals("arpack")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "TruncatedSVD: algorithm='arpack' is not supported; "
          + "use algorithm='randomized'");
    }
    Features f = Features.of(x, name());
    int d = f.nFeatures();
    int n = nComponents();
    if (d < 2) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, "Found array with " + d + " feature(s) (shape=("
          + f.nSamples() + ", " + d + ")) while a minimum of 2 is required by TruncatedSVD.");
    }
    if (n > d) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components(" + n + ") must be <= n_features("
          + d + ").");
    }
    try (HeldData held = HeldData.of(f.x())) {
      totalVariance = totalVariance(f.x(), d, f.nSamples());
      RandomizedSvd.Result r = RandomizedSvd.of(f.x(), null, n, nOversamples(), nIter(), powerIterationNormalizer(),
          randomState());
      // one pass: the signs (columns of U = X·M) and the variances of X·Vᵀ's columns
      double[] both = new double[d * 2 * n];
      double[] v = RandomizedSvd.transpose(r.vt(), n, d);
      for (int j = 0; j < d; j++) {
        System.arraycopy(r.uBasis(), j * n, both, j * 2 * n, n);
        System.arraycopy(v, j * n, both, j * 2 * n + n, n);
      }
      SvdFlip flip = SvdFlip.of(f.x(), null, both, 2 * n);
      components = SvdFlip.apply(r.vt(), java.util.Arrays.copyOf(flip.signs(), n), d);
      singular = r.s();
      variance = java.util.Arrays.copyOfRange(flip.variances(), n, 2 * n);
    }
    fitted(f.info());
    return this;
  }

  /** The sum of X's column variances (ddof 0): the moments pass, or for a sparse X its sums of values and squares. */
  private double totalVariance(Tensor x, int d, long n) {
    if (!x.isSparse()) {
      double[] moments = Blocks.evaluate(List.of(x), new ColumnMoments(d, false), 3, d).doubles();
      Inputs.requireFinite(x, moments, d, n, name());
      double total = 0;
      for (int j = 0; j < d; j++) {
        total += moments[2 * d + j] / moments[j];
      }
      return total;
    }
    Tensor sums = x.sum(0);
    Tensor squares = x.mul(x).sum(0);
    Mt.execute(sums, squares);
    double[] s = sums.fetch().toDoubleArray();
    double[] q = squares.fetch().toDoubleArray();
    double total = 0;
    for (int j = 0; j < d; j++) {
      double mean = s[j] / n;
      total += q[j] / n - mean * mean;
    }
    if (!Double.isFinite(total)) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": Input X contains " + (Double.isNaN(total)
          ? "NaN" : "infinity") + " (a sparse X's stored values must be finite).");
    }
    return total;
  }

  /** The right singular vectors, one per row ({@code components_}, {@code (n_components, n_features)}). */
  public Tensor components_() {
    requireFitted();
    return Mt.tensor(NDArray.of(components.clone(), nComponents(), nFeaturesIn_()));
  }

  /** The singular values ({@code singular_values_}). */
  public Tensor singularValues_() {
    requireFitted();
    return Mt.tensor(NDArray.of(singular.clone()));
  }

  /** The variance of each column of the projection ({@code explained_variance_}, ddof 0). */
  public Tensor explainedVariance_() {
    requireFitted();
    return Mt.tensor(NDArray.of(variance.clone()));
  }

  /** Each column's share of X's total variance ({@code explained_variance_ratio_}). */
  public Tensor explainedVarianceRatio_() {
    requireFitted();
    double[] r = variance.clone();
    for (int i = 0; i < r.length; i++) {
      r[i] /= totalVariance;
    }
    return Mt.tensor(NDArray.of(r));
  }

  /** {@code X·components_ᵀ}, lazily. */
  @Override
  public Tensor transform(TileableHandle x) {
    return checkInput(x, false).dot(components_().T());
  }

  /** {@code X·components_}, lazily. */
  @Override
  public Tensor inverseTransform(TileableHandle x) {
    requireFitted();
    Tensor in = Features.of(x, name()).x();
    if (in.shape(1) != nComponents()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ".inverseTransform: X has " + in.shape(1)
          + " columns, but the fit has " + nComponents() + " components");
    }
    return in.dot(components_());
  }
}
