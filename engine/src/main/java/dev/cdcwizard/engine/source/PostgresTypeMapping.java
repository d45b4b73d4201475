package dev.cdcwizard.engine.source;

import java.util.Locale;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The Iceberg type of a PostgreSQL column, read from {@code information_schema.columns}. It must agree
 * with {@link ConnectFieldConverter}, which types the same column from Debezium's change events: tables
 * are created from this mapping before the job starts, and rows arrive typed by the other.
 */
public final class PostgresTypeMapping {
  private static final int MAX_DECIMAL_PRECISION = 38;

  private PostgresTypeMapping() {}

  /**
   * @param dataType information_schema's data_type, e.g. {@code character varying}
   * @param precision numeric_precision, null when the column has none
   * @param scale numeric_scale, null when the column has none
   * @param length character_maximum_length (for bit), null when none
   */
  public static Type icebergType(String dataType, Integer precision, Integer scale, Integer length) {
    return switch (dataType.toLowerCase(Locale.ROOT)) {
      case "smallint", "integer" -> Types.IntegerType.get();
      case "bigint", "interval" -> Types.LongType.get();
      case "real" -> Types.FloatType.get();
      case "double precision" -> Types.DoubleType.get();
      case "boolean" -> Types.BooleanType.get();
      case "numeric" -> precision == null || precision > MAX_DECIMAL_PRECISION
          ? Types.StringType.get()
          : Types.DecimalType.of(precision, scale == null ? 0 : scale);
      case "money" -> Types.DecimalType.of(MAX_DECIMAL_PRECISION, 2);
      case "bytea", "bit varying" -> Types.BinaryType.get();
      case "bit" -> length != null && length == 1 ? Types.BooleanType.get() : Types.BinaryType.get();
      case "date" -> Types.DateType.get();
      case "time without time zone" -> Types.TimeType.get();
      case "timestamp without time zone" -> Types.TimestampType.withoutZone();
      case "timestamp with time zone" -> Types.TimestampType.withZone();
      default -> Types.StringType.get();
    };
  }
}
