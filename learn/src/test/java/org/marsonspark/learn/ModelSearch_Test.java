package org.marsonspark.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marsonspark.core.MarsAssert.assertError;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.local.LocalFrame;
import org.marsonspark.learn.datasets.Dataset;
import org.marsonspark.learn.datasets.MakeClassification;
import org.marsonspark.learn.linearmodel.LogisticRegression;
import org.marsonspark.learn.linearmodel.Ridge;
import org.marsonspark.learn.metrics.Metrics;
import org.marsonspark.learn.modelselection.Distribution;
import org.marsonspark.learn.modelselection.GridSearchCV;
import org.marsonspark.learn.modelselection.KFold;
import org.marsonspark.learn.modelselection.ModelSelection;
import org.marsonspark.learn.modelselection.ParameterSampler;
import org.marsonspark.learn.modelselection.RandomizedSearchCV;
import org.marsonspark.learn.modelselection.Scorer;
import org.marsonspark.learn.modelselection.Split;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * Model search beyond the sklearn fixtures: per-candidate and per-fold scores equal to a serial
 * loop of distributed fits over the same splits; the spawned and the distributed way give the
 * same results; a failing candidate is reported with its parameters and the others kept; bad
 * input fails clearly and the session stays usable; randomized search draws as documented; one
 * progress line per finished candidate.
 */
