package org.marsonspark.dataframe.ops;

import java.time.LocalDateTime;
import java.time.format.TextStyle;
import java.util.Locale;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;
import org.marsonspark.dataframe.local.Column;
import org.marsonspark.dataframe.local.DatetimeColumn;
import org.marsonspark.dataframe.local.LocalSeries;

/**
 * The chunk ops of {@code Series.dt} over datetime64[ns] chunks (naive, read as UTC): a field
 * ({@link FieldOp}, float64 with NaN for NaT), the date ({@link DateOp}, object
 * {@code LocalDate}s) and {@code strftime} ({@link Strftime}, object strings, NaN for NaT).
 */
public final class DtOps {
  private DtOps() {}

  /** The fields of {@code Series.dt} that are numbers. */
  public enum Field {
    YEAR, MONTH, DAY, HOUR, MINUTE, SECOND, MICROSECOND, NANOSECOND, DAYOFWEEK, DAYOFYEAR, QUARTER;

    double of(long nanos) {
      LocalDateTime t = DatetimeColumn.toLocal(nanos);
      return switch (this) {
        case YEAR -> t.getYear();
        case MONTH -> t.getMonthValue();
        case DAY -> t.getDayOfMonth();
        case HOUR -> t.getHour();
        case MINUTE -> t.getMinute();
        case SECOND -> t.getSecond();
        case MICROSECOND -> t.getNano() / 1000;
        case NANOSECOND -> t.getNano() % 1000;
        case DAYOFWEEK -> t.getDayOfWeek().getValue() - 1;
        case DAYOFYEAR -> t.getDayOfYear();
        case QUARTER -> (t.getMonthValue() - 1) / 3 + 1;
      };
    }
  }

  public record FieldOp(Field field) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      long[] v = ((DatetimeColumn) s.values()).nanos();
      double[] r = new double[v.length];
      for (int i = 0; i < v.length; i++) {
        r[i] = v[i] == DfType.NAT ? Double.NaN : field.of(v[i]);
      }
      return s.withValues(Column.ofDoubles(r));
    }

    @Override
    public String name() {
      return "dt." + field.name().toLowerCase();
    }
  }

  public record DateOp() implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      long[] v = ((DatetimeColumn) s.values()).nanos();
      Object[] r = new Object[v.length];
      for (int i = 0; i < v.length; i++) {
        r[i] = v[i] == DfType.NAT ? null : DatetimeColumn.toLocal(v[i]).toLocalDate();
      }
      return s.withValues(Column.ofObjects(r));
    }

    @Override
    public String name() {
      return "dt.date";
    }
  }

  /** The directives {@link Strftime} knows (Python's, C locale). */
  public static final String DIRECTIVES = "YymdHIMSfjaAbBpw%";

  /** Checks a format before anything runs: every directive must be one {@link #strftime} knows. */
  public static void checkFormat(String fmt) {
    for (int i = 0; i < fmt.length(); i++) {
      if (fmt.charAt(i) == '%') {
        if (i + 1 >= fmt.length() || DIRECTIVES.indexOf(fmt.charAt(i + 1)) < 0) {
          throw new MarsException(ErrorClass.UNSUPPORTED_OPERATION, "dt.strftime: directive '"
              + fmt.substring(i, Math.min(fmt.length(), i + 2)) + "' in format '" + fmt + "' is not supported; use %"
              + String.join(" %", DIRECTIVES.split("")));
        }
        i++;
      }
    }
  }

  /** Python's {@code datetime.strftime} for the directives in {@link #DIRECTIVES}. */
  static String strftime(LocalDateTime t, String fmt) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < fmt.length(); i++) {
      char ch = fmt.charAt(i);
      if (ch != '%') {
        sb.append(ch);
        continue;
      }
      char d = fmt.charAt(++i);
      switch (d) {
        case 'Y' -> sb.append(t.getYear());
        case 'y' -> sb.append(String.format("%02d", Math.floorMod(t.getYear(), 100)));
        case 'm' -> sb.append(String.format("%02d", t.getMonthValue()));
        case 'd' -> sb.append(String.format("%02d", t.getDayOfMonth()));
        case 'H' -> sb.append(String.format("%02d", t.getHour()));
        case 'I' -> sb.append(String.format("%02d", t.getHour() % 12 == 0 ? 12 : t.getHour() % 12));
        case 'M' -> sb.append(String.format("%02d", t.getMinute()));
        case 'S' -> sb.append(String.format("%02d", t.getSecond()));
        case 'f' -> sb.append(String.format("%06d", t.getNano() / 1000));
        case 'j' -> sb.append(String.format("%03d", t.getDayOfYear()));
        case 'a' -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
        case 'A' -> sb.append(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        case 'b' -> sb.append(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
        case 'B' -> sb.append(t.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        case 'p' -> sb.append(t.getHour() < 12 ? "AM" : "PM");
        case 'w' -> sb.append(t.getDayOfWeek().getValue() % 7);
        case '%' -> sb.append('%');
        default -> throw new IllegalStateException("unchecked directive %" + d);
      }
    }
    return sb.toString();
  }

  public record Strftime(String format) implements ChunkOp {
    @Override
    public Object execute(Object[] in) {
      LocalSeries s = (LocalSeries) in[0];
      long[] v = ((DatetimeColumn) s.values()).nanos();
      Object[] r = new Object[v.length];
      for (int i = 0; i < v.length; i++) {
        r[i] = v[i] == DfType.NAT ? null : strftime(DatetimeColumn.toLocal(v[i]), format);
      }
      return s.withValues(Column.ofObjects(r));
    }

    @Override
    public String name() {
      return "dt.strftime";
    }
  }
}
