package org.marsonspark.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Captures what a spawned function prints, for that function only. {@code System.out} and
 * {@code System.err} are global, so once per JVM both are replaced by streams that look at the
 * writing thread: a thread running a spawned function (or a thread it started) writes into that
 * function's buffer, any other thread writes through to the original stream. Functions running
 * at the same time in one executor therefore never see each other's output.
 */
final class OutputCapture {
  /** Output beyond this many bytes per function is dropped (and the log says so). */
  static final int MAX_BYTES = 8 << 20;

  private static final InheritableThreadLocal<Buffer> CURRENT = new InheritableThreadLocal<>();
  private static final Charset CHARSET = consoleCharset();
  private static boolean installed;

  private OutputCapture() {}

  /** Starts capturing this thread's output (and that of threads it starts) until the buffer is closed. */
  static Buffer start() {
    install();
    Buffer b = new Buffer();
    CURRENT.set(b);
    return b;
  }

  private static synchronized void install() {
    if (installed) {
      return;
    }
    System.setOut(new PrintStream(new Router(System.out), true, CHARSET));
    System.setErr(new PrintStream(new Router(System.err), true, CHARSET));
    installed = true;
  }

  private static Charset consoleCharset() {
    for (String key : new String[] {"stdout.encoding", "sun.stdout.encoding"}) {
      String name = System.getProperty(key);
      if (name != null && Charset.isSupported(name)) {
        return Charset.forName(name);
      }
    }
    return Charset.defaultCharset();
  }

  /** One function's output. */
  static final class Buffer implements AutoCloseable {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private volatile boolean open = true;
    private long dropped;

    private synchronized void write(byte[] b, int off, int len) {
      int room = MAX_BYTES - bytes.size();
      int kept = Math.max(0, Math.min(room, len));
      bytes.write(b, off, kept);
      dropped += len - kept;
    }

    /** Everything captured so far. */
    synchronized String text() {
      String s = bytes.toString(CHARSET);
      return dropped == 0 ? s : s + "\n[output truncated: " + dropped + " more bytes]\n";
    }

    /** Appends a line of the runtime's own (a retry notice). */
    void note(String line) {
      byte[] b = (line + System.lineSeparator()).getBytes(CHARSET);
      write(b, 0, b.length);
    }

    /** Stops capturing: later writes from threads that inherited this buffer pass through. */
    @Override
    public void close() {
      open = false;
      if (CURRENT.get() == this) {
        CURRENT.remove();
      }
    }
  }

  /** Sends each write to the writing thread's buffer, or through to the original stream. */
  private static final class Router extends OutputStream {
    private final PrintStream original;

    Router(PrintStream original) {
      this.original = original;
    }

    private static Buffer target() {
      Buffer b = CURRENT.get();
      return b != null && b.open ? b : null;
    }

    @Override
    public void write(int b) {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      Buffer buffer = target();
      if (buffer != null) {
        buffer.write(b, off, len);
      } else {
        original.write(b, off, len);
      }
    }

    @Override
    public void flush() throws IOException {
      if (target() == null) {
        original.flush();
      }
    }
  }
}
