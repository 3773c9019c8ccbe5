package org.marsonspark.learn.modelselection;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Predictor;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.Tensor;

/**
 * What GridSearchCV and RandomizedSearchCV share (sklearn's {@code BaseSearchCV}): every
 * candidate fitted on every fold and scored ({@link Search}: spawned calls when the estimator
 * fits in one task, else distributed fits over held data), {@code cvResults_} as a DataFrame,
 * the best candidate by the refit scorer and, with {@code refit}, the best estimator fitted on
 * all the data (a distributed fit), which {@code predict} and {@code score} use.
 *
 * <p>Parameters: {@code estimator}, {@code scoring} (null: the estimator's score; a name, a
 * {@link Scorer}, a list of names or a map of names to scorers), {@code refit} (true, false or
 * the scorer name to refit by), {@code cv} (null: 5; an int — KFold, StratifiedKFold for a
 * classifier —, a KFold / StratifiedKFold, or a list of {@link Split}s), {@code errorScore}
 * ('raise' or the score of a failed fit, NaN by default), {@code returnTrainScore}, {@code verbose} (null: one line per
 * finished candidate on stderr when the session shows progress, {@code MarsOptions.withProgress};
 * 0: none; 1 or more: the lines), and Mars's {@code localFitLimit}: the most bytes of X and y for
 * which the fits run as spawned calls (256 MiB; 0: always distributed). sklearn's {@code nJobs},
 * {@code preDispatch} and {@code groups} are left out: the cluster's task slots are the workers.
 */
public abstract class BaseSearchCV<S extends BaseSearchCV<S>> extends BaseEstimator<S> implements Predictor<S> {
  /** The default {@code localFitLimit}. */
  public static final long LOCAL_FIT_LIMIT = 256L << 20;

  private DataFrame cvResults;
  private int bestIndex = -1;
  private double bestScore = Double.NaN;
  private Map<String, Object> bestParams;
  private Estimator<?> bestEstimator;
  private double refitTime;
  private int nSplits;
  private boolean multimetric;
  private boolean spawned;
  private List<String> failedFits;
  private Scorer refitScorer;

  protected BaseSearchCV(Params params) {
    super(params);
  }

  /** The parameters every search has, after {@code estimator} and the candidates' own. */
  protected static ParamSpec common(ParamSpec spec) {
    return spec
        .param("scoring", null, Constraint.anyOf(Constraint.instanceOf(String.class, "a str"),
            Constraint.instanceOf(Scorer.class, "a Scorer"), Constraint.instanceOf(List.class, "a list"),
            Constraint.instanceOf(Map.class, "a dict"), Constraint.none()))
        .param("refit", true, Constraint.anyOf(Constraint.bool(), Constraint.instanceOf(String.class, "a str")))
        .param("cv", null, Constraint.anyOf(Constraint.intRange(2L, null, Closed.LEFT),
            Constraint.instanceOf(KFold.class, "a KFold"), Constraint.instanceOf(StratifiedKFold.class,
                "a StratifiedKFold"), Constraint.instanceOf(List.class, "a list of Splits"), Constraint.none()))
        .param("errorScore", Double.NaN, Constraint.anyOf(Constraint.options("raise"),
            new Constraint("a float", v -> v instanceof Number)))
        .param("returnTrainScore", false, Constraint.bool())
        .param("verbose", null, Constraint.anyOf(Constraint.intRange(0L, null, Closed.LEFT), Constraint.none()))
        .param("localFitLimit", LOCAL_FIT_LIMIT, Constraint.intRange(0L, null, Closed.LEFT));
  }

  /** The candidates' parameter settings, in sklearn's order. */
  protected abstract List<Map<String, Object>> candidates();

  // ---- parameters ----

  public Estimator<?> estimator() {
    return param("estimator");
  }

  public Object scoring() {
    return param("scoring");
  }

  public S scoring(Object s) {
    return with("scoring", s);
  }

  public Object refit() {
    return param("refit");
  }

  public S refit(Object r) {
    return with("refit", r);
  }

  public Object cv() {
    return param("cv");
  }

  public S cv(Object cv) {
    return with("cv", cv);
  }

  public Object errorScore() {
    return param("errorScore");
  }

  public S errorScore(Object e) {
    return with("errorScore", e);
  }

  public boolean returnTrainScore() {
    return param("returnTrainScore");
  }

  public S returnTrainScore(boolean on) {
    return with("returnTrainScore", on);
  }

  public Integer verbose() {
    return param("verbose");
  }

  public S verbose(Integer v) {
    return with("verbose", v);
  }

  public long localFitLimit() {
    return ((Number) param("localFitLimit")).longValue();
  }

  /** The most bytes of X and y for which candidates run as spawned calls (0: always as distributed fits). */
  public S localFitLimit(long bytes) {
    return with("localFitLimit", bytes);
  }

  // ---- fit ----

