package dev.cdcwizard.engine.verify;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares one table's two sides: a first scan of each folds the rows into bucket digests; only the
 * buckets that differ are read again, row by row, a slice of buckets at a time so that memory holds a
 * bounded number of rows however large the table.
 */
final class TableComparison {
  static final int BUCKETS = 4096;
  private static final long ROWS_PER_SLICE = 500_000;
  private static final int KEPT_DIFFERENCES = 100_000;

  private TableComparison() {}

  /**
   * The result of one comparison: row counts, the differing buckets and the differences found in them, and
   * the source's rows per bucket, by which a second read of the differing buckets is sliced too.
   */
  record Result(long sourceRows, long targetRows, BitSet differingBuckets, Map<String, RowDifference> differences,
      long missing, long extra, long different, BucketDigests sourceDigests) {
    boolean equal() {
      return differingBuckets.isEmpty();
    }
  }

  /** Both sides whole: digests first, then the rows of the buckets that differ. */
  static Result compare(TableRows source, TableRows target, List<String> columns) throws Exception {
    return compare(source, target, columns, Sample.ALL);
  }

  /** The rows of the sample's buckets on both sides: digests first, then the rows of the buckets that differ. */
  static Result compare(TableRows source, TableRows target, List<String> columns, Sample sample) throws Exception {
    if (source.foldsWhereItIs() != target.foldsWhereItIs()) {
      throw new IllegalArgumentException("both sides of a table must choose buckets the same way");
    }
    BucketDigests sourceDigests = source.digests(BUCKETS, sample.buckets());
    BucketDigests targetDigests = target.digests(BUCKETS, sample.buckets());
    BitSet differing = new BitSet(BUCKETS);
    sourceDigests.differingBuckets(targetDigests).forEach(differing::set);
    Result detail = differing.isEmpty() ? empty(differing, sourceDigests)
        : detail(source, target, columns, differing, sourceDigests, ROWS_PER_SLICE);
    return new Result(sourceDigests.rows(), targetDigests.rows(), differing, detail.differences(),
        detail.missing(), detail.extra(), detail.different(), sourceDigests);
  }

  /**
   * Reads again, from new scans of both sides, only the rows of the buckets {@code earlier} found
   * different: a re-check of rows that may have been changing, or the result of a repair.
   */
  static Result recheck(TableRows source, TableRows target, List<String> columns, Result earlier) throws Exception {
    return detail(source, target, columns, earlier.differingBuckets(), earlier.sourceDigests(), ROWS_PER_SLICE);
  }

  /**
   * Reads only the rows of {@code buckets}, on both sides, and lists the keys that differ.
   *
   * @param sourceDigests the source's digests, to slice the buckets by their row counts
   * @param rowsPerSlice the most source rows one slice holds in memory, by the digests' counts
   */
  static Result detail(TableRows source, TableRows target, List<String> columns, BitSet buckets,
      BucketDigests sourceDigests, long rowsPerSlice) throws Exception {
    Map<String, RowDifference> differences = new LinkedHashMap<>();
    long[] counts = new long[3];
    for (BitSet slice : slices(buckets, sourceDigests, rowsPerSlice)) {
      Map<String, VerifiedRow> sourceRows = new HashMap<>();
      source.scan(slice, BUCKETS, row -> sourceRows.put(row.key(), row));
      target.scan(slice, BUCKETS, row -> {
        VerifiedRow expected = sourceRows.remove(row.key());
        if (expected == null) {
          keep(differences, counts, new RowDifference(row.key(), RowDifference.Kind.EXTRA, List.of(), null, row));
        } else if (!expected.sameValues(row)) {
          keep(differences, counts, new RowDifference(row.key(), RowDifference.Kind.DIFFERENT,
              differingColumns(columns, expected, row), expected, row));
        }
      });
      sourceRows.values().forEach(row -> keep(differences, counts,
          new RowDifference(row.key(), RowDifference.Kind.MISSING, List.of(), row, null)));
    }
    return new Result(0, 0, buckets, differences, counts[0], counts[1], counts[2], sourceDigests);
  }

  private static Result empty(BitSet buckets, BucketDigests sourceDigests) {
    return new Result(0, 0, buckets, Map.of(), 0, 0, 0, sourceDigests);
  }

  private static void keep(Map<String, RowDifference> differences, long[] counts, RowDifference difference) {
    counts[difference.kind().ordinal()]++;
    if (differences.size() < KEPT_DIFFERENCES) {
      differences.put(difference.key(), difference);
    }
  }

  private static List<String> differingColumns(List<String> names, VerifiedRow source, VerifiedRow target) {
    List<String> columns = new ArrayList<>();
    for (int i = 0; i < source.values().length; i++) {
      if (!Objects.equals(source.values()[i], target.values()[i])) {
        columns.add(names.get(i));
      }
    }
    return columns;
  }

  private static List<BitSet> slices(BitSet buckets, BucketDigests sourceDigests, long rowsPerSlice) {
    List<BitSet> slices = new ArrayList<>();
    BitSet slice = new BitSet(BUCKETS);
    long rows = 0;
    for (int bucket = buckets.nextSetBit(0); bucket >= 0; bucket = buckets.nextSetBit(bucket + 1)) {
      long bucketRows = sourceDigests.rows(bucket);
      if (rows > 0 && rows + bucketRows > rowsPerSlice) {
        slices.add(slice);
        slice = new BitSet(BUCKETS);
        rows = 0;
      }
      slice.set(bucket);
      rows += bucketRows;
    }
    slices.add(slice);
    return slices;
  }
}
