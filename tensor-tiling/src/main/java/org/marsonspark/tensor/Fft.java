package org.marsonspark.tensor;

import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.tensor.ops.FftOp;
import org.marsonspark.tensor.ops.FftOp.Kind;

/**
 * numpy's {@code fft} ({@code Mt.fft}). An fft along an axis rechunks that axis to one chunk;
 * the other axes stay chunked.
 *
 * <p><b>Complex values:</b> there is no complex dtype yet. A complex tensor is a float64 tensor
 * with a trailing axis of size 2 holding (real, imaginary): numpy's {@code z} of shape
 * {@code (3, 4)} is here shape {@code (3, 4, 2)}, i.e. {@code np.stack([z.real, z.imag], -1)}.
 * Forward transforms ({@code fft}, {@code rfft}, {@code fft2}, {@code fftn}) take a real tensor;
 * inverse ones ({@code ifft}, {@code irfft}, {@code ifft2}, {@code ifftn}) take a complex one;
 * the overloads with {@code complexInput} choose. Axes count the logical axes (not the pair
 * axis). {@link #real}, {@link #imag} and {@link #abs} read the parts.
 */
public final class Fft {
  Fft() {}

  public Tensor fft(Tensor x) {
    return fft(x, null, -1, null, false);
  }

  public Tensor fft(Tensor x, Integer n, int axis, String norm) {
    return fft(x, n, axis, norm, false);
  }

  /** fft of a real ({@code complexInput} false) or complex (pair-form) tensor. */
  public Tensor fft(Tensor x, Integer n, int axis, String norm, boolean complexInput) {
    return Tensor.ofOutput(FftOp.of(x.data(), Kind.FFT, complexInput, n, axis, norm));
  }

  public Tensor ifft(Tensor z) {
    return ifft(z, null, -1, null, true);
  }

  public Tensor ifft(Tensor z, Integer n, int axis, String norm) {
    return ifft(z, n, axis, norm, true);
  }

  public Tensor ifft(Tensor z, Integer n, int axis, String norm, boolean complexInput) {
    return Tensor.ofOutput(FftOp.of(z.data(), Kind.IFFT, complexInput, n, axis, norm));
  }

  public Tensor rfft(Tensor x) {
    return rfft(x, null, -1, null);
  }

  public Tensor rfft(Tensor x, Integer n, int axis, String norm) {
    return Tensor.ofOutput(FftOp.of(x.data(), Kind.RFFT, false, n, axis, norm));
  }

  public Tensor irfft(Tensor z) {
    return irfft(z, null, -1, null);
  }

  /** The real inverse of {@link #rfft}; {@code n} null for {@code 2·(len-1)}. */
  public Tensor irfft(Tensor z, Integer n, int axis, String norm) {
    return Tensor.ofOutput(FftOp.of(z.data(), Kind.IRFFT, true, n, axis, norm));
  }

  public Tensor fft2(Tensor x) {
    return fftn(x, null, new int[] {-2, -1}, null);
  }

  public Tensor ifft2(Tensor z) {
    return ifftn(z, null, new int[] {-2, -1}, null);
  }

  public Tensor fftn(Tensor x) {
    return fftn(x, null, null, null);
  }

  /** fftn of a real tensor over {@code axes} (null: all, or the last {@code s.length}), lengths {@code s}. */
  public Tensor fftn(Tensor x, int[] s, int[] axes, String norm) {
    return nd(x, s, axes, norm, Kind.FFT, false);
  }

  public Tensor ifftn(Tensor z) {
    return ifftn(z, null, null, null);
  }

  public Tensor ifftn(Tensor z, int[] s, int[] axes, String norm) {
    return nd(z, s, axes, norm, Kind.IFFT, true);
  }

  private static Tensor nd(Tensor x, int[] s, int[] axes, String norm, Kind kind, boolean complexIn) {
    int nd = x.ndim() - (complexIn ? 1 : 0);
    int[] ax = axes;
    if (ax == null) {
      int k = s == null ? nd : s.length;
      ax = new int[k];
      for (int i = 0; i < k; i++) {
        ax[i] = nd - k + i;
      }
    }
    if (s != null && s.length != ax.length) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, kind.name().toLowerCase()
          + "n: Shape and axes have different lengths: " + s.length + " and " + ax.length);
    }
    Tensor t = x;
    boolean complex = complexIn;
    // like numpy, the last axis first
    for (int i = ax.length - 1; i >= 0; i--) {
      t = Tensor.ofOutput(FftOp.of(t.data(), kind, complex, s == null ? null : s[i], ax[i], norm));
      complex = true;
    }
    return t;
  }

  /** numpy's {@code fftfreq(n, d)}: the sample frequencies of an n-point fft. */
  public Tensor fftfreq(int n, double d) {
    if (n <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "fftfreq: n must be positive, got " + n);
    }
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = (i <= (n - 1) / 2 ? i : i - n) / (n * d);
    }
    return Mt.tensor(NDArray.of(v, n));
  }

  /** numpy's {@code rfftfreq(n, d)}: the frequencies of rfft's n/2+1 outputs. */
  public Tensor rfftfreq(int n, double d) {
    if (n <= 0) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "rfftfreq: n must be positive, got " + n);
    }
    double[] v = new double[n / 2 + 1];
    for (int i = 0; i < v.length; i++) {
      v[i] = i / (n * d);
    }
    return Mt.tensor(NDArray.of(v, v.length));
  }

  /** numpy's {@code fftshift} over all axes (of a pair-form complex tensor: pass the logical axes). */
  public Tensor fftshift(Tensor x, int... axes) {
    return shift(x, axes, false);
  }

  public Tensor ifftshift(Tensor x, int... axes) {
    return shift(x, axes, true);
  }

  private static Tensor shift(Tensor x, int[] axes, boolean inverse) {
    int[] ax = axes;
    if (ax == null || ax.length == 0) {
      ax = new int[x.ndim()];
      for (int i = 0; i < ax.length; i++) {
        ax[i] = i;
      }
    }
    Tensor t = x;
    for (int a : ax) {
      t = Tensor.ofOutput(FftOp.Shift.of(t.data(), a, inverse));
    }
    return t;
  }

  /** The real part of a pair-form complex tensor. */
  public Tensor real(Tensor z) {
    return part(z, 0);
  }

  /** The imaginary part of a pair-form complex tensor. */
  public Tensor imag(Tensor z) {
    return part(z, 1);
  }

  /** The magnitude of a pair-form complex tensor. */
  public Tensor abs(Tensor z) {
    requirePairs(z);
    return z.mul(z).sum(new int[] {z.ndim() - 1}, false).unary(org.marsonspark.tensor.kernel.UnaryFn.SQRT);
  }

  private static Tensor part(Tensor z, int which) {
    requirePairs(z);
    Slice[] sl = new Slice[z.ndim()];
    for (int i = 0; i < sl.length - 1; i++) {
      sl[i] = Slice.all();
    }
    sl[sl.length - 1] = Slice.of((long) which, (long) which + 1);
    return z.slice(sl).sum(new int[] {z.ndim() - 1}, false);
  }

  private static void requirePairs(Tensor z) {
    if (z.ndim() < 1 || z.shape(z.ndim() - 1) != 2) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "a complex tensor is a float64 tensor whose last axis has"
          + " size 2 (real, imaginary); got shape " + org.marsonspark.core.Shapes.toString(z.shape()));
    }
  }
}
