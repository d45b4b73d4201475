package dev.cdcwizard.engine.postgres;

/**
 * A server's version as {@code server_version_num} (160004 for 16.4) and as it names itself
 * ({@code server_version}, which may carry a distribution suffix).
 */
public record ServerVersion(int number, String text) {

  /** The major version: 16 for 160004, 9 for 90624 (9.6 counted as 9). */
  public int major() {
    return number / 10000;
  }

  public boolean atLeast(int majorVersion) {
    return major() >= majorVersion;
  }

  @Override
  public String toString() {
    return text;
  }
}
