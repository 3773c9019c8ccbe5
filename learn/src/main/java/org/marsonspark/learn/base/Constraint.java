package org.marsonspark.learn.base;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What values a hyper-parameter may take (sklearn 1.2's {@code _parameter_constraints}): a
 * predicate and the words that describe it in an error ("an int in the range [1, inf)").
 */
public record Constraint(String description, Predicate<Object> test) {
  /** Whether {@code value} satisfies the constraint. */
  public boolean accepts(Object value) {
    return test.test(value);
  }

  /** Any of the given constraints. */
  public static Constraint anyOf(Constraint... cs) {
    List<Constraint> all = List.of(cs);
    return new Constraint(joinOr(all), v -> all.stream().anyMatch(c -> c.accepts(v)));
  }

  /** {@code null} (sklearn's {@code None}). */
  public static Constraint none() {
    return new Constraint("None", v -> v == null);
  }

  /** One of the given strings. */
  public static Constraint options(String... allowed) {
    List<String> list = List.of(allowed);
    String set = list.stream().map(s -> "'" + s + "'").collect(Collectors.joining(", ", "{", "}"));
    return new Constraint("a str among " + set, v -> v instanceof String s && list.contains(s));
  }

  /** A boolean. */
  public static Constraint bool() {
    return new Constraint("an instance of 'bool'", v -> v instanceof Boolean);
  }

  /** An instance of the given class. */
  public static Constraint instanceOf(Class<?> type, String description) {
    return new Constraint(description, type::isInstance);
  }

  /** An int (Integer or Long) in a range; null bounds are unbounded. */
  public static Constraint intRange(Long lo, Long hi, Closed closed) {
    return new Constraint("an int in the range " + range(lo, hi, closed),
        v -> (v instanceof Integer || v instanceof Long) && within(((Number) v).doubleValue(), lo, hi, closed));
  }

  /** A real number (any Java number but a boolean) in a range; null bounds are unbounded. */
  public static Constraint realRange(Double lo, Double hi, Closed closed) {
    return new Constraint("a float in the range " + range(lo, hi, closed),
        v -> v instanceof Number n && !Double.isNaN(n.doubleValue()) && within(n.doubleValue(), lo, hi, closed));
  }

  /** Which ends of a range belong to it. */
  public enum Closed { LEFT, RIGHT, BOTH, NEITHER }

  private static boolean within(double v, Number lo, Number hi, Closed closed) {
    boolean leftIn = closed == Closed.LEFT || closed == Closed.BOTH;
    boolean rightIn = closed == Closed.RIGHT || closed == Closed.BOTH;
    if (lo != null && (leftIn ? v < lo.doubleValue() : v <= lo.doubleValue())) {
      return false;
    }
    return hi == null || (rightIn ? v <= hi.doubleValue() : v < hi.doubleValue());
  }

  private static String range(Number lo, Number hi, Closed closed) {
    boolean leftIn = lo != null && (closed == Closed.LEFT || closed == Closed.BOTH);
    boolean rightIn = hi != null && (closed == Closed.RIGHT || closed == Closed.BOTH);
    return (leftIn ? "[" : "(") + (lo == null ? "-inf" : format(lo)) + ", " + (hi == null ? "inf" : format(hi))
        + (rightIn ? "]" : ")");
  }

  private static String format(Number n) {
    double d = n.doubleValue();
    return d == Math.rint(d) && !(n instanceof Double) ? Long.toString(n.longValue()) : String.format(Locale.ROOT, "%s", n);
  }

  private static String joinOr(List<Constraint> cs) {
    String[] d = cs.stream().map(Constraint::description).toArray(String[]::new);
    if (d.length == 1) {
      return d[0];
    }
    return String.join(", ", Arrays.copyOf(d, d.length - 1)) + " or " + d[d.length - 1];
  }
}
