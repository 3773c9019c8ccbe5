package org.marsonspark.learn.interop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ml.feature.VectorAssembler;
import org.apache.spark.ml.linalg.Vector;
import org.apache.spark.ml.regression.LinearRegressionModel;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.dataframe.Md;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.learn.linearmodel.LinearRegression;
import org.marsonspark.session.LocalSession;
import org.marsonspark.tensor.ChunkSize;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/** Tensors and DataFrames to Spark ML Datasets and back: values, one partition per chunk, MLlib agreement. */
class SparkML_InteropTest {
  @RegisterExtension
  static final LocalSession spark = new LocalSession();

  private static NDArray matrix(int n, int d) {
    double[] v = new double[n * d];
    for (int i = 0; i < v.length; i++) {
      v[i] = Math.cos(1.3 * i) * (1 + i % d) + (i % 7 == 0 ? 2 : 0);
    }
    return NDArray.of(v, n, d);
  }

  @Test
  void aTensorRoundTripsThroughADatasetOfVectors() {
    NDArray a = matrix(23, 3);
    Tensor x = Mt.tensor(a, ChunkSize.of(6, 2)); // 4 row chunks, 2 column chunks
    Dataset<Row> ds = SparkML.toDataset(spark.session(), x, null, "features", "label");
    assertEquals(4, ds.javaRDD().getNumPartitions(), "one partition per row chunk");
    List<Row> rows = ds.collectAsList();
    assertEquals(23, rows.size());
    for (int r = 0; r < 23; r++) {
      Vector v = rows.get(r).getAs("features");
      for (int c = 0; c < 3; c++) {
        assertEquals(a.getDouble(r, c), v.apply(c), 0.0, "row " + r + ", column " + c);
      }
    }
    Tensor back = SparkML.toTensor(spark.session(), ds, "features");
    assertArrayEquals(a.toDoubleArray(), back.execute().fetch().toDoubleArray(), 0.0);
    assertArrayEquals(new long[] {6, 6, 6, 5}, back.nsplits()[0], "one row chunk per partition");
  }

  @Test
  void aDataFrameAndALabelBecomeFeaturesAndLabelColumns() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("a", Column.ofDoubles(1, 2, 3, 4, 5));
    cols.put("b", Column.ofLongs(10, 20, 30, 40, 50));
    DataFrame df = Md.dataFrame(cols, 2);
    Tensor y = Mt.tensor(NDArray.of(new double[] {0.5, 1.5, 2.5, 3.5, 4.5}), ChunkSize.of(5));
    Dataset<Row> ds = SparkML.toDataset(df, y);
    assertEquals(3, ds.javaRDD().getNumPartitions());
    assertEquals(List.of("features", "label"), List.of(ds.columns()));
    List<Row> rows = ds.collectAsList();
    for (int r = 0; r < 5; r++) {
      Vector v = rows.get(r).getAs("features");
      assertEquals(r + 1.0, v.apply(0), 0.0);
      assertEquals(10.0 * (r + 1), v.apply(1), 0.0);
      assertEquals(r + 0.5, rows.get(r).getDouble(1), 0.0);
    }
  }

  @Test
  void mllibLinearRegressionOnOurFeaturesGivesOurCoefficients() {
    NDArray a = matrix(40, 4);
    double[] w = {1.5, -2.0, 0.25, 3.0};
    double[] yv = new double[40];
    for (int r = 0; r < 40; r++) {
      yv[r] = 0.7 + Math.sin(r) * 0.1;
      for (int c = 0; c < 4; c++) {
        yv[r] += w[c] * a.getDouble(r, c);
      }
    }
    Tensor x = Mt.tensor(a, ChunkSize.of(9, 4));
    Tensor y = Mt.tensor(NDArray.of(yv), ChunkSize.of(9));
    LinearRegressionModel mllib = new org.apache.spark.ml.regression.LinearRegression().setSolver("normal")
        .setRegParam(0).setFitIntercept(true).fit(SparkML.toDataset(x, y));
    LinearRegression ours = new LinearRegression().fit(x, y);
    assertArrayEquals(ours.coef_().execute().fetch().toDoubleArray(), mllib.coefficients().toArray(), 1e-9);
    assertEquals(ours.intercept_().execute().fetch().getDouble(0), mllib.intercept(), 1e-9);
  }

  @Test
  void anMllibOutputColumnBecomesATensor() {
    Map<String, Column> cols = new LinkedHashMap<>();
    cols.put("p", Column.ofDoubles(1, 2, 3, 4));
    cols.put("q", Column.ofDoubles(-1, 0.5, 8, 2));
    Dataset<Row> table = Md.dataFrame(cols, 2).toSpark(spark.session(), false);
    Dataset<Row> assembled = new VectorAssembler().setInputCols(new String[] {"p", "q"}).setOutputCol("v")
        .transform(table);
    Tensor t = SparkML.toTensor(assembled, "v");
    assertArrayEquals(new double[] {1, -1, 2, 0.5, 3, 8, 4, 2}, t.execute().fetch().toDoubleArray(), 0.0);
    assertEquals(assembled.javaRDD().getNumPartitions(), t.nsplits()[0].length);
  }

  @Test
  void aColumnThatIsNotVectorsGetsAClearError() {
    Dataset<Row> ds = SparkML.toDataset(Mt.tensor(matrix(4, 2)), Mt.ones(4));
    MarsException e = assertThrows(MarsException.class, () -> SparkML.toTensor(ds, "label"));
    assertEquals(ErrorClass.UNSUPPORTED_DTYPE, e.errorClass());
    e = assertThrows(MarsException.class, () -> SparkML.toTensor(ds, "nope"));
    assertEquals(ErrorClass.INVALID_ARGUMENT, e.errorClass());
    // the session still works
    assertArrayEquals(matrix(4, 2).toDoubleArray(), SparkML.toTensor(ds, "features").execute().fetch()
        .toDoubleArray(), 0.0);
  }
}
