package org.marsonspark.learn.preprocessing;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.core.TileableHandle;
import org.marsonspark.learn.base.BaseEstimator;
import org.marsonspark.learn.base.Blocks;
import org.marsonspark.learn.base.Constraint;
import org.marsonspark.learn.base.Constraint.Closed;
import org.marsonspark.learn.base.Features;
import org.marsonspark.learn.base.ParamSpec;
import org.marsonspark.learn.base.Params;
import org.marsonspark.learn.base.Transformer;
import org.marsonspark.learn.kernel.Monomials;
import org.marsonspark.tensor.DType;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.NDArray;
import org.marsonspark.tensor.Tensor;

/**
 * sklearn's {@code PolynomialFeatures}: every product of the features of total degree
 * {@code minDegree}..{@code degree} (with {@code interactionOnly}, of distinct features only),
 * in sklearn's order — the bias column first ({@code includeBias}), then by degree, each degree's
 * terms in lexicographic order of their features. {@code degree} is an int, or a pair
 * {@code (minDegree, maxDegree)} as a {@code List}. {@code fit} only counts the features;
 * {@code transform} is lazy, one block map over whole rows.
 */
public final class PolynomialFeatures extends BaseEstimator<PolynomialFeatures>
    implements Transformer<PolynomialFeatures> {
  static final ParamSpec SPEC = ParamSpec.of("PolynomialFeatures")
      .param("degree", 2, Constraint.anyOf(Constraint.intRange(0L, null, Closed.LEFT),
          Constraint.instanceOf(List.class, "an instance of 'tuple'")))
      .param("interactionOnly", false, Constraint.bool())
      .param("includeBias", true, Constraint.bool());

  private int[][] terms;

  public PolynomialFeatures() {
    this(SPEC.defaults());
  }

  private PolynomialFeatures(Params params) {
    super(params);
  }

  @Override
  protected PolynomialFeatures copy(Params params) {
    return new PolynomialFeatures(params);
  }

  /** The degree: an Integer, or a {@code List} of (min, max). */
  public Object degree() {
    return param("degree");
  }

  public PolynomialFeatures degree(int degree) {
    return with("degree", degree);
  }

  public PolynomialFeatures degree(int minDegree, int maxDegree) {
    return with("degree", List.of(minDegree, maxDegree));
  }

  public boolean interactionOnly() {
    return param("interactionOnly");
  }

  public PolynomialFeatures interactionOnly(boolean on) {
    return with("interactionOnly", on);
  }

  public boolean includeBias() {
    return param("includeBias");
  }

  public PolynomialFeatures includeBias(boolean on) {
    return with("includeBias", on);
  }

  @Override
  public PolynomialFeatures fit(TileableHandle x, TileableHandle y, TileableHandle sampleWeight) {
    refuseSampleWeight(sampleWeight);
    startFit();
    int[] range = degrees();
    Features f = Features.of(x, name());
    Scaling.requireDense(f, name());
    terms = terms(f.nFeatures(), range[0], range[1], interactionOnly(), includeBias());
    fitted(f.info());
    return this;
  }

  /** {@code [minDegree, maxDegree]}, checked as sklearn checks them. */
  private int[] degrees() {
    Object d = degree();
    int lo;
    int hi;
    if (d instanceof List<?> pair) {
      boolean ints = pair.size() == 2 && pair.stream().allMatch(v -> v instanceof Integer || v instanceof Long);
      lo = ints ? ((Number) pair.get(0)).intValue() : -1;
      hi = ints ? ((Number) pair.get(1)).intValue() : -1;
      if (!ints || lo < 0 || hi < lo) {
        throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "degree=(min_degree, max_degree) must be "
            + "non-negative integers that fulfil min_degree <= max_degree, got " + pair + ".");
      }
    } else {
      lo = 0;
      hi = ((Number) d).intValue();
    }
    if (hi == 0 && !includeBias()) {
      throw new MarsException(ErrorClass.INVALID_PARAMETER_VALUE, "Setting degree to zero and include_bias to False "
          + "would result in an empty output array.");
    }
    return new int[] {lo, hi};
  }

  /** sklearn's {@code _combinations}: the features of each output column. */
  static int[][] terms(int features, int minDegree, int maxDegree, boolean interactionOnly, boolean bias) {
    List<int[]> out = new ArrayList<>();
    if (bias) {
      out.add(new int[0]);
    }
    for (int deg = Math.max(1, minDegree); deg <= maxDegree; deg++) {
      combinations(features, deg, interactionOnly, 0, new int[deg], 0, out);
    }
    return out.toArray(new int[0][]);
  }

  private static void combinations(int n, int k, boolean distinct, int from, int[] acc, int at, List<int[]> out) {
    if (at == k) {
      out.add(acc.clone());
      return;
    }
    for (int f = from; f < n; f++) {
      acc[at] = f;
      combinations(n, k, distinct, distinct ? f + 1 : f, acc, at + 1, out);
    }
  }

  /** The exponent of each input feature in each output column ({@code powers_}, int64). */
  public Tensor powers_() {
    requireFitted();
    int d = nFeaturesIn_();
    long[] p = new long[terms.length * d];
    for (int k = 0; k < terms.length; k++) {
      for (int f : terms[k]) {
        p[k * d + f]++;
      }
    }
    return Mt.tensor(NDArray.of(p, terms.length, d));
  }

  /** {@code n_output_features_}. */
  public int nOutputFeatures_() {
    requireFitted();
    return terms.length;
  }

  /** The output columns' names: "1", "x0", "x0^2", "x0 x1" ({@code get_feature_names_out}). */
  public List<String> getFeatureNamesOut() {
    requireFitted();
    List<String> in = featureNamesIn_();
    int d = nFeaturesIn_();
    List<String> names = new ArrayList<>();
    for (int[] term : terms) {
      int[] power = new int[d];
      for (int f : term) {
        power[f]++;
      }
      List<String> parts = new ArrayList<>();
      for (int f = 0; f < d; f++) {
        if (power[f] > 0) {
          String name = in != null ? in.get(f) : "x" + f;
          parts.add(power[f] == 1 ? name : name + "^" + power[f]);
        }
      }
      names.add(parts.isEmpty() ? "1" : String.join(" ", parts));
    }
    return names;
  }

  @Override
  public Tensor transform(TileableHandle x) {
    Tensor in = checkInput(x, false);
    DType dt = in.dtype();
    return Blocks.map(List.of(in), new Monomials(terms, nFeaturesIn_(), dt), new long[] {terms.length}, dt);
  }
}
