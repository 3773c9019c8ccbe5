package org.marsonspark.tensor.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * min and max have no identity, so numpy refuses them on an empty array — but a tensor that is
 * not empty may have empty chunks (after boolean indexing most often): those chunks take no part,
 * and only a reduction over nothing at all is refused.
 */
class EmptyChunkReduction_Test {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  // np.arange(12.0)[np.arange(12.0) > 8.5] -> [9, 10, 11]: chunks of 3 leave three empty
  private static Tensor tail() {
    Tensor x = Mt.arange(12).astype(org.marsonspark.tensor.DType.FLOAT64).rechunk(ChunkSize.of(3));
    return x.get(x.gt(8.5));
  }

  @Test
  void emptyChunksTakeNoPartInMinAndMax() {
    assertEquals(9.0, tail().min().execute(spark.session()).fetch().getDouble(0), 0);
    assertEquals(11.0, tail().max().execute(spark.session()).fetch().getDouble(0), 0);
    assertEquals(9.0, tail().add(1).min().execute(spark.session()).fetch().getDouble(0) - 1, 0); // fused
  }

  @Test
  void nothingAtAllIsStillRefused() {
    Tensor x = Mt.arange(12).astype(org.marsonspark.tensor.DType.FLOAT64).rechunk(ChunkSize.of(3));
    Tensor none = x.get(x.gt(100));
    MarsException e = assertThrows(MarsException.class, () -> none.max().execute(spark.session()));
    assertTrue(e.getMessage().contains("zero-size array to reduction operation max which has no identity"),
        e.getMessage());
  }
}