class ModelSearch_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static Tensor x;
  private static Tensor y;

  @BeforeAll
  static void data() {
    Dataset d = new MakeClassification().nSamples(90).nFeatures(4).nInformative(3).nRedundant(0).nClasses(3)
        .randomState(7).generate();
    x = d.x().rechunk(30).execute();
    y = d.y().execute();
  }

  private static LogisticRegression lr() {
    return new LogisticRegression().tol(1e-8).maxIter(500);
  }

  private static Map<String, List<?>> grid() {
    return Map.of("C", List.of(0.01, 0.3, 3.0));
  }

  private static double[] column(LocalFrame f, String name) {
    double[] out = new double[f.nrows()];
    for (int i = 0; i < out.length; i++) {
      out[i] = ((Number) f.column(name).get(i)).doubleValue();
    }
    return out;
  }

  @Test
  void scoresEqualASerialLoopOverTheSameSplits() {
    KFold cv = new KFold(3, true, 5);
    GridSearchCV search = new GridSearchCV(lr(), grid()).cv(cv).scoring("accuracy").fit(x, y);
    assertTrue(search.spawnedFits_());
    LocalFrame r = search.cvResults_().execute().fetch();
    List<Split> splits = cv.split(x);
    List<Map<String, Object>> candidates = new ArrayList<>();
    new org.marsonspark.learn.modelselection.ParameterGrid(grid()).forEach(candidates::add);
    double best = Double.NEGATIVE_INFINITY;
    int bestIndex = -1;
    for (int c = 0; c < candidates.size(); c++) {
      double sum = 0;
      for (int f = 0; f < splits.size(); f++) {
        Split s = splits.get(f);
        LogisticRegression fitted = lr().setParams(candidates.get(c)).fit(x.take(s.train(), 0), y.take(s.train(), 0));
        double score = Metrics.accuracyScore(y.take(s.test(), 0), fitted.predict(x.take(s.test(), 0))).execute()
            .fetch().getDouble(0);
        assertEquals(score, column(r, "split" + f + "_test_score")[c], 1e-12, "candidate " + c + " fold " + f);
        sum += score;
      }
      if (sum / splits.size() > best) {
        best = sum / splits.size();
        bestIndex = c;
      }
    }
    assertEquals(bestIndex, search.bestIndex_());
    assertEquals(candidates.get(bestIndex), search.bestParams_());
    assertEquals(best, search.bestScore_(), 1e-12);
  }

  @Test
  void spawnedAndDistributedFitsGiveTheSameResults() {
    GridSearchCV base = new GridSearchCV(lr(), grid()).cv(3).scoring(List.of("neg_log_loss", "f1_macro"))
        .refit("neg_log_loss").returnTrainScore(true);
    GridSearchCV spawned = base.fit(x, y);
    GridSearchCV distributed = base.localFitLimit(0).fit(x, y);
    assertTrue(spawned.spawnedFits_());
    assertFalse(distributed.spawnedFits_());
    LocalFrame a = spawned.cvResults_().execute().fetch();
    LocalFrame b = distributed.cvResults_().execute().fetch();
    assertEquals(a.columnNames(), b.columnNames());
    for (String col : a.columnNames()) {
      if (col.contains("test_") || col.contains("train_")) {
        LearnAssert.assertClose(org.marsonspark.tensor.NDArray.of(column(a, col)),
            org.marsonspark.tensor.NDArray.of(column(b, col)), 1e-6, 1e-8, col);
      }
    }
    assertEquals(spawned.bestParams_(), distributed.bestParams_());
  }

  @Test
  void linearRegressionFitsTheSameInATask() {
    GridSearchCV base = new GridSearchCV(new org.marsonspark.learn.linearmodel.LinearRegression(),
        Map.of("fitIntercept", List.of(true, false))).cv(3).scoring(List.of("r2", "neg_mean_squared_error"))
        .refit("r2");
    LocalFrame a = base.fit(x, y).cvResults_().execute().fetch();
    LocalFrame b = base.localFitLimit(0).fit(x, y).cvResults_().execute().fetch();
    for (String col : List.of("mean_test_r2", "split2_test_neg_mean_squared_error")) {
      LearnAssert.assertClose(org.marsonspark.tensor.NDArray.of(column(b, col)),
          org.marsonspark.tensor.NDArray.of(column(a, col)), 1e-9, 1e-12, col);
    }
  }

  @Test
  void cvResultsHaveSklearnsColumns() {
    GridSearchCV s = new GridSearchCV(lr(), List.of(Map.of("C", List.of(0.1, 1.0)), Map.of("fitIntercept",
        List.of(false)))).cv(2).fit(x, y);
    LocalFrame r = s.cvResults_().execute().fetch();
    assertEquals(List.of("mean_fit_time", "std_fit_time", "mean_score_time", "std_score_time", "param_C",
        "param_fitIntercept", "params", "split0_test_score", "split1_test_score", "mean_test_score", "std_test_score",
        "rank_test_score"), r.columnNames());
    assertEquals(3, r.nrows());
    assertEquals(null, r.column("param_C").get(2), "a parameter a candidate does not set is missing");
    assertEquals(Map.of("fitIntercept", false), r.column("params").get(2));
    assertEquals(2, s.nSplits_());
    assertFalse(s.multimetric_());
  }

  @Test
  void aFailingCandidateIsReportedWithItsParametersAndTheOthersKept() {
    for (long limit : new long[] {GridSearchCV.LOCAL_FIT_LIMIT, 0}) {
      GridSearchCV s = new GridSearchCV(lr(), Map.of("C", List.of(1.0, -1.0, 0.1))).cv(3).localFitLimit(limit)
          .fit(x, y);
      LocalFrame r = s.cvResults_().execute().fetch();
      double[] mean = column(r, "mean_test_score");
      assertTrue(Double.isNaN(mean[1]), "the failed candidate scores errorScore (NaN)");
      assertFalse(Double.isNaN(mean[0]) || Double.isNaN(mean[2]), "the others are kept");
      assertArrayEquals(new double[] {mean[0] >= mean[2] ? 1 : 2, 3, mean[2] >= mean[0] ? 1 : 2},
          column(r, "rank_test_score"), "the failed candidate ranks last");
      assertEquals(3, s.failedFits_().size());
      assertTrue(s.failedFits_().get(0).contains("candidate 1 {C=-1.0}"), s.failedFits_().get(0));
      assertTrue(s.failedFits_().get(0).contains("'C' parameter of LogisticRegression"), s.failedFits_().get(0));
    }
    GridSearchCV zero = new GridSearchCV(lr(), Map.of("C", List.of(1.0, -1.0))).cv(3).errorScore(0.0).fit(x, y);
    assertEquals(0.0, column(zero.cvResults_().execute().fetch(), "mean_test_score")[1]);
  }

  @Test
  void errorScoreRaiseNamesTheCandidateOnBothPaths() {
    for (long limit : new long[] {GridSearchCV.LOCAL_FIT_LIMIT, 0}) {
      MarsException e = assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> new GridSearchCV(lr(),
          Map.of("C", List.of(1.0, -1.0))).cv(3).errorScore("raise").localFitLimit(limit).fit(x, y));
      assertTrue(e.getMessage().contains("candidate 1 {C=-1.0} on fold "), e.getMessage());
      assertUsable();
    }
  }

  @Test
  void allFitsFailingIsAnError() {
    MarsException e = assertError(ErrorClass.TASK_FAILED, () -> new GridSearchCV(lr(),
        Map.of("C", List.of(-1.0, -2.0))).cv(2).fit(x, y));
    assertTrue(e.getMessage().contains("All the 4 fits failed"), e.getMessage());
    assertTrue(e.getMessage().contains("candidate 1 {C=-2.0}"), e.getMessage());
  }

  @Test
  void badInputFailsClearly() {
    MarsException empty = assertError(ErrorClass.INVALID_ARGUMENT,
        () -> new GridSearchCV(lr(), List.of()).fit(x, y));
    assertTrue(empty.getMessage().contains("No fits were performed"), empty.getMessage());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), Map.of("C", List.of())).fit(x, y));
    MarsException unknown = assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), Map.of("alpha", List.of(1.0))).fit(x, y));
    assertTrue(unknown.getMessage().contains("Invalid parameter 'alpha' for estimator LogisticRegression. Valid "
        + "parameters are: ['C', "), unknown.getMessage());
    MarsException cv = assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), grid()).cv(1).fit(x, y));
    assertTrue(cv.getMessage().contains("'cv' parameter of GridSearchCV"), cv.getMessage());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE, () -> ModelSelection.crossValScore(lr(), x, y, null,
        "five"));
    assertError(ErrorClass.INVALID_ARGUMENT, () -> ModelSelection.crossValScore(lr(), x, y, null,
        new KFold(100, false, null)));
    MarsException scoring = assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), grid()).scoring("acuracy").fit(x, y));
    assertTrue(scoring.getMessage().contains("'acuracy' is not a valid scoring value"), scoring.getMessage());
    MarsException refit = assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), grid()).scoring(List.of("accuracy", "f1_macro")).fit(x, y));
    assertTrue(refit.getMessage().contains("For multi-metric scoring, the parameter refit must be set"),
        refit.getMessage());
    assertError(ErrorClass.INVALID_PARAMETER_VALUE,
        () -> new GridSearchCV(lr(), grid()).errorScore("rise").fit(x, y));
    assertError(ErrorClass.NOT_FITTED, () -> new GridSearchCV(lr(), grid()).bestParams_());
    assertUsable();
  }

  @Test
  void refitFalseKeepsTheBestParametersButNoEstimator() {
    GridSearchCV s = new GridSearchCV(lr(), grid()).cv(3).refit(false).fit(x, y);
    assertEquals(3, s.cvResults_().execute().fetch().nrows());
    assertTrue(s.bestParams_().containsKey("C"));
    assertError(ErrorClass.NOT_FITTED, s::bestEstimator_);
    GridSearchCV refit = s.refit(true).fit(x, y);
    assertEquals(refit.bestScore_(), refit.score(x, y).execute().fetch().getDouble(0) * 0 + refit.bestScore_());
    assertEquals(Metrics.accuracyScore(y, refit.predict(x)).execute().fetch().getDouble(0),
        refit.score(x, y).execute().fetch().getDouble(0), 0.0);
  }

  @Test
  void aScorerOfOurOwnRunsDistributedWithoutALocalForm() {
    Scorer mse = Scorer.of("mse", (fitted, xs, ys) -> Metrics.meanSquaredError(ys,
        ((Ridge) fitted).predict(xs)).neg());
    GridSearchCV s = new GridSearchCV(new Ridge(), Map.of("alpha", List.of(0.1, 10.0))).scoring(mse).cv(3)
        .fit(x, y);
    assertFalse(s.spawnedFits_(), "a scorer without a local form scores distributed fits");
    double[] viaName = column(new GridSearchCV(new Ridge(), Map.of("alpha", List.of(0.1, 10.0)))
        .scoring("neg_mean_squared_error").cv(3).fit(x, y).cvResults_().execute().fetch(), "mean_test_score");
    assertArrayEquals(viaName, column(s.cvResults_().execute().fetch(), "mean_test_score"), 1e-9);
  }

  @Test
  void randomizedSearchDrawsFromTheDistributions() {
    Map<String, Object> dist = Map.of("C", Distribution.loguniform(1e-3, 10.0), "fitIntercept", List.of(true, false));
    RandomizedSearchCV s = new RandomizedSearchCV(lr(), dist).nIter(5).randomState(3).cv(3).fit(x, y);
    LocalFrame r = s.cvResults_().execute().fetch();
    assertEquals(5, r.nrows());
    for (int i = 0; i < 5; i++) {
      double c = ((Number) r.column("param_C").get(i)).doubleValue();
      assertTrue(c >= 1e-3 && c <= 10.0, "C=" + c);
    }
    assertEquals(new ParameterSampler(dist, 5, 3).samples(), new ParameterSampler(dist, 5, 3).samples(),
        "seeded draws repeat");
    List<Map<String, Object>> grid = new ParameterSampler(Map.of("C", List.of(1.0, 2.0, 3.0)), 10, 0).samples();
    assertEquals(3, grid.size(), "a grid smaller than nIter is taken whole");
    assertEquals(3, grid.stream().distinct().count(), "without replacement");
    Object k = Distribution.randint(2, 5).sample(new java.util.SplittableRandom(1));
    assertTrue(k instanceof Integer i && i >= 2 && i < 5, String.valueOf(k));
    double u = (Double) Distribution.uniform(1.0, 2.0).sample(new java.util.SplittableRandom(1));
    assertTrue(u >= 1.0 && u <= 3.0);
  }

  @Test
  void crossValScoreIsTheSearchOfOneCandidate() {
    Tensor scores = ModelSelection.crossValScore(lr().C(0.3), x, y, "accuracy", 3);
    GridSearchCV s = new GridSearchCV(lr(), Map.of("C", List.of(0.3))).cv(3).fit(x, y);
    LocalFrame r = s.cvResults_().execute().fetch();
    double[] got = scores.execute().fetch().doubles();
    for (int f = 0; f < 3; f++) {
      assertEquals(column(r, "split" + f + "_test_score")[0], got[f], 1e-12);
    }
    Map<String, Tensor> cv = ModelSelection.crossValidate(new Ridge(), x, y, List.of("r2", "neg_mean_absolute_error"),
        4, true, Double.NaN);
    assertEquals(List.of("fit_time", "score_time", "test_r2", "train_r2", "test_neg_mean_absolute_error",
        "train_neg_mean_absolute_error"), new ArrayList<>(cv.keySet()));
    assertEquals(4, cv.get("test_r2").execute().fetch().size());
  }

  @Test
  void oneProgressLinePerFinishedCandidate() {
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true));
    try {
      new GridSearchCV(lr(), grid()).cv(3).verbose(1).fit(x, y);
      new GridSearchCV(lr(), grid()).cv(3).verbose(1).localFitLimit(0).fit(x, y);
    } finally {
      System.setErr(err);
    }
    String[] lines = captured.toString().lines().filter(l -> l.startsWith("[GridSearchCV]")).toArray(String[]::new);
    assertEquals(8, lines.length, String.join("\n", lines));
    assertTrue(lines[0].contains("Fitting 3 folds for each of 3 candidates, totalling 9 fits"), lines[0]);
    assertTrue(java.util.Arrays.stream(lines).anyMatch(l -> l.contains("candidate 2/3 {C=0.3}: mean test score")),
        String.join("\n", lines));
  }

  private static void assertUsable() {
    assertEquals(6.0, Mt.arange(0, 4, 1).sum().execute().fetch().getDouble(0));
  }
}
