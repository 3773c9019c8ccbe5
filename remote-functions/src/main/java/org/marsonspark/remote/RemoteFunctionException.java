package org.marsonspark.remote;

import java.io.IOException;

/**
 * A spawned function failed on its executor: names the function, how many times it ran and
 * what it printed; its cause is the function's own exception with its original stack trace
 * (or, where that exception cannot be serialized, a stand-in with the same class name,
 * message and stack trace). The driver sees it as the cause of a {@code MarsException}
 * {@code TASK_FAILED}.
 */
public final class RemoteFunctionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String function;
  private final int attempts;
  private final String log;
  private final long operand;

  RemoteFunctionException(String function, int attempts, String log, long operand, Throwable cause) {
    super("remote function " + function + " failed" + (attempts > 1 ? " after " + attempts + " attempts" : "")
        + ": " + cause + "; its cause carries the function's stack trace, fetchLog() what it printed",
        portable(cause));
    this.function = function;
    this.attempts = attempts;
    this.log = log;
    this.operand = operand;
  }

  /** The function's name, as {@code Class.method}. */
  public String function() {
    return function;
  }

  /** How many times it ran (1 + retries). */
  public int attempts() {
    return attempts;
  }

  /** What it printed to stdout and stderr, over all attempts. */
  public String log() {
    return log;
  }

  /** Id of the spawn operand that failed (to find the object on the driver). */
  long operand() {
    return operand;
  }

  /** The throwable itself when it serializes, else a serializable copy of it. */
  static Throwable portable(Throwable t) {
    try {
      JavaSerde.size(t);
      return t;
    } catch (IOException | RuntimeException e) {
      return Unserializable.copyOf(t);
    }
  }

  /** Stands in for an exception that cannot be serialized: its class name, message and stack trace. */
  public static final class Unserializable extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String className;

    private Unserializable(String className, String message, Throwable cause) {
      super(className + (message == null ? "" : ": " + message), cause);
      this.className = className;
    }

    static Unserializable copyOf(Throwable t) {
      Throwable cause = t.getCause() == null || t.getCause() == t ? null : portable(t.getCause());
      Unserializable u = new Unserializable(t.getClass().getName(), t.getMessage(), cause);
      u.setStackTrace(t.getStackTrace());
      return u;
    }

    /** The class of the original exception. */
    public String className() {
      return className;
    }
  }
}
