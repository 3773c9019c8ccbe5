package org.marsonspark.exec;

import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ErrorStandIn;
import org.marsonspark.core.MarsException;

/**
 * Raised on an executor when a chunk operation fails; it names the operation and chunk and
 * keeps the original exception as its cause, so the driver can report both.
 */
public final class ChunkTaskException extends RuntimeException {
  public ChunkTaskException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * The failure of {@code op} in a subtask: the message names the operation, the subtask, the
   * error (a Mars error's own message: its class is carried to the driver) and the frame it came from; the cause is the error itself, or — for a fatal JVM error
   * (Spark would exit the executor's JVM for it) or one that does not serialize — an
   * {@link ErrorStandIn} with its class name, message and stack trace.
   */
  static ChunkTaskException of(ChunkOp op, String subtask, Throwable e) {
    String where = origin(e);
    String what = e instanceof MarsException m ? m.detail() : e.toString(); // a Mars error's class reaches the driver
    return new ChunkTaskException("chunk operation " + op.name() + " failed in subtask " + subtask + ": " + what
        + (where == null ? "" : " (at " + where + ")"), ErrorStandIn.portable(e));
  }

  /** The first frame outside the JDK of the innermost cause: where the failure started. */
  private static String origin(Throwable e) {
    Throwable root = e;
    for (int depth = 0; root.getCause() != null && root.getCause() != root && depth < 64; depth++) {
      root = root.getCause();
    }
    for (StackTraceElement f : root.getStackTrace()) {
      String c = f.getClassName();
      if (!c.startsWith("java.") && !c.startsWith("jdk.") && !c.startsWith("sun.")) {
        return f.toString();
      }
    }
    return null;
  }
}
