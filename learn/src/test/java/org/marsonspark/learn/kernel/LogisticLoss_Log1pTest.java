package org.marsonspark.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The loss's {@code log(1 + x)} on [0, 1] against the JDK's {@link StrictMath#log1p} (fdlibm): within 4 ulps. */
class LogisticLoss_Log1pTest {
  @Test
  void agreesWithFdlibmOnTheUnitInterval() {
    SplittableRandom r = new SplittableRandom(7);
    double worst = 0;
    for (int i = 0; i < 200_000; i++) {
      // uniform on [0, 1] and log-uniform down to 1e-300, where 1 + x rounds to 1
      double x = i % 2 == 0 ? r.nextDouble() : Math.pow(10, -300 * r.nextDouble());
      double expected = StrictMath.log1p(x);
      double ulps = Math.abs(LogisticLoss.log1p(x) - expected) / Math.ulp(expected);
      worst = Math.max(worst, ulps);
    }
    assertTrue(worst <= 4, "worst error " + worst + " ulps");
    assertEquals(0.0, LogisticLoss.log1p(0.0));
    assertEquals(Math.log(2), LogisticLoss.log1p(1.0), Math.ulp(Math.log(2)));
    assertEquals(1e-20, LogisticLoss.log1p(1e-20));
  }
}
