package org.marsonspark.remote;

import java.io.Serializable;

/**
 * A function that can be spawned: serializable (a lambda or method reference whose captured
 * values are serializable), called on an executor with its resolved arguments. Users write
 * one of {@link Fn0} … {@link Fn6} or {@link FnN}; this is their common view.
 */
public interface RemoteFunction extends Serializable {
  /** Calls the function with its resolved arguments. */
  Object invoke(Object[] args) throws Exception;

  /** How many arguments it takes, or -1 for any number ({@link FnN}). */
  int arity();
}
