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
  void theTutorialsLakeOnTheLocalDiskNeedsNoNote() throws Exception {
    assertThat(notes(TutorialFixture.tutorialYaml())).isEmpty();
  }

  /** Issue 28: the client's environment had the checksum settings, the TaskManager did not, and submit said nothing. */
  @Test
  void aLakeOnAnS3CompatibleServiceNamesTheChecksumSettingsTheClusterNeeds() throws Exception {
    List<UserMessage> notes = notes(TutorialFixture.tutorialYaml()
        .replace("  catalog.properties.type: hadoop\n", "  catalog.properties.type: rest\n"
            + "  catalog.properties.uri: http://catalog:8181\n")
        .replace("  catalog.properties.warehouse: file:///tmp/flink-cdc-postgres-iceberg/warehouse\n",
            "  catalog.properties.warehouse: s3://lake/warehouse\n  catalog.properties.s3.endpoint: http://minio:9000\n"
                + "  sink.compaction.enabled: true\n"));

    assertThat(notes).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_SCHEDULED,
        EngineMessage.RUN_ORPHAN_FILES_SCHEDULED, EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER);
    assertThat(notes.get(2).text(Locale.ENGLISH)).contains("http://minio:9000",
        "AWS_REQUEST_CHECKSUM_CALCULATION=when_required", "AWS_RESPONSE_CHECKSUM_VALIDATION=when_required");
    assertThat(notes.get(2).text(Locale.SIMPLIFIED_CHINESE)).contains("AWS_REQUEST_CHECKSUM_CALCULATION=when_required");
  }

  /** Issue 23: the job deletes files by itself, so its start says which and from what age. */
  @Test
  void aJobThatDeletesOrphanFilesSaysFromWhatAge() throws Exception {
    String compacting = TutorialFixture.tutorialYaml().replace("  catalog.properties.type: hadoop\n",
        "  catalog.properties.type: hadoop\n  sink.compaction.enabled: true\n");

    List<UserMessage> notes = RunNotes.of(new PipelineYamlReader().read(compacting).sink(), false);
    assertThat(notes).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_SCHEDULED,
        EngineMessage.RUN_ORPHAN_FILES_SCHEDULED);
    assertThat(notes.get(1).text(Locale.ENGLISH)).contains("older than 3d");
    assertThat(notes.get(1).text(Locale.SIMPLIFIED_CHINESE)).contains("存在时间超过 3d");
    assertThat(RunNotes.of(new PipelineYamlReader().read(compacting.replace("sink.compaction.enabled: true\n",
        "sink.compaction.enabled: true\n  sink.compaction.orphan-files.older-than: 0s\n")).sink(), false))
        .extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_SCHEDULED);
  }

  private static List<UserMessage> notes(String yaml) throws Exception {
    return RunNotes.of(new PipelineYamlReader().read(yaml).sink(), true);
  }
}
