package org.marsonspark.dataframe;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * One embedded {@code local[2]} Mars session per test class:
 * {@code @RegisterExtension static final LocalSession spark = new LocalSession();}.
 */
final class LocalSession implements BeforeAllCallback, AfterAllCallback {
  private final UnaryOperator<MarsOptions> options;
  private MarsSession session;

  LocalSession() {
    this(o -> o);
  }

  LocalSession(UnaryOperator<MarsOptions> options) {
    this.options = options;
  }

  MarsSession session() {
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
