package org.marsonspark.remote;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.spark.TaskContext;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.ChunkValue;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.ResourceRequest;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;
import org.marsonspark.exec.WorkerThreads;

/**
 * One spawned call: a function, its arguments and options. It tiles into a single chunk op,
 * {@link Call}, whose inputs are the chunks of every spawned object and tensor among the
 * arguments and whose outputs are {@code nOutput} 0-d chunks. A failure is kept here, so the
 * failed object can still give its log.
 */
final class SpawnOp extends TileableOp {
  private final RemoteFunction fn;
  private final FunctionInfo info;
  private final List<Argument> arguments;
  private final SpawnOptions options;
  private volatile RemoteFunctionException failure;

  private SpawnOp(RemoteFunction fn, FunctionInfo info, List<Argument> arguments, List<TileableData> inputs,
      SpawnOptions options) {
    super(inputs);
    this.fn = fn;
    this.info = info;
    this.arguments = List.copyOf(arguments);
    this.options = options;
  }

  /** Checks the call and records it; returns one object per output. Nothing runs. */
  static List<RemoteData> spawn(RemoteFunction fn, Object[] args, SpawnOptions options) {
    if (fn == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "spawn: the function must not be null");
    }
    FunctionInfo info = FunctionInfo.of(fn);
    Arguments parsed = Arguments.parse(fn, info, args);
    return new SpawnOp(fn, info, parsed.arguments(), parsed.inputs(), options).bindOutputs();
  }

  /** A call checked where it was spawned (on an executor), recorded again on the driver. */
  static List<RemoteData> respawn(RemoteFunction fn, List<Argument> arguments, List<TileableData> inputs,
      SpawnOptions options) {
    return new SpawnOp(fn, FunctionInfo.of(fn), arguments, inputs, options).bindOutputs();
  }

  private List<RemoteData> bindOutputs() {
    List<RemoteData> outs = new ArrayList<>();
    for (int i = 0; i < options.nOutput(); i++) {
      outs.add(new RemoteData());
    }
    return bindOutputs(outs);
  }

  @Override
  public String name() {
    return info.name();
  }

  SpawnOptions options() {
    return options;
  }

  RemoteFunction function() {
    return fn;
  }

  /** The arguments as spawned: spawned objects by their position among {@link #inputs()}. */
  List<Argument> arguments() {
    return arguments;
  }

  RemoteFunctionException failure() {
    return failure;
  }

  void failed(RemoteFunctionException e) {
    failure = e;
  }

  @Override
  public void tile(TileContext ctx) {
    // a tensor argument arrives whole: its size must be known (a masked tensor runs first)
    ctx.requireKnownShapes(inputs().toArray(new TileableData[0]));
    List<Chunk> chunks = new ArrayList<>();
    int[] firstSlot = new int[inputs().size()];
    for (int i = 0; i < firstSlot.length; i++) {
      firstSlot[i] = chunks.size();
      chunks.addAll(inputs().get(i).chunks());
    }
    List<Argument> bound = new ArrayList<>(arguments.size());
    for (Argument a : arguments) {
      bound.add(a.bind(inputs(), firstSlot));
    }
    List<TileContext.ChunkSpec> specs = new ArrayList<>();
    for (int i = 0; i < options.nOutput(); i++) {
      specs.add(new TileContext.ChunkSpec(new int[0], new long[0], RemoteResult.KIND));
    }
    List<Chunk> outs = ctx.newChunks(new Call(fn, info, bound, options, id()), chunks, specs);
    for (int i = 0; i < outs.size(); i++) {
      outputs().get(i).setChunks(List.of(outs.get(i)), new long[0][]);
    }
  }

  /**
   * Runs the function on an executor: resolves the arguments, captures what it prints, runs
   * it again on failure up to {@code maxRetries} times (not after a timeout), and leaves each
   * output value with the log in a {@link RemoteResult}.
   */
  record Call(RemoteFunction fn, FunctionInfo info, List<Argument> arguments, SpawnOptions options, long operand)
      implements ChunkOp {

    @Override
    public Object execute(Object[] inputs) {
      try (OutputCapture.Buffer log = OutputCapture.start()) {
        for (int attempt = 1; ; attempt++) {
          Object[] argv = resolve(inputs); // fresh per attempt: a failed attempt may have changed its arguments
          Object result;
          try {
            result = invoke(argv);
          } catch (TimeoutException e) {
            throw new MarsException(ErrorClass.TIMED_OUT, e.getMessage() + " (Remote.options().timeout)",
                new RemoteFunctionException(info.name(), attempt, log.text(), operand, e));
          } catch (Exception | Error e) {
            // errors too (StackOverflowError, OutOfMemoryError): the exception keeps a stand-in
            if (attempt > options.maxRetries() || cancelled(e)) {
              throw new RemoteFunctionException(info.name(), attempt, log.text(), operand, e);
            }
            log.note("[mars] " + info.name() + ": attempt " + attempt + " failed (" + e + "), retrying");
            continue;
          }
          return wrap(result, log);
        }
      }
    }

    /** Calls the function, on a thread of its own when it has a timeout. */
    private Object invoke(Object[] argv) throws Exception {
      if (options.timeout().isZero()) {
        return fn.invoke(argv);
      }
      return WorkerThreads.callWithTimeout(() -> fn.invoke(argv), options.timeout(), info.name());
    }

    private Object[] resolve(Object[] inputs) {
      Object[] argv = new Object[arguments.size()];
      for (int i = 0; i < argv.length; i++) {
        int position = i;
        argv[i] = Widening.adapt(arguments.get(i).resolve(inputs), info.parameterType(i),
            () -> "argument " + (position + 1) + " of " + info.name());
      }
      return argv;
    }

    private static boolean cancelled(Throwable e) {
      TaskContext ctx = TaskContext.get();
      return e instanceof InterruptedException || ctx != null && ctx.isInterrupted();
    }

    private Object wrap(Object result, OutputCapture.Buffer log) {
      String text = log.text();
      if (options.nOutput() == 1) {
        return new RemoteResult(result, text, sizeOf(result, log));
      }
      List<?> values = result instanceof Object[] array ? Arrays.asList(array)
          : result instanceof List<?> list ? list : null;
      if (values == null || values.size() != options.nOutput()) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, info.name() + " was spawned with nOutput("
            + options.nOutput() + ") but returned " + (result == null ? "null" : values == null ? "a "
            + result.getClass().getName() : values.size() + " values") + ": return an Object[] or a List of "
            + options.nOutput() + " values");
      }
      Object[] outs = new Object[values.size()];
      for (int i = 0; i < outs.length; i++) {
        outs[i] = new RemoteResult(values.get(i), text, sizeOf(values.get(i), log));
      }
      return outs;
    }

    /** Bytes of a value; fails clearly when it could not travel to another executor or the driver. */
    private long sizeOf(Object value, OutputCapture.Buffer log) {
      if (value == null) {
        return 0;
      }
      if (value instanceof ChunkValue v) {
        return v.nbytes();
      }
      try {
        return JavaSerde.size(value);
      } catch (IOException | RuntimeException e) {
        throw new RemoteFunctionException(info.name(), 1, log.text(), operand, new IllegalStateException(
            "it returned a " + value.getClass().getName() + ", which is not serializable (" + e.getMessage()
                + "): return serializable values", e));
      }
    }

    @Override
    public int outputCount() {
      return options.nOutput();
    }

    @Override
    public ResourceRequest resources() {
      return options.resources();
    }

    @Override
    public boolean batchable() {
      return true;
    }

    @Override
    public String name() {
      return info.name();
    }
  }
}
