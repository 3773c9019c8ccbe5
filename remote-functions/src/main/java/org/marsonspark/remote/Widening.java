package org.marsonspark.remote;

import java.util.List;
import java.util.function.Supplier;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;

/**
 * Matches an argument to the parameter type of the function it is passed to: numbers are
 * widened as Java widens primitives ({@code 10} passed to a {@code long} parameter becomes
 * {@code 10L}); anything else must already be an instance of the type.
 */
final class Widening {
  private static final List<Class<?>> NUMBERS =
      List.of(Byte.class, Short.class, Integer.class, Long.class, Float.class, Double.class);

  private Widening() {}

  static Object adapt(Object value, Class<?> type, Supplier<String> what) {
    if (value == null || type.isInstance(value)) {
      return value;
    }
    int from = NUMBERS.indexOf(value.getClass());
    int to = NUMBERS.indexOf(type);
    if (from >= 0 && to > from) {
      Number n = (Number) value;
      return switch (to) {
        case 1 -> n.shortValue();
        case 2 -> n.intValue();
        case 3 -> n.longValue();
        case 4 -> n.floatValue();
        default -> n.doubleValue();
      };
    }
    throw new MarsException(ErrorClass.INVALID_ARGUMENT, what.get() + " must be a " + type.getName() + ", got a "
        + value.getClass().getName());
  }
}
