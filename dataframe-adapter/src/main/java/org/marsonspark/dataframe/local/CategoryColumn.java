package org.marsonspark.dataframe.local;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.marsonspark.dataframe.DfType;

/**
 * A category column: int codes into a list of string categories, -1 for NA (unordered). Chunks
 * of one column may each hold their own categories; the column's categories are their sorted
 * union (what pandas's {@code astype("category")} of the whole column gives), which
 * {@link Column#concat} builds.
 */
public final class CategoryColumn extends Column {
  private static final long serialVersionUID = 1L;
  private final int[] codes;
  private final String[] categories;

  CategoryColumn(int[] codes, String[] categories) {
    this.codes = codes;
    this.categories = categories;
  }

  static CategoryColumn fromValues(Object[] values) {
    TreeSet<String> cats = new TreeSet<>(PyOrder.STRINGS);
    for (Object v : values) {
      if (v != null) {
        cats.add(v.toString());
      }
    }
    String[] categories = cats.toArray(new String[0]);
    Map<String, Integer> code = new HashMap<>();
    for (int i = 0; i < categories.length; i++) {
      code.put(categories[i], i);
    }
    int[] codes = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      codes[i] = values[i] == null ? -1 : code.get(values[i].toString());
    }
    return new CategoryColumn(codes, categories);
  }

  public int[] codes() {
    return codes;
  }

  public String[] categories() {
    return categories;
  }

  @Override
  public DfType dtype() {
    return DfType.CATEGORY;
  }

  @Override
  public int size() {
    return codes.length;
  }

  @Override
  public boolean isNA(int i) {
    return codes[i] < 0;
  }

  @Override
  public Object get(int i) {
    return codes[i] < 0 ? null : categories[codes[i]];
  }

  @Override
  public Column take(int[] at) {
    int[] out = new int[at.length];
    for (int i = 0; i < at.length; i++) {
      out[i] = at[i] < 0 ? -1 : codes[at[i]];
    }
    return new CategoryColumn(out, categories);
  }

  @Override
  public Column slice(int from, int to) {
    return new CategoryColumn(Arrays.copyOfRange(codes, from, to), categories);
  }

  @Override
  public long nbytes() {
    long n = 16L + 4L * codes.length;
    for (String c : categories) {
      n += 40L + c.length();
    }
    return n;
  }

  static Column concatCategories(List<Column> parts) {
    TreeSet<String> all = new TreeSet<>(PyOrder.STRINGS);
    int n = 0;
    for (Column c : parts) {
      all.addAll(Arrays.asList(((CategoryColumn) c).categories));
      n += c.size();
    }
    String[] cats = all.toArray(new String[0]);
    Map<String, Integer> code = new HashMap<>();
    for (int i = 0; i < cats.length; i++) {
      code.put(cats[i], i);
    }
    int[] out = new int[n];
    int at = 0;
    for (Column c : parts) {
      CategoryColumn cc = (CategoryColumn) c;
      int[] map = new int[cc.categories.length];
      for (int i = 0; i < map.length; i++) {
        map[i] = code.get(cc.categories[i]);
      }
      for (int k : cc.codes) {
        out[at++] = k < 0 ? -1 : map[k];
      }
    }
    return new CategoryColumn(out, cats);
  }
}
