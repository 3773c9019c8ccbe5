package org.marsonspark.tensor.kernel;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The warning for a threaded OpenBLAS under Spark's parallel tasks: given exactly when it applies. */
class Blas_ThreadsTest {
  private static final String OPENBLAS = "7f00-7f10 r-xp 00000000 08:01 42 /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3\n";

  @Test
  void anOpenBlasWithNoThreadSettingOnSeveralCoresIsWarnedAbout() {
    String w = Blas.threadsWarning(Map.of(), 2, OPENBLAS);
    assertNotNull(w);
    assertTrue(w.contains("OPENBLAS_NUM_THREADS=1") && w.contains("2 threads"), w);
  }

  @Test
  void anyThreadSettingOneCoreOrAnotherBlasIsLeftAlone() {
    for (String v : new String[] {"OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"}) {
      assertNull(Blas.threadsWarning(Map.of(v, "4"), 2, OPENBLAS), v);
    }
    assertNull(Blas.threadsWarning(Map.of(), 1, OPENBLAS));
    assertNull(Blas.threadsWarning(Map.of(), 8, "7f00-7f10 r-xp 0 08:01 42 /usr/lib/libmkl_rt.so\n"));
    assertNull(Blas.threadsWarning(Map.of(), 8, null), "no /proc/self/maps");
  }
}
