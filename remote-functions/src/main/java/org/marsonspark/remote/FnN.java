package org.marsonspark.remote;

/** A spawnable function of any number of arguments, received as one array. */
@FunctionalInterface
public interface FnN<R> extends RemoteFunction {
  R apply(Object[] args) throws Exception;

  @Override
  default Object invoke(Object[] args) throws Exception {
    return apply(args);
  }

  @Override
  default int arity() {
    return -1;
  }
}
