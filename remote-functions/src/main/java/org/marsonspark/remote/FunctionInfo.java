package org.marsonspark.remote;

import java.io.Serializable;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the runtime knows of a spawned function: a readable name ({@code RemotePi.calcChunk},
 * or {@code RemoteTest.dag(lambda)} for a lambda written in method {@code dag}) and, for
 * lambdas and method references, the parameter types its functional interface was
 * instantiated with — so arguments can be checked (and numbers widened) before it runs.
 *
 * @param name readable name for errors, logs and progress
 * @param parameterTypes the boxed parameter types, or null when unknown (a class implementing
 *     the interface, or {@link FnN})
 * @param capturing whether the function holds values of its own (captured by a lambda, or fields
 *     of a class implementing the interface); a lambda capturing nothing always serializes
 */
record FunctionInfo(String name, Class<?>[] parameterTypes, boolean capturing) implements Serializable {

  /**
   * Per function class, once: a lambda's name, parameter types and whether it captures values
   * depend on its class alone (one class per lambda expression or method reference); whether the
   * captured values serialize is checked per call ({@link Arguments}).
   */
  private static final ClassValue<AtomicReference<FunctionInfo>> KNOWN =
      new ClassValue<>() {
        @Override
        protected AtomicReference<FunctionInfo> computeValue(Class<?> type) {
          return new AtomicReference<>();
        }
      };

  static FunctionInfo of(RemoteFunction fn) {
    AtomicReference<FunctionInfo> known = KNOWN.get(fn.getClass());
    FunctionInfo info = known.get();
    if (info == null) {
      info = read(fn);
      known.set(info);
    }
    return info;
  }

  private static FunctionInfo read(RemoteFunction fn) {
    SerializedLambda lambda = serializedForm(fn);
    if (lambda == null) {
      Class<?> c = fn.getClass();
      return new FunctionInfo(c.getSimpleName().isEmpty() ? c.getName() : c.getSimpleName(), null, true);
    }
    String owner = lambda.getImplClass();
    owner = owner.substring(owner.lastIndexOf('/') + 1).replace('$', '.');
    String method = lambda.getImplMethodName();
    String name;
    if (method.startsWith("lambda$")) {
      // javac names a lambda body lambda$<enclosing method>$<n>
      String[] parts = method.split("\\$");
      name = owner + "." + (parts.length > 1 ? parts[1] : "?") + "(lambda)";
    } else {
      name = owner + "." + method;
    }
    Class<?>[] types = null;
    if (fn.arity() >= 0) {
      try {
        types = MethodType.fromMethodDescriptorString(lambda.getInstantiatedMethodType(),
            fn.getClass().getClassLoader()).parameterArray();
      } catch (RuntimeException e) {
        types = null; // a type the function's loader cannot see: leave arguments unchecked
      }
    }
    return new FunctionInfo(name, types, lambda.getCapturedArgCount() > 0);
  }

  /** The {@link SerializedLambda} of a serializable lambda or method reference, else null. */
  private static SerializedLambda serializedForm(Object fn) {
    try {
      Method writeReplace = fn.getClass().getDeclaredMethod("writeReplace");
      writeReplace.setAccessible(true);
      Object form = writeReplace.invoke(fn);
      return form instanceof SerializedLambda s ? s : null;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The parameter type of argument {@code i}, or {@code Object} when unknown. */
  Class<?> parameterType(int i) {
    return parameterTypes == null || i >= parameterTypes.length ? Object.class : parameterTypes[i];
  }

  @Override
  public String toString() {
    return name;
  }
}
