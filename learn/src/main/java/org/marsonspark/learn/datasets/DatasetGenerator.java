package org.marsonspark.learn.datasets;

import java.util.LinkedHashMap;
import java.util.Map;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Params;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;

/**
 * What the generators share: parameters under sklearn's names and defaults (immutable, with
 * copy-setters, checked by {@link #generate}), a seed ({@code randomState}; null draws one from
 * the operating system) and the rows per chunk of the result ({@code chunkRows}, ours; null picks
 * them). Every value is drawn by the counter-based generator ({@link RandomState}), so a data set
 * depends on the parameters and the seed only — never on the chunking.
 */
abstract class DatasetGenerator<G extends DatasetGenerator<G>> {
  static final Constraint SEED = Constraint.anyOf(Constraint.none(), Constraint.intRange(null, null, Closed.NEITHER));
  static final Constraint ROWS = Constraint.anyOf(Constraint.none(), Constraint.intRange(1L, null, Closed.LEFT));

  private final Params params;

  DatasetGenerator(Params params) {
    this.params = params;
  }

  abstract G copy(Params params);

  /** Checks the parameters and builds the data set's (lazy) tensors. */
  public final Dataset generate() {
    params.validate();
    Integer seed = randomState();
    return build(seed == null ? new RandomState() : new RandomState(seed));
  }

  abstract Dataset build(RandomState rs);

  @SuppressWarnings("unchecked")
  final <T> T param(String name) {
    return (T) params.get(name);
  }

  final G with(String name, Object value) {
    return copy(params.with(name, value));
  }

  public Map<String, Object> getParams() {
    return new LinkedHashMap<>(params.asMap());
  }

  public Integer randomState() {
    Number n = param("randomState");
    return n == null ? null : n.intValue();
  }

  public G randomState(Integer seed) {
    return with("randomState", seed);
  }

  public Long chunkRows() {
    Number n = param("chunkRows");
    return n == null ? null : n.longValue();
  }

  /** Rows per chunk of the result (null: automatic). */
  public G chunkRows(Long rows) {
    return with("chunkRows", rows);
  }

  /** {@code t} cut into chunks of {@code chunkRows} rows (whole along its other axes), or as it is. */
  final org.marsonspark.tensor.Tensor inRowChunks(org.marsonspark.tensor.Tensor t) {
    Long rows = chunkRows();
    if (rows == null) {
      return t;
    }
    long[] c = t.shape().clone();
    c[0] = rows;
    for (int i = 1; i < c.length; i++) {
      c[i] = Math.max(1, c[i]);
    }
    return t.rechunk(ChunkSize.of(c));
  }

  final ChunkSize rowChunks(long... trailing) {
    Long rows = chunkRows();
    if (rows == null) {
      return ChunkSize.auto();
    }
    long[] c = new long[trailing.length + 1];
    c[0] = rows;
    for (int i = 0; i < trailing.length; i++) {
      c[i + 1] = Math.max(1, trailing[i]);
    }
    return ChunkSize.of(c);
  }

  final int intParam(String name) {
    return ((Number) param(name)).intValue();
  }

  final double doubleParam(String name) {
    return ((Number) param(name)).doubleValue();
  }

  @Override
  public String toString() {
    return params.toString();
  }
}
