package dev.cdcwizard.engine.config;

import static dev.cdcwizard.engine.config.ConfigOption.notApplied;
import static dev.cdcwizard.engine.config.ConfigOption.optional;
import static dev.cdcwizard.engine.config.ConfigOption.required;
import static dev.cdcwizard.engine.config.ConfigOption.withDefault;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The keys of a {@code sink} of type {@code iceberg}, as Flink CDC's Iceberg pipeline connector reads them. */
public final class IcebergSinkOptions {
  public static final String TYPE_VALUE = "iceberg";
  /** Iceberg catalog properties with the prefix removed: type, warehouse, uri, io-impl, ... */
  public static final String CATALOG_PROPERTIES_PREFIX = "catalog.properties.";
  /** Properties of the tables the sink creates, e.g. {@code table.properties.format-version}. */
  public static final String TABLE_PROPERTIES_PREFIX = "table.properties.";

  public static final ConfigOption<String> TYPE =
      required("type", String.class, "The connector: iceberg.");
  public static final ConfigOption<String> NAME =
      optional("name", String.class, "A name for the sink; accepted for flink-cdc.sh.");
  public static final ConfigOption<String> CATALOG_TYPE = optional(
      CATALOG_PROPERTIES_PREFIX + "type", String.class, "Iceberg catalog type: hadoop (a folder), jdbc (tables in a database), rest (a catalog service).");
  public static final ConfigOption<String> CATALOG_WAREHOUSE = optional(
      CATALOG_PROPERTIES_PREFIX + "warehouse", String.class,
      "Warehouse location, e.g. file:///data/warehouse or s3://bucket/warehouse.");
  public static final ConfigOption<String> CATALOG_URI = optional(
      CATALOG_PROPERTIES_PREFIX + "uri", String.class, "Catalog URI: the REST service's http(s) URL, or the JDBC URL of the catalog's database.");
  public static final ConfigOption<String> S3_ENDPOINT = optional(
      CATALOG_PROPERTIES_PREFIX + "s3.endpoint", String.class,
      "URL of an S3-compatible service (MinIO, Ceph, ...); AWS S3 itself when absent.");
  /**
   * The one Iceberg format version the engine writes: version 1 has no row-level deletes, and version 3
   * takes position deletes only as deletion vectors, which Iceberg 1.10's Flink writer does not write (its
   * commit fails "Must use DVs for position deletes in V3" at the first update of a key within a checkpoint).
   */
  public static final int WRITTEN_FORMAT_VERSION = 2;
  public static final ConfigOption<String> FORMAT_VERSION = optional(
      TABLE_PROPERTIES_PREFIX + "format-version", String.class,
      "Iceberg table format version of the tables the pipeline creates: 2, the one version the engine writes.");
  public static final ConfigOption<String> PARTITION_KEY = optional("partition.key", String.class,
      "Partition columns per table: schema.table:col1,col2;schema.table2:col. Unpartitioned if absent.");

  public static final ConfigOption<Boolean> COMPACTION_ENABLED = withDefault("sink.compaction.enabled", Boolean.class,
      false, "Compacts each table (its data files rewritten with every delete applied) every"
          + " sink.compaction.commit.interval commits of the pipeline, while it streams, wherever the job runs: in"
          + " this process or on a Flink cluster.");
  public static final ConfigOption<Integer> COMPACTION_COMMIT_INTERVAL = withDefault(
      "sink.compaction.commit.interval", Integer.class, 10, "The pipeline's commits of a table between two of its"
          + " compactions.").atLeast(1);
  public static final ConfigOption<Integer> COMPACTION_DELETE_PERCENT = withDefault(
      "sink.compaction.delete-percent", Integer.class, 0, "Compacts a table only once the rows its delete files"
          + " remove reach this percentage of its rows (the whole table), or it holds 100 more data files than its size needs (its"
          + " small files, their deletes applied), and then"
          + " at most every sink.compaction.commit.interval commits: a large table is rewritten when its deletes slow"
          + " its reads, not every few commits. 0 compacts every sink.compaction.commit.interval commits.").between(0, 100).engineOnly();

  public static final ConfigOption<Duration> COMPACTION_ORPHAN_FILES_OLDER_THAN = withDefault(
      "sink.compaction.orphan-files.older-than", Duration.class, Duration.ofDays(3), "With sink.compaction.enabled,"
          + " once a day deletes the files under each table's location that no snapshot names (what a killed job or"
          + " a failed commit left) once they are older than this; 0s keeps them.").engineOnly();

  /** The keys that are not under one of the property prefixes. */
  public static final List<ConfigOption<?>> ALL = List.of(TYPE, NAME, PARTITION_KEY, COMPACTION_ENABLED,
      COMPACTION_COMMIT_INTERVAL, COMPACTION_DELETE_PERCENT, COMPACTION_ORPHAN_FILES_OLDER_THAN);

  /**
   * Keys flink-cdc.sh's Iceberg sink (and every pipeline sink) accepts that this engine does not apply;
   * the lists of include/exclude.schema.changes are kept whole.
   */
  public static final List<ConfigOption<?>> NOT_APPLIED = List.of(
      notApplied("sink.compaction.commit.parallelism", "Parallelism of the compaction; the engine compacts a"
          + " table in one pass."),
      notApplied("job.id.prefix", "Prefix of the sink's commit job id."),
      notApplied("include.schema.changes", "Schema change types the sink applies; the engine follows"
          + " schema.change.behavior."),
      notApplied("exclude.schema.changes", "Schema change types the sink leaves out; the engine follows"
          + " schema.change.behavior."));
  /** Hadoop configuration for the sink's file system; the engine uses Hadoop's defaults. */
  public static final List<String> NOT_APPLIED_PREFIXES = List.of("hadoop.conf.");

  private IcebergSinkOptions() {}

  /**
   * Whether the catalog's warehouse is on an S3-compatible service other than AWS (an endpoint of its own),
   * which may reject the checksums the AWS SDK sends by default.
   */
  public static boolean isS3Compatible(Map<String, String> catalogProperties) {
    return isObjectStore(catalogProperties.get("warehouse")) && catalogProperties.containsKey("s3.endpoint");
  }

  /**
   * Whether the catalog may keep its tables in object storage: a warehouse there, S3 settings, or a REST
   * catalog, whose server says where the tables are.
   */
  public static boolean mayUseObjectStore(Map<String, String> catalogProperties) {
    return isObjectStore(catalogProperties.get("warehouse"))
        || catalogProperties.keySet().stream().anyMatch(key -> key.startsWith("s3."))
        || "rest".equalsIgnoreCase(catalogProperties.getOrDefault("type", ""));
  }

  /** Whether a warehouse location is in S3-compatible object storage. */
  public static boolean isObjectStore(String warehouse) {
    String location = warehouse == null ? "" : warehouse.trim().toLowerCase(Locale.ROOT);
    return location.startsWith("s3://") || location.startsWith("s3a://");
  }
}
