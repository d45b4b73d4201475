package dev.cdcwizard.engine.sink.postgres;

import java.io.Serializable;

/**
 * A column as PostgreSQL's catalog describes it.
 *
 * @param type {@code format_type(atttypid, atttypmod)} read with only pg_catalog on the search path, so
 *     that every type outside pg_catalog is schema-qualified: {@code numeric(12,3)}, {@code public.mood[]}
 * @param userType the schema-qualified type (element type for an array) when it lives outside pg_catalog
 *     (an enum, a domain, an extension's type), else null
 * @param userTypeKind pg_type.typtype of that type: e enum, d domain, c composite, r range, b base
 * @param domainBaseType for a domain, its base type as {@link #type} writes types; else null
 */
public record CatalogColumn(String name, String type, boolean notNull, String userType, char userTypeKind,
    String domainBaseType) implements Serializable {

  public boolean isArray() {
    return type.endsWith("[]");
  }
}
