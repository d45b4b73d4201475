package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.COLUMN_TYPES;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.GENERATED_COLUMNS;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.PARTITION_TRUNCATE;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.PRIMARY_KEY;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.REPLICA_IDENTITY;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.TABLE_NAMES;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.TABLES_EXIST;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.UNCHANGED_TOAST;

import dev.cdcwizard.engine.postgres.CapturableNames;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The chosen tables themselves: present, capturable by name, keyed, logging old rows, of types Iceberg can hold. */
final class TableChecks {
  private TableChecks() {}

  static CheckResult exist(List<TableFacts> tables) {
    List<TableFacts> missing = tables.stream().filter(table -> table.info().isEmpty()).toList();
    if (tables.isEmpty()) {
      return CheckResult.fail(TABLES_EXIST, "", PostgresMessage.TABLES_NONE_CHOSEN);
    }
    if (missing.isEmpty()) {
      return CheckResult.pass(TABLES_EXIST, PostgresMessage.TABLES_EXIST_OK, tables.size());
    }
    return CheckResult.fail(TABLES_EXIST, "", PostgresMessage.TABLES_MISSING, RoleChecks.names(missing));
  }

  static CheckResult capturableNames(List<TableInfo> tables) {
    List<TableInfo> unsupported = tables.stream()
        .filter(table -> !CapturableNames.isCapturable(table.name().schema(), table.name().name())).toList();
    if (unsupported.isEmpty()) {
      return CheckResult.pass(TABLE_NAMES, PostgresMessage.TABLE_NAMES_OK);
    }
    String fix = unsupported.stream()
        .map(table -> "-- ALTER TABLE " + table.name().quoted() + " RENAME TO "
            + Identifiers.quote(CapturableNames.capturable(table.name().name())) + ";")
        .collect(Collectors.joining("\n"));
    return CheckResult.fail(TABLE_NAMES, fix, PostgresMessage.TABLE_NAMES_UNSUPPORTED, names(unsupported));
  }

  /** The Iceberg table is written by upsert on the source's primary key: without one, rows cannot be matched. */
  static CheckResult primaryKey(List<TableInfo> tables) {
    List<TableInfo> keyless = tables.stream().filter(table -> !table.hasPrimaryKey()).toList();
    if (keyless.isEmpty()) {
      return CheckResult.pass(PRIMARY_KEY, PostgresMessage.PRIMARY_KEY_OK);
    }
    String fix = keyless.stream()
        .map(table -> "-- ALTER TABLE " + table.name().quoted() + " ADD PRIMARY KEY (<columns that identify a row>);")
        .collect(Collectors.joining("\n"));
    return CheckResult.fail(PRIMARY_KEY, fix, PostgresMessage.PRIMARY_KEY_MISSING, names(keyless));
  }

  /**
   * FULL puts the whole old row into the WAL. DEFAULT with a key gives only the key, and unchanged
   * TOASTed values then arrive as placeholders; without a key (or NOTHING) PostgreSQL even rejects
   * UPDATE and DELETE on the source table once it is published. An index that leaves out a key column gives
   * deletes without the key the target deletes by. An UNLOGGED table writes nothing to the WAL (a publication
   * FOR ALL TABLES or FOR TABLES IN SCHEMA takes it in all the same).
   */
  static List<CheckResult> replicaIdentity(List<TableInfo> tables) {
    List<TableInfo> broken = tables.stream().filter(table -> table.replicaIdentity() == ReplicaIdentity.NOTHING
        || table.replicaIdentity() == ReplicaIdentity.DEFAULT && !table.hasPrimaryKey()).toList();
    List<TableInfo> keyless = tables.stream().filter(table -> table.replicaIdentity() == ReplicaIdentity.INDEX
        && table.hasPrimaryKey() && !table.identityCoversKey()).toList();
    List<TableInfo> partial = tables.stream().filter(table -> table.replicaIdentity() != ReplicaIdentity.FULL
        && !broken.contains(table) && !keyless.contains(table)).toList();
    List<CheckResult> results = new ArrayList<>();
    if (!broken.isEmpty()) {
      results.add(CheckResult.fail(REPLICA_IDENTITY, replicaIdentityFull(broken),
          PostgresMessage.REPLICA_IDENTITY_NONE, names(broken)));
    }
    if (!keyless.isEmpty()) {
      results.add(CheckResult.fail(REPLICA_IDENTITY, replicaIdentityFull(keyless),
          PostgresMessage.REPLICA_IDENTITY_INDEX_WITHOUT_KEY, names(keyless)));
    }
    List<TableInfo> unlogged = tables.stream().filter(TableInfo::unlogged).toList();
    if (!unlogged.isEmpty()) {
      results.add(CheckResult.fail(REPLICA_IDENTITY, unlogged.stream()
              .map(table -> "ALTER TABLE " + table.name().quoted() + " SET LOGGED;").collect(Collectors.joining("\n")),
          PostgresMessage.REPLICA_IDENTITY_UNLOGGED, names(unlogged)));
    }
    if (!partial.isEmpty()) {
      results.add(CheckResult.warn(REPLICA_IDENTITY, replicaIdentityFull(partial),
          PostgresMessage.REPLICA_IDENTITY_PARTIAL, names(partial)));
    }
    if (results.isEmpty()) {
      results.add(CheckResult.pass(REPLICA_IDENTITY, PostgresMessage.REPLICA_IDENTITY_OK));
    }
    return results;
  }

