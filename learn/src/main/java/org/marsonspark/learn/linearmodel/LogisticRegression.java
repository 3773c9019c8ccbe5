package org.marsonspark.learn.linearmodel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.Series;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.DecisionFunction;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.FitRows;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code LogisticRegression} with the lbfgs solver: it minimises sklearn's objective
 * {@code Σ sw_i·loss_i + ‖w‖²/(2C)} (the same optimum as {@code C·Σ loss + ½‖w‖²}; the intercept
 * is not penalised) by L-BFGS on the driver ({@link Lbfgs}: scipy's L-BFGS-B with m = 10,
 * {@code tol} as its gtol on the largest gradient component, its ftol 2.2e-9). Each evaluation of
 * the loss and its gradient is one Spark job over the row blocks of X, executed once and held for
 * the fit: per block a GEMM, merged in a tree; only the gradient comes back.
 *
 * <p>Two classes give one binary problem; more give one multinomial (softmax) problem with
 * {@code multiClass='auto'} or {@code 'multinomial'}, or one binary problem per class with
 * {@code 'ovr'}. {@code classWeight} (null, {@code "balanced"}, a map from labels to weights)
 * and {@code sampleWeight} multiply each row's loss. Labels may be numbers (a tensor or a numeric
 * Series: {@code classes_()}, {@code predict}) or anything else in a Series (strings:
 * {@code classLabels_()}, {@code predictLabels}). {@code predict}, {@code predictProba},
 * {@code predictLogProba}, {@code decisionFunction} and {@code score} are lazy.
 *
 * <p>Deviations: only {@code solver='lbfgs'} and the penalties {@code 'l2'} and none
 * ({@code null} or sklearn 1.2's deprecated {@code 'none'}) are supported, the others raise; so
 * does {@code dual=true}. {@code interceptScaling}, {@code l1Ratio} (liblinear / elasticnet
 * only), {@code randomState} (unused by lbfgs), {@code verbose} and {@code nJobs} are left out.
 */
public final class LogisticRegression extends BaseEstimator<LogisticRegression>
    implements Classifier<LogisticRegression>, DecisionFunction, LocalFit {
  static final ParamSpec SPEC = ParamSpec.of("LogisticRegression")
      .param("penalty", "l2", Constraint.anyOf(Constraint.options("l1", "l2", "elasticnet", "none"),
          Constraint.none()))
      .param("dual", false, Constraint.bool())
      .param("tol", 1e-4, Constraint.realRange(0.0, null, Closed.LEFT))
      .param("C", 1.0, Constraint.realRange(0.0, null, Closed.NEITHER))
      .param("fitIntercept", true, Constraint.bool())
      .param("classWeight", null, Constraint.anyOf(Constraint.instanceOf(Map.class, "an instance of 'dict'"),
          Constraint.options("balanced"), Constraint.none()))
      .param("solver", "lbfgs", Constraint.options("lbfgs", "liblinear", "newton-cg", "newton-cholesky", "sag",
          "saga"))
      .param("maxIter", 100, Constraint.intRange(0L, null, Closed.LEFT))
      .param("multiClass", "auto", Constraint.options("auto", "ovr", "multinomial"))
      .param("warmStart", false, Constraint.bool());

  private ClassLabels classes;
  /** One row per output (1 for two classes): the coefficients, then the intercept when fitted. */
  private double[][] coef;
  private int[] nIter;
  private boolean multinomial;

  public LogisticRegression() {
    this(SPEC.defaults());
  }

  private LogisticRegression(Params params) {
    super(params);
  }

  @Override
  protected LogisticRegression copy(Params params) {
    return new LogisticRegression(params);
  }

  // ---- parameters ----

  /** 'l2', or null / 'none' for no penalty. */
  public String penalty() {
    return param("penalty");
  }

  public LogisticRegression penalty(String p) {
    return with("penalty", p);
  }

  public boolean dual() {
    return param("dual");
  }

  public LogisticRegression dual(boolean on) {
    return with("dual", on);
  }

  public double tol() {
    return param("tol");
  }

  public LogisticRegression tol(double t) {
    return with("tol", t);
  }

  /** The inverse of the penalty's strength ({@code C}). */
  public double C() {
    return param("C");
  }

  public LogisticRegression C(double c) {
    return with("C", c);
  }

  public boolean fitIntercept() {
    return param("fitIntercept");
  }

  public LogisticRegression fitIntercept(boolean on) {
    return with("fitIntercept", on);
  }

  /** null, "balanced" or a {@code Map} from labels to weights. */
  public Object classWeight() {
    return param("classWeight");
  }

  public LogisticRegression classWeight(Object cw) {
    return with("classWeight", cw);
  }

  public String solver() {
    return param("solver");
  }

  public LogisticRegression solver(String s) {
    return with("solver", s);
  }

  public int maxIter() {
    return param("maxIter");
  }

  public LogisticRegression maxIter(int n) {
    return with("maxIter", n);
  }

  public String multiClass() {
    return param("multiClass");
  }

  public LogisticRegression multiClass(String m) {
    return with("multiClass", m);
  }

  public boolean warmStart() {
    return param("warmStart");
  }

  public LogisticRegression warmStart(boolean on) {
    return with("warmStart", on);
  }

  // ---- fit ----

  private void checkParams() {
    if (!solver().equals("lbfgs")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "LogisticRegression: solver='" + solver() + "' is "
          + "not supported; use solver='lbfgs'");
    }
    if (penalty() != null && !penalty().equals("l2") && !penalty().equals("none")) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "LogisticRegression: Solver lbfgs supports only "
          + "'l2' or 'none' penalties, got " + penalty() + " penalty.");
    }
    if (dual()) {
      throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "LogisticRegression: Solver lbfgs supports only "
          + "dual=False, got dual=True");
    }
  }

  @Override
  public LogisticRegression fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    double[][] start = warmStart() && isFitted() ? coef : null;
    startFit();
    checkParams();
    Features f = Features.of(x, name());
    ClassLabels labels = ClassLabels.of(y, name());
    requireTwoClasses(labels);
    Tensor w = Inputs.sampleWeight(sampleWeight, name());
    Inputs.consistentLength(f.x(), labels.encoded(), w);
    List<Tensor> inputs = new ArrayList<>(List.of(f.x(), labels.encoded()));
    if (w != null) {
      inputs.add(w);
    }
    Solution s;
    try (HeldData held = HeldData.of(inputs.toArray(new Tensor[0]))) {
      Inputs.requireFinite(f.x(), "X", name(), false);
      if (w != null) {
        Inputs.requireFinite(w, "sample_weight", name(), false);
      }
      s = solve(FitRows.held(inputs), f.nFeatures(), w != null, labels, start);
    }
    classes = labels;
    coef = s.coef();
    nIter = s.nIter();
    multinomial = s.multinomial();
    fitted(f.info());
    return this;
  }

  /**
   * The same fit on local rows inside one task (model search's spawned calls): the same checks
   * and L-BFGS, each evaluation one pass over the rows in this thread. Labels are numbers here.
   */
  @Override
  public LocalModel fitLocal(NDArray x, NDArray y, NDArray sampleWeight) {
    params().validate();
    checkParams();
    int features = Math.toIntExact(x.shape(1));
    double[] xv = x.astype(DType.FLOAT64).doubles();
    Inputs.requireFinite(xv, DType.FLOAT64, "X", name());
    ClassLabels.Local labels = ClassLabels.local(y.astype(DType.FLOAT64).doubles(), name());
    requireTwoClasses(labels.classes());
    NDArray[] blocks = sampleWeight == null ? new NDArray[] {x, labels.encoded()}
        : new NDArray[] {x, labels.encoded(), sampleWeight};
    if (sampleWeight != null) {
      Inputs.requireFinite(sampleWeight.astype(DType.FLOAT64).doubles(), DType.FLOAT64, "sample_weight", name());
    }
    Solution s = solve(FitRows.local(blocks), features, sampleWeight != null, labels.classes(), null);
    return new LogisticModel(s.coef(), labels.values(), s.multinomial(), fitIntercept(), features);
  }

  private void requireTwoClasses(ClassLabels labels) {
    if (labels.size() < 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "This solver needs samples of at least 2 classes in "
          + "the data, but the data contains only one class: " + labels.labels().get(0));
    }
  }

  /** The coefficients found (one row per output, the intercept last), the iterations, and whether softmax. */
  private record Solution(double[][] coef, int[] nIter, boolean multinomial) {}

  private Solution solve(FitRows rows, int features, boolean weighted, ClassLabels labels, double[][] start) {
    boolean multi = multiClass().equals("multinomial") || multiClass().equals("auto") && labels.size() > 2;
    double lambda = penalty() == null || penalty().equals("none") ? 0 : 1 / C();
    return multi ? fitMultinomial(rows, features, weighted, labels, lambda, start)
        : fitOneVsRest(rows, features, weighted, labels, lambda, start);
  }

  private Solution fitMultinomial(FitRows rows, int features, boolean weighted, ClassLabels labels, double lambda,
      double[][] start) {
    int k = labels.size();
    LogisticObjective objective = new LogisticObjective(rows, features, weighted, k, fitIntercept(), -1,
        ClassWeights.of(classWeight(), labels), lambda);
    int dof = objective.dof();
    double[] x0 = new double[k * dof];
    if (start != null) {
      requireWarmShape(start, k == 2 ? 1 : k, dof);
      for (int c = 0; c < k; c++) {
        double sign = k == 2 ? (c == 0 ? -1 : 1) : 1;
        double[] row = start[k == 2 ? 0 : c];
        for (int j = 0; j < dof; j++) {
          x0[c * dof + j] = sign * row[j];
        }
      }
    }
    Lbfgs.Result r = Lbfgs.scipy(tol(), maxIter()).minimize(objective, x0);
    int out = k == 2 ? 1 : k; // two classes keep the second class's row, as sklearn
    double[][] found = new double[out][];
    for (int c = 0; c < out; c++) {
      int from = (k == 2 ? 1 : c) * dof;
      found[c] = java.util.Arrays.copyOfRange(r.x(), from, from + dof);
    }
    return new Solution(found, new int[] {r.iterations()}, true);
  }

  private Solution fitOneVsRest(FitRows rows, int features, boolean weighted, ClassLabels labels, double lambda,
      double[][] start) {
    int k = labels.size();
    int problems = k == 2 ? 1 : k;
    double[][] found = new double[problems][];
    int[] iterations = new int[problems];
    double[] base = "balanced".equals(classWeight()) ? null : ClassWeights.of(classWeight(), labels);
    for (int p = 0; p < problems; p++) {
      int positive = k == 2 ? 1 : p;
      double[] cw = base != null ? base : ClassWeights.balancedMask(labels, positive);
      LogisticObjective objective = new LogisticObjective(rows, features, weighted, 1, fitIntercept(), positive, cw,
          lambda);
      double[] x0 = new double[objective.dof()];
      if (start != null) {
        requireWarmShape(start, problems, objective.dof());
        x0 = start[p].clone();
      }
      Lbfgs.Result r = Lbfgs.scipy(tol(), maxIter()).minimize(objective, x0);
      found[p] = r.x();
      iterations[p] = r.iterations();
    }
    return new Solution(found, iterations, false);
  }

  private void requireWarmShape(double[][] start, int rows, int dof) {
    if (start.length != rows || start[0].length != dof) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + " warmStart: the previous fit's coefficients are "
          + start.length + "×" + start[0].length + ", this fit needs " + rows + "×" + dof + " (coefficients, then "
          + "the intercept); fit with warmStart=false");
    }
  }

  // ---- fitted attributes ----

  /** The classes, sorted ({@code classes_}), as a tensor: for numeric labels. */
  @Override
  public Tensor classes_() {
    requireFitted();
    return classes.requireNumeric();
  }

  /** The classes, sorted, whatever their type: Double for numeric labels, else the Series' values. */
  public List<Object> classLabels_() {
    requireFitted();
    return List.copyOf(classes.labels());
  }

  /** The coefficients ({@code coef_}): {@code (1, n_features)} for two classes, else {@code (n_classes, n_features)}. */
  public Tensor coef_() {
    requireFitted();
    int d = nFeaturesIn_();
    double[] flat = new double[coef.length * d];
    for (int c = 0; c < coef.length; c++) {
      System.arraycopy(coef[c], 0, flat, c * d, d);
    }
    return Mt.tensor(NDArray.of(flat, coef.length, d));
  }

  /** The intercepts ({@code intercept_}), one per row of {@code coef_}; zeros without {@code fitIntercept}. */
  public Tensor intercept_() {
    requireFitted();
    double[] b = new double[coef.length];
    for (int c = 0; c < coef.length; c++) {
      b[c] = fitIntercept() ? coef[c][nFeaturesIn_()] : 0;
    }
    return Mt.tensor(NDArray.of(b));
  }

  /** The L-BFGS iterations of each problem solved ({@code n_iter_}, int32): one, or one per class for 'ovr'. */
  public Tensor nIter_() {
    requireFitted();
    return Mt.tensor(NDArray.of(nIter.clone()));
  }

  // ---- predictions (lazy) ----

  /** {@code X·coef_ᵀ + intercept_}: {@code (n)} for two classes, else {@code (n, n_classes)}. */
  @Override
  public Tensor decisionFunction(TileableHandle x) {
    Tensor scores = checkInput(x, false).dot(coef_().T()).add(intercept_());
    return coef.length == 1 ? scores.reshape(-1) : scores;
  }

  /**
   * Per row, the probability of each class: softmax of the decision function (multinomial; for
   * two classes of {@code [−d, d]}), else the logistic of each score, normalised over the classes
   * (one-vs-rest).
   */
  @Override
  public Tensor predictProba(TileableHandle x) {
    Tensor d = decisionFunction(x);
    if (coef.length == 1) {
      Tensor scores = d.reshape(-1, 1);
      if (multinomial) {
        return softmax(Mt.hstack(scores.neg(), scores));
      }
      Tensor p = expit(scores);
      return Mt.hstack(Mt.subtract(1.0, p), p);
    }
    if (multinomial) {
      return softmax(d);
    }
    Tensor p = expit(d);
    return p.div(p.sum(new int[] {1}, true));
  }

  /** The log of {@link #predictProba}. */
  public Tensor predictLogProba(TileableHandle x) {
    return Mt.log(predictProba(x));
  }

  /** The class of each row (the largest decision), as a tensor of the numeric classes. */
  @Override
  public Tensor predict(TileableHandle x) {
    return classes.take(predictedIndex(x));
  }

  /** The class of each row as a Series of the labels (any label type). */
  public Series predictLabels(TileableHandle x) {
    requireFitted();
    return classes.takeLabels(predictedIndex(x));
  }

  private Tensor predictedIndex(TileableHandle x) {
    Tensor d = decisionFunction(x);
    return coef.length == 1 ? d.gt(0).astype(DType.INT64) : d.argmax(1);
  }

  private static Tensor expit(Tensor z) {
    return Mt.divide(1.0, Mt.exp(z.neg()).add(1.0));
  }

  private static Tensor softmax(Tensor z) {
    Tensor e = Mt.exp(z.sub(z.max(new int[] {1}, true)));
    return e.div(e.sum(new int[] {1}, true));
  }
}
