package org.marsonspark.tensor.fusion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.RandomState;
import org.marsonspark.tensor.Tensor;
import org.marsonspark.tensor.kernel.BinaryFn;
import org.marsonspark.tensor.kernel.ReductionFn;
import org.marsonspark.tensor.kernel.Reductions;
import org.marsonspark.tensor.ops.Reduction;

/**
 * Text a user controls cannot change the code Mars compiles. The generated fused loops
 * ({@link KernelSource}, compiled with Janino — the only code Mars generates; DataFrame operations
 * run fixed code, so column names never meet a compiler) are built from enums, dtypes, shapes and
 * slot numbers; constants travel as parameter arrays. The one name in a reduction, its
 * {@code ReductionFn.name()} (free text for a reduction of one's own), is never written into the
 * source: the kernel refers to it by index. A slice's text is parsed into numbers.
 */
class Fusion_UserTextTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  /** Would end the string literal it is put in, run code, and comment out the rest of the line. */
  private static final String EXIT = "\"); System.exit(1); //";
  /** The same in a unicode escape, which Java (and Janino) decode before parsing. */
  private static final String EXIT_ESCAPED = "\\u0022); System.exit(1); //";
  /** Harmless if it ran, and visible: a property set in this JVM (local mode runs the kernels here). */
  private static final String SET_PROPERTY = "\"); System.setProperty(\"mars.injected\", \"yes\"); //";
  private static final String NEWLINE = "min\n} static { System.exit(1); } {";

  private static Reductions.Simple minNamed(String name) {
    Reductions.Simple min = Reductions.Simple.MIN;
    return new Reductions.Simple(name, min.merge(), min.nonzero(), min.fixedResult(), min.keepInputType());
  }

  private static Expr input(long... shape) {
    return new Expr.In(0, DType.FLOAT64, shape);
  }

  /** min over the last axis of (x + 1), stored per row, and min of everything: both check for empty input. */
  private static List<Expr> minimums(String name) {
    Expr plusOne = new Expr.Binary(BinaryFn.ADD, DType.FLOAT64, DType.FLOAT64, input(8, 5),
        new Expr.Const(DType.FLOAT64, 1.0, new long[] {1}), new long[] {8, 5});
    return List.of(new Expr.Reduce(minNamed(name), new int[] {1}, plusOne, new long[] {8, 1}),
        new Expr.Reduce(minNamed(name), new int[] {0, 1}, plusOne, new long[] {1, 1}));
  }

  @Test
  void aReductionsNameIsNeverPartOfTheSource() {
    for (String name : List.of(EXIT, EXIT_ESCAPED, SET_PROPERTY, NEWLINE)) {
      List<Expr> evil = minimums(name);
      List<Expr> plain = minimums("min");
      for (int i = 0; i < evil.size(); i++) {
        KernelSource k = KernelSource.of(evil.get(i));
        assertEquals(KernelSource.of(plain.get(i)).source, k.source, "the same loop whatever the name");
        assertFalse(k.source.contains("System"), k.source);
        assertFalse(k.source.contains("\""), "no string literal in " + k.source);
        assertEquals(List.of(name), k.emptyChecks, "the name travels as data");
      }
    }
  }

  @Test
  void constantsAreParametersNotSource() {
    KernelSource small = KernelSource.of(minimums("min").get(0));
    Expr huge = new Expr.Binary(BinaryFn.ADD, DType.FLOAT64, DType.FLOAT64, input(8, 5),
        new Expr.Const(DType.FLOAT64, -7.5e300, new long[] {1}), new long[] {8, 5});
    KernelSource other = KernelSource.of(new Expr.Reduce(Reductions.Simple.MIN, new int[] {1}, huge, new long[] {8, 1}));
    assertEquals(small.source, other.source);
    assertEquals(List.of(-7.5e300), java.util.Arrays.stream(other.dp).boxed().toList());
  }

  @Test
  void aFusedReductionWithAHostileNameComputesTheMinimumAndRunsNothingElse() {
    RandomState rs = new RandomState(3);
    Tensor x = rs.uniform(-1, 1, new long[] {40, 30}, ChunkSize.of(10, 30));
    long runs = KernelCache.runs();
    NDArray evil = Tensor.ofOutput(Reduction.of(x.add(1).data(), minNamed(SET_PROPERTY), new int[] {1}, false))
        .execute(spark.session()).fetch();
    assertTrue(KernelCache.runs() > runs, "the reduction was fused");
    assertNull(System.getProperty("mars.injected"), "the name ran as code");
    assertEquals(x.add(1).min(1).execute(spark.session()).fetch(), evil);
  }

  @Test
  void anEmptyInputReportsTheNameAsText() {
    Tensor empty = Mt.zeros(new long[] {4, 0}, DType.FLOAT64, ChunkSize.of(2, -1));
    MarsException e = assertThrows(MarsException.class,
        () -> Tensor.ofOutput(Reduction.of(empty.add(1).data(), minNamed(SET_PROPERTY), new int[] {1}, false))
            .execute(spark.session()));
    assertTrue(e.getMessage().contains("zero-size array to reduction operation " + SET_PROPERTY + " which has no identity"),
        e.getMessage());
    assertNull(System.getProperty("mars.injected"));
  }

  @Test
  void sliceTextIsParsedNotCompiled() {
    Tensor x = Mt.arange(0, 10, 1, DType.INT64, ChunkSize.of(5));
    MarsException e = assertThrows(MarsException.class, () -> x.slice(EXIT));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
  }
}
