package org.marsonspark.tensor.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;

/**
 * Every pattern the generated loops handle gives bit-identical results fused and unfused, and
 * really is fused (a kernel gets compiled). Expected values of the operations themselves are
 * checked against numpy elsewhere; here the unfused path is the reference.
 */
class Fusion_PatternTest {
  private static MarsSession fused;
  private static MarsSession unfused;

  @BeforeAll
  static void start() {
    fused = MarsSession.local("local[2]", MarsOptions.defaults().withProgress(false));
    unfused = MarsSession.attach(fused.spark(), fused.options().withFusion(false));
  }

  @AfterAll
  static void stop() {
    unfused.close();
    fused.close();
  }

  private static RandomState rs() {
    return new RandomState(2024);
  }

  private static Tensor uniform(long... shape) {
    return rs().uniform(-1, 1, shape, ChunkSize.of(shape.length == 1 ? 1000 : 100));
  }

  private static Stream<DynamicTest> cases() {
    return Stream.of(
        pattern("pi: random, square, row sum, sqrt, compare, count", () -> {
          Tensor a = rs().uniform(-1, 1, new long[] {5000, 2}, ChunkSize.of(700, 2));
          return Mt.sqrt(a.mul(a).sum(1)).lt(1).sum().mul(4).div(5000);
        }),
        pattern("((x + 1) * 2).sum()", () -> uniform(10_000).add(1).mul(2).sum()),
        pattern("element-wise chain stored", () -> Mt.exp(uniform(3000).mul(0.5)).sub(1).abs()),
        pattern("float32 chain", () -> Mt.sqrt(uniform(3000).astype(DType.FLOAT32).mul(3).add(4)).mul(1.5f)),
        pattern("int32 arithmetic with wrap-around", () -> Mt.arange(0, 5000, 1, DType.INT32, ChunkSize.of(777))
            .mul(1 << 20).floorDiv(3).mod(1000).add(7)),
        pattern("int64 power and negatives", () -> Mt.arange(-2000, 2000, 1, DType.INT64, ChunkSize.of(512))
            .pow(3).floorDiv(-7)),
        pattern("scalar first", () -> Mt.subtract(1.0, uniform(2000)).div(Mt.subtract(2, uniform(2000)))),
        pattern("ones times random", () -> Mt.ones(new long[] {2000}, DType.FLOAT64, ChunkSize.of(300))
            .mul(uniform(2000))),
        pattern("mean of normal", () -> rs().normal(3, 2, new long[] {20_000}, ChunkSize.of(3000)).mean()),
        pattern("min, max, prod", () -> uniform(4000).add(2).prod().add(uniform(4000).min()).add(uniform(4000).max())),
        pattern("count_nonzero, all, any", () -> uniform(4000).gt(0.5).countNonzero()
            .add(uniform(4000).lt(2).all().astype(DType.INT64)).add(uniform(4000).gt(0.99).any().astype(DType.INT64))),
        pattern("row mean then element-wise", () -> uniform(300, 40).mean(1).mul(10).add(1)),
        pattern("row sum keepdims", () -> Mt.sqrt(uniform(300, 40).sum(new int[] {1}, true).add(100))),
        pattern("3-d reduction over trailing axes", () -> Mt.sqrt(rs().rand(new long[] {50, 6, 7},
            ChunkSize.of(9, 6, 7)).sum(new int[] {1, 2}))),
        pattern("randint modulo, summed", () -> rs().randint(0, 1000, new long[] {7000}, DType.INT32, ChunkSize.of(999))
            .mod(7).sum()),
        pattern("comparisons and logic", () -> uniform(3000).gt(0).and(uniform(3000).lt(0.5)).or(uniform(3000).eq(0))
            .not()),
        pattern("bool sum", () -> uniform(3000).gt(0).sum()),
        pattern("nan and inf", () -> Mt.log(uniform(3000)).add(Mt.sqrt(uniform(3000))).mul(0)),
        pattern("mean over all of a 2-d block", () -> uniform(120, 30).mean()),
        pattern("arctan2 of chunks", () -> Mt.arctan2(uniform(2000), uniform(2000).add(0.5))),
        pattern("fmax, fmin, fmod, copysign", () -> Mt.copysign(Mt.fmod(Mt.fmax(uniform(2000), Mt.log(uniform(2000))),
            Mt.fmin(uniform(2000), 0.3).add(0.9)), uniform(2000))),
        pattern("logaddexp, logaddexp2", () -> Mt.logaddexp(uniform(2000).mul(50), uniform(2000))
            .add(Mt.logaddexp2(uniform(2000), uniform(2000).mul(-3)))),
        pattern("bitwise and shifts on int64", () -> Mt.bitwiseXor(Mt.leftShift(Mt.arange(-1000, 1000, 1, DType.INT64,
            ChunkSize.of(300)), 3), Mt.rightShift(Mt.arange(0, 2000, 1, DType.INT64, ChunkSize.of(300)), 2))
            .and(Mt.invert(Mt.arange(0, 2000, 1, DType.INT64, ChunkSize.of(300))))),
        pattern("bitwise on int32 and bool", () -> Mt.bitwiseOr(Mt.bitwiseAnd(Mt.arange(0, 3000, 1, DType.INT32,
            ChunkSize.of(700)), 0xF0), 5).add(Mt.invert(uniform(3000).gt(0)).astype(DType.INT32))),
        pattern("signbit, degrees, radians, fabs", () -> Mt.signbit(uniform(2000)).and(Mt.fabs(Mt.degrees(uniform(2000)))
            .gt(Mt.radians(uniform(2000).mul(3000))))),
        pattern("inverse hyperbolics", () -> Mt.arcsinh(uniform(2000).mul(10)).add(Mt.arctanh(uniform(2000).mul(0.9)))
            .add(Mt.arccosh(uniform(2000).abs().add(1)))),
        pattern("clip then sum", () -> Mt.clip(uniform(4000), -0.5, 0.25).sum()),
        pattern("isclose count", () -> Mt.isclose(uniform(3000), uniform(3000).mul(1.000001)).countNonzero()),
        pattern("around", () -> Mt.around(uniform(3000).mul(100), 1).add(Mt.around(uniform(3000).mul(1000), -2))),
        pattern("float32 fmod and logaddexp", () -> Mt.logaddexp(Mt.fmod(uniform(3000).astype(DType.FLOAT32), 0.3f),
            uniform(3000).astype(DType.FLOAT32))),
        pattern("nextafter, spacing, heaviside, ldexp", () -> Mt.heaviside(Mt.nextafter(uniform(2000), 0.5)
            .sub(Mt.spacing(uniform(2000).astype(DType.FLOAT32))), 0.5).add(Mt.ldexp(uniform(2000),
            Mt.arange(-1000, 1000, 1, DType.INT64, ChunkSize.of(300))))),
        pattern("frexp, modf, gcd, lcm", () -> Mt.frexp(uniform(2000).mul(1000))[1].add(Mt.modf(uniform(2000).mul(9))[0])
            .add(Mt.gcd(Mt.arange(0, 2000, 1, DType.INT64, ChunkSize.of(300)), 24)
                .add(Mt.lcm(Mt.arange(-1000, 1000, 1, DType.INT32, ChunkSize.of(300)), 6)))));
  }

