package org.marsonspark.bench;

import java.util.List;
import java.util.Map;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;

/**
 * R1 and R2: row-wise operations on a float series of random numbers, generation included:
 * {@code x.rolling(20).mean().sum()} (every chunk borrows the 19 rows before it) and the exact
 * {@code x.median()} (a parallel sort, then the middle values). Against pandas on one core.
 */
final class RowWindows implements Workload {
  private final String id;
  private final long n;
  private final long chunk;

  private RowWindows(String id, long n, long chunk) {
    this.id = id;
    this.n = n;
    this.chunk = chunk;
  }

  static RowWindows rolling(long n, long chunk) {
    return new RowWindows("R1", n, chunk);
  }

  static RowWindows median(long n, long chunk) {
    return new RowWindows("R2", n, chunk);
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String description() {
    String what = id.equals("R1") ? "x.rolling(20).mean().sum()" : "x.median()";
    return String.format("%s of a series x = random(%.0e), chunks of %.0e rows", what, (double) n, (double) chunk);
  }

  @Override
  public double tolerance() {
    // different random streams: the results agree to about 1/sqrt(n)
    return 1e-2;
  }

  private Series series(long seed) {
    return Md.fromTensor(new RandomState(seed).rand(new long[] {n, 1}, ChunkSize.of(chunk, 1))).col("0");
  }

  @Override
  public List<Contender> contenders(Env env) {
    Contender mars = id.equals("R1")
        ? Contender.java("Mars on Spark (local[*])", () -> ((Number) series(3).rolling(20).mean().sum()
            .execute(env.mars()).fetch()).doubleValue())
        : Contender.java("Mars on Spark (local[*])", () -> ((Number) series(3).median()
            .execute(env.mars()).fetch()).doubleValue());
    if (env.python() == null) {
      return List.of(mars);
    }
    return List.of(mars, new Python("pandas", env.python(), Map.of(), id, "pandas", Long.toString(n),
        Long.toString(chunk)));
  }
}
