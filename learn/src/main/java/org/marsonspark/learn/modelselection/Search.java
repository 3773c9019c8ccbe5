package org.marsonspark.learn.modelselection;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Classifier;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.HeldData;
import org.marsonspark.learn.base.Inputs;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.remote.ExecutableTuple;
import org.marsonspark.remote.Remote;
import org.marsonspark.remote.RemoteObject;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * The fits of a model search: every (candidate, fold), in sklearn's order (candidates, then
 * folds), scored by every scorer. Two ways to run them, with the same results to rounding:
 *
 * <ul>
 *   <li><b>spawned</b>, when the estimator can fit inside one task ({@link LocalFit}), every scorer
 *       scores local fits and the data is at most {@code localFitLimit} bytes: X, y (and the
 *       weights) and each fold's row positions are executed once as one chunk each and held; every
 *       (candidate, fold) is one spawned call reading them — from its executor's block manager,
 *       so the data is shipped to an executor once, not once per call — all in one execution, as
 *       parallel as the cluster's task slots.
 *   <li><b>distributed</b>, otherwise: each fold's training and test rows are taken and executed
 *       once and held across the candidates; each fit is the estimator's distributed fit.
 * </ul>
 */
final class Search {
  private Search() {}

  /** What a search asks for. */
  record Setup(String who, Estimator<?> estimator, List<Map<String, Object>> candidates,
      Map<String, Scorer> scorers, Object cv, boolean trainScores, Object errorScore, long localFitLimit,
      Consumer<String> progress) {}

  /**
   * The fits' results: {@code scores.get(c * folds + f)} is candidate c on fold f.
   *
   * @param spawned whether the fits ran as spawned calls
   */
  record Outcome(List<FoldScores> scores, int folds, boolean spawned) {}

