package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.AtomicFiles;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotCopy;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.snapshot.TargetRows;
import dev.cdcwizard.engine.watch.TableRewrites;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before a job resumes on a cluster from a savepoint: the captured tables whose targets hold no rows (tables added
 * to the pipeline since, or whose targets were emptied or dropped) are copied here, by the engine's own snapshot in
 * a snapshot exported once they are in the publication, as an embedded run copies added tables
 * ({@link AddedTablesCopy}). The resumed job then streams every change of theirs since the savepoint over the copied
 * rows; applied in the stream's order, upserts and deletes leave each key as the source has it. What the copy saw
 * goes to the job ({@code JobArguments.copied}) as the proof that they were copied; a table added without it stops
 * the job before anything of it is written. A table whose target it shares with another, or that the own snapshot
 * cannot copy, is left to that stop. Iceberg takes the copy in one commit, so one killed half-way is redone at the next
 * resume; a PostgreSQL target keeps what a killed copy wrote, which the next resume empties before it copies again.
 */
final class ResumeCopy {
  private static final Logger LOG = LoggerFactory.getLogger(ResumeCopy.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  /** @param seen what the copy saw of its tables ({@link TableRewrites#baseline}), empty when it copied none */
  record Copied(List<TableId> tables, List<String> seen) {
    static final Copied NONE = new Copied(List.of(), List.of());
  }

  private ResumeCopy() {}

  /**
   * @param unfinishedCopies where each pipeline's copy names its target tables until it is over (this user's
   *     data folder): a copy killed half-way into a PostgreSQL target is redone into it emptied at the next resume
   * @param copying told the tables before their copy starts, which may take a while
   */
  static Copied copyEmptyTargets(PreparedPipeline prepared, Path unfinishedCopies, Consumer<List<TableId>> copying)
      throws Exception {
    Path marker = unfinishedCopies.resolve(markerName(prepared));
    emptyWhatAKilledCopyLeft(prepared, marker);
    List<TableId> empty = emptyTargets(prepared);
    if (empty.isEmpty()) {
      Files.deleteIfExists(marker);
      return Copied.NONE;
    }
    PreparedPipeline only = AddedTablesCopy.restrictedTo(prepared, empty);
    try (Connection exporter = new PostgresConnector(CONNECT_TIMEOUT).open(prepared.definition().source().endpoint())) {
      String snapshot = AddedTablesCopy.exportSnapshot(exporter, prepared, empty);
      SnapshotPlan.Planned planned = SnapshotPlan.plan(exporter, only);
      if (!planned.planned()) {
        LOG.info("Left {} to the resumed job: the engine's own snapshot cannot copy them", empty);
        return Copied.NONE;
      }
      List<String> seen = TableRewrites.baseline(exporter, empty);
      LOG.info("Copying {}, whose targets hold no rows, before the job resumes", empty);
      Files.createDirectories(unfinishedCopies);
      AtomicFiles.writeLines(marker, only.targets().stream().map(TargetTable::name).toList());
      copying.accept(empty);
      SnapshotCopy copy = SnapshotCopy.start(only, planned.plan(), snapshot);
      try {
        copy.result().join();
      } catch (CompletionException e) {
        // the copy's own failure, as the start reports it: a target or source refusing, not the future's wrapper
        throw e.getCause() instanceof Exception cause ? cause : e;
      }
      exporter.rollback();
      Files.delete(marker);
      return new Copied(empty, seen);
    }
  }

  /**
   * Empties the targets of their own that a copy killed before it was over wrote into: the job had not resumed
   * yet, so nothing else is in them, and the copy about to run takes them as empty.
   */
  private static void emptyWhatAKilledCopyLeft(PreparedPipeline prepared, Path marker) throws Exception {
    if (!Files.exists(marker)) {
      return;
    }
    Set<String> unfinished = Set.copyOf(Files.readAllLines(marker));
    TableRouter router = prepared.definition().router();
    try (TargetRows rows = TargetRows.of(prepared)) {
      for (TableId table : prepared.sourceTables().keySet()) {
        if (!AddedTablesCopy.sharedTargets(router, table, prepared.sourceTables().keySet()).isEmpty()) {
          continue;
        }
        for (String target : router.targetsOf(table)) {
          if (unfinished.contains(target) && rows.rowsIn(new TargetTable(target)) > 0) {
            rows.empty(new TargetTable(target));
            LOG.info("Emptied {}, which a copy killed before the job resumed left", target);
          }
        }
      }
    }
  }

  /** One pipeline's: its source database and slot, of which one job streams at a time. */
  private static String markerName(PreparedPipeline prepared) throws NoSuchAlgorithmException {
    var source = prepared.definition().source();
    var endpoint = source.endpoint();
    String pipeline = endpoint.host() + ":" + endpoint.port() + "/" + endpoint.database() + "/"
        + source.get(PostgresSourceOptions.SLOT_NAME);
    byte[] digest = MessageDigest.getInstance("SHA-256").digest(pipeline.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest, 0, 8) + ".copying";
  }

  /** The captured tables with targets of their own that hold no rows. */
  private static List<TableId> emptyTargets(PreparedPipeline prepared) throws Exception {
    TableRouter router = prepared.definition().router();
    List<TableId> empty = new ArrayList<>();
    try (TargetRows rows = TargetRows.of(prepared)) {
      for (TableId table : prepared.sourceTables().keySet()) {
        if (AddedTablesCopy.sharedTargets(router, table, prepared.sourceTables().keySet()).isEmpty()
            && allEmpty(rows, router.targetsOf(table))) {
          empty.add(table);
        }
      }
    }
    return empty;
  }

  private static boolean allEmpty(TargetRows rows, List<String> targets) throws Exception {
    for (String target : targets) {
      if (rows.rowsIn(new TargetTable(target)) > 0) {
        return false;
      }
    }
    return true;
  }
}
