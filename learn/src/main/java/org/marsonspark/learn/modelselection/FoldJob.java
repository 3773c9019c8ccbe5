package org.marsonspark.learn.modelselection;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.learn.base.LocalFit;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.NDArray;

/**
 * One (candidate, fold) of a search: which estimator with which parameters, its scorers and what
 * to do when it fails. {@link #run} is the spawned call (the fit inside one task);
 * {@link #evaluate} times a fit and its scoring and applies {@code errorScore}, for both ways of
 * running.
 *
 * @param errorScore the score of a failed fit (sklearn's {@code error_score}), unless {@code raise}
 * @param progress the key of the search's progress in the driver's JVM (null: none)
 */
record FoldJob(Recipe recipe, Map<String, Object> candidateParams, List<Scorer> scorers, boolean trainScores,
    double errorScore, boolean raise, int candidate, int fold, String who, String progress) implements Serializable {

  /** A fit and its scores, as one way of running does them. */
  interface Fitting<M> {
    M fit();

    /** The scorers' scores of the fitted model on the test rows, or on the training rows. */
    double[] scores(M fitted, boolean onTrain);
  }

  /** Fits and scores; a failure gives {@code errorScore} (or, with {@code raise}, an error naming the candidate). */
  <M> FoldScores evaluate(Fitting<M> f) {
    long start = System.nanoTime();
    M fitted;
    try {
      fitted = f.fit();
    } catch (RuntimeException e) {
      return failed(e, seconds(start));
    }
    double fitTime = seconds(start);
    long scoring = System.nanoTime();
    try {
      double[] test = f.scores(fitted, false);
      double scoreTime = seconds(scoring);
      double[] train = trainScores ? f.scores(fitted, true) : null;
      return new FoldScores(candidate, fold, test, train, fitTime, scoreTime, null);
    } catch (RuntimeException e) {
      return failed(e, fitTime);
    }
  }

  private FoldScores failed(RuntimeException e, double fitTime) {
    if (raise) {
      throw new MarsException(e instanceof MarsException m ? m.errorClass() : ErrorClass.TASK_FAILED, who
          + ": the fit of candidate " + candidate + " " + candidateParams + " on fold " + fold + " failed (errorScore="
          + "'raise'): " + (e instanceof MarsException m ? m.detail() : e.toString()), e);
    }
    return FoldScores.failed(candidate, fold, scorers.size(), trainScores, errorScore, fitTime, e);
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  /**
   * The spawned call: the fit on this fold's training rows inside the task, scored on its test
   * rows. {@code x}, {@code y} (and {@code w}) are the whole data, one chunk each, read from
   * this executor's block manager; the fold's rows are taken here.
   */
  static FoldScores run(FoldJob job, NDArray x, NDArray y, NDArray w, NDArray train, NDArray test) {
    long[] tr = train.longs();
    long[] te = test.longs();
    FoldScores s = job.evaluate(new Fitting<LocalModel>() {
      @Override
      public LocalModel fit() {
        LocalFit e = (LocalFit) job.recipe().build();
        return e.fitLocal(LocalRows.take(x, tr), LocalRows.take(y, tr), w == null ? null : LocalRows.take(w, tr));
      }

      @Override
      public double[] scores(LocalModel m, boolean onTrain) {
        long[] rows = onTrain ? tr : te;
        NDArray xs = LocalRows.take(x, rows);
        NDArray ys = LocalRows.take(y, rows);
        double[] out = new double[job.scorers().size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = job.scorers().get(i).scoreLocal(m, xs, ys);
        }
        return out;
      }
    });
    SearchProgress.foldEnded(job.progress(), s);
    return s;
  }
}