  /**
   * Unless the replica identity is FULL, an UPDATE that leaves a TOASTed value unchanged does not send
   * it, and Debezium puts a placeholder in its place. Iceberg rewrites whole rows, so that placeholder
   * would overwrite the value: refused, before anything starts.
   */
  static CheckResult unchangedToast(List<TableInfo> tables, boolean targetKeepsUnchangedValues) {
    List<TableInfo> exposed = tables.stream().filter(table -> table.replicaIdentity() != ReplicaIdentity.FULL
        && table.columns().stream().anyMatch(ColumnInfo::toastable)).toList();
    if (exposed.isEmpty()) {
      return CheckResult.pass(UNCHANGED_TOAST, PostgresMessage.UNCHANGED_TOAST_OK);
    }
    String columns = exposed.stream().map(table -> table.name() + " (" + table.columns().stream()
            .filter(ColumnInfo::toastable).map(ColumnInfo::name).collect(Collectors.joining(", ")) + ")")
        .collect(Collectors.joining(", "));
    if (targetKeepsUnchangedValues) {
      return CheckResult.pass(UNCHANGED_TOAST, PostgresMessage.UNCHANGED_TOAST_KEPT, columns);
    }
    return CheckResult.fail(UNCHANGED_TOAST, replicaIdentityFull(exposed), PostgresMessage.UNCHANGED_TOAST_REFUSED,
        columns);
  }

  /**
   * pgoutput before PostgreSQL 18 leaves stored generated columns out of every change, and the source
   * then reads them as dropped: Iceberg would get NULL there for every row a change writes. A
   * PostgreSQL target computes them itself. PostgreSQL 18's publish_generated_columns is not relied on:
   * not tried with this engine's source.
   */
  static CheckResult generatedColumns(List<TableInfo> tables, boolean targetComputesThem) {
    List<TableInfo> generating = tables.stream()
        .filter(table -> table.columns().stream().anyMatch(ColumnInfo::generated)).toList();
    if (generating.isEmpty()) {
      return CheckResult.pass(GENERATED_COLUMNS, PostgresMessage.GENERATED_COLUMNS_OK);
    }
    String columns = generating.stream().map(table -> table.name() + " (" + table.columns().stream()
            .filter(ColumnInfo::generated).map(ColumnInfo::name).collect(Collectors.joining(", ")) + ")")
        .collect(Collectors.joining(", "));
    if (targetComputesThem) {
      return CheckResult.pass(GENERATED_COLUMNS, PostgresMessage.GENERATED_COLUMNS_COMPUTED, columns);
    }
    String fix = generating.stream().flatMap(table -> table.columns().stream().filter(ColumnInfo::generated)
            .map(column -> "-- ALTER TABLE " + table.name().quoted() + " ALTER COLUMN "
                + Identifiers.quote(column.name()) + " DROP EXPRESSION;"))
        .collect(Collectors.joining("\n"));
    return CheckResult.fail(GENERATED_COLUMNS, fix, PostgresMessage.GENERATED_COLUMNS_REFUSED, columns);
  }

  /**
   * A publication that publishes via the partition root (the engine's) sends no TRUNCATE of a single
   * partition (PostgreSQL's CREATE PUBLICATION): the target would keep that partition's rows. Nothing in
   * the stream shows it, so the user is told before the start.
   */
  static CheckResult partitionTruncate(List<TableInfo> tables) {
    List<TableInfo> partitioned = tables.stream().filter(table -> table.kind() == TableKind.PARTITIONED_TABLE).toList();
    return partitioned.isEmpty() ? CheckResult.pass(PARTITION_TRUNCATE, PostgresMessage.PARTITION_TRUNCATE_OK)
        : CheckResult.warn(PARTITION_TRUNCATE, FixSql.NONE, PostgresMessage.PARTITION_TRUNCATE_WARN, names(partitioned));
  }

  static List<CheckResult> columnTypes(List<TableInfo> tables) {
    List<CheckResult> results = new ArrayList<>();
    for (TableInfo table : tables) {
      for (ColumnInfo column : table.columns()) {
        Optional<LossyTypes.Loss> loss = LossyTypes.lossOf(column);
        loss.ifPresent(found -> results.add(CheckResult.warn(COLUMN_TYPES, found.fix(table.name(), column),
            found.message(), table.name().toString(), column.name(), column.type())));
      }
    }
    if (results.isEmpty()) {
      results.add(CheckResult.pass(COLUMN_TYPES, PostgresMessage.COLUMN_TYPES_OK));
    }
    return results;
  }

  /** A partitioned table's replica identity is not inherited: each partition needs its own. */
  private static String replicaIdentityFull(List<TableInfo> tables) {
    return tables.stream().map(table -> table.kind() == TableKind.PARTITIONED_TABLE
            ? PartitionScripts.forEachPartition(table.name(), "ALTER TABLE %s REPLICA IDENTITY FULL")
            : "ALTER TABLE " + table.name().quoted() + " REPLICA IDENTITY FULL;")
        .collect(Collectors.joining("\n"));
  }

  private static String names(List<TableInfo> tables) {
    return tables.stream().map(table -> table.name().toString()).collect(Collectors.joining(", "));
  }
}
