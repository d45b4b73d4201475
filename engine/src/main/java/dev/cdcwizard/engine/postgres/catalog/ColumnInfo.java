package dev.cdcwizard.engine.postgres.catalog;

/**
 * A column: {@code type} as PostgreSQL prints it ({@code numeric(10,2)}, {@code integer[]}),
 * {@code baseType} the type's own name ({@code numeric}, {@code _int4}) and {@code category} its
 * {@code pg_type.typcategory} letter (A array, N numeric, U user-defined, ...).
 */
public record ColumnInfo(String name, String type, String baseType, String category, boolean notNull) {}
