package dev.cdcwizard.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

class ReplicationStreamOptionsTest {

  @Test
  void quotesPublicationNamesAsIdentifiersInsideTheStringLiteral() {
    ReplicationStreamOptions options = new ReplicationStreamOptions("s", List.of("Orders", "it's \"x\""),
        LogSequenceNumber.INVALID_LSN, false, Duration.ofSeconds(1));

    assertThat(options.publicationNamesOption()).isEqualTo("\"Orders\",\"it''s \"\"x\"\"\"");
  }

  @Test
  void refusesASlotNameThatPgJdbcWouldWriteUnquoted() {
    assertThatThrownBy(() -> ReplicationStreamOptions.of("s; DROP", "p", LogSequenceNumber.INVALID_LSN))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ReplicationStreamOptions.of("Upper", "p", LogSequenceNumber.INVALID_LSN))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void needsAPublicationAndAPositiveStatusInterval() {
    assertThatThrownBy(() -> new ReplicationStreamOptions("s", List.of(), LogSequenceNumber.INVALID_LSN, false,
        Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ReplicationStreamOptions.of("s", "p", LogSequenceNumber.INVALID_LSN)
        .withStatusInterval(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void defaultsToNoLogicalMessagesAndATenSecondStatus() {
    ReplicationStreamOptions options = ReplicationStreamOptions.of("s", "p", LogSequenceNumber.valueOf(16));

    assertThat(options.logicalMessages()).isFalse();
    assertThat(options.statusInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(options.withLogicalMessages(true).logicalMessages()).isTrue();
  }
}
