package org.marsonspark.remote;

/** A spawnable function of one argument. */
@FunctionalInterface
public interface Fn1<A, R> extends RemoteFunction {
  R apply(A a) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  default Object invoke(Object[] args) throws Exception {
    return apply((A) args[0]);
  }

  @Override
  default int arity() {
    return 1;
  }
}
