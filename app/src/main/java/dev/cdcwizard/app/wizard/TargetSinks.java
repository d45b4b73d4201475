package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one mapping between the target step's settings and the pipeline's {@code sink} section, both
 * ways: an Iceberg sink with its catalog and table properties, or a PostgreSQL sink with its
 * connection. The keys the step does not show (a sink name, a buffer size, a partition key) stay as an
 * opened pipeline YAML had them, while the target stays of the same kind.
 */
public final class TargetSinks {
  private static final long HOURS_PER_DAY = 24;
  private static final List<String> POSTGRES_SHOWN = List.of(PostgresSinkOptions.TYPE.key(),
      PostgresSinkOptions.HOSTNAME.key(), PostgresSinkOptions.PORT.key(), PostgresSinkOptions.DATABASE.key(),
      PostgresSinkOptions.USERNAME.key(), PostgresSinkOptions.PASSWORD.key(), PostgresSinkOptions.SSLMODE.key());

  private TargetSinks() {}

  /**
   * The sink section; call only when the target step is valid (a PostgreSQL port that is a number).
   *
   * @param opened the sink of the pipeline YAML the user opened, or null
   */
  public static Map<String, String> options(TargetSettings target, SinkDefinition opened) {
    boolean postgres = target.kindProperty().get() == TargetKind.POSTGRES;
    Map<String, String> sink = new LinkedHashMap<>();
    sink.put("type", postgres ? PostgresSinkOptions.TYPE_VALUE : IcebergSinkOptions.TYPE_VALUE);
    if (opened != null && opened.kind() == target.kindProperty().get()) {
      opened.options().asMap().forEach((key, value) -> {
        if (postgres ? !POSTGRES_SHOWN.contains(key) : !icebergShown(key)) {
          sink.put(key, value);
        }
      });
    }
    if (postgres) {
      PostgresEndpoint endpoint = target.postgres().toEndpoint();
      sink.put(PostgresSinkOptions.HOSTNAME.key(), endpoint.host());
      sink.put(PostgresSinkOptions.PORT.key(), Integer.toString(endpoint.port()));
      sink.put(PostgresSinkOptions.DATABASE.key(), endpoint.database());
      sink.put(PostgresSinkOptions.USERNAME.key(), endpoint.user());
      sink.put(PostgresSinkOptions.PASSWORD.key(), endpoint.password());
      sink.put(PostgresSinkOptions.SSLMODE.key(), endpoint.sslMode().jdbcValue());
    } else {
      IcebergCatalogProperties.of(target.catalog()).forEach((key, value) ->
          sink.put(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX + key, value));
      Map<String, String> tableProperties = target.tablePropertiesProperty().get();
      if (tableProperties == null) {
        throw new IllegalArgumentException("The table properties are not key=value lines");
      }
      tableProperties.forEach((key, value) -> sink.put(IcebergSinkOptions.TABLE_PROPERTIES_PREFIX + key, value));
      if (target.compactionProperty().get()) {
        sink.put(IcebergSinkOptions.COMPACTION_ENABLED.key(), "true");
        sink.put(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL.key(),
            Integer.toString(target.compactionCommitsProperty().get()));
        if (target.compactionDeletePercentProperty().get() > 0) {
          sink.put(IcebergSinkOptions.COMPACTION_DELETE_PERCENT.key(),
              Integer.toString(target.compactionDeletePercentProperty().get()));
        }
        Duration orphans = Duration.ofDays(target.orphanFileDaysProperty().get());
        if (!orphans.equals(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN.defaultValue())) {
          sink.put(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN.key(),
              orphans.isZero() ? "0s" : DurationParser.format(orphans));
        }
      }
    }
    return sink;
  }

  /** Fills the target step's settings from a pipeline's sink. */
  public static void fill(TargetSettings target, SinkDefinition sink) {
    target.kindProperty().set(sink.kind());
    if (sink.kind() == TargetKind.POSTGRES) {
      ConnectionSettings postgres = target.postgres();
      postgres.fill(sink.get(PostgresSinkOptions.HOSTNAME), sink.get(PostgresSinkOptions.PORT),
          sink.get(PostgresSinkOptions.DATABASE), sink.get(PostgresSinkOptions.USERNAME),
          sink.get(PostgresSinkOptions.PASSWORD));
      postgres.sslModeProperty().set(SslMode.fromJdbcValue(sink.get(PostgresSinkOptions.SSLMODE)));
      IcebergCatalogProperties.fill(target.catalog(), Map.of(IcebergCatalogProperties.TYPE, "hadoop"));
    } else {
      IcebergSink iceberg = sink.iceberg().orElseThrow();
      IcebergCatalogProperties.fill(target.catalog(), iceberg.catalogProperties());
      target.tablePropertiesProperty().set(Collections.unmodifiableMap(new LinkedHashMap<>(iceberg.tableProperties())));
      target.compactionProperty().set(sink.get(IcebergSinkOptions.COMPACTION_ENABLED));
      target.compactionCommitsProperty().set(sink.get(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL));
      target.compactionDeletePercentProperty().set(sink.get(IcebergSinkOptions.COMPACTION_DELETE_PERCENT));
      // the step counts whole days: a shorter age becomes a day, never 0, which would keep the files
      Duration orphans = sink.get(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN);
      target.orphanFileDaysProperty().set(orphans.isZero() ? 0
          : (int) Math.max(1, (orphans.toHours() + HOURS_PER_DAY - 1) / HOURS_PER_DAY));
    }
  }

  private static boolean icebergShown(String key) {
    return key.equals(IcebergSinkOptions.TYPE.key()) || key.equals(IcebergSinkOptions.COMPACTION_ENABLED.key())
        || key.equals(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL.key())
        || key.equals(IcebergSinkOptions.COMPACTION_DELETE_PERCENT.key())
        || key.equals(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN.key())
        || key.startsWith(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX)
        || key.startsWith(IcebergSinkOptions.TABLE_PROPERTIES_PREFIX);
  }
}
