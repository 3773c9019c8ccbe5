package org.marsonspark.core;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

/**
 * Stands in for a throwable that cannot travel from a chunk task to the driver as itself, with
 * its class name, message and stack trace (and its causes, likewise):
 * <ul>
 *   <li>a fatal JVM error — a {@link VirtualMachineError} such as {@link StackOverflowError} or
 *       {@link OutOfMemoryError}, or a {@code ThreadDeath} — anywhere in a failure's cause chain:
 *       Spark answers a task failing with one by exiting the executor's JVM
 *       ({@code spark.executor.killOnFatalError.depth} causes deep), which in local mode is the
 *       driver, the notebook's kernel;</li>
 *   <li>an exception that does not serialize.</li>
 * </ul>
 * The stand-in is an ordinary exception, so the failure is an ordinary task failure and the
 * session stays usable.
 */
public final class ErrorStandIn extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String className;
  private final boolean fatal;

  private ErrorStandIn(Throwable original, Throwable cause) {
    super(original.getMessage(), cause, false, true);
    this.className = original.getClass().getName();
    this.fatal = isFatal(original);
    setStackTrace(original.getStackTrace());
  }

  /**
   * {@code t} itself when it can travel (nothing fatal in its causes, and it serializes), else a
   * stand-in for it and its causes.
   */
  public static Throwable portable(Throwable t) {
    if (t == null || !hasFatal(t) && serializes(t)) {
      return t;
    }
    return copyOf(t);
  }

  private static ErrorStandIn copyOf(Throwable t) {
    Throwable c = t.getCause();
    Throwable cause = c == null || c == t ? null : c instanceof ErrorStandIn s ? s : portableCause(c);
    return new ErrorStandIn(t, cause);
  }

  /** A cause keeps its own class where it can: only the links that cannot travel are copied. */
  private static Throwable portableCause(Throwable c) {
    return !hasFatal(c) && serializes(c) ? c : copyOf(c);
  }

  /** Whether Spark treats {@code t} as fatal (it exits the executor): a VM error or thread death. */
  @SuppressWarnings("removal")
  public static boolean isFatal(Throwable t) {
    return t instanceof VirtualMachineError || t instanceof ThreadDeath;
  }

  private static boolean hasFatal(Throwable t) {
    int depth = 0;
    for (Throwable c = t; c != null && depth < 64; c = c.getCause(), depth++) {
      if (isFatal(c)) {
        return true;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return false;
  }

  private static boolean serializes(Throwable t) {
    try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream())) {
      out.writeObject(t);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** The class of the original throwable ({@code java.lang.StackOverflowError}, say). */
  public String className() {
    return className;
  }

  /** Whether the original was a fatal JVM error (Spark would have exited for it). */
  public boolean wasFatal() {
    return fatal;
  }

  /** As the original prints: its class name and message. */
  @Override
  public String toString() {
    String m = getMessage();
    return m == null ? className : className + ": " + m;
  }
}
