package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an embedded start resumes from, among the checkpoints and savepoints of its pipeline's folder. */
class PipelineCheckpointsTest {
  @TempDir Path root;
  private PipelineCheckpoints checkpoints;

  @BeforeEach
  void pipeline() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read("""
        source:
          type: postgres
          hostname: localhost
          port: 5432
          username: postgres
          password: secret
          tables: app.public.orders
          slot.name: cdc_orders
        sink:
          type: iceberg
          catalog.properties.type: hadoop
          catalog.properties.warehouse: /tmp/warehouse
        """);
    checkpoints = PipelineCheckpoints.of(root, definition);
  }

  @Test
  void theNewestOfRetainedCheckpointsAndSavepointsIsResumedFrom() throws Exception {
    Path checkpoint = completed(checkpoints.directory().resolve("a1b2/chk-7"), 1_000);
    assertThat(checkpoints.latest()).contains(checkpoint);

    Path savepoint = completed(checkpoints.savepoints().resolve("savepoint-a1b2-1"), 2_000);
    assertThat(checkpoints.latest()).contains(savepoint);

    Path later = completed(checkpoints.directory().resolve("c3d4/chk-2"), 3_000);
    assertThat(checkpoints.latest()).contains(later);
  }

  @Test
  void aServerMadeAnewForgetsTheCheckpointsOfEveryPipelineOnItAndNoOther() throws Exception {
    completed(checkpoints.directory().resolve("a1b2/chk-7"), 1_000);
    Path otherSlot = Files.createDirectories(root.resolve("cdc_items-localhost-5432-app"));
    Path otherPort = Files.createDirectories(root.resolve("cdc_orders-localhost-5433-app"));
    Path otherHost = Files.createDirectories(root.resolve("cdc_orders-my-localhost-5432-app"));

    PipelineCheckpoints.forgetServer(root, "localhost", 5432, "app");

    assertThat(checkpoints.latest()).isEmpty();
    assertThat(checkpoints.directory()).doesNotExist();
    assertThat(otherSlot).doesNotExist();
    assertThat(otherPort).exists();
    assertThat(otherHost).exists();
  }

  @Test
  void aSavepointWithoutMetadataIsNoPlaceToResumeFrom() throws Exception {
    Path checkpoint = completed(checkpoints.directory().resolve("a1b2/chk-7"), 1_000);
    Files.createDirectories(checkpoints.savepoints().resolve("savepoint-a1b2-2"));
    assertThat(checkpoints.latest()).contains(checkpoint);
  }

  @Test
  void aNewSavepointReplacesTheOlderOnes() throws Exception {
    Path older = completed(checkpoints.savepoints().resolve("savepoint-a1b2-1"), 1_000);
    Path newer = completed(checkpoints.savepoints().resolve("savepoint-c3d4-2"), 2_000);

    checkpoints.keepOnlySavepoint(newer);

    assertThat(older).doesNotExist();
    assertThat(newer.resolve("_metadata")).exists();
  }

  private static Path completed(Path directory, long millis) throws Exception {
    Files.createDirectories(directory);
    Path metadata = Files.writeString(directory.resolve("_metadata"), "state");
    Files.setLastModifiedTime(metadata, FileTime.from(Instant.ofEpochMilli(millis)));
    return directory;
  }
}
