package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The Iceberg type of a PostgreSQL column, from its base type as the catalog names it ({@link ColumnFacts}).
 * It must agree with {@link ConnectFieldConverter}, which types the same column from Debezium's change
 * events: tables are created from this mapping before the job starts, and rows arrive typed by the other
 * ({@code SnapshotDecodingIT} holds the two side by side for every type the engine knows).
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

  /** numeric(p,s) keeps p and s in its type modifier as ((p << 16) | s) + 4, as information_schema reads it. */
  private static Type numeric(int typmod) {
    if (typmod < 4) {
      return Types.StringType.get();
    }
    int precision = ((typmod - 4) >> 16) & 0xffff;
    int scale = (typmod - 4) & 0xffff;
    return precision > MAX_DECIMAL_PRECISION ? Types.StringType.get() : Types.DecimalType.of(precision, scale);
  }
}
