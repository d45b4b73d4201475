package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The one mapping of a PostgreSQL type to its Iceberg type. The catalog's columns ({@link ColumnFacts}) are typed
 * by it when the tables are created before the job starts, and so are Debezium's change events
 * ({@link ConnectFieldConverter} names the PostgreSQL type an event's schema carries and asks here), so a row
 * always arrives typed as its table was created; the snapshot's decoders take the type the table got.
 */
public final class PostgresTypeMapping {
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
      case "money" -> Types.DecimalType.of(NumericModifier.MAX_DECIMAL_PRECISION, 2);
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
   * An Iceberg decimal where it holds every value of the numeric, else text that keeps every digit
   * (numeric(5,-2) holds 12300, numeric(3,5) 0.00123).
   */
  private static Type numeric(int typmod) {
    return NumericModifier.of(typmod).filter(NumericModifier::fitsDecimal)
        .<Type>map(declared -> Types.DecimalType.of(declared.precision(), declared.scale()))
        .orElse(Types.StringType.get());
  }
}
