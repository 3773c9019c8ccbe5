package org.marsonspark.learn.linearmodel;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Limited-memory BFGS on the driver, as scipy's {@code minimize(method='L-BFGS-B')} runs an
 * unbounded problem (L-BFGS-B 3.0): the direction {@code −H·g} of the last {@code m} corrections
 * with {@code H0 = sᵀy/yᵀy} (the first direction, and the one after a restart, is {@code −g},
 * its first step {@code 1/‖g‖}); a Moré–Thuente line search (ftol 1e-3, gtol 0.9, xtol 0.1, at
 * most {@code maxLs} evaluations), which when it fails drops the memory and retries along
 * {@code −g}; a correction skipped when {@code sᵀy ≤ eps·(−gᵀs)}. It stops when the largest
 * gradient component is at most {@code pgtol}, when {@code (f_old − f)/max(|f_old|, |f|, 1) ≤ ftol},
 * after {@code maxIter} iterations or {@code maxFun} evaluations — scipy's tests, in scipy's order.
 * Each evaluation of the objective is one call (for the learn estimators, one Spark job).
 */
final class Lbfgs {
  /** The objective: its value at x, with its gradient written into {@code grad}. */
  interface Objective {
    double evaluate(double[] x, double[] grad);
  }

  /** The minimiser found, the iterations (scipy's {@code nit}) and evaluations, and why it stopped. */
  record Result(double[] x, double f, int iterations, int evaluations, String message, boolean converged) {}

  private final int m;
  private final double pgtol;
  private final double ftol;
  private final int maxIter;
  private final int maxFun;
  private final int maxLs;

  Lbfgs(int m, double pgtol, double ftol, int maxIter, int maxFun, int maxLs) {
    this.m = m;
    this.pgtol = pgtol;
    this.ftol = ftol;
    this.maxIter = maxIter;
    this.maxFun = maxFun;
    this.maxLs = maxLs;
  }

  /** scipy's defaults for {@code minimize(method='L-BFGS-B', options={'gtol': pgtol, 'maxiter': maxIter})}. */
  static Lbfgs scipy(double pgtol, int maxIter) {
    return new Lbfgs(10, pgtol, 2.2204460492503131e-09, maxIter, 15000, 20);
  }

  Result minimize(Objective fn, double[] x0) {
    int n = x0.length;
    double[] x = x0.clone();
    double[] g = new double[n];
    double f = fn.evaluate(x, g);
    int evaluations = 1;
    if (maxAbs(g) <= pgtol) {
      return new Result(x, f, 0, evaluations, "CONVERGENCE: NORM_OF_PROJECTED_GRADIENT_<=_PGTOL", true);
    }
    Deque<double[][]> memory = new ArrayDeque<>(); // {s, y, 1/(yᵀs)}, newest last
    double theta = 1;
    int iterations = 0;
    boolean first = true; // L-BFGS-B's iter == 0: the first step is 1/‖d‖
    while (true) {
      double[] d = direction(g, memory, theta);
      double[] xOld = x.clone();
      double[] gOld = g.clone();
      double fOld = f;
      double gdOld = dot(g, d);
      MoreThuente search = new MoreThuente(1e-3, 0.9, 0.1, 0, 1e10);
      double dnorm = Math.sqrt(dot(d, d));
      MoreThuente.Task task = gdOld >= 0 ? MoreThuente.Task.ERROR
          : search.start(f, gdOld, first ? Math.min(1 / dnorm, 1e10) : 1);
      int trials = 0;
      double gd = gdOld;
      while (task == MoreThuente.Task.EVALUATE && trials < maxLs) {
        double stp = search.step();
        for (int i = 0; i < n; i++) {
          x[i] = xOld[i] + stp * d[i];
        }
        f = fn.evaluate(x, g);
        evaluations++;
        trials++;
        gd = dot(g, d);
        task = search.next(f, gd);
      }
      if (task != MoreThuente.Task.CONVERGED && task != MoreThuente.Task.WARNING) {
        // the line search failed: back to the previous iterate
        System.arraycopy(xOld, 0, x, 0, n);
        System.arraycopy(gOld, 0, g, 0, n);
        f = fOld;
        if (memory.isEmpty()) {
          return new Result(x, f, iterations, evaluations, "ABNORMAL_TERMINATION_IN_LNSRCH", false);
        }
        memory.clear();
        theta = 1;
        continue;
      }
      first = false;
      iterations++;
      if (iterations >= maxIter) {
        return new Result(x, f, iterations, evaluations, "STOP: TOTAL NO. of ITERATIONS REACHED LIMIT", false);
      }
      if (evaluations > maxFun) {
        return new Result(x, f, iterations, evaluations, "STOP: TOTAL NO. of f AND g EVALUATIONS EXCEEDS LIMIT",
            false);
      }
      if (maxAbs(g) <= pgtol) {
        return new Result(x, f, iterations, evaluations, "CONVERGENCE: NORM_OF_PROJECTED_GRADIENT_<=_PGTOL", true);
      }
      if (fOld - f <= ftol * Math.max(Math.max(Math.abs(fOld), Math.abs(f)), 1)) {
        return new Result(x, f, iterations, evaluations, "CONVERGENCE: REL_REDUCTION_OF_F_<=_FACTR*EPSMCH", true);
      }
      double stp = search.step();
      double[] s = new double[n];
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        s[i] = stp * d[i];
        y[i] = g[i] - gOld[i];
      }
      double sy = (gd - gdOld) * stp;
      if (sy <= Math.ulp(1.0) * (-gdOld * stp)) {
        continue; // skip the correction: the curvature is not positive enough
      }
      if (memory.size() == m) {
        memory.removeFirst();
      }
      memory.addLast(new double[][] {s, y, {1 / sy}});
      theta = dot(y, y) / sy;
    }
  }

  /** {@code −H·g} by the two-loop recursion, {@code H0 = 1/θ}. */
  private static double[] direction(double[] g, Deque<double[][]> memory, double theta) {
    int n = g.length;
    double[] q = new double[n];
    for (int i = 0; i < n; i++) {
      q[i] = -g[i];
    }
    double[] alpha = new double[memory.size()];
    int k = memory.size() - 1;
    for (var it = memory.descendingIterator(); it.hasNext(); k--) {
      double[][] c = it.next();
      alpha[k] = c[2][0] * dot(c[0], q);
      axpy(-alpha[k], c[1], q);
    }
    for (int i = 0; i < n; i++) {
      q[i] /= theta;
    }
    k = 0;
    for (double[][] c : memory) {
      double beta = c[2][0] * dot(c[1], q);
      axpy(alpha[k] - beta, c[0], q);
      k++;
    }
    return q;
  }

  private static double dot(double[] a, double[] b) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static void axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
  }

  private static double maxAbs(double[] v) {
    double m = 0;
    for (double x : v) {
      m = Math.max(m, Math.abs(x));
    }
    return m;
  }
}
