package org.marsonspark.remote;

/** A spawnable function of 3 arguments. */
@FunctionalInterface
public interface Fn3<A, B, C, R> extends RemoteFunction {
  R apply(A a, B b, C c) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  default Object invoke(Object[] args) throws Exception {
    return apply((A) args[0], (B) args[1], (C) args[2]);
  }

  @Override
  default int arity() {
    return 3;
  }
}
