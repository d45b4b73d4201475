package dev.cdcwizard.engine.sink.postgres;

import java.io.Serializable;
import java.util.regex.Pattern;

/**
 * A column as PostgreSQL's catalog describes it.
 *
 * @param type {@code format_type(atttypid, atttypmod)} read with only pg_catalog on the search path, so
 *     that every type outside pg_catalog is schema-qualified: {@code numeric(12,3)}, {@code public.mood[]}
 * @param userType the schema-qualified type (element type for an array) when it lives outside pg_catalog
 *     (an enum, a domain, an extension's type), else null
 * @param userTypeKind pg_type.typtype of that type: e enum, d domain, c composite, r range, b base
 * @param domainBaseType for a domain, its base type as {@link #type} writes types; else null
 * @param constantDefault the column's default when it is a literal ({@code 'NEW'::text}, {@code 0},
 *     {@code true}), else null: an added column's existing rows hold it without a change event
 * @param generatedAs the expression of a stored generated column, else null: pgoutput does not send
 *     such columns, so the target computes them itself and the sink never writes them
 */
public record CatalogColumn(String name, String type, boolean notNull, String userType, char userTypeKind,
    String domainBaseType, String constantDefault, String generatedAs) implements Serializable {
  private static final Pattern LITERAL =
      Pattern.compile("('(?:[^']|'')*'|-?\\d+(?:\\.\\d+)?|true|false)(?:::[A-Za-z0-9_ .\"\\[\\]()]+)?");

  public CatalogColumn(String name, String type, boolean notNull, String userType, char userTypeKind,
      String domainBaseType) {
    this(name, type, notNull, userType, userTypeKind, domainBaseType, null, null);
  }

  /** The default expression, kept only when it is a literal. */
  static String literalOnly(String defaultExpression) {
    return defaultExpression != null && LITERAL.matcher(defaultExpression).matches() ? defaultExpression : null;
  }

  public boolean isArray() {
    return type.endsWith("[]");
  }
}
