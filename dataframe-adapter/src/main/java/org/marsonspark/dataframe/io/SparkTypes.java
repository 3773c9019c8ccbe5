package org.marsonspark.dataframe.io;

import java.util.List;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.marsonspark.core.MarsException;
import org.marsonspark.core.MarsException.ErrorClass;
import org.marsonspark.dataframe.DfType;

/**
 * How Spark SQL types map to pandas dtypes and back. Reading (Spark → pandas, as Spark's own
 * {@code toPandas()} does): long, int, short, byte → int64 (float64 when the column holds a null);
 * double, float, decimal → float64 (null → NaN; decimals lose digits beyond a double's);
 * boolean → bool (object when it holds a null); string → object; timestamp → datetime64[ns] (the
 * wall-clock time in the session time zone), timestamp_ntz → datetime64[ns], date →
 * datetime64[ns] at midnight. Other types (binary, arrays, maps, structs, intervals) are refused.
 * Writing: int64 → long, float64 → double (NaN → null), bool → boolean, object and category →
 * string, datetime64[ns] → timestamp_ntz (NaT → null).
 */
public enum SparkTypes {
  INT64, INT32, INT16, INT8, FLOAT64, FLOAT32, DECIMAL, BOOL, STRING, TIMESTAMP, TIMESTAMP_NTZ, DATE;

  /** The reader for a Spark column, or a clear error naming the column and what to do. */
  public static SparkTypes of(StructField f) {
    DataType t = f.dataType();
    if (t instanceof LongType) {
      return INT64;
    }
    if (t instanceof IntegerType) {
      return INT32;
    }
    if (t instanceof ShortType) {
      return INT16;
    }
    if (t instanceof ByteType) {
      return INT8;
    }
    if (t instanceof DoubleType) {
      return FLOAT64;
    }
    if (t instanceof FloatType) {
      return FLOAT32;
    }
    if (t instanceof DecimalType) {
      return DECIMAL;
    }
    if (t instanceof BooleanType) {
      return BOOL;
    }
    if (t instanceof StringType) {
      return STRING;
    }
    if (t instanceof TimestampType) {
      return TIMESTAMP;
    }
    if (t instanceof TimestampNTZType) {
      return TIMESTAMP_NTZ;
    }
    if (t instanceof DateType) {
      return DATE;
    }
    throw new MarsException(ErrorClass.UNSUPPORTED_DTYPE, "fromSpark: column '" + f.name() + "' has Spark type "
        + t.simpleString() + ", which has no pandas dtype here; supported: long, int, short, byte, double, float, "
        + "decimal, boolean, string, timestamp, timestamp_ntz, date. Cast it (e.g. to string) or drop it first");
  }

  /** Whether a null in this Spark column changes the pandas dtype (int → float64, bool → object). */
  public boolean nullChangesDtype() {
    return this == INT64 || this == INT32 || this == INT16 || this == INT8 || this == BOOL;
  }

  /** The pandas dtype of a column of this type; {@code hasNull}: whether any value is null. */
  public DfType dtype(boolean hasNull) {
    return switch (this) {
      case INT64, INT32, INT16, INT8 -> hasNull ? DfType.FLOAT64 : DfType.INT64;
      case FLOAT64, FLOAT32, DECIMAL -> DfType.FLOAT64;
      case BOOL -> hasNull ? DfType.OBJECT : DfType.BOOL;
      case STRING -> DfType.OBJECT;
      case TIMESTAMP, TIMESTAMP_NTZ, DATE -> DfType.DATETIME;
    };
  }

  /** The Spark type a column of pandas dtype {@code d} becomes. */
  public static DataType sparkType(DfType d) {
    return switch (d) {
      case INT64 -> DataTypes.LongType;
      case FLOAT64 -> DataTypes.DoubleType;
      case BOOL -> DataTypes.BooleanType;
      case OBJECT, CATEGORY -> DataTypes.StringType;
      case DATETIME -> DataTypes.TimestampNTZType;
    };
  }

  /** The Spark schema of columns with these names and dtypes (every field nullable except int64 and bool). */
  public static StructType schema(List<String> names, List<DfType> dtypes) {
    StructField[] fields = new StructField[names.size()];
    for (int i = 0; i < fields.length; i++) {
      DfType d = dtypes.get(i);
      fields[i] = DataTypes.createStructField(names.get(i), sparkType(d), d.holdsNA());
    }
    return DataTypes.createStructType(fields);
  }
}
