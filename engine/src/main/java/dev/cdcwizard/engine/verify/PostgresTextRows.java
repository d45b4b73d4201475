package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.source.SourceRelation;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A PostgreSQL table, source or target, read as PostgreSQL's text of each value on a transaction that
 * fixed the settings the text depends on, so the same value reads the same on both servers. A column
 * the table lacks reads as NULL. The server folds the rows into bucket digests itself (a bucket from the
 * key's text, a row hash from a 64-bit hash of the row's text with another seed), and sends only the rows of
 * the buckets asked for: a table whose two sides are both PostgreSQL is compared without sending its rows
 * when they are equal. Both sides then use this same SQL, so they place and hash every row alike.
 */
final class PostgresTextRows implements TableRows {
  private static final int FETCH_SIZE = 10_000;
  static final String SETTINGS = "SET LOCAL TimeZone TO 'UTC'; SET LOCAL DateStyle TO 'ISO, YMD';"
      + " SET LOCAL IntervalStyle TO 'postgres'; SET LOCAL extra_float_digits TO 3; SET LOCAL bytea_output TO 'hex'";

  private final Connection transaction;
  private final TableId table;
  private final List<String> columns;
  private final int[] keyColumns;
  private String columnsText;
  private String keyText;
  private String qualified;

  /** @param transaction a REPEATABLE READ transaction, not in autocommit, that every scan reads in */
  PostgresTextRows(Connection transaction, TableId table, List<String> columns, int[] keyColumns) throws SQLException {
    this.transaction = transaction;
    this.table = table;
    this.columns = columns;
    this.keyColumns = keyColumns;
    try (Statement statement = transaction.createStatement()) {
      statement.execute(SETTINGS);
    }
  }

  @Override
  public void scan(Consumer<VerifiedRow> rows) throws SQLException {
    readColumns();
    scan("SELECT " + columnsText + ", " + bucket(TableComparison.BUCKETS) + " FROM " + qualified, null, rows);
  }

  @Override
  public void scan(BitSet buckets, int bucketCount, Consumer<VerifiedRow> rows) throws SQLException {
    readColumns();
    scan("SELECT * FROM (SELECT " + columnsText + ", " + bucket(bucketCount) + " AS verify_bucket FROM "
        + qualified + ") rows WHERE verify_bucket = ANY (?)", buckets.stream().boxed().toArray(Integer[]::new), rows);
  }

  @Override
  public boolean foldsWhereItIs() {
    return true;
  }

  @Override
  public BucketDigests digests(int buckets, BitSet sample) throws SQLException {
    readColumns();
    BucketDigests digests = new BucketDigests(buckets);
    boolean sampled = sample.cardinality() < buckets;
    // a 64-bit hash of the row's text, seeded apart from the bucket's: as good as MD5's first 64 bits for
    // telling rows apart, at a fraction of its cost (docs/benchmarks/verify.md); a sample's filter is pushed
    // into the scan, so rows outside it are not hashed
    String rowHash = "hashtextextended(ROW(" + columnsText + ")::text, 1)";
    try (PreparedStatement statement = transaction.prepareStatement("SELECT bucket, count(*), sum(row_hash)::text"
        + " FROM (SELECT " + bucket(buckets) + " AS bucket, " + rowHash + " AS row_hash FROM " + qualified + ") hashed"
        + (sampled ? " WHERE bucket = ANY (?)" : "") + " GROUP BY bucket")) {
      if (sampled) {
        statement.setArray(1, transaction.createArrayOf("int4", sample.stream().boxed().toArray(Integer[]::new)));
      }
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          digests.set(rs.getInt(1), rs.getLong(2), new BigInteger(rs.getString(3)).longValue());
        }
      }
    }
    return digests;
  }

  private void scan(String sql, Integer[] buckets, Consumer<VerifiedRow> rows) throws SQLException {
    try (PreparedStatement statement = transaction.prepareStatement(sql)) {
      statement.setFetchSize(FETCH_SIZE);
      if (buckets != null) {
        statement.setArray(1, transaction.createArrayOf("int4", buckets));
      }
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          String[] values = new String[columns.size()];
          for (int i = 0; i < values.length; i++) {
            values[i] = rs.getString(i + 1);
          }
          rows.accept(VerifiedRow.inBucket(values, keyColumns, rs.getInt(values.length + 1)));
        }
      }
    }
  }

  /** A key's bucket from its text; {@code buckets} is a power of two. */
  private String bucket(int buckets) {
    return "(hashtextextended(" + keyText + ", 0) & " + (buckets - 1) + ")::int";
  }

  /** Read once: the transaction's snapshot fixes the table's columns too. */
  private void readColumns() throws SQLException {
    if (columnsText != null) {
      return;
    }
    qualified = SourceRelation.fromClause(transaction, table);
    Set<String> present = presentColumns(qualified);
    List<String> select = new ArrayList<>();
    for (String column : columns) {
      select.add(present.contains(column) ? Identifiers.quote(column) + "::text" : "NULL::text");
    }
    List<String> key = new ArrayList<>();
    for (int column : keyColumns) {
      key.add("coalesce(" + select.get(column) + ", 'NULL')");
    }
    columnsText = String.join(", ", select);
    keyText = String.join(" || ', ' || ", key);
  }

  private Set<String> presentColumns(String qualified) throws SQLException {
    try (Statement statement = transaction.createStatement();
        ResultSet rs = statement.executeQuery("SELECT * FROM " + qualified + " LIMIT 0")) {
      Set<String> names = new HashSet<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        names.add(rs.getMetaData().getColumnName(i));
      }
      return names;
    }
  }
}
