package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.source.NumericTextConverter;
import java.util.Locale;
import java.util.Set;
import org.apache.kafka.connect.data.Schema;

/**
 * Which values arrive altered, to be read again from the source. Flink CDC's snapshot reads rows with
 * {@code ResultSet.getObject}, which gives {@code java.sql.Time} (milliseconds, no offset) for time and
 * timetz and Julian-calendar {@code java.sql.Date}/{@code Timestamp} values; on the WAL path, Debezium
 * turns every timetz into UTC (the same instant, another offset). Told by the source type Debezium
 * propagates onto each column's schema.
 */
final class AlteredValues {
  private static final Set<String> ALWAYS = Set.of("TIME", "TIMETZ", "_TIME", "_TIMETZ", "_DATE", "_TIMESTAMP",
      "_TIMESTAMPTZ");
  private static final Set<String> WHEN_EARLY = Set.of("DATE", "TIMESTAMP", "TIMESTAMPTZ");
  /** The first Gregorian year: before it, java.sql dates count in the Julian calendar. */
  private static final int GREGORIAN_YEAR = 1583;

  private AlteredValues() {}

  static boolean altered(Schema schema, Object converted, boolean snapshot) {
    if (!(converted instanceof String text) || schema.parameters() == null) {
      return false;
    }
    String type = schema.parameters().get(PostgresValueText.SOURCE_TYPE_PARAMETER);
    if (type == null) {
      return false;
    }
    type = type.toUpperCase(Locale.ROOT);
    if (!snapshot) {
      return type.equals("TIMETZ") || type.equals("_TIMETZ");
    }
    return ALWAYS.contains(type) || WHEN_EARLY.contains(type) && early(text);
  }

  /**
   * Whether a NULL in an update without its old row may be an unchanged TOASTed value: Debezium 1.9
   * marks those with a placeholder only in text and binary columns, and delivers NULL in the others
   * (arrays, hstore, numerics).
   */
  static boolean mayBeUnsentToast(Schema schema) {
    return switch (schema.type()) {
      case ARRAY, MAP, STRUCT -> true;
      default -> "org.apache.kafka.connect.data.Decimal".equals(schema.name())
          || NumericTextConverter.SCHEMA_NAME.equals(schema.name());
    };
  }

  /** Text as PostgresValueText writes dates and timestamps: {@code uuuu-MM-dd...}, BC at the end. */
  private static boolean early(String text) {
    if (text.endsWith(" BC")) {
      return true;
    }
    int dash = text.indexOf('-', 1);
    return dash > 0 && Integer.parseInt(text.substring(0, dash).replace("+", "")) < GREGORIAN_YEAR;
  }
}
