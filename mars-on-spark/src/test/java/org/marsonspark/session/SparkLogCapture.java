package org.marsonspark.session;

import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/** Records the warnings and errors Spark logs while it is open (what a user would see on the console). */
public final class SparkLogCapture implements AutoCloseable {
  private static final String NAME = "mars-test-spark-warnings";
  private final List<String> lines = new ArrayList<>();
  private final LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
  private final AbstractAppender appender = new AbstractAppender(NAME, null, null, true, Property.EMPTY_ARRAY) {
    @Override
    public void append(LogEvent e) {
      if (e.getLevel().isMoreSpecificThan(Level.WARN) && e.getLoggerName().startsWith("org.apache.spark")) {
        synchronized (lines) {
          lines.add(e.getLevel() + " " + e.getLoggerName() + ": " + e.getMessage().getFormattedMessage());
        }
      }
    }
  };

  public SparkLogCapture() {
    appender.start();
    root().addAppender(appender, null, null);
    ctx.updateLoggers();
  }

  private LoggerConfig root() {
    return ctx.getConfiguration().getRootLogger();
  }

  /** What Spark logged at WARN or above so far. */
  public List<String> lines() {
    synchronized (lines) {
      return List.copyOf(lines);
    }
  }

  @Override
  public void close() {
    root().removeAppender(NAME);
    ctx.updateLoggers();
    appender.stop();
  }
}
