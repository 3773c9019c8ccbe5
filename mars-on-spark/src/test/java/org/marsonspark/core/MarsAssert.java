package org.marsonspark.core;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import org.marsonspark.core.MarsException.ErrorClass;
import org.opentest4j.AssertionFailedError;

/**
 * The one assertion of the test suites that a run fails with a {@link MarsException}: of the
 * expected {@link ErrorClass} and, where asked, with a message that mentions a fragment. Each
 * returns the exception, for further checks; a failure says what was expected and what came (the
 * message of the exception that came, or that none came).
 */
public final class MarsAssert {
  private MarsAssert() {}

  /** {@code run} fails with a MarsException of class {@code expected}; returns it. */
  public static MarsException assertError(ErrorClass expected, Executable run) {
    return check(expected, null, run);
  }

  /**
   * {@code run} fails with a MarsException of class {@code expected} whose message contains
   * {@code mentions}; returns it.
   */
  public static MarsException assertError(ErrorClass expected, String mentions, Executable run) {
    if (mentions == null) {
      throw new IllegalArgumentException("mentions must not be null");
    }
    return check(expected, mentions, run);
  }

  /**
   * {@code run} fails with a MarsException of class {@code expected} whose message contains every
   * one of {@code mentions}; returns it.
   */
  public static MarsException assertError(ErrorClass expected, Executable run, String... mentions) {
    MarsException e = check(expected, null, run);
    for (String m : mentions) {
      if (e.getMessage() == null || !e.getMessage().contains(m)) {
        throw new AssertionFailedError("expected a MarsException [" + expected + "] mentioning '" + m
            + "', but its message does not: " + e.getMessage(), e);
      }
    }
    return e;
  }

  /**
   * {@code run} fails with a MarsException of class {@code expected} carrying exactly these
   * parameters (by name, in any order); returns it.
   */
  public static MarsException assertError(ErrorClass expected, Map<String, ?> parameters, Executable run) {
    MarsException e = check(expected, null, run);
    if (!new HashMap<>(e.parameters()).equals(new HashMap<>(parameters))) {
      throw new AssertionFailedError("expected " + expected + " with parameters " + parameters + ", but got "
          + e.parameters() + ": " + e.getMessage(), parameters, e.parameters(), e);
    }
    return e;
  }

  private static MarsException check(ErrorClass expected, String mentions, Executable run) {
    if (expected == null) {
      throw new IllegalArgumentException("expected must not be null");
    }
    String wanted = "a MarsException [" + expected + "]" + (mentions == null ? "" : " mentioning '" + mentions + "'");
    Throwable thrown = null;
    try {
      run.execute();
    } catch (Throwable t) {
      if (t instanceof OutOfMemoryError) {
        throw (OutOfMemoryError) t;
      }
      thrown = t;
    }
    if (thrown == null) {
      throw new AssertionFailedError("expected " + wanted + ", but nothing was thrown");
    }
    if (!(thrown instanceof MarsException)) {
      throw new AssertionFailedError("expected " + wanted + ", but got " + thrown.getClass().getName() + ": "
          + thrown.getMessage(), thrown);
    }
    MarsException e = (MarsException) thrown;
    if (e.errorClass() != expected) {
      throw new AssertionFailedError("expected " + wanted + ", but got [" + e.errorClass() + "]: " + e.getMessage(),
          expected, e.errorClass(), e);
    }
    if (mentions != null && (e.getMessage() == null || !e.getMessage().contains(mentions))) {
      throw new AssertionFailedError("expected " + wanted + ", but its message does not mention it: "
          + e.getMessage(), e);
    }
    return e;
  }
}
