package org.marsonspark.core;

/**
 * The one exception type users of Mars on Spark see. Each carries a stable {@link ErrorClass}
 * name, the values involved and, where there is one, what to do about it.
 */
public class MarsException extends RuntimeException {
  private final ErrorClass errorClass;

  public MarsException(ErrorClass errorClass, String message) {
    super("[" + errorClass + "] " + message);
    this.errorClass = errorClass;
  }

  public MarsException(ErrorClass errorClass, String message, Throwable cause) {
    super("[" + errorClass + "] " + message, cause);
    this.errorClass = errorClass;
  }

  public ErrorClass errorClass() {
    return errorClass;
  }

  /** The message without its leading {@code [ERROR_CLASS]}: for quoting this error inside another one. */
  public String detail() {
    return getMessage().substring(errorClass.name().length() + 3);
  }

  /** Stable names of the failures a user can meet; tests and callers match on these. */
  public enum ErrorClass {
    SHAPE_MISMATCH,
    BROADCAST_MISMATCH,
    AXIS_OUT_OF_BOUNDS,
    BAD_CHUNK_SIZE,
    UNSUPPORTED_DTYPE,
    UNSUPPORTED_OPERATION,
    INVALID_ARGUMENT,
    NOT_EXECUTED,
    RELEASED,
    TASK_FAILED,
    /** An execution was cancelled: its caller's thread was interrupted, or it was cancelled. */
    CANCELLED,
    /** An execution, or one spawned call, ran past its timeout and was stopped. */
    TIMED_OUT,
    /** The session is closed, or the Spark context under it was stopped. */
    SESSION_CLOSED,
    TILING_DID_NOT_CONVERGE,
    CHUNK_METADATA_MISMATCH,
    /** Tiling asked for the values of chunks larger than it may read on the driver. */
    VALUES_TOO_LARGE,
    /** A hyper-parameter of an estimator is unknown, or its value is out of the allowed set. */
    INVALID_PARAMETER_VALUE,
    /** An estimator's fitted attribute or prediction was asked for before {@code fit}. */
    NOT_FITTED,
    INTERNAL
  }
}
