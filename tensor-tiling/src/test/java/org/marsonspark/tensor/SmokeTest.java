package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

class SmokeTest {
  @Test
  void pi() {
    try (MarsSession s = MarsSession.local("local[2]", MarsOptions.defaults())) {
      long n = 2_000_000;
      RandomState rs = new RandomState(42);
      Tensor a = rs.uniform(-1, 1, new long[] {n, 2}, ChunkSize.of(100_000));
      Tensor pi = Mt.sqrt(a.mul(a).sum(1)).lt(1).sum().mul(4.0).div(n);
      long t0 = System.nanoTime();
      pi.execute();
      double v = pi.fetch().getDouble(0);
      System.out.println("pi=" + v + " in " + (System.nanoTime() - t0) / 1e6 + " ms");
      assertEquals(Math.PI, v, 0.01);
      Tensor x = Mt.arange(10);
      Tensor m = x.get(x.gt(3)).rechunk(2).sum();
      m.execute();
      assertEquals(4 + 5 + 6 + 7 + 8 + 9, m.fetch().getLong(0));
      System.out.println(s.chunkStore().size());
    }
  }
}
