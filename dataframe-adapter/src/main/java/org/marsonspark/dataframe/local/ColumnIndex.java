package org.marsonspark.dataframe.local;

import org.marsonspark.dataframe.DfType;

/** An index whose labels are held in a column (int64, float64, object, datetime64[ns] or category). */
public final class ColumnIndex extends LocalIndex {
  private static final long serialVersionUID = 1L;
  private final Column labels;
  private final String name;

  ColumnIndex(Column labels, String name) {
    this.labels = labels;
    this.name = name;
  }

  @Override
  public int size() {
    return labels.size();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ColumnIndex withName(String n) {
    return new ColumnIndex(labels, n);
  }

  @Override
  public DfType dtype() {
    return labels.dtype();
  }

  @Override
  public String kind() {
    return kindOf(labels.dtype());
  }

  /** pandas 1.5's index class for labels of a dtype. */
  public static String kindOf(DfType dt) {
    return switch (dt) {
      case INT64 -> "Int64Index";
      case FLOAT64 -> "Float64Index";
      case DATETIME -> "DatetimeIndex";
      case CATEGORY -> "CategoricalIndex";
      default -> "Index";
    };
  }

  @Override
  public Object label(int i) {
    return labels.get(i);
  }

  @Override
  public Column values() {
    return labels;
  }

  @Override
  public LocalIndex slice(int from, int to) {
    return new ColumnIndex(labels.slice(from, to), name);
  }

  @Override
  public LocalIndex take(int[] positions) {
    return new ColumnIndex(labels.take(positions), name);
  }

  @Override
  public long nbytes() {
    return labels.nbytes();
  }
}
