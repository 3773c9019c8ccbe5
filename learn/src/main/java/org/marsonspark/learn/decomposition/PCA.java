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
import org.marsonspark.learn.kernel.CentredGram;
import org.marsonspark.learn.kernel.CentredR;
import org.marsonspark.learn.kernel.ColumnMoments;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.kernel.Lapack;

/**
 * sklearn's {@code PCA}: the principal axes of the centred data and its projection on them.
 *
 * <p>{@code svdSolver='full'}: one pass, a TSQR tree over the row chunks, gives the mean and the
 * R factor of {@code X − mean} ({@link CentredR}); the SVD of the small d×d R on the driver gives
 * the singular values and axes — X is never gathered. {@code 'randomized'}: sklearn's
 * {@code randomized_svd} ({@link RandomizedSvd}): for few features on a factor of the scatter
 * matrix from one pass (its steps depend on the centred data only through
 * {@code (X − μ)ᵀ(X − μ)}; {@link #viaFactor}), otherwise one pass over the rows per power
 * iteration. {@code 'auto'}
 * chooses as sklearn 1.2 does (full when the data is at most 500 on each side or for 'mle',
 * randomized for {@code 1 ≤ nComponents < 0.8·min(n, d)}, else full). {@code 'arpack'} is the
 * exact truncated SVD of the full solver, with arpack's checks and attributes. Then one more pass
 * for sklearn's {@code svd_flip} signs ({@link SvdFlip}). {@code nComponents} is a count, a
 * variance fraction in (0, 1) or {@code "mle"} (Minka's MLE); {@code whiten} scales the
 * projection to unit variance. {@code transform}, {@code inverseTransform} and
 * {@code fitTransform} are lazy.
 *
 * <p>Deviations: randomized results are not bit-equal to sklearn's (another random generator;
 * the subspace and variances converge to the same answer); 'arpack' is computed exactly; its
 * {@code tol} is left out, as is {@code copy}; sparse X is refused (use TruncatedSVD), as sklearn.
 */
public final class PCA extends BaseEstimator<PCA> implements InvertibleTransformer<PCA> {
  static final ParamSpec SPEC = ParamSpec.of("PCA")
      .param("nComponents", null, Constraint.anyOf(Constraint.intRange(0L, null, Closed.LEFT),
          Constraint.realRange(0.0, 1.0, Closed.NEITHER), Constraint.options("mle"), Constraint.none()))
      .param("whiten", false, Constraint.bool())
      .param("svdSolver", "auto", Constraint.options("auto", "full", "arpack", "randomized"))
      .param("iteratedPower", "auto", Constraint.anyOf(Constraint.options("auto"),
          Constraint.intRange(0L, null, Closed.LEFT)))
      .param("nOversamples", 10, Constraint.intRange(1L, null, Closed.LEFT))
      .param("powerIterationNormalizer", "auto", Constraint.options("auto", "QR", "LU", "none"))
      .param("randomState", null, Constraint.anyOf(Constraint.intRange(0L, 4294967295L, Closed.BOTH),
          Constraint.none()));

  private Spectrum fit;

  public PCA() {
    this(SPEC.defaults());
  }

  private PCA(Params params) {
    super(params);
  }

  @Override
  protected PCA copy(Params params) {
    return new PCA(params);
  }

  // ---- parameters ----

  /** null, an Integer count, a Double variance fraction in (0, 1), or "mle". */
  public Object nComponents() {
    return param("nComponents");
  }

  public PCA nComponents(int n) {
    return with("nComponents", n);
  }

  /** The fraction of the variance to keep (a float in (0, 1)), or "mle". */
  public PCA nComponents(Object fractionOrMle) {
    return with("nComponents", fractionOrMle);
  }

  public boolean whiten() {
    return param("whiten");
  }

  public PCA whiten(boolean on) {
    return with("whiten", on);
  }

  public String svdSolver() {
    return param("svdSolver");
  }

  public PCA svdSolver(String s) {
    return with("svdSolver", s);
  }

