package org.marsonspark.notebooks.jupyter;

import org.rapaio.jupyter.kernel.global.Global;

/** The rapaio kernel's {@code display}/{@code updateDisplay}; rendered by {@link MarsDisplayProvider}. */
final class KernelSink implements JupyterProgress.Sink {
  @Override
  public String show(Object o) {
    return Global.display(o);
  }

  @Override
  public void update(String displayId, Object o) {
    Global.updateDisplay(displayId, o);
  }
}
