package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Message;

/**
 * An amount of WAL in the unit that reads best: bytes below a kilobyte, then KB, MB and GB (of 1024),
 * so that a slot retaining 900 bytes does not show as "0.0 MB".
 */
public final class DataSize {
  private static final long KILOBYTE = 1024;
  private static final long MEGABYTE = KILOBYTE * 1024;
  private static final long GIGABYTE = MEGABYTE * 1024;

  private DataSize() {}

  public static Message of(long bytes) {
    if (bytes < KILOBYTE) {
      return Message.of("wizard.monitor.bytes", bytes);
    }
    if (bytes < MEGABYTE) {
      return Message.of("wizard.monitor.kilobytes", (double) bytes / KILOBYTE);
    }
    if (bytes < GIGABYTE) {
      return Message.of("wizard.monitor.megabytes", (double) bytes / MEGABYTE);
    }
    return Message.of("wizard.monitor.gigabytes", (double) bytes / GIGABYTE);
  }
}
