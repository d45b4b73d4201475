package dev.cdcwizard.engine.postgres.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LossyTypesTest {

  @Test
  void namesTypesThatDoNotReachIcebergUnchanged() {
    assertThat(loss("numeric", "numeric", "N")).contains(PostgresMessage.COLUMN_TYPE_NUMERIC_UNBOUNDED);
    assertThat(loss("numeric(50,2)", "numeric", "N")).contains(PostgresMessage.COLUMN_TYPE_NUMERIC_TOO_PRECISE);
    assertThat(loss("numeric(5,-2)", "numeric", "N")).contains(PostgresMessage.COLUMN_TYPE_NUMERIC_SCALE);
    assertThat(loss("numeric(3,5)", "numeric", "N")).contains(PostgresMessage.COLUMN_TYPE_NUMERIC_SCALE);
    assertThat(loss("integer[]", "_int4", "A")).contains(PostgresMessage.COLUMN_TYPE_ARRAY);
    assertThat(loss("money", "money", "N")).contains(PostgresMessage.COLUMN_TYPE_MONEY);
    assertThat(loss("uuid", "uuid", "U")).contains(PostgresMessage.COLUMN_TYPE_UUID);
    assertThat(loss("time without time zone", "time", "D")).contains(PostgresMessage.COLUMN_TYPE_TIME_PRECISION);
    assertThat(loss("time(6) without time zone", "time", "D")).contains(PostgresMessage.COLUMN_TYPE_TIME_PRECISION);
    assertThat(loss("time(6) with time zone", "timetz", "D")).contains(PostgresMessage.COLUMN_TYPE_TIME_WITH_ZONE);
    assertThat(loss("time(3) with time zone", "timetz", "D")).contains(PostgresMessage.COLUMN_TYPE_TIME_WITH_ZONE);
    assertThat(loss("time with time zone", "timetz", "D")).contains(PostgresMessage.COLUMN_TYPE_TIME_WITH_ZONE);
    assertThat(loss("interval", "interval", "T")).contains(PostgresMessage.COLUMN_TYPE_INTERVAL);
    assertThat(loss("point", "point", "G")).contains(PostgresMessage.COLUMN_TYPE_UNMAPPED);
    assertThat(loss("hstore", "hstore", "U")).contains(PostgresMessage.COLUMN_TYPE_UNMAPPED);
  }

  @Test
  void leavesFaithfulTypesAlone() {
    assertThat(loss("numeric(10,2)", "numeric", "N")).isEmpty();
    assertThat(loss("numeric(38,0)", "numeric", "N")).isEmpty();
    assertThat(loss("numeric(3,3)", "numeric", "N")).isEmpty();
    assertThat(loss("bigint", "int8", "N")).isEmpty();
    assertThat(loss("character varying(100)", "varchar", "S")).isEmpty();
    assertThat(loss("time(3) without time zone", "time", "D")).isEmpty();
    assertThat(loss("timestamp with time zone", "timestamptz", "D")).isEmpty();
    assertThat(loss("jsonb", "jsonb", "U")).isEmpty();
    assertThat(loss("inet", "inet", "I")).isEmpty();
  }

  private static Optional<PostgresMessage> loss(String type, String baseType, String category) {
    return LossyTypes.lossOf(new ColumnInfo("c", type, baseType, category, false, false)).map(LossyTypes.Loss::message);
  }
}
