package org.marsonspark.notebooks;

import java.util.Map;
import java.util.WeakHashMap;
import org.marsonspark.notebooks.jupyter.JupyterProgress;
import org.marsonspark.session.MarsSession;
import org.marsonspark.session.ProgressListener;

/**
 * The first cell of a notebook: {@code Notebook.setup(MarsSession.local("local[2]", ...))}
 * makes the session the default one and, inside the Jupyter Java kernel (rapaio), shows the
 * progress of every {@code execute()} that runs longer than the session's
 * {@linkplain org.marsonspark.session.MarsOptions#progressDelayMillis progress delay} as one
 * output line updated in place. Rich display of DataFrames and tensors needs no call: the
 * kernel finds {@code MarsDisplayProvider} on its class path.
 *
 * <p>Outside the kernel (a plain JVM, Zeppelin, Databricks) only the default session is set;
 * the kernel's classes are touched only when the kernel runs this JVM. Calling setup again (a
 * re-run first cell) replaces the session's progress line rather than adding a second one.
 */
public final class Notebook {
  private static final String KERNEL_MAIN = "org.rapaio.jupyter.kernel.MainApp";
  /** Our main class for the same kernel (jupyter.KernelMain), named here so that it is not loaded. */
  private static final String MARS_KERNEL_MAIN = "org.marsonspark.notebooks.jupyter.KernelMain";
  private static final Map<MarsSession, ProgressListener> INSTALLED = new WeakHashMap<>();

  private Notebook() {}

  /** Sets up {@code session} with its own progress delay; returns it. */
  public static MarsSession setup(MarsSession session) {
    return setup(session, session.options().progressDelayMillis());
  }

  /** As {@link #setup(MarsSession)}, with the progress line shown after {@code delayMillis}. */
  public static synchronized MarsSession setup(MarsSession session, long delayMillis) {
    session.asDefault();
    if (inJupyterKernel()) {
      ProgressListener old = INSTALLED.remove(session);
      if (old != null) {
        session.removeProgressListener(old);
      }
      ProgressListener line = JupyterProgress.create(delayMillis);
      session.addProgressListener(line);
      INSTALLED.put(session, line);
    }
    return session;
  }

  /**
   * Whether this JVM is the rapaio Jupyter kernel: its main class (or its jar) started the JVM,
   * and its classes are visible here. (Loading {@code MainApp} would start a kernel, so the
   * check does not initialize it.)
   */
  public static boolean inJupyterKernel() {
    String command = System.getProperty("sun.java.command", "");
    if (!command.startsWith(KERNEL_MAIN) && !command.startsWith(MARS_KERNEL_MAIN)
        && !command.contains("rapaio-jupyter-kernel")) {
      return false;
    }
    try {
      Class.forName(KERNEL_MAIN, false, Notebook.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
