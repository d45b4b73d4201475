package dev.cdcwizard.engine.launch.local;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The environment variables of the local cluster's processes that an object store or Hadoop reads
 * ({@code AWS_*}, {@code HADOOP_*}): its processes keep the environment of the command that started them,
 * so a later command with other values (the AWS SDK's checksum settings, other credentials) would pass its
 * own checks while the TaskManager writes with the old ones. Kept as a digest of each value, never the
 * value: they hold secrets.
 */
public final class ClusterEnvironment {
  private ClusterEnvironment() {}

  /** Name -> digest of the value, for the variables that matter. */
  public static Map<String, String> digest(Map<String, String> environment) {
    Map<String, String> digests = new TreeMap<>();
    environment.forEach((name, value) -> {
      if (name.startsWith("AWS_") || name.startsWith("HADOOP_")) {
        digests.put(name, sha256(value));
      }
    });
    return digests;
  }

  /** The variables set in {@code here} that the cluster's processes lack or have with another value. */
  public static List<String> missingOrDifferent(Map<String, String> cluster, Map<String, String> here) {
    Map<String, String> ours = digest(here);
    return ours.keySet().stream().filter(name -> !ours.get(name).equals(cluster.get(name))).toList();
  }

  private static String sha256(String value) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java has SHA-256", e);
    }
  }
}
