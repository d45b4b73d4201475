package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The one mapping of a PostgreSQL type to its Iceberg type. The catalog's columns ({@link ColumnFacts}) are typed
 * by it when the tables are created before the job starts, and so are Debezium's change events
 * ({@link ConnectFieldConverter} names the PostgreSQL type an event's schema carries and asks here), so a row
 * always arrives typed as its table was created; the snapshot's decoders take the type the table got.
 */
public final class PostgresTypeMapping {
  private static final int MAX_DECIMAL_PRECISION = 38;

  private PostgresTypeMapping() {}

  public static Type icebergType(ColumnFacts column) {
    return icebergType(column.baseTypeName(), column.typmod());
  }

  /**
   * @param typeName {@code pg_type.typname} once domains are resolved, qualified outside pg_catalog
   *     ({@code int4}, {@code _text}, {@code public.mood})
   * @param typmod the type modifier in force, -1 for none
   */
  public static Type icebergType(String typeName, int typmod) {
    return switch (typeName) {
      case "int2", "int4" -> Types.IntegerType.get();
      case "int8", "interval" -> Types.LongType.get();
      case "float4" -> Types.FloatType.get();
      case "float8" -> Types.DoubleType.get();
      case "bool" -> Types.BooleanType.get();
      case "numeric" -> numeric(typmod);
      case "money" -> Types.DecimalType.of(MAX_DECIMAL_PRECISION, 2);
      case "bytea", "varbit" -> Types.BinaryType.get();
      case "bit" -> typmod == 1 ? Types.BooleanType.get() : Types.BinaryType.get();
      case "date" -> Types.DateType.get();
      case "time" -> Types.TimeType.get();
      case "timestamp" -> Types.TimestampType.withoutZone();
      case "timestamptz" -> Types.TimestampType.withZone();
      default -> Types.StringType.get();
    };
  }

  /**
   * The type modifier of numeric(precision, scale), as PostgreSQL keeps it: ((p << 16) | (s & 0x7ff)) + 4, the
   * scale an 11-bit signed number (negative, or above the precision, since PostgreSQL 15).
   */
  public static int numericTypmod(int precision, int scale) {
    return ((precision << 16) | (scale & 0x7ff)) + 4;
  }

  /**
   * An Iceberg decimal where it holds every value of the numeric, else text that keeps every digit: Iceberg's
   * decimal has at most 38 digits and a scale between 0 and its precision (numeric(5,-2) holds 12300,
   * numeric(3,5) 0.00123).
   */
  private static Type numeric(int typmod) {
    if (typmod < 4) {
      return Types.StringType.get();
    }
    int precision = ((typmod - 4) >> 16) & 0xffff;
    int scale = (((typmod - 4) & 0x7ff) ^ 0x400) - 0x400;
    return precision > MAX_DECIMAL_PRECISION || scale < 0 || scale > precision ? Types.StringType.get()
        : Types.DecimalType.of(precision, scale);
  }
}
