package dev.cdcwizard.engine.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The class path of the test servers' processes: the jars engine/pom.xml copies to target/test-servers
 * (Jetty 11, unshaded Iceberg core with its REST catalog fixture) ahead of this JVM's class path,
 * without the shaded Iceberg runtime and Kafka Connect's Jetty 9, which would shadow them.
 */
final class TestServerClasspath {
  private static final List<String> SHADOWING = List.of("iceberg-flink-runtime", "/org/eclipse/jetty/");

  private TestServerClasspath() {}

  static String get() throws IOException {
    Path jars = Path.of(System.getProperty("basedir", "."), "target", "test-servers");
    return ChildJvm.classPath(jars, SHADOWING);
  }
}
