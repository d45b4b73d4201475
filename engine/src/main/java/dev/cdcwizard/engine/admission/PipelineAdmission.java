package dev.cdcwizard.engine.admission;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.Preflight;
import dev.cdcwizard.engine.postgres.preflight.PreflightCheck;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one answer to "can this engine run this pipeline right", asked by every entry point: validate,
 * export and the wizard's review step ask {@link #checkDefinition} (no database needed); run, submit,
 * resume and the wizard's launch go through {@code PipelineJobFactory.prepare}, which asks
 * {@link #checkSource} before it creates a slot, a table or a job.
 */
public final class PipelineAdmission {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineAdmission.class);
  /**
   * Debezium settings that change how values are typed. Valid for flink-cdc.sh, but the engine creates
   * the target tables before the job, typed as Debezium's defaults type the rows.
   */
  private static final List<String> TYPE_CHANGING_DEBEZIUM_KEYS = List.of(
      "decimal.handling.mode", "binary.handling.mode", "time.precision.mode", "interval.handling.mode",
      "hstore.handling.mode", "converters");
  /** A stopped job's replication connection can take a moment to close. */
  private static final Duration SLOT_RELEASE_WAIT = Duration.ofSeconds(15);
  /**
   * The preflight's warnings of values the target holds otherwise than the source: told at every start,
   * not only by the check step, so that a run from an exported YAML tells them too.
   */
  private static final Set<PreflightCheck> TOLD_AT_START =
      Set.of(PreflightCheck.COLUMN_TYPES, PreflightCheck.PARTITION_TRUNCATE);

  private PipelineAdmission() {}

  /** What is wrong with the definition itself, whatever the database. */
  public static List<Refusal> checkDefinition(PipelineDefinition definition) {
    List<Refusal> refusals = new ArrayList<>();
    for (int i = 0; i < definition.transforms().size(); i++) {
      refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_TRANSFORM, "transform[" + i + "]",
          definition.transforms().get(i).get("source-table"))));
    }
    for (String key : TYPE_CHANGING_DEBEZIUM_KEYS) {
      if (definition.source().debeziumProperties().containsKey(key)) {
        refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_DEBEZIUM_TYPES,
            "source." + PostgresSourceOptions.DEBEZIUM_PREFIX + key)));
      }
    }
    Map<String, String> debezium = definition.source().debeziumProperties();
    if (!debezium.getOrDefault("truncate.handling.mode", "include").equalsIgnoreCase("include")) {
      refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_DEBEZIUM_SKIPS_CHANGES,
          "source." + PostgresSourceOptions.DEBEZIUM_PREFIX + "truncate.handling.mode")));
    }
    if (!debezium.getOrDefault("skipped.operations", "none").strip().equalsIgnoreCase("none")) {
      refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_DEBEZIUM_SKIPS_CHANGES,
          "source." + PostgresSourceOptions.DEBEZIUM_PREFIX + "skipped.operations")));
    }
    String formatVersion = definition.sink().options().asMap().get(IcebergSinkOptions.FORMAT_VERSION.key());
    if (definition.sink().kind() == TargetKind.ICEBERG && formatVersion != null
        && !formatVersion.strip().equals(Integer.toString(IcebergSinkOptions.WRITTEN_FORMAT_VERSION))) {
      refusals.add(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_FORMAT_VERSION,
          IcebergSinkOptions.FORMAT_VERSION.key(), formatVersion)));
    }
    return refusals;
  }

  /** @throws PipelineRefusedException when {@link #checkDefinition} finds anything */
  public static void requireDefinition(PipelineDefinition definition) throws PipelineRefusedException {
    List<Refusal> refusals = checkDefinition(definition);
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }

  /**
   * Everything the source must offer: the tables exist, are keyed and capturable, send whole rows where
   * Iceberg needs them, the role may replicate and read them, the publication and slot are usable, and
   * partition columns belong to the primary key.
   *
   * @param tables the captured tables as {@code SourceTables.resolve} found them, with their primary keys
   * @param slotHeldByTheJob whether the pipeline's own running job holds the slot (it is followed, not
   *     started), so that the slot being in use is no fault
   * @return what the target will hold otherwise than the source, which every start tells: the preflight's
   *     warnings of column types and of partitions' TRUNCATEs
   */
  public static List<UserMessage> checkSource(PipelineDefinition definition, Connection connection,
      Map<TableId, List<String>> tables, boolean slotHeldByTheJob)
      throws SQLException, PipelineRefusedException, InterruptedException {
    if (tables.isEmpty()) {
      throw new PipelineRefusedException(List.of(Refusal.of(UserMessage.of(PipelineMessage.REFUSED_NO_TABLES,
          definition.source().database(), definition.source().get(PostgresSourceOptions.TABLES)))));
    }
    PreflightRequest request = new PreflightRequest(
        tables.keySet().stream().map(TableId::postgresName).toList(),
        definition.source().get(PostgresSourceOptions.SLOT_NAME), definition.source().publicationName(),
        definition.pipeline().get(PipelineOptions.PARALLELISM), definition.sink().kind().keepsUnchangedValues());
    PreflightReport report = preflight(connection, request, slotHeldByTheJob);
    List<Refusal> refusals = refusals(definition, report);
    refusals.addAll(PartitionKeys.refusals(definition, tables));
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
    return report.results().stream().filter(result -> result.status() == CheckStatus.WARN
        && TOLD_AT_START.contains(result.check())).map(CheckResult::message).toList();
  }

  private static boolean slotInUse(PreflightReport report) {
    return report.resultsOf(PreflightCheck.SLOT).stream()
        .anyMatch(result -> result.message().key() == PostgresMessage.SLOT_ACTIVE);
  }

  private static PreflightReport preflight(Connection connection, PreflightRequest request, boolean slotHeldByTheJob)
      throws SQLException, InterruptedException {
    if (slotHeldByTheJob) {
      return new Preflight(connection).run(request).withSlotUsedByThisPipeline(request.slotName());
    }
    long deadline = System.nanoTime() + SLOT_RELEASE_WAIT.toNanos();
    PreflightReport report = new Preflight(connection).run(request);
    while (slotInUse(report) && System.nanoTime() < deadline) {
      LOG.info("Slot {} is in use; waiting for it to be released", request.slotName());
      Thread.sleep(1000);
      report = new Preflight(connection).run(request);
    }
    return report;
  }

  private static List<Refusal> refusals(PipelineDefinition definition, PreflightReport report) {
    boolean publicationCreatedLater = definition.source().publicationAutocreated();
    List<Refusal> refusals = new ArrayList<>();
    for (CheckResult result : report.results()) {
      if (result.status() == CheckStatus.FAIL
          && !(publicationCreatedLater && result.check() == PreflightCheck.PUBLICATION)) {
        refusals.add(new Refusal(result.message(), result.fix()));
      }
    }
    return refusals;
  }
}
