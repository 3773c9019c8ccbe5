package org.marsonspark.session;

/**
 * Hears how an execution advances. Notebook front ends implement this to draw their own
 * progress widgets; the console bar is one implementation.
 */
public interface ProgressListener {
  /**
   * Called when an execution starts, as its chunk tasks finish, and once at its end.
   *
   * @param p a snapshot of the execution's progress
   */
  void onProgress(Progress p);

  /** A snapshot of an execution's progress. */
  record Progress(long executionId, int tasksDone, int tasksTotal, long elapsedMillis, boolean finished) {
    public double fraction() {
      return tasksTotal == 0 ? 1.0 : Math.min(1.0, (double) tasksDone / tasksTotal);
    }
  }
}
