package org.marsonspark.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.ErrorStandIn;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;

/**
 * Fatal JVM errors in user code that chunk ops run: Spark would exit the JVM for them
 * ({@code killOnFatalError}); they are task failures naming the error, with its stack, and the
 * session goes on. A failure logs nothing from Spark: the caller's exception is the one report.
 */
class Session_FatalErrorTest {
  private static MarsSession session;

  @BeforeAll
  static void start() {
    session = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
  }

  @AfterAll
  static void stop() {
    session.close();
  }

  static int recurse(int depth) {
    return recurse(depth + 1) + 1;
  }

  /** Runs {@code t}, expecting a task failure; returns it. */
  private static MarsException failure(TileableData t) {
    MarsException e = assertThrows(MarsException.class, () -> session.execute(List.of(t)));
    assertEquals(ErrorClass.TASK_FAILED, e.errorClass(), e.toString());
    return e;
  }

  /** The stand-in among the causes, which must hold no fatal error itself. */
  private static ErrorStandIn standIn(Throwable e) {
    ErrorStandIn found = null;
    for (Throwable c = e; c != null; c = c.getCause()) {
      assertFalse(ErrorStandIn.isFatal(c), "a fatal error reached the driver: " + c);
      if (found == null && c instanceof ErrorStandIn s) {
        found = s;
      }
    }
    assertTrue(found != null, "no stand-in among the causes of " + e);
    return found;
  }

  private static void assertSessionUsable() {
    TileableData ok = Calls.of(3, i -> 10 * i);
    List<ExecutionHandle> handles = session.execute(List.of(ok));
    assertArrayEquals(new Object[] {0, 10, 20}, session.fetchChunks(ok.chunks(), null));
    handles.forEach(ExecutionHandle::release);
    session.chunkStore().awaitReleases();
    assertEquals(0, session.chunkStore().size(), "a failed execution leaves nothing held");
  }

  @Test
  void aStackOverflowInUserCodeIsATaskFailureWithItsOwnStack() {
    MarsException e = failure(Calls.of(2, i -> recurse(i)));
    assertTrue(e.getMessage().contains("chunk operation call failed"), e.getMessage());
    assertTrue(e.getMessage().contains("java.lang.StackOverflowError"), e.getMessage());
    assertTrue(e.getMessage().contains("Session_FatalErrorTest.recurse"), "names the function: " + e.getMessage());
    ErrorStandIn soe = standIn(e);
    assertEquals(StackOverflowError.class.getName(), soe.className());
    assertTrue(soe.wasFatal());
    StackTraceElement top = soe.getStackTrace()[0];
    assertEquals(Session_FatalErrorTest.class.getName(), top.getClassName());
    assertEquals("recurse", top.getMethodName());
    assertTrue(soe.getStackTrace().length > 100, "the overflowing stack itself");
    assertSessionUsable();
  }

  @Test
  void anOutOfMemoryErrorInUserCodeIsATaskFailure() {
    // a real allocation failure: more than the whole heap at once (the heap itself stays healthy)
    MarsException e = failure(Calls.of(1, i -> new long[Integer.MAX_VALUE - 8].length));
    ErrorStandIn oom = standIn(e);
    assertEquals(OutOfMemoryError.class.getName(), oom.className());
    assertTrue(e.getMessage().contains("java.lang.OutOfMemoryError"), e.getMessage());
    assertSessionUsable();
  }

  @Test
  void aFatalErrorWrappedAsACauseIsReplacedLinkByLink() {
    // Spark looks spark.executor.killOnFatalError.depth (5) causes deep: a wrapper is not enough
    MarsException e = failure(Calls.of(1, i -> {
      try {
        return recurse(0);
      } catch (StackOverflowError soe) {
        throw new IllegalStateException("wrapped", new RuntimeException("inner", soe));
      }
    }));
    ErrorStandIn outer = standIn(e);
    assertEquals(IllegalStateException.class.getName(), outer.className());
    assertEquals("wrapped", outer.getMessage());
    ErrorStandIn inner = assertInstanceOf(ErrorStandIn.class, outer.getCause());
    assertEquals(RuntimeException.class.getName(), inner.className());
    ErrorStandIn soe = assertInstanceOf(ErrorStandIn.class, inner.getCause());
    assertEquals(StackOverflowError.class.getName(), soe.className());
    assertSessionUsable();
  }

  @Test
  void anOrdinaryExceptionKeepsItsOwnClass() {
    MarsException e = failure(Calls.of(1, i -> {
      throw new IllegalArgumentException("bad " + i);
    }));
    IllegalArgumentException original = assertInstanceOf(IllegalArgumentException.class, e.getCause());
    assertEquals("bad 0", original.getMessage());
    assertTrue(e.getMessage().contains("(at org.marsonspark.session.Session_FatalErrorTest"), e.getMessage());
  }

  @Test
  void portableLeavesWhatCanTravelAlone() {
    RuntimeException plain = new RuntimeException("x", new IllegalStateException("y"));
    assertEquals(plain, ErrorStandIn.portable(plain));
    Throwable copy = ErrorStandIn.portable(new OutOfMemoryError("z"));
    assertNotSame(OutOfMemoryError.class, copy.getClass());
    assertEquals("java.lang.OutOfMemoryError: z", copy.toString());
  }

  @Test
  void aFailingFunctionLogsNothingFromSpark() {
    try (SparkLogCapture log = new SparkLogCapture()) {
      failure(Calls.of(2, i -> {
        throw new IllegalStateException("boom " + i);
      }));
      failure(Calls.of(1, i -> recurse(i)));
      session.chunkStore().awaitReleases();
      assertSessionUsable();
      assertEquals(List.of(), log.lines());
    }
  }
}
