package dev.cdcwizard.engine.postgres.catalog;

/**
 * A column: {@code type} as PostgreSQL prints it ({@code numeric(10,2)}, {@code integer[]}),
 * {@code baseType} the type's own name ({@code numeric}, {@code _int4}) and {@code category} its
 * {@code pg_type.typcategory} letter (A array, N numeric, U user-defined, ...). {@code toastable}: its
 * values can be stored out of line (TOAST), so an UPDATE that leaves one unchanged does not send it
 * unless the table's REPLICA IDENTITY is FULL. {@code generated}: a stored generated column, which
 * pgoutput before PostgreSQL 18 does not send.
 */
public record ColumnInfo(String name, String type, String baseType, String category, boolean notNull,
    boolean toastable, boolean generated) {

  public ColumnInfo(String name, String type, String baseType, String category, boolean notNull, boolean toastable) {
    this(name, type, baseType, category, notNull, toastable, false);
  }
}
