package dev.cdcwizard.app.step.tables;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.i18n.Message;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * A table of the source database as the table step lists it; {@code selected} changes as the user chooses, and
 * {@code refusal} as the engine's table checks judge a chosen table.
 */
public final class SourceTable {
  private final String schema;
  private final String name;
  private final String primaryKey;
  private final String replicaIdentity;
  private final long estimatedRows;
  private final BooleanProperty selected = new SimpleBooleanProperty(this, "selected");
  private final ObjectProperty<Message> refusal = new SimpleObjectProperty<>(this, "refusal");

  public SourceTable(String schema, String name, String primaryKey, String replicaIdentity, long estimatedRows) {
    this.schema = schema;
    this.name = name;
    this.primaryKey = primaryKey;
    this.replicaIdentity = replicaIdentity;
    this.estimatedRows = estimatedRows;
  }

  public static SourceTable of(TableInfo info) {
    return new SourceTable(info.name().schema(), info.name().name(), String.join(", ", info.primaryKey()),
        info.replicaIdentity().name(), info.estimatedRows());
  }

  public TableName tableName() {
    return new TableName(schema, name);
  }

  /** {@code schema.table}, as Flink CDC's {@code tables} option and routes name it. */
  public String qualifiedName() {
    return schema + "." + name;
  }

  public String schema() {
    return schema;
  }

  public String name() {
    return name;
  }

  /** The primary key columns, comma-separated; empty when the table has none. */
  public String primaryKey() {
    return primaryKey;
  }

  public String replicaIdentity() {
    return replicaIdentity;
  }

  public long estimatedRows() {
    return estimatedRows;
  }

  public BooleanProperty selectedProperty() {
    return selected;
  }

  /** Why the pipeline would refuse this table, chosen (or its target would, at Start); null when it would not. */
  public ObjectProperty<Message> refusalProperty() {
    return refusal;
  }
}
