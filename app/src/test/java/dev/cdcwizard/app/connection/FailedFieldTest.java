package dev.cdcwizard.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.ConnectionFailure;
import org.junit.jupiter.api.Test;

class FailedFieldTest {
  @Test
  void engineFailuresPointAtTheFieldToFix() {
    assertThat(FailedField.of(ConnectionFailure.WRONG_PASSWORD)).isEqualTo(ConnectionField.PASSWORD);
    assertThat(FailedField.of(ConnectionFailure.DATABASE_MISSING)).isEqualTo(ConnectionField.DATABASE);
    assertThat(FailedField.of(ConnectionFailure.UNKNOWN_HOST)).isEqualTo(ConnectionField.HOST);
    assertThat(FailedField.of(ConnectionFailure.CONNECTION_REFUSED)).isEqualTo(ConnectionField.PORT);
    assertThat(FailedField.of(ConnectionFailure.SSL_REQUIRED)).isEqualTo(ConnectionField.SSL_MODE);
    assertThat(FailedField.of(ConnectionFailure.TOO_MANY_CONNECTIONS)).isNull();
  }
}
