package org.marsonspark.learn.preprocessing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.dataframe.DataFrame;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Categories;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.SmallResults;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.learn.kernel.OneHot;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code OneHotEncoder}: each categorical feature becomes one column per category, 1
 * where the row has it. X is a 2-D tensor (any numeric dtype) or a DataFrame of int64, float64,
 * bool, object (string) or category columns. The output is a sparse CSR tensor by default
 * ({@code sparseOutput}), of {@code dtype} float64.
 *
 * <p>{@code categories} "auto" learns each feature's sorted distinct values on the executors
 * (NaN is a category, last, as in sklearn); a list of lists gives them. {@code drop}: null, "first"
 * (no column for each feature's first category) or "if_binary" (only for two-category features).
 * {@code handleUnknown}: "error" fails the transform's run with sklearn's message on a category
 * not seen in fit; "ignore" encodes it as all zeros. {@code transform} is lazy: one pass coding the
 * values, one building the CSR blocks.
 *
 * <p>Not yet: infrequent categories ({@code min_frequency}, {@code max_categories},
 * "infrequent_if_exist"), {@code drop} as an array, {@code inverse_transform}; a None in a string
 * column is not a category (sklearn 1.2 makes it one).
 */
public final class OneHotEncoder extends BaseEstimator<OneHotEncoder> implements Transformer<OneHotEncoder> {
  static final ParamSpec SPEC = ParamSpec.of("OneHotEncoder")
      .param("categories", "auto", Constraint.anyOf(Constraint.options("auto"),
          Constraint.instanceOf(List.class, "a list of lists (one per feature)")))
      .param("drop", null, Constraint.anyOf(Constraint.options("first", "if_binary"), Constraint.none()))
      .param("sparseOutput", true, Constraint.bool())
      .param("dtype", DType.FLOAT64, Constraint.instanceOf(DType.class, "a DType"))
      .param("handleUnknown", "error", Constraint.options("error", "ignore"));

  private List<Categories.Column> categories;
  private int[] dropIdx;

  public OneHotEncoder() {
    this(SPEC.defaults());
  }

  private OneHotEncoder(Params params) {
    super(params);
  }

  @Override
  protected OneHotEncoder copy(Params params) {
    return new OneHotEncoder(params);
  }

  /** "auto", or per feature the list of its categories. */
  public Object categories() {
    return param("categories");
  }

  public OneHotEncoder categories(List<? extends List<?>> perFeature) {
    return with("categories", perFeature);
  }

  public OneHotEncoder categories(String auto) {
    return with("categories", auto);
  }

  public String drop() {
    return param("drop");
  }

  public OneHotEncoder drop(String drop) {
    return with("drop", drop);
  }

  public boolean sparseOutput() {
    return param("sparseOutput");
  }

  public OneHotEncoder sparseOutput(boolean on) {
    return with("sparseOutput", on);
  }

  public DType dtype() {
    return param("dtype");
  }

  public OneHotEncoder dtype(DType dtype) {
    return with("dtype", dtype);
  }

  public String handleUnknown() {
    return param("handleUnknown");
  }

  public OneHotEncoder handleUnknown(String how) {
    return with("handleUnknown", how);
  }

  @Override
  public OneHotEncoder fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    Features.Info info = columns(x);
    List<Categories.Column> cats = categories() instanceof List<?> given ? given(given, info.nFeatures(), x)
        : Categories.fit(x, name());
    categories = cats;
    dropIdx = new int[cats.size()];
    for (int j = 0; j < dropIdx.length; j++) {
      boolean dropped = "first".equals(drop()) || ("if_binary".equals(drop()) && cats.get(j).size() == 2);
      dropIdx[j] = dropped ? 0 : -1;
    }
    fitted(info);
    return this;
  }

  private Features.Info columns(TileableHandle x) {
    if (x instanceof DataFrame df) {
      return new Features.Info(df.columns().size(), List.copyOf(df.columns()));
    }
    if (x instanceof Tensor t && t.ndim() == 2) {
      return new Features.Info((int) t.shape(1), null);
    }
    return new Features.Info(Categories.fit(x, name()).size(), null);
  }

  /** Categories given per feature: numbers must be sorted; the fit data must hold no others unless ignored. */
  private List<Categories.Column> given(List<?> perFeature, int features, TileableHandle x) {
    if (perFeature.size() != features) {
      throw new MarsException(ErrorClass.SHAPE_MISMATCH, name() + ": Shape mismatch: if categories is an array, it "
          + "has to be of shape (n_features,): got " + perFeature.size() + " lists for " + features + " features.");
    }
    List<Categories.Column> cats = new ArrayList<>();
    for (Object f : perFeature) {
      cats.add(column(f));
    }
    if (handleUnknown().equals("error")) {
      // one pass that fails, as sklearn's fit does, on a value outside the given categories
      SmallResults.fetch(Categories.codes(x, cats, false, false).min());
    }
    return cats;
  }

  private Categories.Column column(Object feature) {
    if (!(feature instanceof List<?> values) || values.isEmpty()) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, name() + ": each entry of categories must be a "
          + "non-empty list of the feature's categories, got " + feature);
    }
    if (values.stream().allMatch(v -> v instanceof String)) {
      return new Categories.Column(null, values.toArray(new String[0]), false);
    }
    if (!values.stream().allMatch(v -> v instanceof Number)) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, name() + ": the categories of a feature must be all "
          + "numbers or all strings, got " + values);
    }
    double[] numbers = values.stream().mapToDouble(v -> ((Number) v).doubleValue()).toArray();
    for (int i = 1; i < numbers.length; i++) {
      if (org.marsonspark.learn.kernel.CategoryCodes.compare(numbers[i - 1], numbers[i]) >= 0) {
        throw new MarsException(ErrorClass.INVALID_ARGUMENT, name() + ": Unsorted categories are not supported for "
            + "numerical categories: " + values);
      }
    }
    boolean integral = values.stream().allMatch(v -> v instanceof Integer || v instanceof Long);
    return new Categories.Column(numbers, null, integral);
  }

  /** Per feature its categories ({@code categories_}): {@code Long}, {@code Double} or {@code String} values. */
  public List<List<Object>> categories_() {
    requireFitted();
    return categories.stream().map(Categories.Column::values).toList();
  }

  /** Per feature the index of its dropped category, or null ({@code drop_idx_}); null without {@code drop}. */
  public List<Integer> dropIdx_() {
    requireFitted();
    if (drop() == null) {
      return null;
    }
    return Arrays.stream(dropIdx).mapToObj(i -> i < 0 ? null : i).toList();
  }

  /** The output columns' names: {@code feature_category} ({@code get_feature_names_out}). */
  public List<String> getFeatureNamesOut() {
    requireFitted();
    List<String> in = featureNamesIn_();
    List<String> out = new ArrayList<>();
    for (int j = 0; j < categories.size(); j++) {
      String feature = in != null ? in.get(j) : "x" + j;
      for (int c = 0; c < categories.get(j).size(); c++) {
        if (c != dropIdx[j]) {
          out.add(feature + "_" + categories.get(j).label(c));
        }
      }
    }
    return out;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Features.Info info = columns(x);
    checkColumns(info.nFeatures(), info.names());
    Tensor codes = Categories.codes(x, categories, handleUnknown().equals("ignore"), false);
    int[] offsets = new int[categories.size()];
    int width = 0;
    for (int j = 0; j < offsets.length; j++) {
      offsets[j] = width;
      width += categories.get(j).size() - (dropIdx[j] >= 0 ? 1 : 0);
    }
    OneHot hot = new OneHot(offsets, dropIdx.clone(), width, 1, 0, dtype());
    if (sparseOutput()) {
      return Blocks.mapSparse(List.of(codes), hot, width, dtype());
    }
    return Blocks.map(List.of(codes), hot.dense(), new long[] {width}, dtype());
  }
}
