package org.marsonspark.dataframe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.marsonspark.core.LayeringGuard;
import org.marsonspark.core.LayeringGuard.Rule;

/**
 * The dependency rule of dataframe-adapter: operators ({@code ops}), readers and writers
 * ({@code io}) and chunk data ({@code local}) take and return {@link DataFrameData},
 * {@link SeriesData} and their kin, and never import a DataFrame, Series, Index, Scalar, GroupBy,
 * Md or tensor facade.
 */
class Df_LayeringTest {
  /** The files that still build or take facades themselves: the list only shrinks. */
  private static final Set<String> NOT_YET = Set.of("io/Feather.java", "io/FromSpark.java", "io/Parquet.java",
      "io/ReadCsv.java", "io/ToSpark.java", "io/WriteCsv.java", "ops/Apply.java", "ops/Concat.java",
      "ops/Describe.java", "ops/FrameOps.java", "ops/FromLocal.java", "ops/GroupByAgg.java",
      "ops/GroupTransform.java", "ops/LabelLoc.java", "ops/Merge.java", "ops/PivotTable.java",
      "ops/PositionTake.java", "ops/Quantile.java", "ops/SortValues.java", "ops/TensorInterop.java", "ops/TopN.java",
      "ops/ValueCounts.java");

  @Test
  void operatorsReadersAndChunkDataImportNoFacade() {
    String data = "DataFrameData, SeriesData, IndexData or ScalarData, wrapped by the facade";
    Path src = Path.of("src/main/java/org/marsonspark/dataframe");
    LayeringGuard.Report r = LayeringGuard.scan(src, List.of("ops", "io", "local"),
        List.of(new Rule("org.marsonspark.dataframe.DataFrame", data),
            new Rule("org.marsonspark.dataframe.Series", data),
            new Rule("org.marsonspark.dataframe.Index", data),
            new Rule("org.marsonspark.dataframe.Scalar", data),
            new Rule("org.marsonspark.dataframe.GroupBy", data),
            new Rule("org.marsonspark.dataframe.Md", "the operators themselves; compositions live in the facade package"),
            new Rule("org.marsonspark.tensor.Tensor", "TensorData"),
            new Rule("org.marsonspark.tensor.Mt", "the tensor operators")),
        NOT_YET);
    assertTrue(r.scanned() > 0, "no file found in the lower packages of " + src.toAbsolutePath());
    assertEquals(List.of(), r.problems(), r.explain());
  }
}
