package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The jars a Flink installation needs beyond the tutorial's for the sink's catalog and storage: the
 * REST and JDBC catalogs and S3FileIO are in the Iceberg runtime, but S3FileIO needs the AWS SDK
 * (Iceberg's AWS bundle) and a JDBC catalog its database's driver.
 */
final class CatalogJars {
  static final String AWS_BUNDLE = "iceberg-aws-bundle-1.10.1.jar (org.apache.iceberg:iceberg-aws-bundle:1.10.1)";
  static final String POSTGRES_DRIVER = "postgresql-42.7.3.jar (org.postgresql:postgresql:42.7.3)";

  private CatalogJars() {}

  static List<String> of(SinkDefinition sink) {
    Map<String, String> catalog = sink.iceberg().orElseThrow().catalogProperties();
    List<String> jars = new ArrayList<>();
    if (IcebergSinkOptions.isObjectStore(catalog.get("warehouse"))) {
      jars.add(AWS_BUNDLE);
    }
    if ("jdbc".equals(catalog.getOrDefault("type", "").toLowerCase(Locale.ROOT))
        && catalog.getOrDefault("uri", "").startsWith("jdbc:postgresql:")) {
      jars.add(POSTGRES_DRIVER);
    }
    return jars;
  }

  /** Whether the storage is an S3-compatible service rather than AWS S3 itself. */
  static boolean s3Compatible(SinkDefinition sink) {
    return IcebergSinkOptions.isS3Compatible(sink.iceberg().orElseThrow().catalogProperties());
  }
}
