package org.marsonspark.exec;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.message.Message;

/**
 * Keeps out of the log the lines Spark writes for situations Mars expects and reports itself, so
 * that a failing user function prints one error — the {@code MarsException} its caller gets, its
 * stack once — instead of Spark's five lines and two copies of the stack:
 * <ul>
 *   <li>a chunk task failing with a {@link ChunkTaskException}: the executor's "Exception in task"
 *       (with the stack), the scheduler's "Lost task" (the stack again) and "failed 1 times;
 *       aborting job", the block manager's "Putting block … failed" and the "could not be removed"
 *       and "Asked to remove block …, which does not exist" that follow it for the same block;</li>
 *   <li>a task killed (its job was cancelled): the scheduler's "Lost task … TaskKilled" where Mars
 *       cancelled it ({@link #CANCEL_REASON}), and the block manager's lines for the block it did
 *       not write, as above;</li>
 *   <li>"Asked to remove block …, which does not exist" for a block Mars removed by itself (its
 *       chunks released) just before unpersisting its whole RDD: the driver does not wait for the
 *       first removal, so the executor can run both at once, and the second finds nothing left
 *       ({@link #removing});</li>
 *   <li>"Block … already exists on this machine; not re-adding it" in a task of a Mars job: two
 *       tasks computed one partition at the same moment — a merged tail reads a sibling partition
 *       that its own task had not started yet, and that task starts just then — and the one that
 *       lost the race reads the other's block, as Mars means it to (Spark's block lock; see
 *       docs/architecture.md, merged tails).</li>
 * </ul>
 * Every other line, of these loggers too, passes. Installed once per JVM as a context-wide
 * log4j filter, where log4j 2 is Spark's logging backend (elsewhere nothing changes).
 */
