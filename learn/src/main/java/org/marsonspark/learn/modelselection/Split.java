package org.marsonspark.learn.modelselection;

import org.marsonspark.tensor.Tensor;

/**
 * One split of a cross-validator: the row positions (int64 tensors, ascending) of its training
 * and test rows, as sklearn's {@code split} yields them.
 */
public record Split(Tensor train, Tensor test) {}