  @TestFactory
  Stream<DynamicTest> fusedEqualsUnfused() {
    return cases();
  }

  private static DynamicTest pattern(String name, Supplier<Tensor> build) {
    return DynamicTest.dynamicTest(name, () -> {
      int kernelsBefore = KernelCache.size();
      NDArray expected = build.get().execute(unfused).fetch();
      assertEquals(kernelsBefore, KernelCache.size(), "the unfused path must not generate kernels");
      long runsBefore = KernelCache.runs();
      NDArray actual = build.get().execute(fused).fetch();
      assertTrue(KernelCache.runs() > runsBefore, name + " was not fused");
      assertEquals(expected.dtype(), actual.dtype(), name);
      assertEquals(expected, actual, name + ": fused " + actual + " vs unfused " + expected);
    });
  }

  @Test
  void kernelsAreCompiledOncePerShapeOfComputation() {
    Tensor first = rs().uniform(-1, 1, new long[] {4000}, ChunkSize.of(500)).mul(3).add(1).sum();
    first.execute(fused);
    int after = KernelCache.size();
    // another seed, bounds, size and chunking: the same loop, so no new kernel
    Tensor second = new RandomState(99).uniform(0, 5, new long[] {9000}, ChunkSize.of(800)).mul(7).add(2).sum();
    second.execute(fused);
    assertEquals(after, KernelCache.size());
    assertTrue(after > 0);
  }
}
