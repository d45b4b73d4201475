package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class MaintenanceNotesTest {

  /** Issue 23: the tutorial's pipeline keeps every checkpoint's snapshot and small files, and its start says so. */
  @Test
  void aLakeThatNothingMaintainsSaysSoAndHowToMaintainIt() throws Exception {
    List<UserMessage> notes = notes(TutorialFixture.tutorialYaml());

    assertThat(notes).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_OFF);
    assertThat(notes.get(0).text(Locale.ENGLISH)).contains("sink.compaction.enabled: true",
        "sink.compaction.delete-percent: 10", "cdc-wizard compact", "cdc-wizard expire-snapshots");
    assertThat(notes.get(0).text(Locale.SIMPLIFIED_CHINESE)).contains("sink.compaction.enabled: true", "快照");
  }

  /** Issue 23: the job deletes files by itself, so its start says which and from what age. */
  @Test
  void aJobThatDeletesOrphanFilesSaysFromWhatAge() throws Exception {
    String compacting = TutorialFixture.tutorialYaml().replace("  catalog.properties.type: hadoop\n",
        "  catalog.properties.type: hadoop\n  sink.compaction.enabled: true\n");

    List<UserMessage> notes = notes(compacting);
    assertThat(notes).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_SCHEDULED,
        EngineMessage.RUN_ORPHAN_FILES_SCHEDULED);
    assertThat(notes.get(1).text(Locale.ENGLISH)).contains("older than 3d");
    assertThat(notes.get(1).text(Locale.SIMPLIFIED_CHINESE)).contains("存在时间超过 3d");
    assertThat(notes(compacting.replace("sink.compaction.enabled: true\n",
        "sink.compaction.enabled: true\n  sink.compaction.orphan-files.older-than: 0s\n")))
        .extracting(UserMessage::key).containsExactly(EngineMessage.RUN_COMPACTION_SCHEDULED);
    assertThat(notes(compacting.replace("sink.compaction.enabled: true\n",
        "sink.compaction.enabled: true\n  sink.compaction.delete-percent: 10\n")))
        .extracting(UserMessage::key).startsWith(EngineMessage.RUN_COMPACTION_SCHEDULED_BY_DELETES);
  }

  private static List<UserMessage> notes(String yaml) throws Exception {
    return MaintenanceNotes.of(new PipelineYamlReader().read(yaml).sink());
  }
}
