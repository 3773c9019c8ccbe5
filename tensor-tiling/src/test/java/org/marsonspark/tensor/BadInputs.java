package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.MarsSession;

/**
 * Tables of bad inputs: each must raise a {@link MarsException} of its {@link ErrorClass} whose
 * message names the offending value and says what to do, and leave the session as it was —
 * nothing held, and still computing right ({@link SessionChecks}).
 */
public final class BadInputs {
  /** Raw Spark and JVM wording that must not reach the user in place of a Mars message. */
  private static final List<String> RAW = List.of("Job aborted due to stage failure", "org.apache.spark.",
      "NullPointerException", "ClassCastException", "ArrayIndexOutOfBoundsException");

  private BadInputs() {}

  /**
   * One bad input.
   *
   * @param name what is wrong, as the test is named
   * @param value a fragment of the message that shows the offending value
   * @param hint a fragment of the message that says what to do instead
   */
  public record Case(String name, ErrorClass errorClass, String value, String hint, Executable action,
      Map<String, Object> parameters) {
    /** The same case, whose error must also carry these of its class's parameters. */
    public Case with(Map<String, ?> expected) {
      return new Case(name, errorClass, value, hint, action, Map.copyOf(expected));
    }
  }

  public static Case bad(String name, ErrorClass errorClass, String value, String hint, Executable action) {
    return new Case(name, errorClass, value, hint, action, Map.of());
  }

  /** One test per case: the error and its message, then nothing left behind and a right result. */
  public static Stream<DynamicTest> tests(List<Case> cases, Supplier<MarsSession> session) {
    return cases.stream().map(c -> dynamicTest(c.name(), () -> check(c, session.get())));
  }

  private static void check(Case c, MarsSession s) {
    SessionChecks.Held before = SessionChecks.held(s);
    MarsException e = assertThrows(MarsException.class, c.action(), () -> c.name() + ": no MarsException");
    String m = e.getMessage();
    assertEquals(c.errorClass(), e.errorClass(), () -> c.name() + ": " + m);
    c.parameters().forEach((k, v) -> assertEquals(v, e.parameters().get(k), () -> c.name() + ": parameter " + k
        + " of " + e.parameters()));
    assertTrue(m.contains(c.value()), () -> c.name() + ": the message should show the value '" + c.value() + "': " + m);
    assertTrue(m.contains(c.hint()), () -> c.name() + ": the message should say what to do ('" + c.hint() + "'): " + m);
    for (String raw : RAW) {
      assertFalse(m.contains(raw), () -> c.name() + ": raw internals ('" + raw + "') in the message: " + m);
    }
    SessionChecks.assertNothingLeft(s, before, c.name());
    SessionChecks.assertUsable(s, c.name());
  }
}
