package dev.cdcwizard.engine.preview;

import java.util.Locale;

/** A byte count as people read it: 512 B, 3.4 KB, 12.0 MB, 1.5 GB (powers of 1024). */
public final class ByteSizes {
  private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};

  private ByteSizes() {}

  public static String format(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    double value = bytes;
    int unit = 0;
    while (value >= 1024 && unit < UNITS.length - 1) {
      value /= 1024;
      unit++;
    }
    return String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
  }
}
