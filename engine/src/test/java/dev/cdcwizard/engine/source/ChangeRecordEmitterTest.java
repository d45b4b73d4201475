package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.flink.cdc.connectors.base.utils.SourceRecordUtils;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChangeRecordEmitterTest {

  @ParameterizedTest
  @ValueSource(strings = {
      "io.debezium.connector.postgresql.SchemaChangeKey",
      "io.debezium.connector.mysql.SchemaChangeKey",
      "io_debezium_connector.x.SchemaChangeKey",
      "inventory.public.orders.Key",
      "inventory.public.SchemaChangeKey",
      "SchemaChangeKey",
      "io.debezium.connector.common.Heartbeat"})
  void tellsSchemaChangesApartExactlyAsFlinkCdcDoes(String keySchemaName) {
    SourceRecord record = recordWithKeySchema(SchemaBuilder.struct().name(keySchemaName).build());

    assertThat(ChangeRecordEmitter.isSchemaChange(record))
        .isEqualTo(SourceRecordUtils.isSchemaChangeEvent(record));
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void aRecordWithoutKeySchemaOrNameIsNoSchemaChange(boolean withKeySchema) {
    SourceRecord record = recordWithKeySchema(withKeySchema ? SchemaBuilder.struct().build() : null);

    assertThat(ChangeRecordEmitter.isSchemaChange(record)).isFalse();
  }

  private static SourceRecord recordWithKeySchema(Schema keySchema) {
    return new SourceRecord(Map.of(), Map.of(), "topic", null, keySchema, null, null, null);
  }
}
