package org.marsonspark.dataframe;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.core.Shapes;
import org.marsonspark.dataframe.local.LocalIndex;
import org.marsonspark.dataframe.local.LocalIndexChunk;
import org.marsonspark.session.MarsSession;

/** The row labels of a DataFrame or Series as a lazy object of their own ({@code df.index}). */
public final class Index extends Executable {
  private final IndexData data;

  /** Wraps the output of an operand, already bound to it; in an eager session it runs right away. */
  public static Index ofOutput(IndexData bound) {
    if (bound.op() == null) {
      throw new IllegalArgumentException("index data " + bound + " is not the output of an operand");
    }
    return DfOp.eager(new Index(bound));
  }

  Index(IndexData data) {
    this.data = data;
  }

  @Override
  public IndexData data() {
    return data;
  }

  public IndexMeta meta() {
    return data.index();
  }

  public DfType dtype() {
    return data.index().dtype();
  }

  public String name() {
    return data.index().name();
  }

  public long length() {
    return data.nrows();
  }

  @Override
  public Index execute() {
    super.execute();
    return this;
  }

  @Override
  public Index execute(MarsSession s) {
    super.execute(s);
    return this;
  }

  public LocalIndex fetch() {
    List<LocalIndex> parts = new ArrayList<>();
    for (Object o : fetchChunks()) {
      parts.add(((LocalIndexChunk) o).index());
    }
    return LocalIndex.concat(parts);
  }

  @Override
  public String toString() {
    return isExecuted() ? fetch().toString()
        : "Index(" + data.index().kind() + ", length=" + Shapes.toString(data.shape()) + ", not executed)";
  }
}
