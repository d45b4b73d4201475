package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;

/**
 * The production set-up of an Iceberg target in the ITs: Iceberg's JDBC catalog in a database of the test's
 * PostgreSQL, its tables in a bucket of the S3-compatible server.
 */
public final class JdbcCatalogOnS3 {
  private JdbcCatalogOnS3() {}

  /** Creates {@code catalogDatabase} and returns the catalog's properties; its tables go under s3://bucket/catalogDatabase. */
  public static Map<String, String> create(EmbeddedPostgresServer postgres, S3CompatibleServer s3, String bucket,
      String catalogDatabase) throws SQLException {
    postgres.execute("postgres", "CREATE DATABASE " + catalogDatabase);
    Map<String, String> catalog = new TreeMap<>(s3.clientProperties());
    catalog.putAll(Map.of("type", "jdbc", "warehouse", "s3://" + bucket + "/" + catalogDatabase,
        "uri", "jdbc:postgresql://localhost:" + postgres.port() + "/" + catalogDatabase,
        "jdbc.user", "postgres", "jdbc.password", SampleDatabase.PASSWORD));
    return catalog;
  }

  /** {@code yaml} (the tutorial's, from {@link TutorialFixture}) with its hadoop catalog replaced by {@code catalog}. */
  public static String withCatalog(String yaml, Map<String, String> catalog) {
    StringBuilder sink = new StringBuilder();
    catalog.forEach((key, value) -> sink.append("  catalog.properties.").append(key).append(": ").append(value)
        .append('\n'));
    return yaml.replaceAll("  catalog\\.properties\\.type: hadoop\\n  catalog\\.properties\\.warehouse: .*\\n",
        Matcher.quoteReplacement(sink.toString()));
  }
}
