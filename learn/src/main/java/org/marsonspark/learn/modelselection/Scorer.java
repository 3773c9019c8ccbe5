package org.marsonspark.learn.modelselection;

import java.io.Serializable;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.learn.base.LocalModel;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's scorer: the score of a fitted estimator on held-out rows, greater is better (errors
 * are negated: {@code neg_mean_squared_error}). A scorer scores a distributed fit lazily
 * ({@link #score}) and, where it can, a model fitted inside one task on local rows
 * ({@link #scoreLocal}) — model search then runs its candidates as spawned calls. The built-in
 * scorers ({@link #of(String)}) do both; a scorer of your own gives a function for either.
 */
public interface Scorer extends Serializable {
  /** The score of {@code fitted} on {@code x} against {@code y}: a lazy 0-d tensor. */
  Tensor score(Estimator<?> fitted, TileableHandle x, TileableHandle y);

  /** The score of a model fitted in this task on local rows. */
  default double scoreLocal(LocalModel model, NDArray x, NDArray y) {
    throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, this + " scores only distributed fits");
  }

  /** Whether {@link #scoreLocal} works (otherwise model search fits every candidate distributed). */
  default boolean scoresLocally() {
    return false;
  }

  /** A scorer by sklearn's name ({@code "accuracy"}, {@code "f1_macro"}, {@code "neg_log_loss"}, {@code "r2"} ...). */
  static Scorer of(String name) {
    return Scorers.named(name);
  }

  /** A score of distributed fits: {@code (fitted, x, y) -> lazy 0-d tensor}. */
  interface Fn extends Serializable {
    Tensor score(Estimator<?> fitted, TileableHandle x, TileableHandle y);
  }

  /** A score of a model fitted inside one task: {@code (model, x, y) -> score}. */
  interface LocalFn extends Serializable {
    double score(LocalModel model, NDArray x, NDArray y);
  }

  /** A scorer of distributed fits only: model search fits every candidate distributed. */
  static Scorer of(String name, Fn fn) {
    return new Custom(name, fn, null);
  }

  /** A scorer of both forms, which must compute the same score. */
  static Scorer of(String name, Fn fn, LocalFn local) {
    return new Custom(name, fn, local);
  }

  /** A scorer made of functions. */
  record Custom(String name, Fn fn, LocalFn local) implements Scorer {
    @Override
    public Tensor score(Estimator<?> fitted, TileableHandle x, TileableHandle y) {
      return fn.score(fitted, x, y);
    }

    @Override
    public double scoreLocal(LocalModel model, NDArray x, NDArray y) {
      if (local == null) {
        return Scorer.super.scoreLocal(model, x, y);
      }
      return local.score(model, x, y);
    }

    @Override
    public boolean scoresLocally() {
      return local != null;
    }

    @Override
    public String toString() {
      return "Scorer(" + name + ")";
    }
  }
}
