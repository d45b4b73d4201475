package dev.cdcwizard.engine.flinkrest;

/**
 * Whether a cluster can run the job jar: it is built against Flink 1.20's APIs (the CDC source, the
 * Iceberg runtime for 1.20), so the cluster must be a 1.20.x; the patch release does not matter.
 */
public final class FlinkVersionCheck {
  public static final String SUPPORTED_LINE = "1.20";

  private FlinkVersionCheck() {}

  public static boolean supported(String clusterVersion) {
    return clusterVersion != null
        && (clusterVersion.equals(SUPPORTED_LINE) || clusterVersion.startsWith(SUPPORTED_LINE + "."));
  }

  /** Throws a message naming both versions unless {@code clusterVersion} is supported. */
  public static void require(String restUrl, String clusterVersion) throws FlinkRestException {
    if (!supported(clusterVersion)) {
      throw new FlinkRestException(FlinkRestMessage.UNSUPPORTED_VERSION, restUrl, clusterVersion, SUPPORTED_LINE);
    }
  }
}