  /** "auto" or an Integer number of power iterations. */
  public Object iteratedPower() {
    return param("iteratedPower");
  }

  public PCA iteratedPower(Object n) {
    return with("iteratedPower", n);
  }

  public int nOversamples() {
    return param("nOversamples");
  }

  public PCA nOversamples(int n) {
    return with("nOversamples", n);
  }

  public String powerIterationNormalizer() {
    return param("powerIterationNormalizer");
  }

  public PCA powerIterationNormalizer(String s) {
    return with("powerIterationNormalizer", s);
  }

  public Integer randomState() {
    return param("randomState");
  }

  public PCA randomState(Integer seed) {
    return with("randomState", seed);
  }

  // ---- fit ----

  @Override
  public PCA fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    fit = null;
    Features f = Features.of(x, name());
    if (f.x().isSparse()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "PCA does not support sparse input. See "
          + "TruncatedSVD for a possible alternative.");
    }
    long m = f.nSamples();
    int d = f.nFeatures();
    Object nc = nComponents() != null ? nComponents() : (int) (svdSolver().equals("arpack") ? Math.min(m, d) - 1
        : Math.min(m, d));
    String solver = solver(nc, m, d);
    try (HeldData held = HeldData.of(f.x())) {
      fit = solver.equals("randomized") ? randomized(f.x(), nc, m, d) : exact(f.x(), nc, m, d, solver);
    }
    fitted(f.info());
    return this;
  }

  /** sklearn 1.2's choice for 'auto'. */
  private String solver(Object nc, long m, int d) {
    if (!svdSolver().equals("auto")) {
      return svdSolver();
    }
    if (Math.max(m, d) <= 500 || "mle".equals(nc)) {
      return "full";
    }
    if (nc instanceof Integer n && 1 <= n && n < 0.8 * Math.min(m, d)) {
      return "randomized";
    }
    return "full";
  }

  private Spectrum exact(Tensor x, Object nc, long m, int d, String solver) {
    int k = (int) Math.min(m, d);
    if (solver.equals("arpack")) {
      requireTruncatedCount(nc, m, d, solver);
      if ((Integer) nc == k) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components=" + nc + " must be strictly less "
            + "than min(n_samples, n_features)=" + k + " with svd_solver='arpack'");
      }
    } else if ("mle".equals(nc)) {
      if (m < d) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components='mle' is only supported if "
            + "n_samples >= n_features");
      }
    } else if (nc instanceof Integer n && (n < 0 || n > k)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components=" + n + " must be between 0 and "
          + "min(n_samples, n_features)=" + k + " with svd_solver='full'");
    }
    double[] p = Blocks.evaluate(List.of(x), new CentredR(d, 0, false, true), d + 2, d).doubles();
    Inputs.requireFinite(x, p, 1, m, name());
    double[] mean = java.util.Arrays.copyOfRange(p, d, 2 * d);
    double[][] usv = Lapack.svd(java.util.Arrays.copyOfRange(p, 2 * d, (d + 2) * d), d, d);
    double[] s = java.util.Arrays.copyOf(usv[1], k);
    double[] ev = new double[k];
    double total = 0;
    for (int i = 0; i < k; i++) {
      ev[i] = s[i] * s[i] / (m - 1);
      total += ev[i];
    }
    int n = chosenCount(nc, ev, total, m);
    double noise;
    if (solver.equals("arpack")) {
      double kept = 0;
      for (int i = 0; i < n; i++) {
        kept += ev[i];
      }
      noise = (total - kept) / (k - n);
    } else {
      noise = 0;
      for (int i = n; i < k; i++) {
        noise += ev[i] / (k - n);
      }
    }
    double[] vt = java.util.Arrays.copyOf(usv[2], n * d);
    SvdFlip flip = SvdFlip.of(x, mean, RandomizedSvd.transpose(vt, n, d), n);
    return new Spectrum(m, d, n, mean, SvdFlip.apply(vt, flip.signs(), d), s, ev, total, noise);
  }

  /** The number of components: given, by the variance fraction, or by MLE (full solver). */
  private static int chosenCount(Object nc, double[] ev, double total, long m) {
    if ("mle".equals(nc)) {
      return Mle.infer(ev, m);
    }
    if (nc instanceof Double fraction) {
      // np.searchsorted(cumsum(ratio), fraction, side='right') + 1
      double cum = 0;
      int i = 0;
      while (i < ev.length && (cum + ev[i] / total) <= fraction) {
        cum += ev[i] / total;
        i++;
      }
      return Math.min(i + 1, ev.length);
    }
    return (Integer) nc;
  }

  private static void requireTruncatedCount(Object nc, long m, int d, String solver) {
    int k = (int) Math.min(m, d);
    if (nc instanceof String) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components='" + nc + "' cannot be a string "
          + "with svd_solver='" + solver + "'");
    }
    if (!(nc instanceof Integer n) || n < 1 || n > k) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "n_components=" + nc + " must be between 1 and "
          + "min(n_samples, n_features)=" + k + " with svd_solver='" + solver + "'");
    }
  }

  private Spectrum randomized(Tensor x, Object nc, long m, int d) {
    requireTruncatedCount(nc, m, d, "randomized");
    int n = (Integer) nc;
    int k = (int) Math.min(m, d);
    int iterations = iteratedPower() instanceof Integer it ? it : (n < 0.1 * k ? 7 : 4);
    double[] mean;
    double total = 0;
    RandomizedSvd.Result r;
    if (viaFactor(d, (int) Math.min(n + (long) nOversamples(), k), iterations)) {
      // one pass: the mean and the scatter matrix of X − mean; the randomized steps run on a factor of it
      double[] p = Blocks.evaluate(List.of(x), new CentredGram(d), d + 2, d).doubles();
      Inputs.requireFinite(x, p, 1, m, name());
      mean = java.util.Arrays.copyOfRange(p, d, 2 * d);
      double[] scatter = java.util.Arrays.copyOfRange(p, 2 * d, (d + 2) * d);
      for (int j = 0; j < d; j++) {
        total += scatter[j * d + j] / (m - 1);
      }
      double[] factor = RandomizedSvd.scatterFactor(scatter, d, n);
      if (factor == null) {
        // a wanted component near the scatter's rounding: the R factor of X − mean instead (TSQR)
        double[] q = Blocks.evaluate(List.of(x), new CentredR(d, 0, false, true), d + 2, d).doubles();
        factor = java.util.Arrays.copyOfRange(q, 2 * d, (d + 2) * d);
      }
      r = RandomizedSvd.ofFactor(factor, d, m, d, n, nOversamples(), iterations, powerIterationNormalizer(),
          randomState());
    } else {
      double[] moments = Blocks.evaluate(List.of(x), new ColumnMoments(d, false), 3, d).doubles();
      Inputs.requireFinite(x, moments, d, m, name());
      mean = java.util.Arrays.copyOfRange(moments, d, 2 * d);
      for (int j = 0; j < d; j++) {
        total += moments[2 * d + j] / (m - 1);
      }
      r = RandomizedSvd.of(x, mean, n, nOversamples(), iterations, powerIterationNormalizer(), randomState());
    }
    SvdFlip flip = SvdFlip.of(x, mean, r.uBasis(), n);
    double[] ev = new double[n];
    double kept = 0;
    for (int i = 0; i < n; i++) {
      ev[i] = r.s()[i] * r.s()[i] / (m - 1);
      kept += ev[i];
    }
    double noise = n < k ? (total - kept) / (k - n) : 0;
    return new Spectrum(m, d, n, mean, SvdFlip.apply(r.vt(), flip.signs(), d), r.s(), ev, total, noise);
  }

  /** Above this many features the d×d scatter matrix of one pass is no longer small. */
  static final int FACTOR_MAX_FEATURES = 1024;

  /**
   * Whether the randomized solver runs on a factor of the scatter matrix {@code (X − μ)ᵀ(X − μ)}
   * from one pass ({@link CentredGram}) rather than passing over the rows once per power
   * iteration: where d is small and that pass (about {@code d²} flops a row) costs no more than
   * the passes it replaces ({@code nIter + 2} of two products of {@code 2·d·k} flops a row, and
   * the mean's pass). The answer is the same either way ({@link RandomizedSvd#ofFactor}); where a
   * wanted component is too small for the scatter's rounding, the factor is the R of a TSQR pass.
   *
   * @param k the sketch's width, {@code n_components + n_oversamples} at most
   */
  static boolean viaFactor(int d, int k, int nIter) {
    return d <= FACTOR_MAX_FEATURES && (long) d * d <= (nIter + 2L) * 4L * d * k;
  }

  /**
   * What a fit found: the kept components (c×d, flipped), all singular values and explained
   * variances the solver computed (their first c are kept), the total variance, the noise variance.
   */
  private record Spectrum(long samples, int features, int components, double[] mean, double[] vt, double[] s,
      double[] ev, double total, double noise) {}

  // ---- fitted attributes ----

  /** The principal axes, one per row ({@code components_}, {@code (n_components_, n_features)}). */
  public Tensor components_() {
    requireFitted();
    return Mt.tensor(NDArray.of(fit.vt().clone(), fit.components(), fit.features()));
  }

  /** The variance along each axis ({@code explained_variance_}, ddof 1). */
  public Tensor explainedVariance_() {
    requireFitted();
    return Mt.tensor(NDArray.of(java.util.Arrays.copyOf(fit.ev(), fit.components())));
  }

  /** Each axis's share of the total variance ({@code explained_variance_ratio_}). */
  public Tensor explainedVarianceRatio_() {
    requireFitted();
    double[] r = java.util.Arrays.copyOf(fit.ev(), fit.components());
    for (int i = 0; i < r.length; i++) {
      r[i] /= fit.total();
    }
    return Mt.tensor(NDArray.of(r));
  }

  /** The singular values of the centred data along the kept axes ({@code singular_values_}). */
  public Tensor singularValues_() {
    requireFitted();
    return Mt.tensor(NDArray.of(java.util.Arrays.copyOf(fit.s(), fit.components())));
  }

  /** The per-feature mean ({@code mean_}). */
  public Tensor mean_() {
    requireFitted();
    return Mt.tensor(NDArray.of(fit.mean().clone()));
  }

  /** The probabilistic PCA noise variance ({@code noise_variance_}). */
  public double noiseVariance_() {
    requireFitted();
    return fit.noise();
  }

  /** The number of components kept ({@code n_components_}). */
  public int nComponents_() {
    requireFitted();
    return fit.components();
  }

  /** The number of training rows ({@code n_samples_}). */
  public long nSamples_() {
    requireFitted();
    return fit.samples();
  }

  // ---- transforms (lazy) ----

  /** {@code (X − mean_)·components_ᵀ}, divided by {@code sqrt(explained_variance_)} when whitening. */
  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, false);
    Tensor out = in.sub(vector(fit.mean(), in.dtype())).dot(components_().T());
    return whiten() ? out.div(Mt.sqrt(explainedVariance_())) : out;
  }

  /** {@code X·components_ + mean_} (the whitening undone first). */
  @Override
  public Tensor inverseTransform(TileableHandle x) {
    requireFitted();
    Tensor in = Features.of(x, name()).x();
    if (in.shape(1) != fit.components()) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ".inverseTransform: X has " + in.shape(1)
          + " columns, but the fit kept " + fit.components() + " components");
    }
    Tensor scaled = whiten() ? in.mul(Mt.sqrt(explainedVariance_())) : in;
    return scaled.dot(components_()).add(mean_());
  }

  private static Tensor vector(double[] v, DType dtype) {
    Tensor t = Mt.tensor(NDArray.of(v.clone()));
    return dtype == DType.FLOAT64 ? t : t.astype(dtype);
  }
}
