package org.marsonspark.notebooks.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.marsonspark.session.ProgressListener.Progress;

/** One output per execution that outlives the delay, updated in place, throttled, and final at the end. */
class JupyterProgress_Test {
  /** Records show/update calls as "show id1 line" and "update id1 line". */
  private static final class Recorder implements JupyterProgress.Sink {
    final List<String> calls = new ArrayList<>();
    int shown;

    @Override
    public String show(Object o) {
      String id = "id" + ++shown;
      calls.add("show " + id + " " + ((ProgressLine) o).done());
      return id;
    }

    @Override
    public void update(String displayId, Object o) {
      ProgressLine p = (ProgressLine) o;
      calls.add("update " + displayId + " " + p.done() + (p.finished() ? " finished" : ""));
    }
  }

  @Test
  void quickExecutionsStaySilent() {
    Recorder r = new Recorder();
    JupyterProgress bar = new JupyterProgress(500, r);
    bar.onProgress(new Progress(1, 0, 4, 0, false));
    bar.onProgress(new Progress(1, 4, 4, 120, true));
    assertEquals(List.of(), r.calls);
  }

  @Test
  void aLongExecutionIsOneOutputUpdatedInPlace() {
    Recorder r = new Recorder();
    JupyterProgress bar = new JupyterProgress(500, r);
    bar.onProgress(new Progress(1, 0, 10, 0, false));
    bar.onProgress(new Progress(1, 2, 10, 600, false));
    bar.onProgress(new Progress(1, 3, 10, 650, false)); // within 100 ms of the last: skipped
    bar.onProgress(new Progress(1, 5, 10, 720, false));
    bar.onProgress(new Progress(1, 10, 10, 721, true)); // the end is always shown
    bar.onProgress(new Progress(2, 0, 3, 0, false)); // the next execution starts afresh
    bar.onProgress(new Progress(2, 1, 3, 900, false));
    assertEquals(List.of("show id1 2", "update id1 5", "update id1 10 finished", "show id2 1"), r.calls);
  }

  @Test
  void displayFailuresDoNotReachTheExecution() {
    JupyterProgress bar = new JupyterProgress(0, new JupyterProgress.Sink() {
      @Override
      public String show(Object o) {
        throw new IllegalStateException("no cell running");
      }

      @Override
      public void update(String displayId, Object o) {
        throw new IllegalStateException("no cell running");
      }
    });
    bar.onProgress(new Progress(1, 0, 1, 10, false));
    bar.onProgress(new Progress(1, 1, 1, 20, true));
  }
}
