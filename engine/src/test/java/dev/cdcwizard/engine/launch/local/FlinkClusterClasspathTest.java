package dev.cdcwizard.engine.launch.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlinkClusterClasspathTest {

  @Test
  void picksFlinksRuntimeAndLoggingButNotTheConnectors() {
    List<String> entries = List.of("/m2/flink-runtime-1.20.5.jar", "/m2/flink-runtime-web-1.20.5.jar",
        "/m2/flink-shaded-guava-31.1-jre-17.0.jar", "/m2/flink-rpc-akka-loader-1.20.5.jar",
        "/m2/log4j-core-2.24.3.jar", "/m2/kryo-2.24.0.jar", "/m2/flink-connector-postgres-cdc-3.5.0.jar",
        "/m2/flink-cdc-base-3.5.0.jar", "/m2/iceberg-flink-runtime-1.20-1.10.1.jar", "/m2/flink-table-runtime-1.20.4.jar",
        "/m2/postgresql-42.7.3.jar", "/repo/engine/target/classes");
    assertThat(FlinkClusterClasspath.select(String.join(File.pathSeparator, entries))).containsExactly(
        "/m2/flink-runtime-1.20.5.jar", "/m2/flink-runtime-web-1.20.5.jar", "/m2/flink-shaded-guava-31.1-jre-17.0.jar",
        "/m2/flink-rpc-akka-loader-1.20.5.jar", "/m2/log4j-core-2.24.3.jar", "/m2/kryo-2.24.0.jar");
  }

  @Test
  void addsTheJarsOfItsLibFolderAfterFlinks(@TempDir Path root) throws Exception {
    LocalClusterHome home = new LocalClusterHome(root);
    assertThat(FlinkClusterClasspath.extraJars(home)).isEmpty();
    Path lib = Files.createDirectories(home.libDir());
    Files.write(lib.resolve("b-catalog.jar"), new byte[] {1});
    Files.write(lib.resolve("a-filesystem.jar"), new byte[] {1});
    Files.write(lib.resolve("README.txt"), new byte[] {1});

    assertThat(FlinkClusterClasspath.extraJars(home)).containsExactly(lib.resolve("a-filesystem.jar").toString(),
        lib.resolve("b-catalog.jar").toString());
    assertThat(FlinkClusterClasspath.of(home)).contains("flink-runtime")
        .endsWith(lib.resolve("a-filesystem.jar") + File.pathSeparator + lib.resolve("b-catalog.jar"));
  }

  @Test
  void refusesAClassPathWithoutFlink() {
    assertThatThrownBy(() -> FlinkClusterClasspath.select("/m2/postgresql-42.7.3.jar"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("flink-runtime-web");
  }
}
