package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.session.MarsSession;

/**
 * {@code Mt.fft} against numpy (fixtures/fft.json, gen_fixtures_products_decompositions.py) on
 * several chunk layouts: fft/ifft (radix-2 and Bluestein lengths, n, axis, norm), rfft/irfft,
 * fft2/ifft2/fftn/ifftn, fftfreq/rfftfreq, fftshift/ifftshift. Complex values are in pair form
 * (a trailing (real, imaginary) axis), as numpy's {@code np.stack([z.real, z.imag], -1)}.
 */
class Fft_FixtureTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  @TestFactory
  Stream<DynamicNode> numpy() {
    return Fixtures.tests("fft", Fft_FixtureTest::run, () -> spark.session());
  }

  private static Integer optInt(JsonNode v) {
    return v == null || v.isNull() ? null : v.asInt();
  }

  private static String optText(JsonNode v) {
    return v == null || v.isNull() ? null : v.asText();
  }

  static NDArray run(Fixtures.Case c, Fixtures.Layout layout, MarsSession s) {
    JsonNode p = c.params();
    Tensor t = switch (c.op()) {
      case "fft" -> Mt.fft.fft(Fixtures.tensor(c, p.get("complex").asBoolean() ? "z" : "x", layout), optInt(p.get("n")),
          p.get("axis").asInt(), optText(p.get("norm")), p.get("complex").asBoolean());
      case "ifft" -> Mt.fft.ifft(Fixtures.tensor(c, "z", layout), optInt(p.get("n")), p.get("axis").asInt(),
          optText(p.get("norm")));
      case "rfft" -> Mt.fft.rfft(Fixtures.tensor(c, "x", layout), optInt(p.get("n")), p.get("axis").asInt(),
          optText(p.get("norm")));
      case "irfft" -> Mt.fft.irfft(Fixtures.tensor(c, "z", layout), optInt(p.get("n")), p.get("axis").asInt(),
          optText(p.get("norm")));
      case "fft2" -> Mt.fft.fft2(Fixtures.tensor(c, "x", layout));
      case "ifft2" -> Mt.fft.ifft2(Fixtures.tensor(c, "z", layout));
      case "fftn" -> Mt.fft.fftn(Fixtures.tensor(c, "x", layout), Fixtures.ints(p.get("s")), Fixtures.ints(p.get("axes")),
          null);
      case "ifftn" -> Mt.fft.ifftn(Fixtures.tensor(c, "z", layout), Fixtures.ints(p.get("s")),
          Fixtures.ints(p.get("axes")), null);
      case "fftfreq" -> Mt.fft.fftfreq(p.get("n").asInt(), p.get("d").asDouble());
      case "rfftfreq" -> Mt.fft.rfftfreq(p.get("n").asInt(), p.get("d").asDouble());
      case "fftshift" -> Mt.fft.fftshift(Fixtures.tensor(c, "x", layout), Fixtures.ints(p.get("axes")));
      case "ifftshift" -> Mt.fft.ifftshift(Fixtures.tensor(c, "x", layout), Fixtures.ints(p.get("axes")));
      case "abs" -> Mt.fft.abs(Fixtures.tensor(c, "z", layout));
      case "real" -> Mt.fft.real(Fixtures.tensor(c, "z", layout));
      case "imag" -> Mt.fft.imag(Fixtures.tensor(c, "z", layout));
      default -> throw new IllegalArgumentException("unknown op " + c.op() + " in " + c);
    };
    return Fixtures.compute(t, s);
  }

  /** The transformed axis is one chunk; the others keep theirs. */
  @Test
  void otherAxesStayChunked() {
    Tensor x = Mt.tensor(NDArray.of(new double[24], 4, 6), ChunkSize.of(2));
    Tensor f = Mt.fft.fft(x, null, 1, null).execute(spark.session());
    assertArrayEquals(new long[] {2, 2}, f.nsplits()[0]);
    assertArrayEquals(new long[] {6}, f.nsplits()[1]);
    assertArrayEquals(new long[] {2}, f.nsplits()[2]);
    f.release();
  }

  @Test
  void errors() {
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.fft.ifft(Mt.ones(3, 3))).errorClass());
    assertEquals(MarsException.ErrorClass.AXIS_OUT_OF_BOUNDS,
        assertThrows(MarsException.class, () -> Mt.fft.fft(Mt.ones(3), null, 1, null)).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.fft.fft(Mt.ones(3), 0, -1, null)).errorClass());
    assertEquals(MarsException.ErrorClass.INVALID_ARGUMENT,
        assertThrows(MarsException.class, () -> Mt.fft.fft(Mt.ones(3), null, -1, "bad")).errorClass());
  }
}
