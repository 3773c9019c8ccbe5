package org.marsonspark.learn.linearmodel;

/**
 * The Moré–Thuente line search as MINPACK-2's {@code dcsrch}/{@code dcstep} (the one L-BFGS-B
 * calls): a step satisfying the strong Wolfe conditions
 * {@code f(stp) ≤ f(0) + ftol·stp·f'(0)} and {@code |f'(stp)| ≤ gtol·|f'(0)|}, found by
 * safeguarded cubic and quadratic interpolation in an interval that brackets a minimiser. It is
 * driven by reverse communication: {@link #start} with f(0), f'(0) and a first step, then
 * {@link #next} with f and f' at each step it asks for, until it answers {@link Task#CONVERGED}
 * or {@link Task#WARNING}.
 */
final class MoreThuente {
  /** What the search wants next. */
  enum Task { EVALUATE, CONVERGED, WARNING, ERROR }

  private static final double XTRAPL = 1.1;
  private static final double XTRAPU = 4.0;

  private final double ftol;
  private final double gtol;
  private final double xtol;
  private final double stpmin;
  private final double stpmax;

  private boolean brackt;
  private int stage;
  private double ginit;
  private double gtest;
  private double finit;
  private double stx;
  private double fx;
  private double gx;
  private double sty;
  private double fy;
  private double gy;
  private double stmin;
  private double stmax;
  private double width;
  private double width1;
  private double stp;

  MoreThuente(double ftol, double gtol, double xtol, double stpmin, double stpmax) {
    this.ftol = ftol;
    this.gtol = gtol;
    this.xtol = xtol;
    this.stpmin = stpmin;
    this.stpmax = stpmax;
  }

  /** The step to evaluate next (or, once converged, the step found). */
  double step() {
    return stp;
  }

  /** Starts a search from f(0) = f, f'(0) = g with the first trial step {@code step}. */
  Task start(double f, double g, double step) {
    stp = step;
    if (stp < stpmin || stp > stpmax || g >= 0 || stpmax < stpmin) {
      return Task.ERROR;
    }
    brackt = false;
    stage = 1;
    finit = f;
    ginit = g;
    gtest = ftol * ginit;
    width = stpmax - stpmin;
    width1 = width / 0.5;
    stx = 0;
    fx = finit;
    gx = ginit;
    sty = 0;
    fy = finit;
    gy = ginit;
    stmin = 0;
    stmax = stp + XTRAPU * stp;
    return Task.EVALUATE;
  }

  /** The function value and derivative at {@link #step()}; returns what to do next. */
  Task next(double f, double g) {
    double ftest = finit + stp * gtest;
    if (stage == 1 && f <= ftest && g >= 0) {
      stage = 2;
    }
    Task task = Task.EVALUATE;
    if (brackt && (stp <= stmin || stp >= stmax)) {
      task = Task.WARNING; // rounding errors prevent progress
    }
    if (brackt && stmax - stmin <= xtol * stmax) {
      task = Task.WARNING; // xtol test satisfied
    }
    if (stp == stpmax && f <= ftest && g <= gtest) {
      task = Task.WARNING; // stp = stpmax
    }
    if (stp == stpmin && (f > ftest || g >= gtest)) {
      task = Task.WARNING; // stp = stpmin
    }
    if (f <= ftest && Math.abs(g) <= gtol * (-ginit)) {
      task = Task.CONVERGED;
    }
    if (task != Task.EVALUATE) {
      return task;
    }
    if (stage == 1 && f <= fx && f > ftest) {
      // a lower value but not a sufficient decrease: step on the modified function
      double[] x = {stx, fx - stx * gtest, gx - gtest};
      double[] y = {sty, fy - sty * gtest, gy - gtest};
      step(x, y, f - stp * gtest, g - gtest);
      stx = x[0];
      fx = x[1] + stx * gtest;
      gx = x[2] + gtest;
      sty = y[0];
      fy = y[1] + sty * gtest;
      gy = y[2] + gtest;
    } else {
      double[] x = {stx, fx, gx};
      double[] y = {sty, fy, gy};
      step(x, y, f, g);
      stx = x[0];
      fx = x[1];
      gx = x[2];
      sty = y[0];
      fy = y[1];
      gy = y[2];
    }
    if (brackt) {
      if (Math.abs(sty - stx) >= 0.66 * width1) {
        stp = stx + 0.5 * (sty - stx); // bisect
      }
      width1 = width;
      width = Math.abs(sty - stx);
      stmin = Math.min(stx, sty);
      stmax = Math.max(stx, sty);
    } else {
      stmin = stp + XTRAPL * (stp - stx);
      stmax = stp + XTRAPU * (stp - stx);
    }
    stp = Math.min(Math.max(stp, stpmin), stpmax);
    if (brackt && (stp <= stmin || stp >= stmax) || brackt && stmax - stmin <= xtol * stmax) {
      stp = stx; // no further progress possible: the best step so far
    }
    return Task.EVALUATE;
  }

