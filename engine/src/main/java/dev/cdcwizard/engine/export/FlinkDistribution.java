package dev.cdcwizard.engine.export;

import java.util.List;
import java.util.stream.Stream;

/**
 * A row of the Flink CDC PostgreSQL -> Iceberg tutorial's dependency table: the jars each
 * installation's lib folder needs for one Flink distribution.
 */
record FlinkDistribution(String flinkVersion, List<String> flinkCdcLibJars, List<String> flinkLibJars) {
  private static final List<String> PIPELINE_CONNECTORS = List.of(
      "flink-cdc-pipeline-connector-postgres-3.8-SNAPSHOT.jar"
          + " (org.apache.flink:flink-cdc-pipeline-connector-postgres:3.8-SNAPSHOT)",
      "flink-cdc-pipeline-connector-iceberg-3.8-SNAPSHOT.jar"
          + " (org.apache.flink:flink-cdc-pipeline-connector-iceberg:3.8-SNAPSHOT)");
  private static final List<String> HADOOP_AND_LOGGING = List.of(
      "hadoop-client-api-3.3.6.jar (org.apache.hadoop:hadoop-client-api:3.3.6)",
      "hadoop-client-runtime-3.3.6.jar (org.apache.hadoop:hadoop-client-runtime:3.3.6)",
      "commons-logging-1.2.jar (commons-logging:commons-logging:1.2)");

  static final List<FlinkDistribution> SUPPORTED = List.of(
      new FlinkDistribution("1.20.5", PIPELINE_CONNECTORS, withIcebergRuntime(
          "iceberg-flink-runtime-1.20-1.10.1.jar (org.apache.iceberg:iceberg-flink-runtime-1.20:1.10.1)")),
      new FlinkDistribution("2.2.1", PIPELINE_CONNECTORS, withIcebergRuntime(
          "iceberg-flink-runtime-2.0-1.10.1.jar (org.apache.iceberg:iceberg-flink-runtime-2.0:1.10.1)")));

  private static List<String> withIcebergRuntime(String icebergRuntime) {
    return Stream.concat(Stream.of(icebergRuntime),
        HADOOP_AND_LOGGING.stream()).toList();
  }
}
