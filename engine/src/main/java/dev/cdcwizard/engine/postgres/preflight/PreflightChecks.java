package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Evaluates every check on facts already read: no I/O, so each outcome has a plain unit test. */
public final class PreflightChecks {
  private PreflightChecks() {}

  public static PreflightReport evaluate(ServerFacts facts, PreflightRequest request) {
    List<CheckResult> results = new ArrayList<>();
    results.add(ServerChecks.version(facts.version()));
    results.add(ServerChecks.walLevel(facts));
    results.add(ServerChecks.replicationSlots(facts, request));
    results.add(ServerChecks.walSenders(facts, request));
    results.add(SlotSafetyChecks.walKeepSize(facts.slotSafety(), facts.version().text()));
    results.add(SlotSafetyChecks.walSenderTimeout(facts.slotSafety()));
    results.add(RoleChecks.replication(facts.role()));
    results.add(TableChecks.exist(facts.tables()));
    results.add(RoleChecks.select(facts.role(), facts.tables()));
    List<TableInfo> tables = facts.tables().stream().map(TableFacts::info).flatMap(Optional::stream).toList();
    results.addAll(tables(tables, request.targetKeepsUnchangedValues()));
    results.add(SlotSafetyChecks.slotCreationWait(facts.slotSafety()));
    results.addAll(SlotCheck.check(request.slotName(), facts.slots(), facts.database()));
    results.addAll(PublicationCheck.check(request.publicationName(), facts.publication(), tables, facts.version()));
    return new PreflightReport(facts.database(), results);
  }

  /**
   * The checks of the tables themselves (names, primary key, replica identity, unchanged TOAST values,
   * column types), on the catalog's facts: what a table step can tell as soon as tables are chosen.
   */
  public static List<CheckResult> tables(List<TableInfo> tables, boolean targetKeepsUnchangedValues) {
    List<CheckResult> results = new ArrayList<>();
    results.add(TableChecks.capturableNames(tables));
    results.add(TableChecks.primaryKey(tables));
    results.addAll(TableChecks.replicaIdentity(tables));
    results.add(TableChecks.unchangedToast(tables, targetKeepsUnchangedValues));
    // the PostgreSQL target is the one that keeps unchanged values, and the one that computes generated columns
    results.add(TableChecks.generatedColumns(tables, targetKeepsUnchangedValues));
    results.add(TableChecks.partitionTruncate(tables));
    if (!targetKeepsUnchangedValues) {
      // what a column type becomes in Iceberg; a PostgreSQL target creates the source's own types
      results.addAll(TableChecks.columnTypes(tables));
    }
    return results;
  }

  /** Before PostgreSQL 10 there is no pgoutput; nothing else is worth checking. */
  static PreflightReport tooOld(String database, ServerVersion version) {
    return new PreflightReport(database, List.of(ServerChecks.version(version)));
  }
}
