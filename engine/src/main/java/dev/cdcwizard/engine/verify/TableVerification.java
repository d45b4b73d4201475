package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import java.time.Duration;
import java.util.List;

/**
 * What verify found for one target table.
 *
 * @param lsn the source position the comparison stands at
 * @param rowsCompared the source's rows
 * @param changing keys that differed in every read but whose rows changed between the reads
 * @param examples the first differences, for the user to look at
 * @param notVerifiedBecause why the table was not compared (then every count is 0), or null
 * @param repair what {@code --repair} wrote before the counts were read again, or null
 */
public record TableVerification(String target, String source, Outcome outcome, Consistency consistency, String lsn,
    long rowsCompared, long targetRows, long missing, long extra, long different, long changing,
    List<RowDifference> examples, Duration took, UserMessage notVerifiedBecause, Repair repair) {

  public TableVerification {
    examples = List.copyOf(examples);
  }

  TableVerification withRepair(Repair done) {
    return new TableVerification(target, source, outcome, consistency, lsn, rowsCompared, targetRows, missing, extra,
        different, changing, examples, took, notVerifiedBecause, done);
  }

  public long equalRows() {
    return rowsCompared - missing - different - changing;
  }

  /** Rows a repair wrote from the source, and target rows it deleted because the source has no such key. */
  public record Repair(long written, long deleted) {}

  public enum Outcome { EQUAL, DIFFERENT, CHANGING, NOT_VERIFIED }

  public enum Consistency {
    /** The pipeline's slot had confirmed the source snapshot's position before the target was read. */
    COMMITTED_PAST_SNAPSHOT,
    /** No job streams from the slot: the target is compared as it stands, changes since count as differences. */
    AS_IT_STANDS,
    /** The job runs but did not confirm the snapshot's position in time: differences may be on their way. */
    NOT_CAUGHT_UP
  }
}
