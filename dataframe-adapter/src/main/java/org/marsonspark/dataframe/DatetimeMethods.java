package org.marsonspark.dataframe;

import java.util.List;
import org.marsonspark.core.ChunkOp;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.ops.Chunkwise;
import org.marsonspark.dataframe.ops.DtOps;

/**
 * pandas's {@code Series.dt} accessor ({@link Series#dt()}) for datetime64[ns] series, tiled
 * chunk by chunk; names and labels are kept. Fields are float64 with NaN for NaT (pandas gives
 * int64 when the data happen to hold no NaT; the dtype here is decided before running, so it is
 * always the NA-capable one). {@code date} gives {@code java.time.LocalDate}s (object),
 * {@code strftime} strings (object, NaN for NaT).
 */
public final class DatetimeMethods {
  private final Series s;

  DatetimeMethods(Series s) {
    if (s.dtype() != DfType.DATETIME) {
      throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "Can only use .dt accessor with datetimelike values "
          + "(datetime64[ns]), not " + s.dtype() + (s.name() == null ? "" : " (series '" + s.name() + "')")
          + "; parse strings with astype(\"datetime64[ns]\") first");
    }
    this.s = s;
  }

  private Series op(ChunkOp fn, DfType out) {
    SeriesData d = s.data();
    return Series.ofOutput(Chunkwise.series(List.of(d), fn, true, new SeriesData(-1, d.name(), out, d.index(), 0)));
  }

  private Series field(DtOps.Field f) {
    return op(new DtOps.FieldOp(f), DfType.FLOAT64);
  }

  public Series year() {
    return field(DtOps.Field.YEAR);
  }

  public Series month() {
    return field(DtOps.Field.MONTH);
  }

  public Series day() {
    return field(DtOps.Field.DAY);
  }

  public Series hour() {
    return field(DtOps.Field.HOUR);
  }

  public Series minute() {
    return field(DtOps.Field.MINUTE);
  }

  public Series second() {
    return field(DtOps.Field.SECOND);
  }

  public Series microsecond() {
    return field(DtOps.Field.MICROSECOND);
  }

  public Series nanosecond() {
    return field(DtOps.Field.NANOSECOND);
  }

  /** Monday is 0, Sunday 6. */
  public Series dayofweek() {
    return field(DtOps.Field.DAYOFWEEK);
  }

  public Series weekday() {
    return dayofweek();
  }

  /** 1 .. 366. */
  public Series dayofyear() {
    return field(DtOps.Field.DAYOFYEAR);
  }

  public Series quarter() {
    return field(DtOps.Field.QUARTER);
  }

  /** The dates ({@code java.time.LocalDate}, object dtype; NaT is NA). */
  public Series date() {
    return op(new DtOps.DateOp(), DfType.OBJECT);
  }

  /** Python's {@code strftime}: directives %Y %y %m %d %H %I %M %S %f %j %a %A %b %B %p %w %%. */
  public Series strftime(String format) {
    if (format == null) {
      throw new MarsException(ErrorClass.INVALID_ARGUMENT, "dt.strftime: parameter 'date_format' must not be null");
    }
    DtOps.checkFormat(format);
    return op(new DtOps.Strftime(format), DfType.OBJECT);
  }
}
