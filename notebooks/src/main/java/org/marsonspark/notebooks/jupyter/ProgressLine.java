package org.marsonspark.notebooks.jupyter;

import java.util.Locale;
import java.util.Map;
import org.marsonspark.notebooks.display.RichDisplay;
import org.marsonspark.session.ProgressListener;

/**
 * One state of a notebook's progress line: chunk tasks done of the total, time so far, and
 * whether the execution has ended. Renders as an HTML {@code <progress>} bar with a caption, and
 * as a text bar like the console's (without its carriage returns).
 *
 * @param done chunk tasks finished
 * @param total chunk tasks known so far
 * @param elapsedMillis time since the execution began
 * @param finished whether the execution has ended
 */
record ProgressLine(int done, int total, long elapsedMillis, boolean finished) {
  private static final int WIDTH = 40;

  /** The line for a progress snapshot of the session. */
  static ProgressLine of(ProgressListener.Progress p) {
    return new ProgressLine(p.tasksDone(), p.tasksTotal(), p.elapsedMillis(), p.finished());
  }

  double fraction() {
    return total == 0 ? (finished ? 1.0 : 0.0) : Math.min(1.0, (double) done / total);
  }

  private String caption() {
    return String.format(Locale.ROOT, "%3.0f%% %d/%d chunk tasks %.1fs%s", fraction() * 100, done, total,
        elapsedMillis / 1000.0, finished ? " done" : "");
  }

  /** HTML and text. */
  Map<String, String> bundle() {
    return RichDisplay.table(this::toHtml, toString());
  }

  /** {@code <progress>} and the caption in one line. */
  String toHtml() {
    return String.format(Locale.ROOT, "<div class=\"mars-progress\"><progress value=\"%d\" max=\"%d\" "
        + "style=\"width: 24em; vertical-align: middle;\"></progress> <code>%s</code></div>",
        Math.round(fraction() * 1000), 1000, caption());
  }

  /** {@code [=====>     ]  45% 9/20 chunk tasks 1.2s}. */
  @Override
  public String toString() {
    int filled = (int) Math.round(fraction() * WIDTH);
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < WIDTH; i++) {
      sb.append(i < filled ? '=' : (i == filled ? '>' : ' '));
    }
    return sb.append("] ").append(caption()).toString();
  }
}
