package org.marsonspark.learn.base;

import java.util.ArrayList;
import java.util.List;
import org.marsonspark.tensor.Mt;
import org.marsonspark.tensor.Tensor;

/**
 * The data of one fit, executed once and held in the executors while the fit runs its jobs over
 * it; what the fit itself executed is released when it ends, what the caller had executed stays.
 */
public final class HeldData implements AutoCloseable {
  private final List<Tensor> ranHere = new ArrayList<>();

  private HeldData(List<Tensor> tensors) {
    List<Tensor> toRun = new ArrayList<>();
    for (Tensor t : tensors) {
      if (t != null && !t.isExecuted() && !toRun.contains(t)) {
        toRun.add(t);
      }
    }
    if (!toRun.isEmpty()) {
      Mt.execute(toRun.toArray(new Tensor[0]));
      ranHere.addAll(toRun);
    }
  }

  /** Executes the tensors not yet executed (nulls are skipped), in one execution. */
  public static HeldData of(Tensor... tensors) {
    return new HeldData(java.util.Arrays.stream(tensors).filter(t -> t != null).toList());
  }

  @Override
  public void close() {
    ranHere.forEach(Tensor::release);
  }
}
