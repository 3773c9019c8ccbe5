package org.marsonspark.learn.linearmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.learn.LearnFixtures;
import org.marsonspark.learn.LearnFixtures.Case;

/**
 * The driver's L-BFGS follows scipy's L-BFGS-B step for step on the Rosenbrock function: the same
 * iterations, evaluations, stopping reason and minimiser (fixtures from gen_fixtures_linear.py).
 */
class Lbfgs_Test {
  /** The Rosenbrock function of scipy.optimize and its gradient. */
  static double rosenbrock(double[] x, double[] grad) {
    double f = 0;
    java.util.Arrays.fill(grad, 0);
    for (int i = 0; i + 1 < x.length; i++) {
      double a = x[i + 1] - x[i] * x[i];
      double b = 1 - x[i];
      f += 100 * a * a + b * b;
      grad[i] += -400 * x[i] * a - 2 * b;
      grad[i + 1] += 200 * a;
    }
    return f;
  }

  @TestFactory
  List<DynamicTest> scipyRosenbrock() {
    return LearnFixtures.load("linear").stream().filter(c -> c.estimator().equals("Lbfgs"))
        .map(c -> dynamicTest(c.toString(), () -> check(c))).toList();
  }

  private static void check(Case c) {
    double[] x0 = c.input("x0").toDoubleArray();
    Lbfgs.Result r = Lbfgs.scipy(c.params().get("gtol").asDouble(), c.params().get("maxIter").asInt())
        .minimize(Lbfgs_Test::rosenbrock, x0);
    assertEquals(c.expected().get("message").asText(), r.message(), c + " message");
    assertEquals(c.expected("nit").getLong(0), r.iterations(), c + " iterations");
    assertEquals(c.expected("nfev").getLong(0), r.evaluations(), c + " evaluations");
    double[] x = c.expected("x").toDoubleArray();
    for (int i = 0; i < x.length; i++) {
      assertEquals(x[i], r.x()[i], 1e-6 * Math.max(1, Math.abs(x[i])), c + " x[" + i + "]");
    }
    assertEquals(c.expected("fun").getDouble(0), r.f(), 1e-8 * Math.max(1, Math.abs(r.f())), c + " f");
  }
}