public final class ExpectedSparkLogs {
  /** The reason Mars gives Spark when it cancels a run's jobs; lines naming it are Mars's own doing. */
  public static final String CANCEL_REASON = "cancelled by Mars";
  /** Job groups of Mars's runs, and tags of its fetches: a task of one is Mars's own. */
  static final String RUN_GROUP = "mars-run-";
  static final String FETCH_TAG = "mars-fetch-";
  private static boolean installed;
  /** Blocks Mars asked to remove one by one, most recent last (bounded: the race is immediate). */
  private static final Map<String, Boolean> REMOVED = new LinkedHashMap<>(64, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
      return size() > 4096;
    }
  };

  private ExpectedSparkLogs() {}

  /** Installs the filter (once; a no-op without log4j 2's core on the class path). */
  public static synchronized void install() {
    if (installed) {
      return;
    }
    installed = true;
    try {
      Class.forName("org.apache.logging.log4j.core.LoggerContext", false, ExpectedSparkLogs.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return;
    }
    Log4j.install();
  }

  /**
   * Mars is about to remove block {@code name} (such as {@code rdd_4_0}) by itself: a later
   * "does not exist" for it is the race of that removal with its RDD's unpersist, not a fault.
   */
  static void removing(String name) {
    synchronized (REMOVED) {
      REMOVED.put(name, Boolean.TRUE);
    }
  }

  private static boolean removedByMars(String name) {
    synchronized (REMOVED) {
      return REMOVED.remove(name) != null;
    }
  }

  /** Whether this thread runs a task of a Mars job (a run's, or a fetch's). */
  private static boolean inMarsTask() {
    org.apache.spark.TaskContext tc = org.apache.spark.TaskContext.get();
    if (tc == null) {
      return false;
    }
    String group = tc.getLocalProperty("spark.jobGroup.id"); // SparkContext.SPARK_JOB_GROUP_ID
    String tags = tc.getLocalProperty("spark.job.tags"); // SparkContext.SPARK_JOB_TAGS
    return group != null && group.startsWith(RUN_GROUP) || tags != null && tags.contains(FETCH_TAG);
  }

  /** The part that needs log4j-core's classes, loaded only where they exist. */
  private static final class Log4j {
    static void install() {
      if (org.apache.logging.log4j.LogManager.getContext(false) instanceof LoggerContext ctx) {
        ctx.getConfiguration().addFilter(new Expected());
        ctx.updateLoggers();
      }
    }
  }

  /** The filter: denies exactly the expected lines, passes everything else untouched. */
  static final class Expected extends AbstractFilter {
    private static final String EXECUTOR = "org.apache.spark.executor.Executor";
    private static final String TASK_SET = "org.apache.spark.scheduler.TaskSetManager";
    private static final String BLOCKS = "org.apache.spark.storage.BlockManager";
    private static final String CHUNK_FAILURE = ChunkTaskException.class.getName();
    private static final String KILLED = org.apache.spark.TaskKilledException.class.getName();
    /** Follow-up lines to deny: "Task 0 in stage 3.0" (aborting), a block id (could not be removed). */
    private final Map<String, Boolean> followUps = new LinkedHashMap<>(16, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
        return size() > 256;
      }
    };

    Expected() {
      super(Filter.Result.DENY, Filter.Result.NEUTRAL);
    }

    Filter.Result decide(String logger, Level level, String msg, Throwable thrown) {
      if (msg == null || level == null || !level.isMoreSpecificThan(Level.WARN)) {
        return Filter.Result.NEUTRAL;
      }
      boolean expected = switch (logger) {
        case EXECUTOR -> thrown instanceof ChunkTaskException && msg.startsWith("Exception in task ");
        case TASK_SET -> lostTask(msg);
        case BLOCKS -> block(msg);
        default -> false;
      };
      return expected ? Filter.Result.DENY : Filter.Result.NEUTRAL;
    }

    private boolean lostTask(String msg) {
      if (msg.startsWith("Lost task ")) {
        boolean ours = msg.contains(CHUNK_FAILURE) || msg.contains("TaskKilled") && msg.contains(CANCEL_REASON);
        if (ours && msg.contains(CHUNK_FAILURE)) {
          // "Lost task 0.0 in stage 3.0 (TID 7) ..." is followed by "Task 0 in stage 3.0 failed 1 times; aborting job"
          String[] words = msg.split(" ", 7);
          if (words.length > 6) {
            int dot = words[2].indexOf('.');
            remember("Task " + (dot < 0 ? words[2] : words[2].substring(0, dot)) + " in stage " + words[5]);
          }
        }
        return ours;
      }
      int failed = msg.indexOf(" failed ");
      return msg.startsWith("Task ") && failed > 0 && msg.endsWith("; aborting job") && forget(msg.substring(0, failed));
    }

    private boolean block(String msg) {
      if (msg.startsWith("Putting block ") && (msg.contains(" failed due to exception " + CHUNK_FAILURE)
          || msg.contains(" failed due to exception " + KILLED))) {
        remember(word(msg, 2));
        return true;
      }
      // after a failed put, Spark removes the block it did not write, and later removals find none
      if (msg.startsWith("Block ") && msg.endsWith(" could not be removed as it was not found on disk or in memory")) {
        return remembered(word(msg, 1));
      }
      if (msg.startsWith("Asked to remove block ") && msg.endsWith(", which does not exist")) {
        String block = word(msg, 4);
        String id = block.endsWith(",") ? block.substring(0, block.length() - 1) : block;
        return forget(id) || removedByMars(id);
      }
      return msg.startsWith("Block ") && msg.endsWith(" already exists on this machine; not re-adding it")
          && inMarsTask();
    }

    private static String word(String msg, int i) {
      String[] words = msg.split(" ", i + 2);
      return words.length > i ? words[i] : "";
    }

    private synchronized boolean remembered(String key) {
      return followUps.containsKey(key);
    }

    private synchronized void remember(String key) {
      followUps.put(key, Boolean.TRUE);
    }

    private synchronized boolean forget(String key) {
      return followUps.remove(key) != null;
    }

    @Override
    public Filter.Result filter(Logger logger, Level level, Marker marker, String msg, Object... params) {
      Throwable t = params != null && params.length > 0 && params[params.length - 1] instanceof Throwable x ? x : null;
      return decide(logger.getName(), level, msg, t);
    }

    @Override
    public Filter.Result filter(Logger logger, Level level, Marker marker, Object msg, Throwable t) {
      return decide(logger.getName(), level, msg == null ? null : msg.toString(), t);
    }

    @Override
    public Filter.Result filter(Logger logger, Level level, Marker marker, Message msg, Throwable t) {
      return decide(logger.getName(), level, msg == null ? null : msg.getFormattedMessage(), t);
    }

    @Override
    public Filter.Result filter(LogEvent event) {
      Message m = event.getMessage();
      return decide(event.getLoggerName(), event.getLevel(), m == null ? null : m.getFormattedMessage(),
          event.getThrown());
    }
  }
}
