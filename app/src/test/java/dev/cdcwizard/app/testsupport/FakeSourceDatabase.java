package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.preflight.PreflightChecks;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import dev.cdcwizard.engine.postgres.preflight.RoleFacts;
import dev.cdcwizard.engine.postgres.preflight.ServerFacts;
import dev.cdcwizard.engine.postgres.preflight.TableFacts;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.publication.PublicationPlan;
import dev.cdcwizard.engine.postgres.publication.PublicationSql;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatusSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A PostgreSQL 16 source without a server: the engine's own checks and publication plans, on facts the
 * test sets (wal_level, the tables, an existing publication). Running a plan makes the publication it
 * planned. A superuser connects, and there is room for every slot and WAL sender.
 */
public final class FakeSourceDatabase implements SourceDatabase {
  public static final ServerVersion VERSION = new ServerVersion(160004, "16.4");

  private final Map<TableName, TableInfo> tables = new ConcurrentHashMap<>();
  private final Map<String, PublicationInfo> publications = new ConcurrentHashMap<>();
  private final Map<PublicationPlan, PublicationInfo> planned = new ConcurrentHashMap<>();
  private final List<PublicationPlan> executed = new CopyOnWriteArrayList<>();
  private volatile String walLevel = "logical";

  public FakeSourceDatabase walLevel(String level) {
    walLevel = level;
    return this;
  }

  public FakeSourceDatabase table(TableInfo table) {
    tables.put(table.name(), table);
    return this;
  }

  /** A publication that exists before the wizard asks, as another tool or an earlier run left it. */
  public FakeSourceDatabase publication(PublicationInfo publication) {
    publications.put(publication.name(), publication);
    return this;
  }

  /** The plans run, in order. */
  public List<PublicationPlan> executed() {
    return executed;
  }

  @Override
  public Catalog catalog(PostgresEndpoint endpoint) {
    return new Catalog(tables.keySet().stream().map(TableName::schema).distinct().toList(),
        List.copyOf(tables.values()));
  }

  @Override
  public PreflightReport preflight(PostgresEndpoint endpoint, PreflightRequest request) {
    List<TableFacts> chosen = request.tables().stream()
        .map(name -> new TableFacts(name, Optional.ofNullable(tables.get(name)), true, true)).toList();
    ServerFacts facts = new ServerFacts(VERSION, endpoint.database(), walLevel, 10, 0, 10, 0,
        new RoleFacts(endpoint.user(), true, true, false), chosen,
        new SlotGroupStatus(request.slotName(), Optional.empty(), List.of()),
        Optional.ofNullable(publications.get(request.publicationName())));
    return PreflightChecks.evaluate(facts, request);
  }

  @Override
  public Optional<PublicationInfo> publication(PostgresEndpoint endpoint, String name) {
    return Optional.ofNullable(publications.get(name));
  }

  @Override
  public PublicationPlan planPublication(PostgresEndpoint endpoint, String name, List<TableName> wanted) {
    PublicationPlan plan = PublicationSql.sync(name, publication(endpoint, name), wanted, VERSION);
    planned.put(plan, new PublicationInfo(name, endpoint.user(), false, true, true, true, true, wanted));
    return plan;
  }

  @Override
  public void execute(PostgresEndpoint endpoint, PublicationPlan plan) {
    executed.add(plan);
    PublicationInfo result = planned.get(plan);
    publications.put(result.name(), result);
  }

  @Override
  public List<String> dropSlot(PostgresEndpoint endpoint, String slot) {
    throw new UnsupportedOperationException("no slot in this fake");
  }

  @Override
  public SlotStatusSource slotStatus(PostgresEndpoint endpoint, String slot) {
    throw new UnsupportedOperationException("no slot in this fake");
  }
}
