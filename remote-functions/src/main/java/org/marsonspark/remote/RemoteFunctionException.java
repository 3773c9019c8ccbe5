package org.marsonspark.remote;

import org.marsonspark.core.ErrorStandIn;

/**
 * A spawned function failed on its executor: names the function, how many times it ran and
 * what it printed; its cause is the function's own exception with its original stack trace
 * (or an {@link ErrorStandIn} with the same class name, message and stack trace where that
 * exception cannot travel: it does not serialize, or it is a fatal JVM error such as
 * {@code StackOverflowError}, for which Spark would exit the JVM). The driver sees it as the
 * cause of a {@code MarsException} {@code TASK_FAILED}.
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
        ErrorStandIn.portable(cause));
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
}
