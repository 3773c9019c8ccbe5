package org.marsonspark.notebooks.jupyter;

import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.LogManager;
import java.util.logging.Logger;
import org.rapaio.jupyter.kernel.MainApp;
import org.rapaio.jupyter.kernel.channels.Channels;
import org.rapaio.jupyter.kernel.core.ConnectionProperties;
import org.rapaio.jupyter.kernel.core.RapaioKernel;
import org.rapaio.jupyter.kernel.core.Transform;

/**
 * The Java kernel's main class for Mars notebooks: rapaio's {@code MainApp} kernel, started
 * without its two start-up races (the second: {@link #reviveLoops}). rapaio 3.0.1 binds its sockets before it installs its message
 * handlers; Jupyter sends {@code kernel_info_request} as soon as the process starts, the message
 * waits in ZeroMQ and arrives the moment the shell socket binds, and if the shell thread reads
 * the handlers before they are set it dies (a NullPointerException) and the kernel never
 * answers ("Kernel didn't respond in 60 seconds"; seen under load on 2 cores). Here the handler
 * table holds a stand-in from the start that waits for the real one, so a message that arrives
 * early is handled a moment later instead.
 *
 * <p>kernel.json: {@code java <Spark's --add-opens> -cp <Mars, Spark, the kernel jar>
 * org.marsonspark.notebooks.jupyter.KernelMain {connection_file}}.
 */
public final class KernelMain {
  private static final Logger LOG = Logger.getLogger(KernelMain.class.getName());

  private KernelMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      throw new IllegalArgumentException("KernelMain takes one argument, the connection file Jupyter passes as "
          + "{connection_file} in kernel.json; got " + args.length);
    }
    try (InputStream logging = MainApp.class.getClassLoader().getResourceAsStream("logging.properties")) {
      if (logging != null) {
        LogManager.getLogManager().readConfiguration(logging);
      }
    }
    Path file = Path.of(args[0]);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("connection file '" + file + "' is not a file");
    }
    ConnectionProperties props = Transform.fromJson(Files.readString(file), ConnectionProperties.class);
    RapaioKernel kernel = MainApp.kernel; // the kernel the display functions of the cells talk to
    Channels channels = new Channels(props);
    Field handlers = Channels.class.getDeclaredField("handlers");
    handlers.setAccessible(true);
    handlers.set(channels, new AwaitHandlers(channels, handlers));
    channels.connect(kernel);
    List<Thread> revived = reviveLoops(channels);
    channels.joinUntilClose();
    for (Thread t : revived) {
      t.join();
    }
  }

  /**
   * rapaio's {@code LoopThread.start()} calls {@code super.start()} and only then sets its
   * {@code running} flag: a channel thread that gets the processor first sees the flag false and
   * ends before it ever polls, and that channel never answers (seen for the shell channel under
   * load: no error, the kernel just does not respond). After {@code connect}, a loop that ended
   * although its flag says running gets a replacement thread running the same body, until the
   * channel is shut down; the replacement also survives an exception in one turn of the body.
   */
  private static List<Thread> reviveLoops(Channels channels) throws ReflectiveOperationException,
      InterruptedException {
    List<Thread> revived = new ArrayList<>();
    Field all = Channels.class.getDeclaredField("channels");
    all.setAccessible(true);
    for (Object channel : (Set<?>) all.get(channels)) {
      Field loopField;
      try {
        loopField = channel.getClass().getDeclaredField("loopThread");
      } catch (NoSuchFieldException e) {
        continue; // a channel without its own loop (iopub, stdin)
      }
      loopField.setAccessible(true);
      Thread loop = (Thread) loopField.get(channel);
      if (loop == null) {
        continue;
      }
      loop.join(200); // a loop that started well is still alive by now
      Field running = loop.getClass().getDeclaredField("running");
      running.setAccessible(true);
      if (!loop.isAlive() && running.getBoolean(loop)) {
        Field body = loop.getClass().getDeclaredField("loopBody");
        body.setAccessible(true);
        Field sleep = loop.getClass().getDeclaredField("sleep");
        sleep.setAccessible(true);
        Runnable turn = (Runnable) body.get(loop);
        long pause = sleep.getLong(loop);
        Thread t = new Thread(() -> repeat(turn, pause, loop, running), loop.getName() + "-revived");
        t.start();
        revived.add(t);
      }
    }
    return revived;
  }

  private static void repeat(Runnable turn, long pause, Thread original, Field running) {
    try {
      while (running.getBoolean(original)) {
        try {
          turn.run();
        } catch (RuntimeException e) {
          LOG.warning(original.getName() + ": " + e);
        }
        Thread.sleep(pause);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stands in for the handler table until {@code connect} has installed it, then reads it. */
  private static final class AwaitHandlers extends AbstractMap<Object, Object> {
    private final Channels channels;
    private final Field field;

    AwaitHandlers(Channels channels, Field field) {
      this.channels = channels;
      this.field = field;
    }

    @Override
    public Object get(Object key) {
      try {
        for (int waited = 0; ; waited += 5) {
          Object real = field.get(channels);
          if (real != this) {
            return ((Map<?, ?>) real).get(key);
          }
          if (waited > 60_000) {
            throw new IllegalStateException("the kernel's message handlers were not installed within 60 s");
          }
          Thread.sleep(5);
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }

    @Override
    public Set<Entry<Object, Object>> entrySet() {
      return Set.of();
    }
  }
}
