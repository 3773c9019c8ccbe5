package org.marsonspark.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.marsonspark.tensor.BadInputs.bad;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.BadInputs;

/**
 * Bad input to spawned functions — arguments that cannot travel, wrong types, bad options,
 * functions that fail or return what cannot come back, objects used before they ran — each a named
 * error that shows the offending value and says what to do, after which the session holds nothing
 * more and still computes right ({@link BadInputs}).
 */
class Remote_BadInputTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  static int explode(int x) {
    throw new IllegalStateException("boom " + x);
  }

  // each case: its error class, value and hint in the message, then nothing held and a right sum
  @TestFactory
  Stream<DynamicTest> spawns() {
    Object lock = new Object();
    List<BadInputs.Case> cases = List.of(
        bad("an argument that does not serialize", ErrorClass.INVALID_ARGUMENT, "java.lang.Thread",
            "pass serializable values", () -> Remote.spawn((Thread t) -> t.getName(), new Thread())),
        bad("such an argument inside a list", ErrorClass.INVALID_ARGUMENT, "argument 1[1]",
            "pass serializable values", () -> Remote.spawn((List<Object> l) -> l.size(),
                List.of(Remote.spawn(() -> 1), new Thread()))),
        bad("a function capturing what does not serialize", ErrorClass.INVALID_ARGUMENT, "java.lang.Object",
            "pass serializable values", () -> Remote.spawn(() -> lock.hashCode())),
        bad("a function capturing a spawned object", ErrorClass.INVALID_ARGUMENT, "RemoteObject",
            "can be passed as arguments", () -> {
              RemoteObject<Integer> one = Remote.spawn(() -> 1);
              Remote.spawn(() -> one.fetch() + 1);
            }),
        bad("an argument of the wrong type", ErrorClass.INVALID_ARGUMENT, "got a java.lang.String",
            "must be a java.lang.Integer", () -> Remote.spawn((Integer x) -> x + 1, "seven")),
        bad("a null function", ErrorClass.INVALID_ARGUMENT, "null", "must not be null",
            () -> Remote.spawn((Fn0<Integer>) null)),
        bad("no cores", ErrorClass.INVALID_ARGUMENT, "cpus=0", "needs at least 1 cpu", () -> Remote.options().cores(0)),
        bad("negative GPUs", ErrorClass.INVALID_ARGUMENT, "gpus=-1", "must not be negative",
            () -> Remote.options().gpus(-1)),
        bad("negative retries", ErrorClass.INVALID_ARGUMENT, "got -1", "must not be negative",
            () -> Remote.options().maxRetries(-1)),
        bad("no outputs", ErrorClass.INVALID_ARGUMENT, "got 0", "must be at least 1", () -> Remote.options().nOutput(0)),
        bad("a function that throws", ErrorClass.TASK_FAILED, "boom 7", "fetchLog()",
            () -> Remote.spawn(Remote_BadInputTest::explode, 7).execute(spark.session())),
        bad("a result that does not serialize", ErrorClass.TASK_FAILED, "returned a java.lang.Object",
            "return serializable values", () -> Remote.spawn(() -> new Object()).execute(spark.session())),
        bad("fewer results than nOutput", ErrorClass.INVALID_ARGUMENT, "returned 1 values",
            "return an Object[] or a List of 2 values",
            () -> Remote.options().nOutput(2).spawn(() -> List.of(1)).execute(spark.session())),
        bad("fetch before execute", ErrorClass.NOT_EXECUTED, "RemoteObject(", "call execute() first",
            () -> Remote.spawn(() -> 1).fetch()),
        bad("fetch after release", ErrorClass.NOT_EXECUTED, "RemoteObject(", "call execute() first", () -> {
          RemoteObject<Integer> r = Remote.spawn(() -> 1).execute(spark.session());
          r.release();
          r.fetch();
        }),
        bad("fetchLog before execute", ErrorClass.NOT_EXECUTED, "RemoteObject(", "call execute() first",
            () -> Remote.spawn(() -> 1).fetchLog()));
    // a name given twice would merge two cases in the reports
    assertEquals(cases.size(), cases.stream().map(BadInputs.Case::name).distinct().count(), "every case named once");
    return BadInputs.tests(cases, spark::session);
  }
}
