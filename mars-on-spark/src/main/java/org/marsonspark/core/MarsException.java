package org.marsonspark.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one exception type users of Mars on Spark see. Each carries a stable {@link ErrorClass}
 * name, the values involved and, where there is one, what to do about it. Errors of a class with
 * declared {@linkplain ErrorClass#parameters() parameters} are made by one factory each
 * ({@link Errors}) and carry those values by name ({@link #parameters()}), so that callers and
 * tests read the values rather than parse the message.
 */
public class MarsException extends RuntimeException {
  private final ErrorClass errorClass;
  private final Map<String, Object> parameters;

  public MarsException(ErrorClass errorClass, String message) {
    this(errorClass, Map.of(), message, null);
  }

  public MarsException(ErrorClass errorClass, String message, Throwable cause) {
    this(errorClass, Map.of(), message, cause);
  }

  /**
   * An error with its class's parameters by name (in the class's order).
   *
   * @throws IllegalArgumentException when the names are not the class's declared parameters
   */
  public MarsException(ErrorClass errorClass, Map<String, ?> parameters, String message, Throwable cause) {
    super("[" + errorClass + "] " + message, cause);
    this.errorClass = errorClass;
    if (!parameters.isEmpty() && !List.copyOf(parameters.keySet()).equals(errorClass.parameters())) {
      throw new IllegalArgumentException(errorClass + " takes parameters " + errorClass.parameters() + ", got "
          + parameters.keySet());
    }
    this.parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }

  public ErrorClass errorClass() {
    return errorClass;
  }

  /** The values this error is about, by the names its class declares; empty for an error without them. */
  public Map<String, Object> parameters() {
    return parameters;
  }

  /** The exception pandas, numpy or scikit-learn raises in this case ({@link ErrorClass#pythonKind()}). */
  public String pythonKind() {
    return errorClass.pythonKind();
  }

  /** The message without its leading {@code [ERROR_CLASS]}: for quoting this error inside another one. */
  public String detail() {
    return getMessage().substring(errorClass.name().length() + 3);
  }

  /**
   * Stable names of the failures a user can meet; tests and callers match on these. Each says
   * which Python exception pandas, numpy or scikit-learn raises in its case and, for the classes
   * made by an {@link Errors} factory, the parameters every error of it carries.
   * {@code docs/errors.md} lists them all.
   */
  public enum ErrorClass {
    /** Operand shapes that do not fit the operation (a matmul's inner sizes, a reshape's size). */
    SHAPE_MISMATCH("ValueError"),
    /** Shapes that do not broadcast together. */
    BROADCAST_MISMATCH("ValueError"),
    /** An axis outside {@code -ndim..ndim-1}. */
    AXIS_OUT_OF_BOUNDS("AxisError", "op", "param", "axis", "ndim"),
    /** A position outside an axis ({@code -size..size-1}). */
    INDEX_OUT_OF_BOUNDS("IndexError", "op", "index", "axis", "size"),
    /** A column label a frame does not have. */
    COLUMN_NOT_FOUND("KeyError", "op", "column", "columns"),
    /** A chunk size that cannot tile the shape. */
    BAD_CHUNK_SIZE("ValueError"),
    /** A dtype the operation does not take (or that pandas/numpy refuse for it). */
    UNSUPPORTED_DTYPE("TypeError"),
    /** An operation or a parameter value that is not supported (yet), named in the message. */
    UNSUPPORTED_OPERATION("NotImplementedError"),
    /** An argument that is wrong in a way the message names. */
    INVALID_ARGUMENT("ValueError"),
    /** Data asked for before it was executed. */
    NOT_EXECUTED("RuntimeError"),
    /** A result used after it was released. */
    RELEASED("RuntimeError"),
    /** A chunk task failed on an executor; the cause is attached. */
    TASK_FAILED("RuntimeError"),
    /** An execution was cancelled: its caller's thread was interrupted, or it was cancelled. */
    CANCELLED("CancelledError"),
    /** An execution, or one spawned call, ran past its timeout and was stopped. */
    TIMED_OUT("TimeoutError"),
    /** The session is closed, or the Spark context under it was stopped. */
    SESSION_CLOSED("RuntimeError"),
    /** Iterative tiling did not reach known sizes within its rounds. */
    TILING_DID_NOT_CONVERGE("RuntimeError"),
    /** A chunk came out with another shape or dtype than tiling predicted (an operator bug). */
    CHUNK_METADATA_MISMATCH("RuntimeError"),
    /** Tiling asked for the values of chunks larger than it may read on the driver. */
    VALUES_TOO_LARGE("MemoryError"),
    /** A hyper-parameter of an estimator is unknown, or its value is out of the allowed set. */
    INVALID_PARAMETER_VALUE("ValueError"),
    /** An estimator's fitted attribute or prediction was asked for before {@code fit}. */
    NOT_FITTED("NotFittedError"),
    /** A bug of Mars on Spark itself. */
    INTERNAL("RuntimeError");

    private final String pythonKind;
    private final List<String> parameters;

    ErrorClass(String pythonKind, String... parameters) {
      this.pythonKind = pythonKind;
      this.parameters = List.of(parameters);
    }

    /** The exception Python's libraries raise in this case: {@code KeyError}, {@code ValueError}, … */
    public String pythonKind() {
      return pythonKind;
    }

    /** The names of the values every error of this class carries (empty: message only). */
    public List<String> parameters() {
      return parameters;
    }
  }
}
