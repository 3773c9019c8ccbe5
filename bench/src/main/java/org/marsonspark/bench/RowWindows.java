package org.marsonspark.bench;

import java.util.List;
import java.util.Map;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.Series;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.RandomState;

/**
 * R1 and R2: row-wise operations on a float series of random numbers, generation included:
 * {@code x.rolling(20).mean().sum()} (every chunk borrows the 19 rows before it) and the exact
 * {@code x.median()} (a parallel sort, then the middle values); R3, element-wise arithmetic and a
 * comparison of two series, {@code ((3 * x - y) > 1).mean()} (one column times a scalar, a column
 * minus a column, a column against a scalar). Against pandas on one core.
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

  static RowWindows elementwise(long n, long chunk) {
    return new RowWindows("R3", n, chunk);
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String description() {
    String what = switch (id) {
      case "R1" -> "x.rolling(20).mean().sum() of a series x";
      case "R2" -> "x.median() of a series x";
      default -> "((3 * x - y) > 1).mean() of series x, y";
    };
    return String.format("%s = random(%.0e), chunks of %.0e rows", what, (double) n, (double) chunk);
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
    Contender mars = Contender.java("Mars on Spark (local[*])", () -> ((Number) (switch (id) {
      case "R1" -> series(3).rolling(20).mean().sum();
      case "R2" -> series(3).median();
      default -> {
        DataFrame xy = Md.fromTensor(new RandomState(3).rand(new long[] {n, 2}, ChunkSize.of(chunk, 2)));
        yield xy.col("0").mul(3).sub(xy.col("1")).gt(1).mean();
      }
    }).execute(env.mars()).fetch()).doubleValue());
    if (env.python() == null) {
      return List.of(mars);
    }
    return List.of(mars, new Python("pandas", env.python(), Map.of(), id, "pandas", Long.toString(n),
        Long.toString(chunk)));
  }
}
