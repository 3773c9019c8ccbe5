package org.marsonspark.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Functions are checked where they are handed over, with an error that names what they hold. */
class UserFunctions_Test {
  interface Fn extends Function<Long, Long>, Serializable {}

  /** Something a careless function might hold: a session, a connection, a big local object. */
  static final class Handle {
    final long offset = 3;
  }

  @Test
  void aSerializableFunctionIsHandedBackAsItIs() {
    long offset = 3;
    Fn f = x -> x + offset;
    assertSame(f, UserFunctions.prepare(f, "Series.map"));
    assertEquals(5L, f.apply(2L));
  }

  @Test
  void aFunctionHoldingSomethingNotSerializableIsRefusedByName() {
    Handle h = new Handle();
    Fn f = x -> x + h.offset;
    MarsException e = assertThrows(MarsException.class, () -> UserFunctions.prepare(f, "Series.map"));
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT, e.errorClass());
    assertTrue(e.detail().startsWith("Series.map: the function cannot be sent to the tasks"), e.getMessage());
    assertTrue(e.getMessage().contains(Handle.class.getName()), e.getMessage());
    assertTrue(e.getMessage().contains("local val"), e.getMessage());
  }

  @Test
  void nullIsRefused() {
    MarsException e = assertThrows(MarsException.class, () -> UserFunctions.prepare(null, "mapChunk"));
    assertEquals("mapChunk: the function must not be null", e.detail());
  }
}
