package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.marsonspark.session.LocalSession;

/** {@code x.dot(x.T)} takes the symmetric path (syrk on the diagonal, mirrored blocks): same values as by hand. */
class Dot_GramTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @ParameterizedTest(name = "{0}x{1} in chunks of {2}x{3}")
  @CsvSource({"7, 5, 3, 2", "7, 5, 7, 5", "9, 4, 1, 4", "6, 11, 4, 3"})
  void gramMatchesPlainLoops(int rows, int cols, int cr, int cc) {
    double[] data = new double[rows * cols];
    for (int i = 0; i < data.length; i++) {
      data[i] = Math.sin(i * 0.7) * 3 + i % 5;
    }
    double[] expected = new double[rows * rows];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < rows; j++) {
        double s = 0;
        for (int k = 0; k < cols; k++) {
          s += data[i * cols + k] * data[j * cols + k];
        }
        expected[i * rows + j] = s;
      }
    }
    Tensor x = Mt.tensor(NDArray.of(data, rows, cols), ChunkSize.of(cr, cc));
    NDArray got = x.dot(x.T()).execute(spark.session()).fetch();
    assertArrayEquals(new long[] {rows, rows}, got.shape());
    assertArrayEquals(expected, got.doubles(), 1e-9);
    Tensor xf = x.astype(DType.FLOAT32);
    NDArray single = xf.dot(xf.T()).execute(spark.session()).fetch();
    assertEquals(DType.FLOAT32, single.dtype());
    double[] s = single.toDoubleArray();
    for (int i = 0; i < s.length; i++) {
      assertEquals(expected[i], s[i], 1e-4 * Math.max(1, Math.abs(expected[i])));
    }
  }
}
