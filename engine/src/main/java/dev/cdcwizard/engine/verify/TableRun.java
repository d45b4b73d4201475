package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import java.time.Duration;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;

/** One table's comparison: its two sides, and how its outcome is told. */
final class TableRun {
  private static final int EXAMPLES = 10;
  private static final int ROWS_PER_REPORT = 10_000;

  final TargetSide side;
  final TableId source;
  /** The table as the pipeline's records name it (with the database when the source includes it). */
  final TableId emitted;
  final String routed;
  final RecordShape shape;
  final List<PgColumn> pgColumns;
  final VerifyProgress progress;
  private final long started = System.nanoTime();
  private long rowsRead;

  TableRun(TargetSide side, TableId source, TableId emitted, String routed, RecordShape shape,
      List<PgColumn> pgColumns, VerifyProgress progress) {
    this.side = side;
    this.source = source;
    this.emitted = emitted;
    this.routed = routed;
    this.shape = shape;
    this.pgColumns = pgColumns;
    this.progress = progress;
  }

  List<String> names() {
    return shape.columns().stream().map(RecordShape.Column::name).toList();
  }

  TableRows source(SourceSnapshot snapshot) throws Exception {
    return counted(side.source(snapshot, source, shape, pgColumns));
  }

  /** The target as its latest commit left it, read anew so that a recheck sees what the job committed since. */
  TableRows target() throws Exception {
    return counted(side.target(routed, shape));
  }

  /**
   * Rows told to {@link #progress}, and a cancel looked for, every ten thousand rows the client reads
   * (and before each fold the server does).
   */
  private TableRows counted(TableRows rows) {
    return new TableRows() {
      @Override
      public void scan(Consumer<VerifiedRow> consumer) throws Exception {
        rows.scan(counting(consumer));
      }

      @Override
      public boolean foldsWhereItIs() {
        return rows.foldsWhereItIs();
      }

      @Override
      public BucketDigests digests(int buckets, BitSet sample) throws Exception {
        if (!rows.foldsWhereItIs()) {
          return TableRows.super.digests(buckets, sample);
        }
        PipelineVerifier.stopIfCancelled(progress);
        BucketDigests digests = rows.digests(buckets, sample);
        progress.reading(side.name(routed), rowsRead += digests.rows());
        return digests;
      }

      @Override
      public void scan(BitSet buckets, int bucketCount, Consumer<VerifiedRow> consumer) throws Exception {
        rows.scan(buckets, bucketCount, counting(consumer));
      }
    };
  }

  private Consumer<VerifiedRow> counting(Consumer<VerifiedRow> consumer) {
    return row -> {
      if (++rowsRead % ROWS_PER_REPORT == 0) {
        PipelineVerifier.stopIfCancelled(progress);
        progress.reading(side.name(routed), rowsRead);
      }
      consumer.accept(row);
    };
  }

  TableVerification notVerified(String lsn, UserMessage why) {
    return new TableVerification(side.name(routed), source.toString(), TableVerification.Outcome.NOT_VERIFIED,
        TableVerification.Consistency.AS_IT_STANDS, lsn, 0, 0, 0, 0, 0, 0, List.of(), took(), why, null);
  }

  /**
   * @param first the whole-table comparison, for the row counts
   * @param last the last read of the differing rows
   * @param stable the differences that held in the last two reads (all of them when there was one read)
   */
  TableVerification outcome(String lsn, TableVerification.Consistency consistency, TableComparison.Result first,
      TableComparison.Result last, List<RowDifference> stable) {
    long missing = count(stable, RowDifference.Kind.MISSING);
    long extra = count(stable, RowDifference.Kind.EXTRA);
    long different = count(stable, RowDifference.Kind.DIFFERENT);
    long all = last.missing() + last.extra() + last.different();
    long changing = stable.isEmpty() && all == 0 ? 0 : Math.max(0, all - stable.size());
    if (last == first || consistency == TableVerification.Consistency.NOT_CAUGHT_UP) {
      missing = last.missing();
      extra = last.extra();
      different = last.different();
      changing = 0;
    }
    TableVerification.Outcome outcome = missing + extra + different > 0 ? TableVerification.Outcome.DIFFERENT
        : changing > 0 ? TableVerification.Outcome.CHANGING : TableVerification.Outcome.EQUAL;
    List<RowDifference> examples = (stable.isEmpty() ? List.copyOf(last.differences().values()) : stable).stream()
        .limit(EXAMPLES).toList();
    return new TableVerification(side.name(routed), source.toString(), outcome, consistency, lsn,
        first.sourceRows(), first.targetRows(), missing, extra, different, changing, examples, took(), null, null);
  }

  private Duration took() {
    return Duration.ofNanos(System.nanoTime() - started);
  }

  private static long count(List<RowDifference> differences, RowDifference.Kind kind) {
    return differences.stream().filter(difference -> difference.kind() == kind).count();
  }
}