  @SuppressWarnings("unchecked")
  @Override
  public S fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    startFit();
    Map<String, Scorer> scorers = Search.scorers(scoring(), estimator(), name());
    boolean multi = scorers.size() > 1 || !scorers.containsKey("score");
    String refitBy = refitScorer(scorers, multi);
    List<Map<String, Object>> candidates = candidates();
    Search.Outcome o = Search.run(new Search.Setup(name(), estimator(), candidates, scorers, cv(),
        returnTrainScore(), errorScore(), localFitLimit(), progress()), x, y, sampleWeight);
    SearchResults r = new SearchResults(candidates, List.copyOf(scorers.keySet()), o, returnTrainScore(), name(),
        errorScore());
    cvResults = r.frame();
    nSplits = o.folds();
    multimetric = multi;
    spawned = o.spawned();
    failedFits = r.failures();
    bestIndex = -1;
    bestEstimator = null;
    if (refitBy != null) {
      bestIndex = r.best(refitBy);
      bestScore = r.meanTest(refitBy, bestIndex);
      bestParams = candidates.get(bestIndex);
      refitScorer = scorers.get(refitBy);
    }
    if (!Boolean.FALSE.equals(refit())) {
      long start = System.nanoTime();
      bestEstimator = estimator().setParams(bestParams).fit(x, y, sampleWeight);
      refitTime = (System.nanoTime() - start) / 1e9;
    }
    fitted(Features.of(x, name()).info());
    return (S) this;
  }

  /** The scorer the best candidate is chosen by (null: none, for several scorers and refit=false). */
  private String refitScorer(Map<String, Scorer> scorers, boolean multi) {
    Object refit = refit();
    if (!multi) {
      if (refit instanceof String s) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, name() + ": refit='" + s + "' names a scorer, "
            + "but scoring is a single metric: use refit=true or false");
      }
      return "score";
    }
    if (refit instanceof String s && scorers.containsKey(s)) {
      return s;
    }
    if (Boolean.FALSE.equals(refit)) {
      return null;
    }
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "For multi-metric scoring, the parameter refit must "
        + "be set to a scorer key or a callable to refit an estimator with the best parameter setting on the whole "
        + "data and make the best_* attributes available for that metric. If this is not needed, refit should be set "
        + "to False explicitly. " + (refit instanceof String s ? "'" + s + "'" : refit.equals(true) ? "True" : refit)
        + " was passed.");
  }

  private Consumer<String> progress() {
    Integer v = verbose();
    boolean on = v == null ? MarsSession.getDefault().options().progress() : v > 0;
    return on ? line -> System.err.println(line) : null;
  }

  // ---- fitted attributes ----

  /** sklearn's {@code cv_results_}: one row per candidate, sklearn's columns. */
  public DataFrame cvResults_() {
    requireFitted();
    return cvResults;
  }

  /** The best candidate's position ({@code best_index_}); not for several scorers with refit=false. */
  public int bestIndex_() {
    requireBest("best_index_");
    return bestIndex;
  }

  /** The best candidate's mean test score ({@code best_score_}). */
  public double bestScore_() {
    requireBest("best_score_");
    return bestScore;
  }

  /** The best candidate's parameters ({@code best_params_}). */
  public Map<String, Object> bestParams_() {
    requireBest("best_params_");
    return bestParams;
  }

  /** The estimator with the best parameters, fitted on all the data ({@code best_estimator_}); needs refit. */
  public Estimator<?> bestEstimator_() {
    requireFitted();
    if (bestEstimator == null) {
      throw new MarsException(ErrorClass.NOT_FITTED, "This " + name() + " instance was initialized with `refit="
          + "False`. best_estimator_ is available only after refitting on the best parameters. You can refit an "
          + "estimator manually using the `best_params_` attribute");
    }
    return bestEstimator;
  }

  /** Seconds the refit took ({@code refit_time_}). */
  public double refitTime_() {
    bestEstimator_();
    return refitTime;
  }

  /** The number of folds ({@code n_splits_}). */
  public int nSplits_() {
    requireFitted();
    return nSplits;
  }

  /** Whether several scorers were used ({@code multimetric_}). */
  public boolean multimetric_() {
    requireFitted();
    return multimetric;
  }

  /** Mars: whether the fits ran as spawned calls (else as distributed fits over held data). */
  public boolean spawnedFits_() {
    requireFitted();
    return spawned;
  }

  /** Mars: the failed fits, each with its candidate's number and parameters, fold and error (empty: none). */
  public List<String> failedFits_() {
    requireFitted();
    return failedFits;
  }

  private void requireBest(String attribute) {
    requireFitted();
    if (bestIndex < 0) {
      throw new MarsException(ErrorClass.NOT_FITTED, "'" + name() + "' object has no attribute '" + attribute + "': "
          + "with several scorers it needs refit set to a scorer name");
    }
  }

  // ---- predictions (lazy, by the best estimator) ----

  /** The best estimator's predictions. */
  @Override
  public Tensor predict(TileableHandle x) {
    if (bestEstimator_() instanceof Predictor<?> p) {
      return p.predict(x);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": " + bestEstimator.name() + " does not "
        + "predict");
  }

  /** The best estimator's class probabilities (a classifier's). */
  public Tensor predictProba(TileableHandle x) {
    if (bestEstimator_() instanceof Classifier<?> c) {
      return c.predictProba(x);
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, name() + ": " + bestEstimator.name() + " has no "
        + "predictProba");
  }

  /** The refit scorer's score of the best estimator on {@code x}, {@code y} (sklearn's {@code score}), lazily. */
  @Override
  public Tensor score(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    return refitScorer.score(bestEstimator_(), x, y);
  }
}
