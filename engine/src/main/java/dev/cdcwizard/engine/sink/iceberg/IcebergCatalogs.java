package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.slf4j.LoggerFactory;

/**
 * Catalog loaders from a sink's {@code catalog.properties.*}, as Flink CDC's Iceberg sink reads them: the
 * one place the sink, the engine's snapshot, the preview, the row-count check and table maintenance get
 * their catalog from. An {@code s3://} or {@code s3a://} warehouse without an {@code io-impl} gets
 * Iceberg's S3FileIO, which takes endpoint, region, path style and keys from the {@code s3.*} and
 * {@code client.*} properties or else from the AWS default chain (environment, profile, web identity). A hadoop
 * catalog commits under a lock held across processes ({@link FileCommitLock}).
 */
public final class IcebergCatalogs {
  static final String CATALOG_NAME = "cdc_wizard";

  private static final Map<String, String> IMPLEMENTATIONS = Map.of(
      "hadoop", "org.apache.iceberg.hadoop.HadoopCatalog",
      "hive", "org.apache.iceberg.hive.HiveCatalog",
      "rest", "org.apache.iceberg.rest.RESTCatalog",
      "jdbc", "org.apache.iceberg.jdbc.JdbcCatalog",
      "glue", "org.apache.iceberg.aws.glue.GlueCatalog",
      "nessie", "org.apache.iceberg.nessie.NessieCatalog");

  /** Iceberg's file IO for S3; its class is in the Iceberg runtime, the AWS SDK beside it. */
  public static final String S3_FILE_IO = "org.apache.iceberg.aws.s3.S3FileIO";

  private IcebergCatalogs() {}

  public static CatalogLoader loader(Map<String, String> catalogProperties) {
    Map<String, String> properties = effectiveProperties(catalogProperties);
    String impl = properties.remove(CatalogProperties.CATALOG_IMPL);
    String type = properties.remove("type");
    if (impl == null) {
      impl = type == null ? null : IMPLEMENTATIONS.get(type.toLowerCase(Locale.ROOT));
      if (impl == null) {
        throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_TYPE.key(),
            PipelineMessage.YAML_CATALOG_UNSUPPORTED, type, String.join(", ", new java.util.TreeSet<>(IMPLEMENTATIONS.keySet())));
      }
    }
    if (IMPLEMENTATIONS.get("hadoop").equals(impl)) {
      properties.putIfAbsent(CatalogProperties.LOCK_IMPL, FileCommitLock.class.getName());
    }
    CatalogLoader loader = CatalogLoader.custom(CATALOG_NAME, properties, new Configuration(), impl);
    return IMPLEMENTATIONS.get("jdbc").equals(impl) ? DriverRegisteringCatalogLoader.around(loader) : loader;
  }

  /** The catalog properties as the engine passes them to Iceberg: the sink's, plus the S3 file IO it implies. */
  public static Map<String, String> effectiveProperties(Map<String, String> catalogProperties) {
    Map<String, String> properties = new HashMap<>(catalogProperties);
    if (IcebergSinkOptions.isObjectStore(properties.get(CatalogProperties.WAREHOUSE_LOCATION))) {
      properties.putIfAbsent(CatalogProperties.FILE_IO_IMPL, S3_FILE_IO);
    }
    return properties;
  }

  /** Closes a catalog that holds resources (a JDBC pool, an HTTP client); a failure to close is only logged. */
  public static void closeQuietly(Catalog catalog) {
    if (catalog instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        LoggerFactory.getLogger(IcebergCatalogs.class).debug("Closing the Iceberg catalog failed", e);
      }
    }
  }

  /** The catalog of a prepared pipeline's Iceberg target. */
  public static CatalogLoader loader(PreparedPipeline prepared) {
    return loader(prepared.definition());
  }

  /** The catalog of a pipeline's Iceberg target; the pipeline must write to Iceberg. */
  public static CatalogLoader loader(PipelineDefinition definition) {
    return loader(definition.sink().iceberg().orElseThrow().catalogProperties());
  }

  /** A target written as in sink-table, {@code namespace.table}, as an Iceberg identifier. */
  public static TableIdentifier identifier(String target) {
    return TableIdentifier.parse(target);
  }

  public static TableIdentifier identifier(TargetTable target) {
    return identifier(target.name());
  }

  public static List<TargetTable> targetTables(List<TableIdentifier> identifiers) {
    return identifiers.stream().map(identifier -> new TargetTable(identifier.toString())).toList();
  }
}
