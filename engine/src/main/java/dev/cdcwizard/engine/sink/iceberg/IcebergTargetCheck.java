package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.PositionOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the sink's Iceberg catalog opens and lists its namespaces, and whether its object storage
 * takes a probe object (written, then deleted) with the same properties the job will use. Asked before
 * anything is created, so a wrong endpoint, key or bucket is named instead of failing inside the job.
 */
public final class IcebergTargetCheck {
  private static final Logger LOG = LoggerFactory.getLogger(IcebergTargetCheck.class);
  private static final String PROBE_PREFIX = ".cdc-wizard-probe-";
  /** The probe is a question; the SDK's default retries with back-off would keep the answer for a minute. */
  private static final String PROBE_RETRIES = "1";

  private IcebergTargetCheck() {}

  public static void check(SinkDefinition sink) throws IcebergTargetException {
    Map<String, String> catalogProperties = sink.iceberg().orElseThrow().catalogProperties();
    Map<String, String> properties = IcebergCatalogs.effectiveProperties(catalogProperties);
    String uri = properties.getOrDefault(CatalogProperties.URI, "");
    try {
      Catalog catalog = IcebergCatalogs.loader(catalogProperties).loadCatalog();
      try {
        // a hadoop catalog's warehouse folder may not exist before its first table; only a service is asked
        if (catalog instanceof SupportsNamespaces namespaces && !(catalog instanceof HadoopCatalog)) {
          namespaces.listNamespaces();
        }
      } finally {
        closeQuietly(catalog);
      }
    } catch (RuntimeException e) {
      throw IcebergTargetFailures.catalog(e, uri);
    }
    String warehouse = properties.get(CatalogProperties.WAREHOUSE_LOCATION);
    if (IcebergSinkOptions.isObjectStore(warehouse)) {
      probe(properties, warehouse);
    }
  }

  private static void probe(Map<String, String> properties, String warehouse) throws IcebergTargetException {
    Map<String, String> probing = new HashMap<>(properties);
    probing.put("s3.retry.num-retries", PROBE_RETRIES);
    String endpoint = properties.getOrDefault(optionKey(IcebergSinkOptions.S3_ENDPOINT.key()), "AWS S3");
    String location = warehouse.replaceAll("/+$", "") + "/" + PROBE_PREFIX + UUID.randomUUID();
    try (FileIO io = CatalogUtil.loadFileIO(probing.get(CatalogProperties.FILE_IO_IMPL), probing, new Configuration())) {
      try (PositionOutputStream out = io.newOutputFile(location).createOrOverwrite()) {
        out.write("cdc-wizard".getBytes(StandardCharsets.UTF_8));
      }
      io.deleteFile(location);
    } catch (IOException | RuntimeException e) {
      throw IcebergTargetFailures.storage(e, endpoint, URI.create(warehouse.trim()).getHost());
    }
  }

  private static String optionKey(String sinkKey) {
    return sinkKey.substring(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX.length());
  }

  private static void closeQuietly(Catalog catalog) {
    if (catalog instanceof Closeable closeable) {
      try {
        closeable.close();
      } catch (IOException e) {
        LOG.debug("Closing the catalog after its check failed", e);
      }
    }
  }
}
