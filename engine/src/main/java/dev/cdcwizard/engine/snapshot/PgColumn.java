package dev.cdcwizard.engine.snapshot;

import java.io.Serializable;

/**
 * What the catalog says about one column, as far as decoding its COPY output needs: the type after
 * domains are resolved to their base type (the type whose output Debezium converts) and the type
 * modifier in force (a domain's own, when the column has none). Serializable, so that a Flink function can
 * carry a table's columns and build its {@link RowDecoder} where it runs.
 *
 * @param name the column name
 * @param declaredType {@code format_type(atttypid, atttypmod)}, e.g. {@code numeric(12,3)} or the domain's name
 * @param typeName {@code pg_type.typname} of the base type, schema-qualified outside pg_catalog: {@code int4},
 *     {@code _text}, {@code public.mood}
 * @param category {@code pg_type.typcategory} of the base type ('A' for arrays)
 * @param typmod the type modifier, -1 for none
 * @param elementTypeName for an array of a base type (not a domain, enum or composite), the element's type
 *     name, qualified like {@code typeName}; else null
 * @param enumType whether the base type is an enum
 * @param sharedTypeName whether another type, in another schema, has the name of the column's declared type,
 *     base type or array element type
 * @param serverVersion {@code server_version_num} of the server the column was read from
 */
public record PgColumn(String name, String declaredType, String typeName, char category, int typmod,
    String elementTypeName, boolean enumType, boolean sharedTypeName, int serverVersion) implements Serializable {

  /** The column and its type, for messages: {@code amount (numeric(10,2))}. */
  public String describe() {
    return name + " (" + declaredType + ")";
  }
}
