package org.marsonspark.remote;

/** A spawnable function of 2 arguments. */
@FunctionalInterface
public interface Fn2<A, B, R> extends RemoteFunction {
  R apply(A a, B b) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  default Object invoke(Object[] args) throws Exception {
    return apply((A) args[0], (B) args[1]);
  }

  @Override
  default int arity() {
    return 2;
  }
}
