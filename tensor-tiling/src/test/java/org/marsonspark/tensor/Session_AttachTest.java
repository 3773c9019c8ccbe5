package org.marsonspark.tensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.MarsException;
import org.marsonspark.session.MarsOptions;
import org.marsonspark.session.MarsSession;

/**
 * Attaching to a Spark session started elsewhere, with Spark's default Java serializer and no
 * Kryo registrator: chunks (cached, spilled, fetched) must still serialize.
 */
class Session_AttachTest {
  @Test
  void worksOnASparkSessionWithTheJavaSerializer() {
    SparkSession spark = SparkSession.builder().master("local[2]").appName("attach-test")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.serializer", "org.apache.spark.serializer.JavaSerializer")
        .getOrCreate();
    try {
      MarsSession mars = MarsSession.attach(spark, MarsOptions.defaults().withProgress(false)
          .withStorageLevel(org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK_SER()));
      Tensor x = Mt.arange(0, 10_000, 1, DType.FLOAT64, ChunkSize.of(1000));
      Tensor m = x.mean();
      Tensor v = x.var();
      Mt.execute(mars, m, v);
      assertEquals(4999.5, m.fetch().getDouble(0), 1e-9);
      assertEquals((10_000.0 * 10_000 - 1) / 12, v.fetch().getDouble(0), 1e-6);
      NDArray part = x.execute(mars).slice("9990:").fetch();
      assertEquals(9999.0, part.getDouble(9));
      mars.close();
      // the Spark session belongs to its creator: still usable, and the Mars session is closed
      assertFalse(spark.sparkContext().isStopped());
      assertEquals(3L, spark.range(3).count());
      assertTrue(mars.isClosed());
      assertThrows(MarsException.class, () -> Mt.ones(2).execute(mars));
    } finally {
      spark.stop();
    }
  }
}
