package dev.cdcwizard.engine.postgres.slot;

import java.util.regex.Pattern;

/**
 * Replication slot naming. PostgreSQL allows lower-case letters, digits and underscores, up to 63
 * characters. Flink CDC's PostgreSQL source opens one backfill slot {@code <slot>_<n>} per snapshot
 * reader and drops it when the chunk is done; one left behind after a crash keeps WAL forever.
 */
public final class SlotNames {
  private static final Pattern VALID = Pattern.compile("[a-z0-9_]{1,63}");

  private SlotNames() {}

  public static boolean isValid(String slotName) {
    return slotName != null && VALID.matcher(slotName).matches();
  }

  public static boolean isBackfillOf(String slotName, String candidate) {
    String prefix = slotName + "_";
    return candidate.length() > prefix.length() && candidate.startsWith(prefix)
        && candidate.substring(prefix.length()).chars().allMatch(Character::isDigit);
  }
}
