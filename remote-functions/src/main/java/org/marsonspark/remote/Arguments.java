package org.marsonspark.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.Assemblable;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableHandle;

/**
 * Reads the arguments of a {@code spawn} call, before anything runs: spawned objects, tensors
 * and other Mars objects that assemble whole (also inside a {@link List} or as {@link Map} values) become inputs of the operand;
 * plain values are widened to the function's parameter types and must serialize, as must the
 * function itself — otherwise spawn fails at once, naming the argument.
 */
final class Arguments {
  private final FunctionInfo info;
  private final List<TileableData> inputs = new ArrayList<>();
  private final Map<TileableData, Integer> inputIndex = new IdentityHashMap<>();
  private final List<Argument> arguments = new ArrayList<>();

  private Arguments(FunctionInfo info) {
    this.info = info;
  }

  /** Reads {@code args} of a call to {@code fn}. */
  static Arguments parse(RemoteFunction fn, FunctionInfo info, Object[] args) {
    if (fn.arity() >= 0 && args.length != fn.arity()) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "spawn(" + info + "): the function takes " + fn.arity()
          + " arguments, got " + args.length);
    }
    if (info.capturing()) {
      requireSerializable(fn, "the function " + info + " (or a value it captures)");
    }
    Arguments a = new Arguments(info);
    for (int i = 0; i < args.length; i++) {
      int position = i;
      Object value = args[i] instanceof TileableHandle ? args[i]
          : Widening.adapt(args[i], info.parameterType(i), () -> a.where(position, ""));
      a.arguments.add(a.read(value, i, ""));
    }
    return a;
  }

  List<TileableData> inputs() {
    return inputs;
  }

  List<Argument> arguments() {
    return arguments;
  }

  private Argument read(Object value, int position, String path) {
    if (value instanceof TileableHandle h) {
      if (!(h instanceof RemoteObject<?>) && !(h.data() instanceof Assemblable)) {
        throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, where(position, path) + ": a "
            + h.getClass().getSimpleName() + " cannot be passed whole to a function");
      }
      return new Argument.Tileable(indexOf(h.data()));
    }
    if (value instanceof List<?> list && holdsTileables(list)) {
      List<Argument> items = new ArrayList<>(list.size());
      for (int k = 0; k < list.size(); k++) {
        items.add(read(list.get(k), position, path + "[" + k + "]"));
      }
      return new Argument.ListOf(items);
    }
    if (value instanceof Map<?, ?> map && holdsTileables(map.values())) {
      List<Object> keys = new ArrayList<>(map.size());
      List<Argument> values = new ArrayList<>(map.size());
      for (Map.Entry<?, ?> e : map.entrySet()) {
        requireSerializable(e.getKey(), where(position, path + " key " + e.getKey()));
        keys.add(e.getKey());
        values.add(read(e.getValue(), position, path + "[" + e.getKey() + "]"));
      }
      return new Argument.MapOf(keys, values);
    }
    requireSerializable(value, where(position, path));
    return new Argument.Literal(value);
  }

  private String where(int position, String path) {
    return "argument " + (position + 1) + path + " of spawn(" + info + ")";
  }

  private int indexOf(TileableData t) {
    return inputIndex.computeIfAbsent(t, k -> {
      inputs.add(k);
      return inputs.size() - 1;
    });
  }

  private static boolean holdsTileables(Iterable<?> items) {
    for (Object o : items) {
      if (o instanceof TileableHandle
          || o instanceof List<?> l && holdsTileables(l)
          || o instanceof Map<?, ?> m && holdsTileables(m.values())) {
        return true;
      }
    }
    return false;
  }

  /** Final JDK classes whose instances always serialize. */
  private static final java.util.Set<Class<?>> JDK_VALUES = java.util.Set.of(String.class, Integer.class, Long.class,
      Double.class, Float.class, Short.class, Byte.class, Boolean.class, Character.class);

  private static void requireSerializable(Object value, String what) {
    if (value == null || JDK_VALUES.contains(value.getClass())) {
      return; // serializable by definition: spare the common arguments a trial serialization
    }
    try {
      JavaSerde.size(value);
    } catch (IOException | RuntimeException e) {
      String culprit = e.getMessage() == null ? e.toString() : e.getMessage();
      // a Mars object (spawned result, tensor, frame) captured or nested where it cannot be seen
      String hint = culprit.contains("org.marsonspark.")
          ? "spawned objects, tensors and DataFrames can be passed as arguments (directly, in a List or as Map values),"
              + " not captured or nested in other objects"
          : "pass serializable values (java.io.Serializable), spawned objects, tensors or DataFrames";
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, what + " is not serializable (" + culprit + "): " + hint, e);
    }
  }
}
