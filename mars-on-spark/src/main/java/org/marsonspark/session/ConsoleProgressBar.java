package org.marsonspark.session;

import java.io.PrintStream;

/**
 * A one-line progress bar on standard error, shown only for executions that run longer than
 * a delay, so that quick work stays silent.
 */
public final class ConsoleProgressBar implements ProgressListener {
  private static final int WIDTH = 40;
  private final PrintStream out;
  private final long delayMillis;
  private boolean shown;

  public ConsoleProgressBar(PrintStream out, long delayMillis) {
    this.out = out;
    this.delayMillis = delayMillis;
  }

  @Override
  public synchronized void onProgress(Progress p) {
    if (p.elapsedMillis() < delayMillis && !shown) {
      return;
    }
    shown = true;
    int filled = (int) Math.round(p.fraction() * WIDTH);
    StringBuilder sb = new StringBuilder("\r[");
    for (int i = 0; i < WIDTH; i++) {
      sb.append(i < filled ? '=' : (i == filled ? '>' : ' '));
    }
    sb.append(String.format("] %3.0f%% %d/%d chunk tasks %.1fs", p.fraction() * 100, p.tasksDone(), p.tasksTotal(),
        p.elapsedMillis() / 1000.0));
    out.print(sb);
    if (p.finished()) {
      out.println();
      shown = false;
    }
    out.flush();
  }
}
