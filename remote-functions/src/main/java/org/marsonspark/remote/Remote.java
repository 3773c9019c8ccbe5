package org.marsonspark.remote;

/**
 * Mars's remote API: run plain Java functions on the cluster as a DAG.
 *
 * <pre>{@code
 * List<RemoteObject<Long>> parts = new ArrayList<>();
 * for (int i = 0; i < 20; i++) {
 *   parts.add(Remote.spawn(RemotePi::calcChunk, 10_000_000L, i));
 * }
 * double pi = Remote.spawn(RemotePi::calcPi, parts, 200_000_000L).execute().fetch();
 * }</pre>
 *
 * <p>A spawned object passed as an argument (directly, or inside a {@code List} or as a
 * {@code Map} value) makes the call depend on it and arrives as its value; a {@code Tensor}
 * arrives as a local {@code NDArray}. {@link #options()} sets retries, {@code nOutput}, cores
 * and GPUs. Nothing runs until {@code execute()}; {@link ExecutableTuple} executes many objects
 * in one go, and independent calls share Spark jobs.
 */
public final class Remote {
  private static final Spawner DEFAULT = new Spawner(SpawnOptions.DEFAULTS);

  private Remote() {}

  /** Spawning with options: {@code Remote.options().nOutput(2).retryWhenFail(true).spawn(...)}. */
  public static Spawner options() {
    return DEFAULT;
  }

  public static <R> RemoteObject<R> spawn(Fn0<R> fn) {
    return DEFAULT.spawn(fn);
  }

  public static <A, R> RemoteObject<R> spawn(Fn1<A, R> fn, Object a) {
    return DEFAULT.spawn(fn, a);
  }

  public static <A, B, R> RemoteObject<R> spawn(Fn2<A, B, R> fn, Object a, Object b) {
    return DEFAULT.spawn(fn, a, b);
  }

  public static <A, B, C, R> RemoteObject<R> spawn(Fn3<A, B, C, R> fn, Object a, Object b, Object c) {
    return DEFAULT.spawn(fn, a, b, c);
  }

  public static <A, B, C, D, R> RemoteObject<R> spawn(Fn4<A, B, C, D, R> fn,
      Object a, Object b, Object c, Object d) {
    return DEFAULT.spawn(fn, a, b, c, d);
  }

  public static <A, B, C, D, E, R> RemoteObject<R> spawn(Fn5<A, B, C, D, E, R> fn,
      Object a, Object b, Object c, Object d, Object e) {
    return DEFAULT.spawn(fn, a, b, c, d, e);
  }

  public static <A, B, C, D, E, F, R> RemoteObject<R> spawn(Fn6<A, B, C, D, E, F, R> fn,
      Object a, Object b, Object c, Object d, Object e, Object f) {
    return DEFAULT.spawn(fn, a, b, c, d, e, f);
  }

  /** A function of any number of arguments, which it receives as one array. */
  public static <R> RemoteObject<R> spawn(FnN<R> fn, Object... args) {
    return DEFAULT.spawn(fn, args);
  }
}
