package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.record.ChangeRecord;
import java.io.IOException;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * CDC Wizard's PostgreSQL sink: at-least-once, made exact by idempotent writes (see
 * {@link PostgresSinkWriter}). No committer: each flush commits its own transaction.
 */
public final class PostgresSink implements Sink<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final PostgresSinkConfig config;

  public PostgresSink(PostgresSinkConfig config) {
    this.config = config;
  }

  @Override
  public SinkWriter<ChangeRecord> createWriter(WriterInitContext context) throws IOException {
    return new PostgresSinkWriter(config);
  }

  @Override
  @Deprecated
  public SinkWriter<ChangeRecord> createWriter(InitContext context) throws IOException {
    return new PostgresSinkWriter(config);
  }
}
