package org.marsonspark.remote;

/** A spawnable function of 5 arguments. */
@FunctionalInterface
public interface Fn5<A, B, C, D, E, R> extends RemoteFunction {
  R apply(A a, B b, C c, D d, E e) throws Exception;

  @Override
  @SuppressWarnings("unchecked")
  default Object invoke(Object[] args) throws Exception {
    return apply((A) args[0], (B) args[1], (C) args[2], (D) args[3], (E) args[4]);
  }

  @Override
  default int arity() {
    return 5;
  }
}
