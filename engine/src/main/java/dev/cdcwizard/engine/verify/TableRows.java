package dev.cdcwizard.engine.verify;

import java.util.BitSet;
import java.util.function.Consumer;

/** One side of a comparison: a scan of a table's rows, in no particular order, at one fixed point. */
interface TableRows {
  void scan(Consumer<VerifiedRow> rows) throws Exception;

  /**
   * Whether the rows are folded, and their buckets chosen, where they are stored rather than here; the
   * two sides of one table must agree on it, or they would place the same key in different buckets.
   */
  default boolean foldsWhereItIs() {
    return false;
  }

  /**
   * The rows whose bucket is in {@code sample}, folded into {@code buckets} buckets by key (the others stay
   * empty); a side that can fold them where they are does.
   */
  default BucketDigests digests(int buckets, BitSet sample) throws Exception {
    BucketDigests digests = new BucketDigests(buckets);
    if (sample.cardinality() == buckets) {
      scan(digests::add);
    } else {
      scan(sample, buckets, digests::add);
    }
    return digests;
  }

  /** Only the rows whose bucket of {@code bucketCount} is in {@code buckets}. */
  default void scan(BitSet buckets, int bucketCount, Consumer<VerifiedRow> rows) throws Exception {
    scan(row -> {
      if (buckets.get(row.bucket(bucketCount))) {
        rows.accept(row);
      }
    });
  }
}
