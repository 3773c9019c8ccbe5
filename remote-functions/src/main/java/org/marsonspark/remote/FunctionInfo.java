package org.marsonspark.remote;

import java.io.Serializable;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;

/**
 * What the runtime knows of a spawned function: a readable name ({@code RemotePi.calcChunk},
 * or {@code RemoteTest.dag(lambda)} for a lambda written in method {@code dag}) and, for
 * lambdas and method references, the parameter types its functional interface was
 * instantiated with — so arguments can be checked (and numbers widened) before it runs.
 *
 * @param name readable name for errors, logs and progress
 * @param parameterTypes the boxed parameter types, or null when unknown (a class implementing
 *     the interface, or {@link FnN})
 */
record FunctionInfo(String name, Class<?>[] parameterTypes) implements Serializable {

  static FunctionInfo of(RemoteFunction fn) {
    SerializedLambda lambda = serializedForm(fn);
    if (lambda == null) {
      Class<?> c = fn.getClass();
      return new FunctionInfo(c.getSimpleName().isEmpty() ? c.getName() : c.getSimpleName(), null);
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
    return new FunctionInfo(name, types);
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
