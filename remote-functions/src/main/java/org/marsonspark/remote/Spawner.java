package org.marsonspark.remote;

import java.util.List;

/**
 * Spawns functions with options, each call yielding one {@link RemoteObject}:
 * {@code Remote.options().retryWhenFail(true).cores(2).spawn(fn, args)}. Arguments may be
 * plain serializable values, spawned objects, tensors (the function receives an
 * {@code NDArray}), and lists or maps holding spawned objects or tensors (received with their
 * values). Nothing runs until {@code execute()}.
 */
public final class Spawner extends SpawnBuilder<Spawner> {
  Spawner(SpawnOptions options) {
    super(options);
  }

  @Override
  Spawner with(SpawnOptions o) {
    return new Spawner(o);
  }

  /**
   * Makes each call yield {@code n} objects: the function returns an {@code Object[]} or a
   * {@code List} of {@code n} values.
   */
  public TupleSpawner nOutput(int n) {
    return new TupleSpawner(options.withNOutput(n));
  }

  public <R> RemoteObject<R> spawn(Fn0<R> fn) {
    return call(fn, new Object[0]);
  }

  public <A, R> RemoteObject<R> spawn(Fn1<A, R> fn, Object a) {
    return call(fn, new Object[] {a});
  }

  public <A, B, R> RemoteObject<R> spawn(Fn2<A, B, R> fn, Object a, Object b) {
    return call(fn, new Object[] {a, b});
  }

  public <A, B, C, R> RemoteObject<R> spawn(Fn3<A, B, C, R> fn, Object a, Object b, Object c) {
    return call(fn, new Object[] {a, b, c});
  }

  public <A, B, C, D, R> RemoteObject<R> spawn(Fn4<A, B, C, D, R> fn,
      Object a, Object b, Object c, Object d) {
    return call(fn, new Object[] {a, b, c, d});
  }

  public <A, B, C, D, E, R> RemoteObject<R> spawn(Fn5<A, B, C, D, E, R> fn,
      Object a, Object b, Object c, Object d, Object e) {
    return call(fn, new Object[] {a, b, c, d, e});
  }

  public <A, B, C, D, E, F, R> RemoteObject<R> spawn(Fn6<A, B, C, D, E, F, R> fn,
      Object a, Object b, Object c, Object d, Object e, Object f) {
    return call(fn, new Object[] {a, b, c, d, e, f});
  }

  /** A function of any number of arguments, which it receives as one array. */
  public <R> RemoteObject<R> spawn(FnN<R> fn, Object... args) {
    return call(fn, args.clone());
  }

  private <R> RemoteObject<R> call(RemoteFunction fn, Object[] args) {
    List<RemoteData> outs = SpawnOp.spawn(fn, args, options);
    return new RemoteObject<>(outs.get(0));
  }
}
