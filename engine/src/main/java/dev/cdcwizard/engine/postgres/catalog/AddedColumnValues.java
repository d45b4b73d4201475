package dev.cdcwizard.engine.postgres.catalog;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * What the rows a table held when a column was added hold in that column, which logical decoding never
 * sends: PostgreSQL 11+ stores a non-volatile default's value once ({@code attmissingval}) and leaves the
 * rows alone. A volatile default ({@code random()}, a sequence) rewrites the table with values of their
 * own, and so does any later rewrite (VACUUM FULL, ALTER COLUMN TYPE), which also clears the stored value;
 * then the catalog keeps only the default, and what the rows got cannot be told. A table keeps the file
 * it was created with ({@code relfilenode = oid}) until its first rewrite or TRUNCATE: while it does, a
 * default without a stored value was set after the column came, and the rows got NULL.
 */
public final class AddedColumnValues {
  private static final String SQL = """
      SELECT a.attname, a.atthasmissing, quote_literal((a.attmissingval::text::text[])[1]),
             pg_get_expr(d.adbin, d.adrelid), c.relfilenode = c.oid
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped AND a.attname = ANY (?)
      """;

  private AddedColumnValues() {}

  /**
   * @param quotedTable the table as {@code "schema"."table"}
   * @return per column that still exists, what its rows from before the column got; a column dropped
   *     meanwhile is left out
   */
  public static Map<String, ExistingValue> read(Connection connection, String quotedTable, Collection<String> columns)
      throws SQLException {
    Map<String, ExistingValue> values = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(SQL)) {
      statement.setString(1, quotedTable);
      statement.setArray(2, connection.createArrayOf("text", columns.toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          String defaultExpression = rs.getString(4);
          boolean neverRewritten = rs.getBoolean(5);
          values.put(rs.getString(1), rs.getBoolean(2) ? ExistingValue.constant(rs.getString(3), defaultExpression)
              : defaultExpression == null || neverRewritten ? ExistingValue.NULL : ExistingValue.unknown(defaultExpression));
        }
      }
    }
    return values;
  }

  /**
   * @param literal for {@link Kind#CONSTANT}, the value as a quoted SQL literal ({@code 'eu'}, {@code '5'})
   * @param defaultExpression the column's default now, or null
   */
  public record ExistingValue(Kind kind, String literal, String defaultExpression) {
    public static final ExistingValue NULL = new ExistingValue(Kind.NULL, null, null);

    static ExistingValue constant(String literal, String defaultExpression) {
      return new ExistingValue(Kind.CONSTANT, literal, defaultExpression);
    }

    static ExistingValue unknown(String defaultExpression) {
      return new ExistingValue(Kind.UNKNOWN, null, defaultExpression);
    }
  }

  public enum Kind {
    /** The rows got NULL: the column came without a default. */
    NULL,
    /** The rows got one value, {@link ExistingValue#literal}. */
    CONSTANT,
    /**
     * The column has a default but no stored value, and the table was rewritten or truncated since it was
     * created: a volatile default gave each row its own, a rewrite cleared the stored one, or the default
     * was set after the column came with NULL; no telling which.
     */
    UNKNOWN
  }
}
