package dev.cdcwizard.engine.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's log keeps warnings, but not the one Flink repeats at every checkpoint of an Iceberg job. */
class CliLogConfigurationTest {
  @TempDir Path logs;

  @Test
  void dropsTheCommittersMetricCollisionAndKeepsOtherWarnings() throws Exception {
    String before = System.getProperty(CliLogging.LOG_DIR_PROPERTY);
    System.setProperty(CliLogging.LOG_DIR_PROPERTY, logs.toString());
    URI configuration = getClass().getResource("/cdc-wizard-cli-log4j2.xml").toURI();
    LoggerContext context = Configurator.initialize("cli-log-test", null, configuration);
    try {
      Logger metrics = context.getLogger("org.apache.flink.metrics.MetricGroup");
      metrics.warn("Name collision: Group already contains a Metric with the name 'pendingCommittables'."
          + " Metric will not be reported.[, taskmanager, 1, job, Sink: Committer, 0]");
      metrics.warn("Name collision: Group already contains a Metric with the name 'numRecordsIn'.");
    } finally {
      Configurator.shutdown(context);
      if (before == null) {
        System.clearProperty(CliLogging.LOG_DIR_PROPERTY);
      } else {
        System.setProperty(CliLogging.LOG_DIR_PROPERTY, before);
      }
    }

    String log = Files.readString(logs.resolve("cdc-wizard-cli.log"));
    assertThat(log).contains("'numRecordsIn'").doesNotContain("pendingCommittables");
  }
}
