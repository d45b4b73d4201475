package dev.cdcwizard.engine.verify;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * A row as verify compares it: its key and its columns' canonical texts, with the hashes that place it
 * in a bucket and stand for it in that bucket's digest.
 */
record VerifiedRow(String key, String[] values, int fixedBucket) {
  private static final char SEPARATOR = '\u0001';
  private static final char NULL = '\u0000';
  private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(VerifiedRow::sha256);

  private static final int NO_FIXED_BUCKET = -1;

  /** @param keyColumns the positions of the primary key's columns in {@code values} */
  static VerifiedRow of(String[] values, int[] keyColumns) {
    return new VerifiedRow(key(values, keyColumns), values, NO_FIXED_BUCKET);
  }

  /**
   * A row whose bucket the server computed, as it computed its side's digests ({@link
   * PostgresTextRows}): both sides of such a comparison place a key alike because both ask the same SQL.
   */
  static VerifiedRow inBucket(String[] values, int[] keyColumns, int bucket) {
    return new VerifiedRow(key(values, keyColumns), values, bucket);
  }

  private static String key(String[] values, int[] keyColumns) {
    StringBuilder key = new StringBuilder();
    for (int i = 0; i < keyColumns.length; i++) {
      String value = values[keyColumns[i]];
      key.append(i == 0 ? "" : ", ").append(value == null ? "NULL" : value);
    }
    return key.toString();
  }

  int bucket(int buckets) {
    return fixedBucket == NO_FIXED_BUCKET ? Math.floorMod(mix(key.hashCode()), buckets) : fixedBucket;
  }

  /** A SHA-256 of the key and values, cut to 64 bits: sums of these tell equal buckets apart. */
  long hash() {
    StringBuilder text = new StringBuilder(key).append(SEPARATOR);
    for (String value : values) {
      text.append(value == null ? String.valueOf(NULL) : value).append(SEPARATOR);
    }
    byte[] digest = SHA_256.get().digest(text.toString().getBytes(StandardCharsets.UTF_8));
    long hash = 0;
    for (int i = 0; i < Long.BYTES; i++) {
      hash = hash << 8 | (digest[i] & 0xFF);
    }
    return hash;
  }

  boolean sameValues(VerifiedRow other) {
    return Arrays.equals(values, other.values);
  }

  private static int mix(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every JVM has SHA-256", e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof VerifiedRow row && key.equals(row.key) && Arrays.equals(values, row.values);
  }

  @Override
  public int hashCode() {
    return key.hashCode();
  }

  @Override
  public String toString() {
    return key;
  }
}
