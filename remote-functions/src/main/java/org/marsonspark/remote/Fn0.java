package org.marsonspark.remote;

/** A spawnable function of no arguments. */
@FunctionalInterface
public interface Fn0<R> extends RemoteFunction {
  R apply() throws Exception;

  @Override
  default Object invoke(Object[] args) throws Exception {
    return apply();
  }

  @Override
  default int arity() {
    return 0;
  }
}
