package org.marsonspark.learn.modelselection;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.Estimator;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code cross_validate}: the estimator, as it is, fitted on every fold and scored —
 * a search of one candidate ({@link Search}: spawned calls or distributed fits, the same rules).
 */
final class CrossValidation {
  private CrossValidation() {}

  static Map<String, Tensor> run(Estimator<?> estimator, TileableHandle x, TileableHandle y, Object scoring, Object cv,
      boolean returnTrainScore, Object errorScore) {
    String who = "cross_validate";
    Map<String, Scorer> scorers = Search.scorers(scoring, estimator, who);
    List<Map<String, Object>> one = List.of(Map.of());
    Search.Outcome o = Search.run(new Search.Setup(who, estimator, one, scorers, cv, returnTrainScore, errorScore,
        BaseSearchCV.LOCAL_FIT_LIMIT, null), x, y, null);
    new SearchResults(one, List.copyOf(scorers.keySet()), o, returnTrainScore, who, errorScore); // fit failures
    Map<String, Tensor> out = new LinkedHashMap<>();
    out.put("fit_time", column(o, FoldScores::fitTime));
    out.put("score_time", column(o, FoldScores::scoreTime));
    boolean single = scorers.size() == 1 && scorers.containsKey("score");
    int k = 0;
    for (String name : scorers.keySet()) {
      int at = k++;
      out.put(single ? "test_score" : "test_" + name, column(o, f -> f.test()[at]));
      if (returnTrainScore) {
        out.put(single ? "train_score" : "train_" + name, column(o, f -> f.train()[at]));
      }
    }
    return out;
  }

  private static Tensor column(Search.Outcome o, ToDoubleFunction<FoldScores> value) {
    return Mt.tensor(NDArray.of(o.scores().stream().mapToDouble(value).toArray()));
  }
}
