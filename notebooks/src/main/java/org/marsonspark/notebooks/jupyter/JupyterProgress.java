package org.marsonspark.notebooks.jupyter;

import org.marsonspark.session.ProgressListener;

/**
 * The progress of executions in the Jupyter kernel: an execution that runs longer than a delay
 * gets one display output (a {@link ProgressLine}) that later snapshots update in place through
 * its display id, at most every {@value #MIN_UPDATE_MILLIS} ms and once at the end. Quick
 * executions show nothing. Snapshots arrive from Spark's listener thread and the session's timer;
 * display failures never reach the execution.
 */
public final class JupyterProgress implements ProgressListener {
  static final long MIN_UPDATE_MILLIS = 100;

  /** Where the line is shown: the kernel's display calls, or a test's record. */
  interface Sink {
    /** Shows {@code o} as a new output; returns its display id. */
    String show(Object o);

    void update(String displayId, Object o);
  }

  private final long delayMillis;
  private final Sink sink;
  private long execution = -1;
  private String displayId;
  private long lastUpdateMillis;

  JupyterProgress(long delayMillis, Sink sink) {
    this.delayMillis = delayMillis;
    this.sink = sink;
  }

  /** The progress line of the running kernel (call only inside it). */
  public static ProgressListener create(long delayMillis) {
    return new JupyterProgress(delayMillis, new KernelSink());
  }

  @Override
  public synchronized void onProgress(Progress p) {
    if (p.executionId() != execution) {
      execution = p.executionId();
      displayId = null;
    }
    try {
      if (displayId == null) {
        if (p.elapsedMillis() >= delayMillis) {
          displayId = sink.show(ProgressLine.of(p));
          lastUpdateMillis = p.elapsedMillis();
        }
      } else if (p.finished() || p.elapsedMillis() - lastUpdateMillis >= MIN_UPDATE_MILLIS) {
        sink.update(displayId, ProgressLine.of(p));
        lastUpdateMillis = p.elapsedMillis();
      }
    } catch (RuntimeException e) {
      // a progress line is not worth failing an execution for (no cell running, kernel closing)
    }
  }
}
