// A scratch harness for the DataFrame element-wise kernels, per row, outside Spark: one chunk of
// 2.5e6 rows through the Series binary chunk op. Compare two builds side by side, e.g.
//   git worktree add /tmp/before <commit> && (cd /tmp/before && mvn -q -o install -DskipTests)
//   CP=dataframe-adapter/target/dataframe-adapter-0.1.0-SNAPSHOT.jar:mars-on-spark/target/mars-on-spark-0.1.0-SNAPSHOT.jar:tensor-tiling/target/tensor-tiling-0.1.0-SNAPSHOT.jar
//   javac -cp $CP -d /tmp/k bench/scratch/BinBench.java && java -Xms4g -Xmx4g -cp /tmp/k:$CP BinBench
// (run it with each build's jars). docs/performance.md, "Row-wise DataFrame operations", has the figures.
import org.marsonspark.dataframe.local.*;
import org.marsonspark.dataframe.ops.*;
import java.util.*;

public class BinBench {
  public static void main(String[] a) {
    int n = 2_500_000;
    Random r = new Random(1);
    double[] x = new double[n], y = new double[n];
    long[] k = new long[n];
    for (int i = 0; i < n; i++) { x[i] = r.nextDouble(); y[i] = r.nextDouble(); k[i] = r.nextInt(100); }
    x[5] = Double.NaN;
    LocalIndex idx = LocalIndex.range(n);
    LocalSeries sx = new LocalSeries(idx, "x", Column.ofDoubles(x));
    LocalSeries sy = new LocalSeries(idx, "y", Column.ofDoubles(y));
    LocalSeries sk = new LocalSeries(idx, "k", Column.ofLongs(k));
    Object[][] cases = {
      {"float * 3", RowOps.binary(BinOp.MUL, 3.0, false, "r"), new Object[] {sx}},
      {"float - float", RowOps.binary(BinOp.SUB, null, false, "r"), new Object[] {sx, sy}},
      {"float > 1.0", RowOps.binary(BinOp.GT, 1.0, false, "r"), new Object[] {sx}},
      {"int64 + 1", RowOps.binary(BinOp.ADD, 1L, false, "r"), new Object[] {sk}},
      {"int64 == 7", RowOps.binary(BinOp.EQ, 7L, false, "r"), new Object[] {sk}},
      {"int64 / float", RowOps.binary(BinOp.DIV, null, false, "r"), new Object[] {sk, sx}},
    };
    for (int pass = 0; pass < 2; pass++)
    for (Object[] c : cases) {
      org.marsonspark.core.ChunkOp op = (org.marsonspark.core.ChunkOp) c[1];
      Object[] in = (Object[]) c[2];
      for (int w = 0; w < 60; w++) op.execute(in);
      double[] t = new double[41];
      for (int rep = 0; rep < 41; rep++) {
        long t0 = System.nanoTime();
        op.execute(in);
        t[rep] = (System.nanoTime() - t0) / (double) n;
      }
      Arrays.sort(t);
      if (pass == 1) System.out.printf("%-14s min %.2f ns/row  median %.2f ns/row%n", c[0], t[0], t[20]);
    }
  }
}
