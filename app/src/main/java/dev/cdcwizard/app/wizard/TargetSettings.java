package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TargetKind;
import java.util.List;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The sink side of the pipeline: an Iceberg catalog or a PostgreSQL database, the namespace (Iceberg) or
 * schema (PostgreSQL) the routes lead into, and the pipeline's settings; defaults are the tutorial's.
 * Table properties and routes are values, null while the target step's text for them does not parse.
 */
public final class TargetSettings {
  /**
   * The wizard's {@code sink.compaction.delete-percent}: a table is rewritten whole once its deletes remove a tenth
   * of its rows, its small files alone before that; at the key's default, 0, a large table would be rewritten whole
   * every few commits.
   */
  static final int DELETE_PERCENT = 10;
  private final ObjectProperty<TargetKind> kind = new SimpleObjectProperty<>(this, "kind", TargetKind.ICEBERG);
  private final IcebergCatalogSettings catalog = new IcebergCatalogSettings();
  private final ConnectionSettings postgres = new ConnectionSettings();
  private final StringProperty targetNamespace = new SimpleStringProperty(this, "targetNamespace", "ods");
  private final ObjectProperty<Map<String, String>> tableProperties =
      new SimpleObjectProperty<>(this, "tableProperties", Map.of("format-version", "2"));
  private final ObjectProperty<List<RouteDefinition>> routes = new SimpleObjectProperty<>(this, "routes", List.of());
  private final ObjectProperty<SchemaChangeBehavior> schemaChangeBehavior =
      new SimpleObjectProperty<>(this, "schemaChangeBehavior", SchemaChangeBehavior.EVOLVE);
  private final BooleanProperty compaction = new SimpleBooleanProperty(this, "compaction", true);
  private final IntegerProperty compactionCommits = new SimpleIntegerProperty(this, "compactionCommits",
      IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL.defaultValue());
  private final IntegerProperty compactionDeletePercent = new SimpleIntegerProperty(this, "compactionDeletePercent",
      DELETE_PERCENT);
  private final IntegerProperty orphanFileDays = new SimpleIntegerProperty(this, "orphanFileDays",
      (int) IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN.defaultValue().toDays());
  private final IntegerProperty parallelism = new SimpleIntegerProperty(this, "parallelism", 1);
  private final IntegerProperty checkpointIntervalSeconds =
      new SimpleIntegerProperty(this, "checkpointIntervalSeconds", 3);

  public ObjectProperty<TargetKind> kindProperty() {
    return kind;
  }

  /** The Iceberg target's catalog; unused while the target is PostgreSQL. */
  public IcebergCatalogSettings catalog() {
    return catalog;
  }

  /** The PostgreSQL target's connection; unused while the target is Iceberg. */
  public ConnectionSettings postgres() {
    return postgres;
  }

  /** The Iceberg namespace, or the PostgreSQL schema, that the generated routes lead into. */
  public StringProperty targetNamespaceProperty() {
    return targetNamespace;
  }

  /** Iceberg only: the {@code table.properties.*} keys without their prefix, in the order given. */
  public ObjectProperty<Map<String, String>> tablePropertiesProperty() {
    return tableProperties;
  }

  public ObjectProperty<List<RouteDefinition>> routesProperty() {
    return routes;
  }

  /**
   * Iceberg only: {@code sink.compaction.enabled}, on for the pipelines the wizard makes (off in the tutorial's file
   * and in Flink CDC): without it a table keeps every checkpoint's snapshot and small files for its life.
   */
  public BooleanProperty compactionProperty() {
    return compaction;
  }

  /** Iceberg only: {@code sink.compaction.commit.interval}. */
  public IntegerProperty compactionCommitsProperty() {
    return compactionCommits;
  }

  /**
   * Iceberg only: {@code sink.compaction.orphan-files.older-than} in days, 0 to keep orphan files; deleted
   * with compaction on.
   */
  public IntegerProperty orphanFileDaysProperty() {
    return orphanFileDays;
  }

  /** Iceberg only: {@code sink.compaction.delete-percent}, 0 to compact at every interval. */
  public IntegerProperty compactionDeletePercentProperty() {
    return compactionDeletePercent;
  }

  public ObjectProperty<SchemaChangeBehavior> schemaChangeBehaviorProperty() {
    return schemaChangeBehavior;
  }

  public IntegerProperty parallelismProperty() {
    return parallelism;
  }

  public IntegerProperty checkpointIntervalSecondsProperty() {
    return checkpointIntervalSeconds;
  }
}
