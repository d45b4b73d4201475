package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;

/**
 * Everything the engine reads about one column from PostgreSQL's catalog, in one row of
 * {@link CatalogColumns}; each consumer (preflight, source shapes, snapshot decoding, PostgreSQL target
 * DDL, rewrite watch) takes the part it needs. Type names outside pg_catalog are schema-qualified, so a
 * user's enum named {@code int4} is never taken for the built-in type, except in {@code shownType}.
 *
 * @param tableOid the table's pg_class oid
 * @param declaredType {@code format_type(atttypid, atttypmod)} with the schema of every type outside pg_catalog:
 *     {@code numeric(12,3)}, {@code public.mood[]}
 * @param shownType {@code format_type(atttypid, atttypmod)} as the session's search path writes it, for
 *     messages: {@code mood[]} when the search path finds the type
 * @param declaredTypeName {@code pg_type.typname} of the declared type, unqualified: {@code _int4}, {@code citext}
 * @param declaredCategory {@code pg_type.typcategory} of the declared type (a domain has its base type's)
 * @param baseTypeName {@code typname} of the type left once domains are resolved, qualified outside pg_catalog
 * @param baseCategory {@code typcategory} of that type ('A' for arrays)
 * @param typmod the type modifier in force (a domain's own when the column has none), -1 for none
 * @param elementTypeName for an array of a base type (not a domain, enum or composite), its element's
 *     type name, qualified like {@code baseTypeName}; else null
 * @param enumType whether the base type is an enum
 * @param sharedTypeName whether another type, in another schema, has the name of the declared type, the
 *     base type or the array element type (pgjdbc and Debezium confuse such types)
 * @param notNullByDomain whether the declared type is a domain declared NOT NULL
 * @param keyPosition the column's 1-based position in the primary key, 0 when not part of it
 * @param toastable whether its values can be stored out of line (TOAST): a variable-length type not stored
 *     PLAIN, in a table that has a TOAST table (a partitioned table's partitions may have one)
 * @param defaultExpression {@code pg_get_expr} of the column's default, null for none or a generated column
 * @param generatedAs the expression of a stored generated column, else null
 * @param userType the schema-qualified declared type (element type for an array) when it lives outside
 *     pg_catalog (an enum, a domain, an extension's type), else null
 * @param userTypeKind {@code pg_type.typtype} of {@code userType}: e enum, d domain, c composite, r range,
 *     b base; ' ' when there is none
 * @param domainBaseType for a column of a domain, the domain's base type as {@code declaredType} writes types
 * @param catalogXmin the transaction that last wrote the column's pg_attribute row (an ALTER ... TYPE does)
 * @param serverVersion {@code server_version_num} of the server the column was read from
 * @param position the column's {@code attnum}
 */
public record ColumnFacts(long tableOid, TableName table, String name, String declaredType, String shownType,
    String declaredTypeName,
    char declaredCategory, String baseTypeName, char baseCategory, int typmod, String elementTypeName,
    boolean enumType, boolean sharedTypeName, boolean notNull, boolean notNullByDomain, int keyPosition, boolean toastable,
    String defaultExpression, String generatedAs, String userType, char userTypeKind, String domainBaseType,
    long catalogXmin, int serverVersion, int position) {

  public boolean generated() {
    return generatedAs != null;
  }
}
