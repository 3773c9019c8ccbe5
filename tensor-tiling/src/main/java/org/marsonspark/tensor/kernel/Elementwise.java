package org.marsonspark.tensor.kernel;

import java.util.Arrays;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.Broadcast;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.NDArray;

/**
 * Element-wise kernels over chunks. Inputs are cast to the computing dtype and broadcast;
 * a one-element operand is read as a constant, without being expanded.
 */
public final class Elementwise {
  private Elementwise() {}

  public static NDArray binary(BinaryFn fn, NDArray a, NDArray b, DType compute, DType result) {
    long[] shape = Broadcast.shape(a.shape(), b.shape());
    NDArray x = operand(a.astype(compute), shape);
    NDArray y = operand(b.astype(compute), shape);
    int n = NDArrayShapes.size(shape);
    int sx = x.size() == 1 ? 0 : 1;
    int sy = y.size() == 1 ? 0 : 1;
    Object out;
    switch (compute) {
      case FLOAT64, FLOAT32 -> {
        double[] xd = asDoubles(x);
        double[] yd = asDoubles(y);
        DoubleBinaryOperator f = require(fn.f64, fn, compute);
        if (fn.isComparison()) {
          boolean[] o = new boolean[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsDouble(xd[i * sx], yd[i * sy]) != 0;
          }
          out = o;
        } else if (compute == DType.FLOAT64) {
          double[] o = new double[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsDouble(xd[i * sx], yd[i * sy]);
          }
          out = o;
        } else {
          float[] o = new float[n];
          for (int i = 0; i < n; i++) {
            o[i] = (float) f.applyAsDouble(xd[i * sx], yd[i * sy]);
          }
          out = o;
        }
      }
      case INT64, INT32 -> {
        long[] xl = asLongs(x);
        long[] yl = asLongs(y);
        LongBinaryOperator f = require(fn.i64, fn, compute);
        if (fn.isComparison()) {
          boolean[] o = new boolean[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsLong(xl[i * sx], yl[i * sy]) != 0;
          }
          out = o;
        } else if (compute == DType.INT64) {
          long[] o = new long[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsLong(xl[i * sx], yl[i * sy]);
          }
          out = o;
        } else {
          int[] o = new int[n];
          for (int i = 0; i < n; i++) {
            o[i] = (int) f.applyAsLong(xl[i * sx], yl[i * sy]);
          }
          out = o;
        }
      }
      default -> {
        boolean[] xb = x.bools();
        boolean[] yb = y.bools();
        BinaryFn.BoolBinary f = require(fn.bool, fn, compute);
        boolean[] o = new boolean[n];
        for (int i = 0; i < n; i++) {
          o[i] = f.apply(xb[i * sx], yb[i * sy]);
        }
        out = o;
      }
    }
    return NDArray.wrap(result, shape, out).astype(result);
  }

  public static NDArray unary(UnaryFn fn, NDArray a, DType compute, DType result) {
    NDArray x = a.astype(compute);
    int n = x.size();
    long[] shape = x.shape();
    boolean toBool = result == DType.BOOL;
    switch (compute) {
      case FLOAT64 -> {
        double[] xd = x.doubles();
        DoubleUnaryOperator f = fn.f64;
        if (toBool) {
          boolean[] o = new boolean[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsDouble(xd[i]) != 0;
          }
          return NDArray.wrap(DType.BOOL, shape, o);
        }
        double[] o = new double[n];
        for (int i = 0; i < n; i++) {
          o[i] = f.applyAsDouble(xd[i]);
        }
        return NDArray.wrap(DType.FLOAT64, shape, o);
      }
      case FLOAT32 -> {
        float[] xf = x.floats();
        DoubleUnaryOperator f = fn.f64;
        if (toBool) {
          boolean[] o = new boolean[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsDouble(xf[i]) != 0;
          }
          return NDArray.wrap(DType.BOOL, shape, o);
        }
        float[] o = new float[n];
        for (int i = 0; i < n; i++) {
          o[i] = (float) f.applyAsDouble(xf[i]);
        }
        return NDArray.wrap(DType.FLOAT32, shape, o);
      }
      case INT64, INT32 -> {
        long[] xl = asLongs(x);
        LongUnaryOperator f = require(fn.i64, fn, compute);
        if (toBool) {
          boolean[] o = new boolean[n];
          for (int i = 0; i < n; i++) {
            o[i] = f.applyAsLong(xl[i]) != 0;
          }
          return NDArray.wrap(DType.BOOL, shape, o);
        }
        long[] o = new long[n];
        for (int i = 0; i < n; i++) {
          o[i] = f.applyAsLong(xl[i]);
        }
        return NDArray.wrap(DType.INT64, shape, o).astype(result);
      }
      default -> {
        boolean[] xb = x.bools();
        boolean[] o = new boolean[n];
        switch (fn) {
          case LOGICAL_NOT, INVERT -> {
            for (int i = 0; i < n; i++) {
              o[i] = !xb[i];
            }
          }
          case ISNAN, ISINF, SIGNBIT -> Arrays.fill(o, false);
          case ISFINITE -> Arrays.fill(o, true);
          case ABSOLUTE, SQUARE -> System.arraycopy(xb, 0, o, 0, n);
          default -> throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, fn.numpyName() + " of bool");
        }
        return NDArray.wrap(DType.BOOL, shape, o);
      }
    }
  }

  private static NDArray operand(NDArray x, long[] shape) {
    if (x.size() == 1 || Arrays.equals(x.shape(), shape)) {
      return x;
    }
    return x.broadcastTo(shape);
  }

  private static double[] asDoubles(NDArray x) {
    return x.dtype() == DType.FLOAT64 ? x.doubles() : x.astype(DType.FLOAT64).doubles();
  }

  private static long[] asLongs(NDArray x) {
    return x.dtype() == DType.INT64 ? x.longs() : x.astype(DType.INT64).longs();
  }

  private static <T> T require(T impl, Enum<?> fn, DType dtype) {
    if (impl == null) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "ufunc " + fn.name().toLowerCase()
          + " is not supported for " + dtype + " input");
    }
    return impl;
  }
}
