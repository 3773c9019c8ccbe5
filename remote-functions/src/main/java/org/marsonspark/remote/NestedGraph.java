package org.marsonspark.remote;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableData;

/**
 * Spawned calls made by a function on an executor, in a form that travels to the driver: each
 * call's function, arguments and options, and where its inputs come from — another call of
 * the graph, or an object the driver already holds for this executor (executed earlier).
 *
 * @param calls in dependency order
 * @param targets the objects to execute, as (call, output)
 */
record NestedGraph(List<Call> calls, List<Output> targets) implements Serializable {

  /** A graph, with the spawn each of its calls came from (which stays where the graph was made). */
  record Prepared(NestedGraph graph, List<SpawnOp> spawns) {}

  /** One spawned call. */
  record Call(RemoteFunction fn, List<Argument> arguments, SpawnOptions options, List<Input> inputs)
      implements Serializable {}

  /** Where an input of a call comes from. */
  sealed interface Input extends Serializable {}

  /** An output of an earlier call of the graph. */
  record Output(int call, int output) implements Input {}

  /** An object the driver holds, by its id. */
  record Held(long id) implements Input {}

  /** Describes what executing {@code objects} needs: every call not yet held by the driver. */
  static Prepared of(List<RemoteObject<?>> objects) {
    Builder b = new Builder();
    List<Output> targets = new ArrayList<>();
    for (RemoteObject<?> o : objects) {
      if (o.driverId() != 0) {
        throw new IllegalStateException(o + " is executed already");
      }
      targets.add(b.output(o.data()));
    }
    return new Prepared(new NestedGraph(b.calls, targets), b.spawns);
  }

  private static final class Builder {
    final List<Call> calls = new ArrayList<>();
    final List<SpawnOp> spawns = new ArrayList<>();
    final Map<SpawnOp, Integer> index = new IdentityHashMap<>();

    Output output(RemoteData d) {
      return new Output(call(d.spawn()), d.outputIndex());
    }

    int call(SpawnOp op) {
      Integer known = index.get(op);
      if (known != null) {
        return known;
      }
      List<Input> inputs = new ArrayList<>();
      for (TileableData in : op.inputs()) {
        if (!(in instanceof RemoteData r)) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "a function running on an executor spawned "
              + op.name() + " with a tensor argument built on the executor; pass tensors to the outer spawn instead");
        }
        long held = r.heldId();
        inputs.add(held != 0 ? new Held(held) : output(r));
      }
      calls.add(new Call(op.function(), op.arguments(), op.options(), inputs));
      spawns.add(op);
      index.put(op, calls.size() - 1);
      return calls.size() - 1;
    }
  }
}
