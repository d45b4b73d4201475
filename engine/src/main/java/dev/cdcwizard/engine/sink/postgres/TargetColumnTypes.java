package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.message.UserMessage;
import java.util.Set;

/**
 * The type a target column gets for a source column: the same type, written as the source's catalog
 * writes it, when the target database has it; a domain missing on the target becomes its base type,
 * any other type missing there (an enum, an extension's type) becomes text, with a note saying so.
 */
final class TargetColumnTypes {
  private TargetColumnTypes() {}

  /**
   * @param where the column as its note names it: {@code schema.table.column}
   * @param userTypesOnTarget the user types ({@link CatalogColumn#userType()}) the target database has
   */
  static PlannedColumn plan(String where, CatalogColumn source, Set<String> userTypesOnTarget) {
    if (source.userType() == null || userTypesOnTarget.contains(source.userType())) {
      return new PlannedColumn(source.name(), source.type(), source.notNull(), null, source.constantDefault(),
          source.generatedAs());
    }
    String array = source.isArray() ? "[]" : "";
    if (source.userTypeKind() == 'd' && source.domainBaseType() != null && !source.domainBaseType().contains(".")) {
      return new PlannedColumn(source.name(), source.domainBaseType() + array, source.notNull(),
          UserMessage.of(TargetPlanMessage.DOMAIN_AS_BASE_TYPE, where, source.userType(), source.domainBaseType()),
          null, source.generatedAs());
    }
    return new PlannedColumn(source.name(), "text" + array, source.notNull(),
        UserMessage.of(source.userTypeKind() == 'e' ? TargetPlanMessage.ENUM_AS_TEXT : TargetPlanMessage.TYPE_AS_TEXT,
            where, source.userType()), null, source.generatedAs());
  }

  /**
   * A column of a target table to create or add.
   *
   * @param constantDefault the source's literal default, for a column added to a table with rows
   * @param generatedAs the source's expression of a stored generated column
   */
  record PlannedColumn(String name, String type, boolean notNull, UserMessage note, String constantDefault,
      String generatedAs) {
    PlannedColumn(String name, String type, boolean notNull, UserMessage note) {
      this(name, type, notNull, note, null, null);
    }

    /**
     * {@code "name" type [DEFAULT literal]}: the source's literal default goes along, so that ADD COLUMN
     * gives the rows already in the target the value the source's rows got without a change event.
     */
    String addedDefinition() {
      return definition() + (generatedAs != null ? " GENERATED ALWAYS AS (" + generatedAs + ") STORED"
          : constantDefault == null ? "" : " DEFAULT " + constantDefault);
    }

    /** {@code "name" type}. */
    String definition() {
      return quote(name) + " " + type;
    }
  }
}
