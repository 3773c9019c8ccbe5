package org.marsonspark.dataframe;

import java.io.Serializable;
import java.util.function.Function;

/**
 * A user function shipped to executors ({@code Series.apply}, {@code DataFrame.apply},
 * {@code mapChunk}): a {@link Function} that is {@link Serializable}, so a lambda written where
 * this type is expected can travel inside a Spark task. It must capture only serializable values.
 */
@FunctionalInterface
public interface SerializableFunction<T, R> extends Function<T, R>, Serializable {}
