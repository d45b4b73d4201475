package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The tables a job's state says its earlier run captured (oid, name, where they went), judged against the
 * pipeline it resumes with. A table the earlier run did not capture, one it followed under another name, or one
 * whose changes now go to another target would stream its changes over rows that target never got, unless a copy
 * made since holds it.
 */
final class ResumedTables {
  private final List<String> entries;
  private final Map<Long, TableId> captured = new HashMap<>();
  private final Map<Long, TableId> noLongerCaptured = new HashMap<>();
  private final List<String> elsewhere = new ArrayList<>();

  /**
   * @param entries the state's entries: oid, schema, table and, in states kept since destinations were, the
   *     destination, separated by tabs
   * @param capturedNow the tables the pipeline captures now
   * @param destination where the pipeline sends each table now
   */
  ResumedTables(Iterable<String> entries, List<TableId> capturedNow, Function<TableId, String> destination) {
    List<String> kept = new ArrayList<>();
    for (String entry : entries) {
      kept.add(entry);
      String[] parts = entry.split("\t", 4);
      long oid = Long.parseLong(parts[0]);
      TableId table = TableId.of(parts[1], parts[2]);
      if (!capturedNow.contains(table)) {
        noLongerCaptured.put(oid, table);
        continue;
      }
      captured.put(oid, table);
      if (parts.length > 3 && !parts[3].equals(destination.apply(table))) {
        elsewhere.add(table + ": " + parts[3] + " => " + destination.apply(table));
      }
    }
    this.entries = List.copyOf(kept);
  }

  /** Whether the state named any table: a state kept before tables were has nothing to judge against. */
  boolean any() {
    return !entries.isEmpty();
  }

  /** The tables of the state the pipeline still captures, by oid. */
  Map<Long, TableId> captured() {
    return Map.copyOf(captured);
  }

  /** The state's entries as they were restored. */
  List<String> entries() {
    return entries;
  }

  /** The stop for tables the pipeline now sends to another target than the state says they went to. */
  Optional<PipelineStopException> sentElsewhere() {
    return elsewhere.isEmpty() ? Optional.empty()
        : Optional.of(new PipelineStopException(EngineMessage.STOP_RESUMED_ELSEWHERE, String.join("; ", elsewhere)));
  }

  /**
   * The stop for tables the pipeline captures that the state did not, unless a copy holds them.
   *
   * @param learned the oids of the captured tables the state did not name
   * @param copied the oids of the tables a copy made for this run holds
   */
  Optional<PipelineStopException> notCopied(Map<TableId, Long> learned, Set<Long> copied) {
    List<String> added = new ArrayList<>();
    for (Map.Entry<TableId, Long> table : learned.entrySet()) {
      if (copied.contains(table.getValue())) {
        continue;
      }
      TableId before = noLongerCaptured.get(table.getValue());
      if (before != null) {
        // the pipeline followed a rename made while it was stopped: what changed before it came under the old name
        return Optional.of(new PipelineStopException(EngineMessage.STOP_RENAMED_TABLE_FOLLOWED, before, table.getKey()));
      }
      added.add(table.getKey().toString());
    }
    return added.isEmpty() ? Optional.empty()
        : Optional.of(new PipelineStopException(EngineMessage.STOP_TABLE_ADDED_WITHOUT_COPY, String.join(", ", added)));
  }
}
