package dev.cdcwizard.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The parsing of Flink 1.20's REST answers, with bodies shaped as the real cluster sends them. */
class JobMonitorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void takesTheNewestOfTheLatestCheckpointAndSavepoint() throws Exception {
    JsonNode checkpoints = JSON.readTree("""
        {"counts":{"completed":7,"failed":0},
         "latest":{
           "completed":{"@class":"completed","id":7,"latest_ack_timestamp":1700000000000,"checkpointed_size":4096,
                        "state_size":8192,"end_to_end_duration":120,"external_path":"file:/cp/abc/chk-7",
                        "is_savepoint":false},
           "savepoint":null,"failed":null,"restored":null}}
        """);
    assertThat(JobMonitor.lastCheckpoint(checkpoints)).contains(new CheckpointReport(7,
        Instant.ofEpochMilli(1700000000000L), 4096, Duration.ofMillis(120), "file:/cp/abc/chk-7", false));
  }

  @Test
  void theRecentCheckpointsAreTheCompletedOnesNewestFirst() throws Exception {
    StringBuilder history = new StringBuilder();
    for (int id = 1; id <= 7; id++) {
      history.append(history.isEmpty() ? "" : ",").append("""
          {"className":"completed","id":%d,"status":"COMPLETED","is_savepoint":false,
           "latest_ack_timestamp":%d,"checkpointed_size":%d,"state_size":99,"end_to_end_duration":%d,
           "external_path":"file:/cp/abc/chk-%d"}""".formatted(id, 1700000000000L + id * 3000, id * 1000, id * 10, id));
    }
    history.append(",{\"className\":\"failed\",\"id\":8,\"status\":\"FAILED\"}");
    JsonNode checkpoints = JSON.readTree("{\"history\":[" + history + "]}");

    assertThat(JobMonitor.recentCheckpoints(checkpoints)).extracting(CheckpointReport::id).containsExactly(7L, 6L, 5L, 4L, 3L);
    assertThat(JobMonitor.recentCheckpoints(checkpoints).get(0)).isEqualTo(new CheckpointReport(7,
        Instant.ofEpochMilli(1700000021000L), 7000, Duration.ofMillis(70), "file:/cp/abc/chk-7", false));
    assertThat(JobMonitor.recentCheckpoints(JSON.readTree("{}"))).isEmpty();
  }

  @Test
  void aCheckpointInTheJobManagersMemoryHasNoPath() throws Exception {
    JsonNode checkpoints = JSON.readTree("""
        {"latest":{"completed":{"id":3,"external_path":"<checkpoint-not-externally-addressable>"}}}
        """);
    assertThat(JobMonitor.lastCheckpoint(checkpoints).orElseThrow().externalPath()).isEmpty();
    assertThat(JobMonitor.lastCheckpoint(JSON.readTree("{\"latest\":{\"completed\":null}}"))).isEmpty();
  }

  @Test
  void theLatestExceptionIsTheNewestEntryByItsRootCause() throws Exception {
    JsonNode exceptions = JSON.readTree("""
        {"exceptionHistory":{"entries":[
          {"exceptionName":"java.lang.RuntimeException","timestamp":2000,"taskName":"Iceberg writer",
           "stacktrace":"java.lang.RuntimeException: write failed\\nCaused by: java.io.IOException: No space left on device\\n\\tat a.b(C.java:1)"},
          {"exceptionName":"java.lang.Exception","timestamp":1000,"taskName":"Source","stacktrace":"java.lang.Exception: old"}
        ],"truncated":false}}
        """);
    JobException latest = JobMonitor.latestException(exceptions).orElseThrow();
    assertThat(latest.rootCause()).isEqualTo("No space left on device (IOException)");
    assertThat(latest.taskName()).isEqualTo("Iceberg writer");
    assertThat(JobMonitor.latestException(JSON.readTree("{}"))).isEmpty();
  }

  @Test
  void readsRowCountersOutOfTheAccumulators() throws Exception {
    JsonNode accumulators = JSON.readTree("""
        {"job-accumulators":[],"user-task-accumulators":[
          {"name":"snapshot-rows:public.orders","type":"LongCounter","value":"2"},
          {"name":"streamed-changes:public.orders","type":"LongCounter","value":"5"},
          {"name":"something-else","type":"ListAccumulator","value":"[a]"}]}
        """);
    assertThat(JobMonitor.progress(accumulators).snapshotRows()).containsEntry("public.orders", 2L);
    assertThat(JobMonitor.progress(accumulators).totalStreamedChanges()).isEqualTo(5);
  }

  @Test
  void readsRecordsPerVertex() throws Exception {
    JsonNode job = JSON.readTree("""
        {"vertices":[{"id":"v1","name":"Source: PostgreSQL inventory","parallelism":2,"status":"RUNNING",
          "metrics":{"read-records":0,"write-records":12}}]}
        """);
    assertThat(JobMonitor.vertices(job)).containsExactly(
        new VertexReport("Source: PostgreSQL inventory", "RUNNING", 2, 0, 12));
  }
}
