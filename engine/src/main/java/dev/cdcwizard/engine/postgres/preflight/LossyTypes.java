package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Column types that do not reach Iceberg unchanged, from what trials of the Postgres CDC source and
 * the Iceberg Flink writer showed (docs: STACK.md "Value conversion pitfalls").
 */
final class LossyTypes {
  private static final Pattern NUMERIC_PRECISION = Pattern.compile("numeric\\((\\d+)(?:,(-?\\d+))?\\)");
  private static final Pattern TIME_PRECISION = Pattern.compile("time\\((\\d)\\) without time zone");
  private static final Pattern TIME_WITH_ZONE = Pattern.compile("time(\\(\\d\\))? with time zone");
  /** pg_type.typcategory letters: geometric, network, bit string, range, user-defined, composite. */
  private static final Set<String> UNMAPPED_CATEGORIES = Set.of("G", "I", "V", "R", "U", "C");
  /** Types of those categories that do map cleanly, as text. */
  private static final Set<String> TEXT_LIKE = Set.of("inet", "cidr", "macaddr", "macaddr8", "citext", "json", "jsonb", "xml");

  private LossyTypes() {}

  /** What gets lost and how to avoid it; {@code fixNote} (null for none) ends the fix's line. */
  record Loss(PostgresMessage message, String fixTemplate, PostgresMessage fixNote) {
    FixSql fix(TableName table, ColumnInfo column) {
      FixSql fix = FixSql.sql(fixTemplate
          .replace("<table>", table.quoted())
          .replace("<column>", Identifiers.quote(column.name())));
      return fixNote == null ? fix : fix.noteAtEnd(fixNote);
    }
  }

  static Optional<Loss> lossOf(ColumnInfo column) {
    // a domain's values are its base type's, and so is what Iceberg makes of them
    String type = column.valueType();
    if ("A".equals(column.category())) {
      return loss(PostgresMessage.COLUMN_TYPE_ARRAY, "");
    }
    if (type.equals("numeric")) {
      return Optional.of(new Loss(PostgresMessage.COLUMN_TYPE_NUMERIC_UNBOUNDED,
          "-- ALTER TABLE <table> ALTER COLUMN <column> TYPE numeric(38, 10);",
          PostgresMessage.FIX_ONLY_IF_VALUES_FIT));
    }
    Matcher numeric = NUMERIC_PRECISION.matcher(type);
    if (numeric.matches()) {
      NumericModifier declared = new NumericModifier(Integer.parseInt(numeric.group(1)),
          numeric.group(2) == null ? 0 : Integer.parseInt(numeric.group(2)));
      if (!declared.fitsDecimal()) {
        return loss(declared.precision() > NumericModifier.MAX_DECIMAL_PRECISION
            ? PostgresMessage.COLUMN_TYPE_NUMERIC_TOO_PRECISE : PostgresMessage.COLUMN_TYPE_NUMERIC_SCALE, "");
      }
    }
    if (type.equals("money")) {
      return loss(PostgresMessage.COLUMN_TYPE_MONEY,
          "-- ALTER TABLE <table> ALTER COLUMN <column> TYPE numeric(19, 2);");
    }
    if (type.equals("uuid")) {
      return loss(PostgresMessage.COLUMN_TYPE_UUID, "");
    }
    if (TIME_WITH_ZONE.matcher(type).matches()) {
      return loss(PostgresMessage.COLUMN_TYPE_TIME_WITH_ZONE, "");
    }
    if (isSubMillisecondTime(type)) {
      return loss(PostgresMessage.COLUMN_TYPE_TIME_PRECISION, "");
    }
    if (type.startsWith("interval")) {
      return loss(PostgresMessage.COLUMN_TYPE_INTERVAL, "");
    }
    if (UNMAPPED_CATEGORIES.contains(column.category()) && !TEXT_LIKE.contains(column.baseType())) {
      return loss(PostgresMessage.COLUMN_TYPE_UNMAPPED, "");
    }
    return Optional.empty();
  }

  /** A time keeps microseconds (precision 6 unless declared); the Iceberg writer keeps milliseconds. */
  private static boolean isSubMillisecondTime(String type) {
    if (type.equals("time without time zone")) {
      return true;
    }
    Matcher time = TIME_PRECISION.matcher(type);
    return time.matches() && Integer.parseInt(time.group(1)) > 3;
  }

  private static Optional<Loss> loss(PostgresMessage message, String fixTemplate) {
    return Optional.of(new Loss(message, fixTemplate, null));
  }
}
