package org.marsonspark.learn.datasets;

import org.marsonspark.tensor.Tensor;

/**
 * A generated data set: {@code x} (float64, rows × features), {@code y} (the targets) and, when
 * asked for, {@code extra} — the blob centres ({@code makeBlobs} with {@code returnCenters}) or
 * the true coefficients ({@code makeRegression} with {@code coef}); otherwise null. The tensors
 * are lazy: their chunks are generated on the executors when they run.
 */
public record Dataset(Tensor x, Tensor y, Tensor extra) {}
