package dev.cdcwizard.engine.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * A table's rows folded into a fixed number of buckets by key: per bucket the row count and the sum of
 * the rows' hashes. The sum does not depend on the order rows come in, so two scans in any order give
 * equal digests exactly when (but for a 64-bit collision) they hold the same rows; memory stays the
 * same for ten rows or a hundred million.
 */
final class BucketDigests {
  private final long[] counts;
  private final long[] sums;

  BucketDigests(int buckets) {
    counts = new long[buckets];
    sums = new long[buckets];
  }

  void add(VerifiedRow row) {
    int bucket = row.bucket(counts.length);
    counts[bucket]++;
    sums[bucket] += row.hash();
  }

  /** A bucket folded elsewhere: by the server, whose sum of row hashes is taken modulo 2^64 here too. */
  void set(int bucket, long count, long sum) {
    counts[bucket] = count;
    sums[bucket] = sum;
  }

  long rows() {
    long rows = 0;
    for (long count : counts) {
      rows += count;
    }
    return rows;
  }

  long rows(int bucket) {
    return counts[bucket];
  }

  /** The buckets whose rows differ from {@code other}'s. */
  List<Integer> differingBuckets(BucketDigests other) {
    List<Integer> differing = new ArrayList<>();
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] != other.counts[i] || sums[i] != other.sums[i]) {
        differing.add(i);
      }
    }
    return differing;
  }
}
