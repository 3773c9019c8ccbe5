package org.marsonspark.exec;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/** Turns what Spark reports for a failed job into the exception a user should see. */
final class TaskFailures {
  private TaskFailures() {}

  static RuntimeException translate(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof MarsException m) {
        return m;
      }
      if (c instanceof ChunkTaskException chunk) {
        Throwable user = chunk.getCause() != null ? chunk.getCause() : chunk;
        if (user instanceof MarsException m) {
          return new MarsException(m.errorClass(), chunk.getMessage(), user);
        }
        return new MarsException(ErrorClass.TASK_FAILED, chunk.getMessage(), user);
      }
    }
    String msg = t.getMessage() == null ? t.toString() : t.getMessage();
    if (cancelledElsewhere(msg)) {
      return new MarsException(ErrorClass.CANCELLED, "the execution's Spark jobs were cancelled outside Mars (the "
          + "Spark UI's kill link, SparkContext.cancelAllJobs, ...): " + firstLine(msg), t);
    }
    return new MarsException(ErrorClass.TASK_FAILED, "a chunk task failed: " + firstLine(msg), t);
  }

  /** Spark's message for a job cancelled by someone ("Job 3 cancelled because ..."), not by Mars. */
  private static boolean cancelledElsewhere(String msg) {
    return msg.matches("(?s)Job \\d+ cancelled .*") && !msg.contains(ExpectedSparkLogs.CANCEL_REASON);
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
