package org.marsonspark.tensor.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.kernel.NanReductions;

/**
 * The partial values of the issue-5 operands (nan-moments, sorted keyed buckets) survive a
 * Kryo round trip, as they must when Spark spills or ships them.
 */
class Statistics_KryoTest {
  private static Object roundTrip(Object o) {
    Kryo kryo = new Kryo();
    kryo.setRegistrationRequired(false);
    Output out = new Output(1024, -1);
    kryo.writeClassAndObject(out, o);
    return kryo.readClassAndObject(new Input(out.toBytes()));
  }

  @Test
  void nanMomentsRoundTrip() {
    NanReductions.NanMoment fn = NanReductions.NanMoment.nanvar(1);
    Object partial = fn.map(NDArray.of(new double[] {1, Double.NaN, 3, 4, 5, Double.NaN}, 2, 3), new int[] {1},
        new long[] {0, 0}, new long[] {2, 3});
    NDArray expected = fn.finish(partial);
    NDArray actual = fn.finish(roundTrip(partial));
    assertEquals(expected, actual);
    assertArrayEquals(new long[] {2, 1}, actual.shape());
  }

  @Test
  void keyedBucketRoundTrip() {
    Sort.Keyed k = (Sort.Keyed) new Sort.LocalSortChunk(10).execute(new Object[] {NDArray.of(new long[] {5, -1, 3})});
    Sort.Keyed back = (Sort.Keyed) roundTrip(k);
    assertEquals(k.values, back.values);
    assertArrayEquals(new long[] {11, 12, 10}, back.index);
  }
}
