package org.marsonspark.core;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * What is checked of a user's function before it is shipped to the tasks: that it serializes —
 * at the call that takes it, with an error saying what it holds, not later as a failed task.
 *
 * <p>This matters most in Scala notebooks and spark-shell: a lambda written in a cell that uses a
 * value of another cell captures the interpreter's wrapper objects, which hold the session's
 * other values (the SparkSession, DataFrames). Spark's closure cleaner rewrites such captures only
 * for {@code scala.Function} closures (Spark's {@code IndylambdaScalaClosures}), not for lambdas
 * converted to other interfaces such as ours, so the error says to copy the value into a local
 * {@code val} first.
 */
public final class UserFunctions {
  private UserFunctions() {}

  /** The function, checked; {@code op} names the operation in errors ("Series.map"). */
  public static <T> T prepare(T fn, String op) {
    if (fn == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the function must not be null");
    }
    try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
      out.writeObject(fn);
    } catch (NotSerializableException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the function cannot be sent to the tasks: it "
          + "holds a " + e.getMessage() + ", which is not serializable. Copy the values it needs into local "
          + "variables first (in a Scala notebook, into a local val inside a block: { val w = width; "
          + "s.map(x => ... w ...) }), or make what it holds Serializable", e);
    } catch (IOException e) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, op + ": the function cannot be serialized for the "
          + "tasks: " + e, e);
    }
    return fn;
  }
}
