package org.marsonspark.remote;

/** A spawnable function of 4 arguments. */
@FunctionalInterface
public interface Fn4<A, B, C, D, R> extends RemoteFunction {
  R apply(A a, B b, C c, D d) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  default Object invoke(Object[] args) throws Exception {
    return apply((A) args[0], (B) args[1], (C) args[2], (D) args[3]);
  }

  @Override
  default int arity() {
    return 4;
  }
}
