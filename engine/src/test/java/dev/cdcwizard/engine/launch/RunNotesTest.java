package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class RunNotesTest {

  @Test
  void theTutorialsLakeOnTheLocalDiskNeedsNoNoteOnACluster() throws Exception {
    assertThat(notes(TutorialFixture.tutorialYaml())).isEmpty();
  }

  /** Issue 28: the client's environment had the checksum settings, the TaskManager did not, and submit said nothing. */
  @Test
  void aLakeOnAnS3CompatibleServiceNamesTheChecksumSettingsTheClusterNeeds() throws Exception {
    String onS3 = TutorialFixture.tutorialYaml()
        .replace("  catalog.properties.type: hadoop\n", "  catalog.properties.type: rest\n"
            + "  catalog.properties.uri: http://catalog:8181\n")
        .replace("  catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse\n",
            "  catalog.properties.warehouse: s3://lake/warehouse\n  catalog.properties.s3.endpoint: http://minio:9000\n");
    List<UserMessage> notes = notes(onS3);

    assertThat(notes).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER);
    assertThat(notes.get(0).text(Locale.ENGLISH)).contains("http://minio:9000",
        "AWS_REQUEST_CHECKSUM_CALCULATION=when_required", "AWS_RESPONSE_CHECKSUM_VALIDATION=when_required");
    assertThat(notes.get(0).text(Locale.SIMPLIFIED_CHINESE)).contains("AWS_REQUEST_CHECKSUM_CALCULATION=when_required");
    assertThat(RunNotes.of(new PipelineYamlReader().read(onS3).sink(), false)).as("this process has them").isEmpty();
  }

  private static List<UserMessage> notes(String yaml) throws Exception {
    return RunNotes.of(new PipelineYamlReader().read(yaml).sink(), true);
  }
}