  /**
   * {@code dcstep}: a safeguarded new trial step from the best point {@code x = (stx, fx, dx)},
   * the other end {@code y = (sty, fy, dy)} and the current step (stp, fp, dp); updates x, y,
   * {@link #brackt} and {@link #stp}.
   */
  private void step(double[] x, double[] y, double fp, double dp) {
    double sx = x[0];
    double fxv = x[1];
    double dx = x[2];
    double sgnd = dp * (dx / Math.abs(dx));
    double stpf;
    if (fp > fxv) {
      // a higher value: the minimum is bracketed
      double theta = 3 * (fxv - fp) / (stp - sx) + dx + dp;
      double s = max3(theta, dx, dp);
      double gamma = s * Math.sqrt((theta / s) * (theta / s) - (dx / s) * (dp / s));
      if (stp < sx) {
        gamma = -gamma;
      }
      double r = (gamma - dx + theta) / (gamma - dx + gamma + dp);
      double stpc = sx + r * (stp - sx);
      double stpq = sx + dx / ((fxv - fp) / (stp - sx) + dx) / 2 * (stp - sx);
      stpf = Math.abs(stpc - sx) < Math.abs(stpq - sx) ? stpc : stpc + (stpq - stpc) / 2;
      brackt = true;
    } else if (sgnd < 0) {
      // a lower value and derivatives of opposite sign: bracketed
      double theta = 3 * (fxv - fp) / (stp - sx) + dx + dp;
      double s = max3(theta, dx, dp);
      double gamma = s * Math.sqrt((theta / s) * (theta / s) - (dx / s) * (dp / s));
      if (stp > sx) {
        gamma = -gamma;
      }
      double r = (gamma - dp + theta) / (gamma - dp + gamma + dx);
      double stpc = stp + r * (sx - stp);
      double stpq = stp + dp / (dp - dx) * (sx - stp);
      stpf = Math.abs(stpc - stp) > Math.abs(stpq - stp) ? stpc : stpq;
      brackt = true;
    } else if (Math.abs(dp) < Math.abs(dx)) {
      // a lower value, same-sign derivatives, the derivative's magnitude decreases
      double theta = 3 * (fxv - fp) / (stp - sx) + dx + dp;
      double s = max3(theta, dx, dp);
      double gamma = s * Math.sqrt(Math.max(0, (theta / s) * (theta / s) - (dx / s) * (dp / s)));
      if (stp > sx) {
        gamma = -gamma;
      }
      double r = (gamma - dp + theta) / (gamma + (dx - dp) + gamma);
      double stpc;
      if (r < 0 && gamma != 0) {
        stpc = stp + r * (sx - stp);
      } else {
        stpc = stp > sx ? stpmax : stpmin;
      }
      double stpq = stp + dp / (dp - dx) * (sx - stp);
      if (brackt) {
        stpf = Math.abs(stpc - stp) < Math.abs(stpq - stp) ? stpc : stpq;
        stpf = stp > sx ? Math.min(stp + 0.66 * (y[0] - stp), stpf) : Math.max(stp + 0.66 * (y[0] - stp), stpf);
      } else {
        stpf = Math.abs(stpc - stp) > Math.abs(stpq - stp) ? stpc : stpq;
        stpf = Math.max(stpmin, Math.min(stpmax, stpf));
      }
    } else if (brackt) {
      // the derivative's magnitude does not decrease: cubic step towards the other end
      double theta = 3 * (fp - y[1]) / (y[0] - stp) + y[2] + dp;
      double s = max3(theta, y[2], dp);
      double gamma = s * Math.sqrt((theta / s) * (theta / s) - (y[2] / s) * (dp / s));
      if (stp > y[0]) {
        gamma = -gamma;
      }
      double r = (gamma - dp + theta) / (gamma - dp + gamma + y[2]);
      stpf = stp + r * (y[0] - stp);
    } else {
      stpf = stp > sx ? stpmax : stpmin;
    }
    if (fp > fxv) {
      y[0] = stp;
      y[1] = fp;
      y[2] = dp;
    } else {
      if (sgnd < 0) {
        y[0] = sx;
        y[1] = fxv;
        y[2] = dx;
      }
      x[0] = stp;
      x[1] = fp;
      x[2] = dp;
    }
    stp = stpf;
  }

  private static double max3(double a, double b, double c) {
    return Math.max(Math.abs(a), Math.max(Math.abs(b), Math.abs(c)));
  }
}
