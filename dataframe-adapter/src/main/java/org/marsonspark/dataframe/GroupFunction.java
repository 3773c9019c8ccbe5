package org.marsonspark.dataframe;

import java.io.Serializable;
import org.marsonspark.dataframe.local.LocalFrame;

/**
 * A function over one group's rows, for {@code groupby(...).apply} and {@code transform}: it
 * receives the group as a {@link LocalFrame} (rows in their original order, with their labels)
 * and returns a frame. It runs on executors, so it must be serializable (a lambda assigned to
 * this type is) and must not use driver-side objects such as sessions or DataFrames.
 */
@FunctionalInterface
public interface GroupFunction extends Serializable {
  LocalFrame apply(LocalFrame group);
}
