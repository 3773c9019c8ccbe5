package org.marsonspark.tensor;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * One embedded {@code local[2]} Mars session per test class (the tensor and dataframe tests):
 * {@code @RegisterExtension static final LocalSession spark = new LocalSession();}.
 */
public final class LocalSession implements BeforeAllCallback, AfterAllCallback {
  private final UnaryOperator<MarsOptions> options;
  private MarsSession session;

  public LocalSession() {
    this(o -> o);
  }

  /** With options changed from the defaults (progress is always off in tests). */
  public LocalSession(UnaryOperator<MarsOptions> options) {
    this.options = options;
  }

  public MarsSession session() {
    return session;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    session = MarsSession.local("local[2]", options.apply(MarsOptions.defaults().withProgress(false)));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (session != null) {
      session.close();
    }
  }
}
