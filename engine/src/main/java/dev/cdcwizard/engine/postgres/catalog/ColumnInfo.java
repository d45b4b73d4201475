package dev.cdcwizard.engine.postgres.catalog;

/**
 * A column: {@code type} as PostgreSQL prints it ({@code numeric(10,2)}, {@code integer[]}),
 * {@code baseType} the type's own name ({@code numeric}, {@code _int4}) and {@code category} its
 * {@code pg_type.typcategory} letter (A array, N numeric, U user-defined, ...). {@code toastable}: its
 * values can be stored out of line (TOAST), so an UPDATE that leaves one unchanged does not send it
 * unless the table's REPLICA IDENTITY is FULL. {@code generated}: a stored generated column, which
 * pgoutput before PostgreSQL 18 does not send. {@code domainBaseType}: for a column of a domain, the type the
 * domain is based on ({@code numeric}), else null.
 */
public record ColumnInfo(String name, String type, String baseType, String category, boolean notNull,
    boolean toastable, boolean generated, String domainBaseType) {

  public ColumnInfo(String name, String type, String baseType, String category, boolean notNull, boolean toastable,
      boolean generated) {
    this(name, type, baseType, category, notNull, toastable, generated, null);
  }

  public ColumnInfo(String name, String type, String baseType, String category, boolean notNull, boolean toastable) {
    this(name, type, baseType, category, notNull, toastable, false);
  }

  /** The type its values have: a domain's own base type (one level down), else {@code type}. */
  public String valueType() {
    return domainBaseType == null ? type : domainBaseType;
  }
}
