package org.marsonspark.session;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Chunk;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.TileContext;
import org.marsonspark.core.TileableData;
import org.marsonspark.core.TileableOp;

/**
 * User code in chunk ops, for the runtime tests: a tileable of {@code n} chunks, chunk {@code i}
 * the value of {@code fn(i)} (a plain value, a 0-d chunk) computed on an executor (in local mode: this JVM, so the functions
 * can signal the test through static fields).
 */
final class Calls extends TileableOp {
  /** A function of the chunk index. */
  interface Fn extends Serializable {
    Object apply(int i) throws Exception;
  }

  private final Fn fn;

  private Calls(int n, Fn fn) {
    super(List.of());
    this.fn = fn;
    bindOutput(new Values(n));
  }

  /** {@code n} chunks, each {@code fn} of its index. */
  static TileableData of(int n, Fn fn) {
    return new Calls(n, fn).output();
  }

  /** A 1-d tileable of plain values, one per chunk. */
  static final class Values extends TileableData {
    Values(int n) {
      super(new long[] {n});
    }
  }

  @Override
  public void tile(TileContext ctx) {
    int n = (int) output().shape()[0];
    List<Chunk> chunks = new ArrayList<>();
    long[] splits = new long[n];
    for (int i = 0; i < n; i++) {
      chunks.add(ctx.newChunk(new Call(fn, i), List.of(), new int[] {i}, new long[0], null));
      splits[i] = 1;
    }
    output().setChunks(chunks, new long[][] {splits});
  }

  /** Runs the function; a checked exception is wrapped. */
  record Call(Fn fn, int index) implements ChunkOp {
    @Override
    public Object execute(Object[] inputs) {
      try {
        return fn.apply(index);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public String name() {
      return "call";
    }
  }
}
