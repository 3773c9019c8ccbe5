package org.marsonspark.remote;

import java.util.ArrayList;
import java.util.List;

/**
 * Spawns functions that return several values ({@code nOutput}): each call yields an
 * {@link ExecutableTuple} of that many objects, one per value of the {@code Object[]} or
 * {@code List} the function returns.
 */
public final class TupleSpawner extends SpawnBuilder<TupleSpawner> {
  TupleSpawner(SpawnOptions options) {
    super(options);
  }

  @Override
  TupleSpawner with(SpawnOptions o) {
    return new TupleSpawner(o);
  }

  public <R> ExecutableTuple spawn(Fn0<R> fn) {
    return call(fn, new Object[0]);
  }

  public <A, R> ExecutableTuple spawn(Fn1<A, R> fn, Object a) {
    return call(fn, new Object[] {a});
  }

  public <A, B, R> ExecutableTuple spawn(Fn2<A, B, R> fn, Object a, Object b) {
    return call(fn, new Object[] {a, b});
  }

  public <A, B, C, R> ExecutableTuple spawn(Fn3<A, B, C, R> fn, Object a, Object b, Object c) {
    return call(fn, new Object[] {a, b, c});
  }

  public <A, B, C, D, R> ExecutableTuple spawn(Fn4<A, B, C, D, R> fn,
      Object a, Object b, Object c, Object d) {
    return call(fn, new Object[] {a, b, c, d});
  }

  public <A, B, C, D, E, R> ExecutableTuple spawn(Fn5<A, B, C, D, E, R> fn,
      Object a, Object b, Object c, Object d, Object e) {
    return call(fn, new Object[] {a, b, c, d, e});
  }

  public <A, B, C, D, E, F, R> ExecutableTuple spawn(Fn6<A, B, C, D, E, F, R> fn,
      Object a, Object b, Object c, Object d, Object e, Object f) {
    return call(fn, new Object[] {a, b, c, d, e, f});
  }

  /** A function of any number of arguments, which it receives as one array. */
  public <R> ExecutableTuple spawn(FnN<R> fn, Object... args) {
    return call(fn, args.clone());
  }

  private ExecutableTuple call(RemoteFunction fn, Object[] args) {
    List<RemoteObject<?>> objects = new ArrayList<>();
    for (RemoteData d : SpawnOp.spawn(fn, args, options)) {
      objects.add(new RemoteObject<>(d));
    }
    return ExecutableTuple.of(objects);
  }
}
