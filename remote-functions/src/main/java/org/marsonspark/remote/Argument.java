package org.marsonspark.remote;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.marsonspark.core.Assemblable;
import org.marsonspark.core.TileableData;

/**
 * How one argument of a spawned call is obtained on the executor. Spawning records each
 * argument as a {@link Literal}, a {@link Tileable} (a spawned object, a tensor or a frame, by its
 * position among the operand's inputs) or a collection of those; tiling {@linkplain #bind binds}
 * tileables to the chunk op's input slots; the chunk op {@linkplain #resolve resolves} them.
 */
sealed interface Argument extends Serializable {

  /** The value the function receives, given the chunk op's materialized inputs. */
  Object resolve(Object[] inputs);

  /** Replaces tileables by the input slots tiling gave their chunks. */
  Argument bind(List<TileableData> tileables, int[] firstSlot);

  /** A plain value shipped with the task. */
  record Literal(Object value) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      return value;
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      return this;
    }
  }

  /** A spawned object or tensor, by its position among the operand's inputs (before tiling). */
  record Tileable(int input) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      throw new IllegalStateException("argument not bound to chunks: tile the operand first");
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      TileableData t = tileables.get(input);
      if (t instanceof Assemblable whole) {
        return new Whole(firstSlot[input], t.chunks().size(), whole.assembler());
      }
      return new Spawned(firstSlot[input]);
    }
  }

  /** The value of a spawned object: its chunk's {@link RemoteResult}. */
  record Spawned(int slot) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      return ((RemoteResult) inputs[slot]).value();
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      return this;
    }
  }

  /**
   * A whole tensor, DataFrame or other {@link Assemblable} tileable, assembled from its
   * {@code count} chunks (slots {@code first ...}, in the tileable's chunk order).
   */
  record Whole(int first, int count, Assemblable.Assembler assembler) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      Object[] pieces = new Object[count];
      System.arraycopy(inputs, first, pieces, 0, count);
      return assembler.assemble(pieces);
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      return this;
    }
  }

  /** A {@link List} holding spawned objects or tensors: resolved to a new {@link ArrayList}. */
  record ListOf(List<Argument> items) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      List<Object> out = new ArrayList<>(items.size());
      for (Argument a : items) {
        out.add(a.resolve(inputs));
      }
      return out;
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      return new ListOf(bindAll(items, tileables, firstSlot));
    }
  }

  /** A {@link Map} whose values hold spawned objects or tensors: resolved to a {@link LinkedHashMap}. */
  record MapOf(List<Object> keys, List<Argument> values) implements Argument {
    @Override
    public Object resolve(Object[] inputs) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (int i = 0; i < keys.size(); i++) {
        out.put(keys.get(i), values.get(i).resolve(inputs));
      }
      return out;
    }

    @Override
    public Argument bind(List<TileableData> tileables, int[] firstSlot) {
      return new MapOf(keys, bindAll(values, tileables, firstSlot));
    }
  }

  private static List<Argument> bindAll(List<Argument> args, List<TileableData> tileables, int[] firstSlot) {
    List<Argument> bound = new ArrayList<>(args.size());
    for (Argument a : args) {
      bound.add(a.bind(tileables, firstSlot));
    }
    return bound;
  }
}
