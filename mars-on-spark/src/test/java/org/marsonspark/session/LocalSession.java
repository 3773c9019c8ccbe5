package org.marsonspark.session;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded {@code local[2]} Mars session per test class, for the tests of every module:
 * {@code @RegisterExtension static final LocalSession spark = new LocalSession();}.
 */
public final class LocalSession implements BeforeAllCallback, AfterAllCallback {
  private final UnaryOperator<MarsOptions> options;
  private boolean withUnfused;
  private MarsSession session;
  private MarsSession unfused;

  public LocalSession() {
    this(o -> o);
  }

  /** With options changed from the defaults (progress is always off in tests). */
  public LocalSession(UnaryOperator<MarsOptions> options) {
    this.options = options;
  }

  /**
   * Also starts {@link #unfused()}, a second session on the same Spark with fusion off, for tests
   * that demand the same results fused and unfused.
   */
  public LocalSession alsoUnfused() {
    withUnfused = true;
    return this;
  }

  public MarsSession session() {
    return session;
  }

  /** The session with the same options but fusion off (every chunk op its own subtask); see {@link #alsoUnfused}. */
  public MarsSession unfused() {
    if (unfused == null) {
      throw new IllegalStateException("no unfused session: register the extension with alsoUnfused()");
    }
    return unfused;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    session = MarsSession.local("local[2]", options.apply(MarsOptions.defaults().withProgress(false)));
    if (withUnfused) {
      unfused = MarsSession.attach(session.spark(), session.options().withFusion(false));
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (unfused != null) {
      unfused.close();
    }
    if (session != null) {
      session.close();
    }
  }
}