  static Outcome run(Setup s, TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    if (s.candidates().isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, s.who() + ": No fits were performed. Was the CV iterator "
          + "empty? Were there no candidates? (the parameter grid or distributions give no candidate)");
    }
    for (Map<String, Object> c : s.candidates()) {
      s.estimator().setParams(c); // an unknown name fails now, with the estimator's valid parameters
    }
    boolean raise = raises(s.errorScore(), s.who());
    if (y == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, s.who() + ": fit needs y (the target): the scorers "
          + "compare predictions with it");
    }
    Tensor xs = Features.of(x, s.who()).x();
    Tensor ys = Inputs.target(y, s.who());
    Tensor ws = Inputs.sampleWeight(sampleWeight, s.who());
    Inputs.consistentLength(xs, ys, ws);
    List<Split> splits = splits(s.cv(), s.estimator() instanceof Classifier<?>, xs, ys, s.who());
    double errorScore = raise ? Double.NaN : ((Number) s.errorScore()).doubleValue();
    List<FoldJob> jobs = new ArrayList<>();
    List<Scorer> scorers = List.copyOf(s.scorers().values());
    boolean spawned = spawnable(s, xs, ys);
    try (SearchProgress progress = SearchProgress.start(s.who(), s.candidates(), splits.size(), s.progress())) {
      for (int c = 0; c < s.candidates().size(); c++) {
        Map<String, Object> params = s.candidates().get(c);
        for (int f = 0; f < splits.size(); f++) {
          jobs.add(new FoldJob(Recipe.of(s.estimator(), params), params, scorers, s.trainScores(), errorScore, raise,
              c, f, s.who(), spawned ? progress.key() : null));
        }
      }
      List<FoldScores> out = spawned ? spawn(jobs, xs, ys, ws, splits) : distributed(jobs, s, xs, ys, ws, splits,
          progress);
      progress.arrived(out);
      return new Outcome(out, splits.size(), spawned);
    }
  }

  private static boolean raises(Object errorScore, String who) {
    if ("raise".equals(errorScore)) {
      return true;
    }
    if (errorScore instanceof Number) {
      return false;
    }
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, who + ": error_score must be the string 'raise' or a "
        + "numeric value. (Hint: if using 'raise', please make sure that it has been spelled correctly.) Got "
        + errorScore);
  }

  /**
   * sklearn's {@code check_cv}: an int is KFold, or StratifiedKFold for a classifier; a splitter is
   * itself; a list of {@link Split}s (sklearn's iterable of (train, test)) is used as given.
   */
  static List<Split> splits(Object cv, boolean classifier, Tensor x, Tensor y, String who) {
    Object spec = cv == null ? Integer.valueOf(5) : cv;
    if (spec instanceof Integer k) {
      spec = classifier ? new StratifiedKFold(k, false, null) : new KFold(k, false, null);
    }
    if (spec instanceof StratifiedKFold skf) {
      return skf.split(x, y);
    }
    if (spec instanceof KFold kf) {
      return kf.split(x);
    }
    if (spec instanceof List<?> given && !given.isEmpty() && given.stream().allMatch(Split.class::isInstance)) {
      return given.stream().map(Split.class::cast).toList();
    }
    throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, who + ": cv must be an int (the number of folds), a "
        + "KFold, a StratifiedKFold or a non-empty list of Splits, got " + (spec instanceof Number ? spec + " (" + spec.getClass().getSimpleName()
            + ")" : spec.getClass().getName()));
  }

  private static boolean spawnable(Setup s, Tensor x, Tensor y) {
    long bytes = (x.size() + y.size()) * Double.BYTES;
    return s.estimator() instanceof LocalFit && s.scorers().values().stream().allMatch(Scorer::scoresLocally)
        && bytes <= s.localFitLimit();
  }

  /** A float64 tensor as one chunk: what every spawned call reads whole. */
  private static Tensor whole(Tensor t) {
    Tensor d = t.dtype() == DType.FLOAT64 || t.dtype() == DType.INT64 ? t : t.astype(DType.FLOAT64);
    long[] shape = d.shape().clone();
    for (int i = 0; i < shape.length; i++) {
      shape[i] = Math.max(1, shape[i]);
    }
    return d.rechunk(ChunkSize.of(shape));
  }

  private static List<FoldScores> spawn(List<FoldJob> jobs, Tensor x, Tensor y, Tensor w, List<Split> splits) {
    Tensor xs = whole(x);
    Tensor ys = whole(y.astype(DType.FLOAT64));
    Tensor ws = w == null ? null : whole(w.astype(DType.FLOAT64));
    List<Tensor> held = new ArrayList<>(List.of(xs, ys));
    if (ws != null) {
      held.add(ws);
    }
    List<Tensor> trains = new ArrayList<>();
    List<Tensor> tests = new ArrayList<>();
    for (Split sp : splits) {
      trains.add(whole(sp.train()));
      tests.add(whole(sp.test()));
    }
    held.addAll(trains);
    held.addAll(tests);
    try (HeldData data = HeldData.of(held.toArray(new Tensor[0]))) {
      List<RemoteObject<FoldScores>> calls = new ArrayList<>();
      for (FoldJob job : jobs) {
        calls.add(Remote.spawn(FoldJob::run, job, xs, ys, ws, trains.get(job.fold()), tests.get(job.fold())));
      }
      ExecutableTuple all = ExecutableTuple.of(calls);
      try {
        all.execute();
      } catch (MarsException e) {
        throw candidateFailure(e, jobs.get(0).who());
      }
      try {
        List<FoldScores> out = new ArrayList<>();
        for (Object o : all.fetch()) {
          out.add((FoldScores) o);
        }
        return out;
      } finally {
        all.release();
      }
    }
  }

  /**
   * A candidate's failure inside a task (errorScore 'raise') with its own message and error class
   * rather than the task's: the message travels in the cause chain (as the error or its stand-in).
   */
  private static MarsException candidateFailure(MarsException e, String who) {
    String marker = who + ": the fit of candidate";
    Throwable deepest = null;
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (t.getMessage() != null && t.getMessage().contains(marker)) {
        deepest = t;
      }
    }
    if (deepest == null) {
      return e;
    }
    String m = deepest.getMessage();
    int at = m.indexOf(marker);
    ErrorClass kind = ErrorClass.TASK_FAILED;
    int open = m.lastIndexOf('[', at);
    if (open >= 0 && m.indexOf("] ", open) == at - 2) {
      try {
        kind = ErrorClass.valueOf(m.substring(open + 1, at - 2));
      } catch (IllegalArgumentException notAClass) {
        // the brackets are not an error class: TASK_FAILED
      }
    }
    return new MarsException(kind, m.substring(at), e);
  }

  private static List<FoldScores> distributed(List<FoldJob> jobs, Setup s, Tensor x, Tensor y, Tensor w,
      List<Split> splits, SearchProgress progress) {
    List<Tensor[]> folds = new ArrayList<>();
    List<Tensor> held = new ArrayList<>();
    for (Split sp : splits) {
      Tensor[] f = {x.take(sp.train(), 0), y.take(sp.train(), 0), w == null ? null : w.take(sp.train(), 0),
          x.take(sp.test(), 0), y.take(sp.test(), 0)};
      folds.add(f);
      for (Tensor t : f) {
        if (t != null) {
          held.add(t);
        }
      }
    }
    List<FoldScores> out = new ArrayList<>();
    try (HeldData data = HeldData.of(held.toArray(new Tensor[0]))) {
      for (FoldJob job : jobs) {
        Tensor[] f = folds.get(job.fold());
        FoldScores r = job.evaluate(new FoldJob.Fitting<Estimator<?>>() {
          @Override
          public Estimator<?> fit() {
            return s.estimator().setParams(job.candidateParams()).fit(f[0], f[1], f[2]);
          }

          @Override
          public double[] scores(Estimator<?> fitted, boolean onTrain) {
            return scoreAll(job.scorers(), fitted, onTrain ? f[0] : f[3], onTrain ? f[1] : f[4]);
          }
        });
        progress.arrived(r);
        out.add(r);
      }
    }
    return out;
  }

  /** Every scorer's score of a distributed fit, in one execution. */
  static double[] scoreAll(List<Scorer> scorers, Estimator<?> fitted, TileableHandle x, TileableHandle y) {
    Tensor[] t = new Tensor[scorers.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = scorers.get(i).score(fitted, x, y);
    }
    Mt.execute(t);
    double[] out = new double[t.length];
    for (int i = 0; i < t.length; i++) {
      out[i] = t[i].fetch().getDouble(0);
      t[i].release();
    }
    return out;
  }

  /** sklearn's scorers of {@code scoring}: one (null: the estimator's own score, as "score"), a list or a map of names and scorers. */
  static Map<String, Scorer> scorers(Object scoring, Estimator<?> estimator, String who) {
    Map<String, Scorer> out = new LinkedHashMap<>();
    if (scoring == null) {
      out.put("score", Scorer.of(estimator instanceof Classifier<?> ? "accuracy" : "r2"));
    } else if (scoring instanceof String name) {
      out.put("score", Scorer.of(name));
    } else if (scoring instanceof Scorer sc) {
      out.put("score", sc);
    } else if (scoring instanceof List<?> names && !names.isEmpty()) {
      for (Object n : names) {
        if (!(n instanceof String name) || out.put(name, Scorer.of(name)) != null) {
          throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, who + ": scoring as a list must hold distinct "
              + "scorer names, got " + names);
        }
      }
    } else if (scoring instanceof Map<?, ?> map && !map.isEmpty()) {
      map.forEach((k, v) -> out.put(String.valueOf(k), v instanceof Scorer sc ? sc : Scorer.of(String.valueOf(v))));
    } else {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, who + ": scoring must be a scorer name, a Scorer, "
          + "a non-empty list of names or a non-empty map of names to scorers, got " + scoring);
    }
    return out;
  }
}
