package dev.cdcwizard.engine.launch.local;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The class path of the local cluster's processes: Flink's runtime jars, the third-party jars they
 * need and a log4j binding, picked out of the engine's own class path (flink-dist is not published
 * to Maven). It is the complement of the job jar: engine/pom.xml's shade excludes list the same
 * artifacts, so the job brings everything else (CDC, Debezium, Iceberg, Hadoop client, JDBC).
 */
public final class FlinkClusterClasspath {
  private static final Pattern CLUSTER_JAR = Pattern.compile("^(flink-(annotations|core|core-api|runtime"
      + "|runtime-web|rpc-.+|shaded-.+|streaming-java|clients|connector-base|connector-datagen|java"
      + "|metrics-core|hadoop-fs|file-sink-common|optimizer|queryable-state-client-java|datastream"
      + "|datastream-api)|kryo|minlog|chill-java|objenesis|javassist|commons-(cli|collections|math3|text"
      + "|lang3|io|compress)|snakeyaml-engine|snappy-java|lz4-java|jsr305|async-profiler|slf4j-api"
      + "|log4j-(api|core|slf4j2-impl))-\\d[^/]*\\.jar$");

  private FlinkClusterClasspath() {}

  /** The cluster's class path out of this JVM's. */
  public static String fromJavaClassPath() {
    return String.join(File.pathSeparator, select(System.getProperty("java.class.path", "")));
  }

  /** Out of this JVM's, and every jar in the cluster's {@code lib} folder after Flink's. */
  static String of(LocalClusterHome home) throws IOException {
    List<String> entries = new ArrayList<>(select(System.getProperty("java.class.path", "")));
    entries.addAll(extraJars(home));
    return String.join(File.pathSeparator, entries);
  }

  static List<String> extraJars(LocalClusterHome home) throws IOException {
    if (!Files.isDirectory(home.libDir())) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(home.libDir())) {
      return files.filter(file -> file.getFileName().toString().endsWith(".jar")).map(Path::toString).sorted()
          .toList();
    }
  }

  static List<String> select(String classPath) {
    List<String> jars = Arrays.stream(classPath.split(Pattern.quote(File.pathSeparator)))
        .filter(entry -> CLUSTER_JAR.matcher(Path.of(entry).getFileName().toString()).matches())
        .toList();
    if (jars.stream().noneMatch(jar -> jar.contains("flink-runtime-web"))) {
      throw new IllegalStateException("This JVM's class path has no Flink runtime jars to start a local"
          + " cluster from (flink-runtime, flink-runtime-web); start CDC Wizard from its installation");
    }
    return jars;
  }
}
